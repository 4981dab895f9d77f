import { expect, type Page, test } from "@playwright/test";
import { expectAccessibleInFullRun, FULL_ONLY } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * Edits that never overwrite each other, on an offer code (issue #32): two tabs open the same code; the first
 * saves; the second's save is refused beside the form with who changed it, its input kept; Reload shows the
 * first tab's change, and the code's history lists both saves once the second saves again.
 */
const uniqueCode = () => `TABS${Date.now().toString(36).toUpperCase()}${process.pid}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/pw-h2/shots";

async function openEdit(page: Page, code: string) {
  await page.goto("/admin?tab=offer-codes");
  const row = page.getByTestId(`offer-code-${code}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole("button", { name: `Edit ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit offer code ${code}` });
  // The save waits for the code's own read (its ETag).
  await expect(dialog.getByRole("button", { name: "Save changes" })).toBeEnabled();
  return dialog;
}

test(
  "a second tab's stale save is refused beside the form, its input kept; Reload shows the first tab's change",
  FULL_ONLY,
  async ({ page, context }) => {
    await signInAsAdmin(page);
    const code = uniqueCode();
    const created = await page.request.post("/api/admin/offer-codes", {
      data: { code, description: "Autumn offer", discountValue: 10 },
    });
    expect(created.status()).toBe(201);

    const second = await context.newPage();
    const first = await openEdit(page, code);
    const other = await openEdit(second, code);

    await first.getByLabel("Description").fill("Autumn offer, first tab's words");
    await first.getByRole("button", { name: "Save changes" }).click();
    await expect(first).toBeHidden();

    await other.getByLabel("Discount value (%)").fill("35");
    await other.getByRole("button", { name: "Save changes" }).click();
    const alert = other.getByTestId("stale-edit");
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(alert).toContainText(/Changed by .+ at \d\d:\d\d on \d+ \w+: reload to see their change/);
    await expect(other).toBeVisible();
    await expect(other.getByLabel("Discount value (%)")).toHaveValue("35");
    await expect(other.getByLabel("Description")).toHaveValue("Autumn offer");
    // Nothing of the second tab was saved.
    const stored = await (await page.request.get("/api/admin/offer-codes")).json();
    expect(stored.find((c: { code: string }) => c.code === code)).toMatchObject({
      discountValue: 10,
      description: "Autumn offer, first tab's words",
    });

    for (const width of [1280, 390]) {
      await second.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await alert.scrollIntoViewIfNeeded();
      await second.screenshot({ path: `${SHOTS}/offer-stale-${width}.png` });
    }
    await expectAccessibleInFullRun(second, "offer code dialog with a stale edit");
    await second.setViewportSize({ width: 1280, height: 900 });

    await other.getByRole("button", { name: "Reload" }).click();
    await expect(alert).toBeHidden();
    await expect(other.getByLabel("Description")).toHaveValue("Autumn offer, first tab's words");
    await expect(other.getByLabel("Discount value (%)")).toHaveValue("10");

    await other.getByLabel("Discount value (%)").fill("35");
    await other.getByRole("button", { name: "Save changes" }).click();
    await expect(other).toBeHidden();
    await expect(second.getByTestId(`offer-code-${code}`).getByRole("cell").nth(2)).toHaveText("35%");

    const again = await openEdit(second, code);
    await again.getByText("Who changed what").click();
    const entries = again.getByTestId("audit-entry");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(`Offer code ${code} saved`);
    await expect(entries.nth(0)).toContainText(/Discount value\s*10\s*→\s*35/);
    await expect(entries.nth(1)).toContainText(`Offer code ${code} saved`);
    await expect(entries.nth(1)).toContainText("Autumn offer, first tab's words");
    await expect(entries.nth(2)).toContainText(`Offer code ${code} created`);
    for (const width of [1280, 390]) {
      await second.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await entries.nth(0).scrollIntoViewIfNeeded();
      await second.screenshot({ path: `${SHOTS}/offer-history-${width}.png` });
    }
    await expectAccessibleInFullRun(second, "offer code dialog with its history");
  },
);
