import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, expectAccessibleInBothThemes, FULL_ONLY } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * Today (decision 0071): the back office opens on the day's queue with its count in the tab strip, and an
 * item is resolved in place (a venue's confirmation taken by phone), after which it is gone.
 */
const SHOTS = process.env.SHOTS_DIR;
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** A date two and a half days ahead whose venue has not answered its booking request. */
async function unconfirmedDate(page: Page, venueName: string): Promise<number> {
  const { email } = await newMember(page, { firstName: "Robin" });
  const id = await arrangeDate(email, { hoursFromNow: 60, venueName });
  const db = await e2eDb();
  await db.query("UPDATE date_reservations SET venue_status = 'requested' WHERE id = $1", [id]);
  await db.query(
    `INSERT INTO venue_bookings (reservation_id, venue_id, scheduled_date, status, token_hash, expires_at, requested_at)
     SELECT id, venue_id, scheduled_date, 'requested', $2, scheduled_date, now() - interval '2 hours'
     FROM date_reservations WHERE id = $1`,
    [id, randomBytes(32).toString("hex")],
  );
  // The member's session is not the admin's: sign in as the operator.
  await page.context().clearCookies();
  await signInAsAdmin(page);
  return id;
}

test("the back office opens on Today; a venue confirmed by phone leaves the queue", async ({ page }) => {
  const venueName = `Queue Bistro ${Date.now().toString(36)}${process.pid}`;
  await unconfirmedDate(page, venueName);
  await page.goto("/admin");
  const today = page.getByRole("tab", { name: /^Today/ });
  await expect(today).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tablist", { name: "Back office areas" }).getByRole("tab").first()).toHaveText(
    /^Today/,
  );
  await expect(page.getByTestId("today-count")).toHaveText(/^\d+\+? items? needs? you$/);
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();

  const card = page.getByRole("listitem", { name: new RegExp(`Venue not confirmed: .*${venueName}`) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("due in");
  await expect(card).toContainText("has not answered the booking request");

  await card.getByRole("button", { name: /^Confirmed by phone/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirmed by phone" });
  await dialog.getByLabel("The venue's booking reference (optional)").fill("TBL-77");
  await dialog.getByRole("button", { name: "Confirmed by phone" }).click();
  await expect(toasts(page).getByText("Confirmed by phone: done")).toBeVisible();
  await expect(card).toHaveCount(0);
  // The card had the focus: it carries on from the queue.
  await expect(page.getByRole("region", { name: "The queue" })).toBeFocused();

  // The reason is asked where the action needs one: an empty one is refused in the dialog.
  const other = `Queue Brasserie ${Date.now().toString(36)}${process.pid}`;
  await unconfirmedDate(page, other);
  await page.getByRole("button", { name: "Refresh" }).click();
  const second = page.getByRole("listitem", { name: new RegExp(other) });
  await second.getByRole("button", { name: /^Declined by phone/ }).click();
  const decline = page.getByRole("dialog", { name: "Declined by phone" });
  await decline.getByRole("button", { name: "Declined by phone" }).click();
  await expect(decline.getByRole("alert")).toHaveText("Please write a few words first");
  await decline.getByRole("button", { name: "Cancel" }).click();
  await expect(decline).toBeHidden();
});

test("Today at phone and desktop widths, light and dark, is accessible", FULL_ONLY, async ({ page }) => {
  await unconfirmedDate(page, `Shot Venue ${Date.now().toString(36)}${process.pid}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    await expect(page.getByRole("listitem").filter({ hasText: "Shot Venue" }).first()).toBeVisible({
      timeout: 15_000,
    });
    if (width === 1280) await expectAccessibleInBothThemes(page, "admin today");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/today-${width}-${colorScheme}.png`, fullPage: width < 600 });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
});
