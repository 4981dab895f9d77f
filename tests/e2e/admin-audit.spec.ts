import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { e2eDb, expectAccessibleInBothThemes } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The Audit tab (decision 0071): every change searched, filtered by record type, and exported as CSV. */
const SHOTS = process.env.SHOTS_DIR;

test("the Audit tab searches every change and exports what it shows", async ({ page }) => {
  const token = `AUD${Date.now().toString(36)}${process.pid}`.toUpperCase();
  const db = await e2eDb();
  await db.query(
    `INSERT INTO audit_log (actor_name, entity, entity_id, action, summary, changes) VALUES
     ('Ada Admin', 'venue', $1, 'update', $2, $3::jsonb),
     ('Ada Admin', 'offer_code', $1, 'create', $4, '[]'::jsonb)`,
    [
      token,
      `Venue "${token} Rooms" saved`,
      JSON.stringify([{ field: "priceRange", before: "££", after: "£££" }]),
      `Offer code ${token} created`,
    ],
  );
  await signInAsAdmin(page);
  await page.goto("/admin?tab=audit");
  const tabs = page.getByRole("tablist", { name: "Back office areas" }).getByRole("tab");
  await expect(tabs.last()).toHaveText("Audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search changes" }).fill(token);
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  // Newest first: the offer code was written after the venue in the same statement's order.
  await expect(entries.filter({ hasText: `Venue "${token} Rooms" saved` })).toContainText("Price range");
  await expect(entries.filter({ hasText: `Venue "${token} Rooms" saved` })).toContainText("£££");

  await page.getByRole("combobox", { name: "Record type" }).click();
  await page.getByRole("option", { name: "Venue", exact: true }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Venue ${token}`);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv.split("\n")[0]).toBe("at,actor,entity,entityId,action,summary,changes");
  expect(csv).toContain(`priceRange: ££ -> £££`);
  expect(csv).not.toContain(`Offer code ${token} created`);

  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.screenshot({ path: `${SHOTS}/audit-${width}-${colorScheme}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await expectAccessibleInBothThemes(page, "admin audit");
});
