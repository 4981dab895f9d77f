import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * Ask, then allow undo: cancelling a date from the status select asks first, naming the e-mail;
 * the toast's Undo puts the date back and nothing is e-mailed. Desktop and phone, light and dark; screenshots
 * of the dialog and the toast when SHOTS_DIR is set.
 */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

function outboxTo(email: string): unknown[] {
  const dir = process.env.E2E_OUTBOX!;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, f), "utf8"))];
      } catch {
        return [];
      }
    })
    .filter((m) => m.to === email);
}

async function search(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`/api/admin/assignments?search=${encodeURIComponent(text)}`) && r.ok(),
  );
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(text);
  await answered;
}

// The phone's cards hold the same status select as the desktop's rows, and admin-assignments walks a status
// change from a card: the phone (and dark) run of this journey only when screenshots are being taken.
const VIEWS = process.env.SHOTS_DIR
  ? ([
      [1440, 900, "desktop"],
      [390, 844, "phone"],
    ] as const)
  : ([[1440, 900, "desktop"]] as const);

for (const [width, height, view] of VIEWS) {
  for (const colorScheme of process.env.SHOTS_DIR ? (["light", "dark"] as const) : (["light"] as const)) {
    test(`cancel from the status select, confirm, then Undo: the date is back and nothing is sent (${view}, ${colorScheme})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      const t = tag();
      const db = await e2eDb();
      const email = uniqueEmail("undo");
      await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Hana', $2)`, [
        email,
        `Undo${t}`,
      ]);
      await setPlan(email, { tier: "gold", status: "active" });
      const id = await arrangeDate(email, { hoursFromNow: 24 * 5, venueName: `Riverside Loft ${t}` });
      await signInAsAdmin(page);
      await page.goto("/admin?tab=assignments");
      await search(page, `undo${t}`);
      const row = page.getByTestId(view === "phone" ? `assignment-card-${id}` : `assignment-row-${id}`);
      const status = row.getByRole("combobox", { name: /Status of/ });

      await status.click();
      // Only the allowed moves: a date five days away cannot be completed yet.
      const completed = page.getByRole("option", { name: /Completed/ });
      await expect(completed).toHaveAttribute("aria-disabled", "true");
      await expect(completed).toContainText("A date can be marked completed only once it has started");
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/undo-select-${view}-${colorScheme}.png` });
      await page.getByRole("option", { name: "Cancelled" }).click();

      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText(`Cancel Hana Undo${t}'s date on`);
      await expect(dialog).toContainText(
        "They will be e-mailed a calendar cancellation in 2 minutes unless you undo.",
      );
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/undo-confirm-${view}-${colorScheme}.png` });
      await dialog.getByRole("button", { name: "Cancel date" }).click();
      await expect(dialog).toBeHidden();

      const toast = page
        .getByRole("region", { name: /Notifications/ })
        .getByRole("listitem")
        .filter({ hasText: "Date cancelled" });
      await expect(toast).toContainText("E-mail goes in 2 minutes.");
      await expect(status).toHaveText("Cancelled");
      const held = await db.query(`SELECT status, mail_hold_until FROM date_reservations WHERE id = $1`, [
        id,
      ]);
      expect(held.rows[0].status).toBe("cancelled");
      expect(held.rows[0].mail_hold_until).not.toBeNull();
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/undo-toast-${view}-${colorScheme}.png` });

      const undone = page.waitForResponse((r) => r.url().endsWith(`/api/admin/assignments/${id}/undo`));
      await toast.getByRole("button", { name: "Undo" }).click();
      expect((await undone).status()).toBe(200);
      await expect(page.getByText("Cancellation undone", { exact: true })).toBeVisible();
      await expect(status).toHaveText("Scheduled");
      const back = await db.query(
        `SELECT status, mail_hold_until, undo_state FROM date_reservations WHERE id = $1`,
        [id],
      );
      expect(back.rows[0]).toEqual({ status: "scheduled", mail_hold_until: null, undo_state: null });
      const claimed = await db.query(
        `SELECT kind FROM outbound_messages WHERE reservation_id = $1 AND kind LIKE '%cancel%'`,
        [id],
      );
      expect(claimed.rows).toEqual([]);
      expect(outboxTo(email).filter((m) => String((m as { type: string }).type).includes("cancel"))).toEqual(
        [],
      );
    });
  }
}

test("reinstating a date that now breaks rules lists them and needs a written reason", async ({ page }) => {
  const t = tag();
  const db = await e2eDb();
  const email = uniqueEmail("reinstate");
  // A plan but no answers: the date breaks the couple's rules (no postcode, days or times).
  await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Rita', $2)`, [
    email,
    `Back${t}`,
  ]);
  await setPlan(email, { tier: "gold", status: "active" });
  const id = await arrangeDate(email, {
    hoursFromNow: 24 * 6,
    venueName: `Canal House ${t}`,
    status: "cancelled",
  });
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin?tab=assignments");
  await search(page, `back${t}`);
  const row = page.getByTestId(`assignment-row-${id}`);
  await row.getByRole("combobox", { name: /Status of/ }).click();
  await page.getByRole("option", { name: "Scheduled" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Reinstate Rita Back${t}'s date on`);
  await dialog.getByRole("button", { name: "Reinstate date" }).click();
  // The rulebook answers: the dialog stays, naming the rules, and asks for a reason.
  const breaches = dialog.getByTestId("reinstate-breaches");
  await expect(breaches).toContainText("Not one of their chosen days");
  const anyway = dialog.getByRole("button", { name: "Reinstate anyway" });
  await anyway.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Override reason").fill("They rang to say the evening suits them after all.");
  await anyway.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Date reinstated", { exact: true })).toBeVisible();
  const saved = await db.query(
    "SELECT status, override_reason, override_rules FROM date_reservations WHERE id = $1",
    [id],
  );
  expect(saved.rows[0].status).toBe("scheduled");
  expect(saved.rows[0].override_reason).toBe("They rang to say the evening suits them after all.");
  expect(saved.rows[0].override_rules).toContain("Not one of their chosen days");
});
