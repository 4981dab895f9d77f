import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  arrangeDate,
  e2eDb,
  expectAccessibleInBothThemes,
  FULL_ONLY,
  setPlan,
  uniqueEmail,
} from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * The venue's side of a date in the Assignments tab: a badge per date in the list (asked, confirmed with its
 * reference, declined, a proposed time, "Needs attention" when escalated), the details dialog's venue panel and
 * what an operator records there (a phone confirmation, a decline, accepting or refusing a proposed time, with
 * an override reason when it breaks rules), and Move date (the rules it breaks, an override reason, the toast's
 * Undo). SHOTS_DIR: the list, the details dialog and the move dialog at 1280 and 390 px, light and dark.
 */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

type VenueState = "requested" | "confirmed" | "declined" | "proposed";

/**
 * A Gold member with no preferences (so any new time breaks their rules) and a date six days ahead whose venue
 * has been asked (30 hours ago) and is in `state`. Returns the date's id.
 */
async function arrangeVenueDate(
  t: string,
  firstName: string,
  state: VenueState,
  opts: { escalated?: boolean; reference?: string; reason?: string; note?: string } = {},
): Promise<number> {
  const db = await e2eDb();
  const email = uniqueEmail(`venue-${firstName.toLowerCase()}`);
  await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, $2, $3)`, [
    email,
    firstName,
    `Venue${t}`,
  ]);
  await setPlan(email, { tier: "gold", status: "active" });
  const id = await arrangeDate(email, { hoursFromNow: 24 * 6, venueName: `${firstName}'s Bistro ${t}` });
  const answered = state !== "requested";
  // Whole seconds, as every date the app books has (arrangeDate's now() carries microseconds, which the
  // server's millisecond clock would not match against the venue's request).
  await db.query(
    "UPDATE date_reservations SET scheduled_date = date_trunc('second', scheduled_date) WHERE id = $1",
    [id],
  );
  await db.query(
    `INSERT INTO venue_bookings (reservation_id, venue_id, scheduled_date, status, token_hash, expires_at,
       requested_at, escalated_at, answered_at, used_at, reference, decline_reason, proposed_date, proposed_note)
     SELECT id, venue_id, scheduled_date, $2::varchar, md5(random()::text) || md5(random()::text), scheduled_date,
       now() - interval '30 hours', CASE WHEN $3::boolean THEN now() - interval '1 hour' END,
       CASE WHEN $4::boolean THEN now() - interval '2 hours' END, CASE WHEN $4::boolean THEN now() - interval '2 hours' END,
       $5::varchar, $6::varchar,
       CASE WHEN $2::varchar = 'proposed' THEN date_trunc('hour', scheduled_date) + interval '1 day 1 hour' END,
       $7::varchar
     FROM date_reservations WHERE id = $1`,
    [
      id,
      state,
      opts.escalated ?? false,
      answered,
      opts.reference ?? null,
      opts.reason ?? null,
      opts.note ?? null,
    ],
  );
  await db.query(
    `UPDATE date_reservations SET venue_status = $2, venue_reference = $3,
       venue_answered_at = CASE WHEN $4::boolean THEN now() - interval '2 hours' END WHERE id = $1`,
    [id, state, opts.reference ?? null, answered],
  );
  return id;
}

async function venueRow(id: number) {
  const db = await e2eDb();
  const res = await db.query(
    `SELECT scheduled_date, venue_status, venue_reference, override_reason FROM date_reservations WHERE id = $1`,
    [id],
  );
  return res.rows[0] as {
    scheduled_date: Date;
    venue_status: string;
    venue_reference: string | null;
    override_reason: string | null;
  };
}

async function search(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`/api/admin/assignments?search=${encodeURIComponent(text)}`) && r.ok(),
  );
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(text);
  await answered;
}

/** Scrolls the list's heading to the top of the screen, under the sticky header (for the screenshots). */
async function showList(page: Page) {
  await page
    .getByRole("heading", { name: "Date Assignments" })
    .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
}

/** A day some days ahead as London's calendar has it (YYYY-MM-DD). */
function londonDay(daysAhead: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/**
 * A toast by its title. Not through the Notifications region's role: a dialog opened after the first toast
 * hides the rest of the page, the region included, from the accessibility tree.
 */
const toastTitled = (page: Page, title: string) => page.getByText(title, { exact: true }).last();

/** Closes the toasts shown so far, so they cover no row's View button. */
async function closeToasts(page: Page) {
  const close = toasts(page).getByRole("button", { name: "Close" });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) {
    const open = await close.count();
    await close.first().click();
    // Wait for that toast to go (a condition, not a fixed time).
    await expect(close).toHaveCount(open - 1);
  }
}

/** Closes with the dialog's own Close button: Escape would first dismiss the toast the action left. */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function openDetails(page: Page, row: Locator) {
  await row.getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog", { name: "Assignment details" });
  await expect(details).toBeVisible();
  return details;
}

test("the venue's side: badges in the list, answers recorded by phone, a proposed time accepted with a reason", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = tag();
  const asked = await arrangeVenueDate(t, "Asha", "requested", { escalated: true });
  const confirmed = await arrangeVenueDate(t, "Cato", "confirmed", { reference: "BK-2231" });
  const declined = await arrangeVenueDate(t, "Dora", "declined", {
    reason: "Closed for a private party",
    escalated: true,
  });
  const proposed = await arrangeVenueDate(t, "Pia", "proposed", {
    escalated: true,
    note: "The kitchen is fully booked that night; the next evening at the same time is free.",
  });
  const refused = await arrangeVenueDate(t, "Rory", "proposed", { escalated: true });

  await signInAsAdmin(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/admin?tab=assignments");
  await search(page, `venue${t}`);
  const row = (id: number) => page.getByTestId(`assignment-row-${id}`);

  // The list: one compact badge per date, "Needs attention" on the escalated ones.
  await expect(row(asked).getByTestId("venue-booking")).toHaveText("Venue askedNeeds attention");
  await expect(row(confirmed).getByTestId("venue-booking")).toHaveText("Venue confirmedRef BK-2231");
  await expect(row(declined).getByTestId("venue-booking")).toHaveText("Venue declinedNeeds attention");
  await expect(row(proposed).getByTestId("venue-booking")).toHaveText("Venue proposed a timeNeeds attention");
  await showList(page);
  await shoot(page, "venue-list-1280");

  // A confirmation taken by phone, with the venue's reference.
  let details = await openDetails(page, row(asked));
  const panel = details.getByTestId("venue-booking-panel");
  await expect(panel).toContainText("Venue asked");
  await expect(panel).toContainText("Needs attention");
  await expect(panel).toContainText("No answer yet");
  await details.getByRole("button", { name: "Record phone confirmation" }).click();
  await details.getByLabel("Booking reference (optional)").fill("TBL-4471");
  await details.getByRole("button", { name: "Record confirmation" }).click();
  await expect(toastTitled(page, "Venue's answer recorded")).toBeVisible();
  await expect(panel.getByTestId("venue-status")).toHaveText("Venue confirmed");
  await expect(panel.getByTestId("venue-reference")).toContainText("TBL-4471");
  await expect(panel.getByTestId("venue-attention")).toHaveCount(0);
  expect(await venueRow(asked)).toMatchObject({ venue_status: "confirmed", venue_reference: "TBL-4471" });
  await closeDialog(details);
  await expect(row(asked).getByTestId("venue-booking")).toHaveText("Venue confirmedRef TBL-4471");

  // A decline taken by phone: a reason is required, then shown.
  details = await openDetails(page, row(confirmed));
  await details.getByRole("button", { name: "Record decline" }).click();
  await details.getByRole("button", { name: "Record decline" }).click();
  await expect(details.getByText("Please tell us why you cannot take this booking")).toBeVisible();
  await details.getByLabel("Why the venue can't take it").fill("A burst pipe: closed all week");
  await details.getByRole("button", { name: "Record decline" }).click();
  await expect(details.getByTestId("venue-booking-panel").getByTestId("venue-status")).toHaveText(
    "Venue declined",
  );
  await expect(details.getByTestId("venue-decline-reason")).toContainText("A burst pipe: closed all week");
  expect((await venueRow(confirmed)).venue_status).toBe("declined");
  await closeDialog(details);
  await closeToasts(page);

  // A proposed time: shown in full; accepting it breaks the couple's rules, so it needs a reason.
  details = await openDetails(page, row(proposed));
  await expect(details.getByTestId("venue-proposed-time")).toContainText("instead of");
  await expect(details.getByTestId("venue-proposed-note")).toContainText("the next evening at the same time");
  await expectAccessibleInBothThemes(page, "assignment details with a proposed time");
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await details.getByTestId("venue-booking-panel").scrollIntoViewIfNeeded();
  await shoot(page, "venue-details-1280");
  const before = await venueRow(proposed);
  await details.getByRole("button", { name: "Accept new time" }).click();
  await expect(details.getByTestId("broken-rules")).toContainText("The new time breaks");
  await expect(details.getByTestId("broken-rules")).toContainText("No postcode in their preferences");
  const anyway = details.getByRole("button", { name: "Accept anyway" });
  await anyway.click();
  await expect(details.getByText("Please give a reason for the override")).toBeVisible();
  await details.getByLabel("Override reason").fill("The couple told us the next evening suits them better.");
  await anyway.click();
  await expect(toastTitled(page, "New time accepted")).toBeVisible();
  const after = await venueRow(proposed);
  expect(after.venue_status).toBe("confirmed");
  expect(after.scheduled_date.getTime() - before.scheduled_date.getTime()).toBeGreaterThan(20 * 3_600_000);
  expect(after.override_reason).toBe("The couple told us the next evening suits them better.");
  await expect(details.getByTestId("venue-booking-panel").getByTestId("venue-status")).toHaveText(
    "Venue confirmed",
  );
  await closeDialog(details);

  // Refusing a proposed time asks first, then leaves the date to be re-planned.
  details = await openDetails(page, row(refused));
  await details.getByRole("button", { name: "Refuse", exact: true }).click();
  await expect(details.getByTestId("refuse-proposal")).toContainText("re-planned at another venue");
  await details.getByRole("button", { name: "Refuse the time" }).click();
  await expect(toastTitled(page, "Proposed time refused")).toBeVisible();
  expect((await venueRow(refused)).venue_status).toBe("declined");
});

test("Move date lists the rules it breaks, moves with an override reason, and Undo puts it back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = tag();
  const id = await arrangeVenueDate(t, "Milo", "confirmed", { reference: "MV-100" });
  const original = await venueRow(id);
  await signInAsAdmin(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/admin?tab=assignments");
  await search(page, `venue${t}`);
  const details = await openDetails(page, page.getByTestId(`assignment-row-${id}`));
  await details.getByRole("button", { name: "Move date" }).click();
  const dialog = page.getByRole("dialog", { name: "Move date" });
  await expect(dialog).toContainText(`Milo Venue${t}'s date, now on`);
  // The venue is the date's own until changed; the idea defaults to keeping the current one.
  await expect(dialog.getByText(`Milo's Bistro ${t}`, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Date idea (optional)" })).toHaveText(
    "Keep “Candlelit supper club”",
  );
  const when = `${londonDay(8)}T20:00`;
  await dialog.getByLabel("New date and time (London time)").fill(when);
  await expect(dialog.getByTestId("move-mail-notice")).toContainText(
    "will be e-mailed the updated calendar entry in 2 minutes unless you undo",
  );
  await dialog.getByRole("button", { name: "Move date" }).click();
  // The server's rulebook answers: the rules beside the form, and Move anyway needs a reason.
  const rules = dialog.getByTestId("broken-rules");
  await expect(rules).toContainText("This move breaks");
  await expect(rules).toContainText("No postcode in their preferences");
  const anyway = dialog.getByRole("button", { name: "Move anyway" });
  await anyway.click();
  await expect(dialog.getByText("Please give a reason for the override")).toBeVisible();
  await dialog.getByLabel("Override reason").fill("The couple asked for the later evening by phone.");
  await expectAccessibleInBothThemes(page, "move date with broken rules");
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await shoot(page, "venue-move-1280");
  await anyway.click();
  await expect(dialog).toBeHidden();
  const toast = page.locator("li").filter({ hasText: "Date moved" });
  await expect(toast).toContainText("E-mail goes in 2 minutes.");
  const moved = await venueRow(id);
  expect(moved.scheduled_date.getTime()).not.toBe(original.scheduled_date.getTime());
  expect(moved.venue_status).toBe("pending");
  // The details follow the date: its new time, and its venue to be asked again.
  const [y, m, d] = londonDay(8).split("-");
  await expect(details).toContainText(`${d}/${m}/${y}, 20:00`);
  await expect(details.getByTestId("venue-booking-panel")).toContainText("has not gone out yet");

  const undone = page.waitForResponse((r) => r.url().endsWith(`/api/admin/assignments/${id}/undo`));
  await toast.locator("button", { hasText: "Undo" }).click();
  expect((await undone).status()).toBe(200);
  await expect(toastTitled(page, "Move undone")).toBeVisible();
  const back = await venueRow(id);
  expect(back.scheduled_date.getTime()).toBe(original.scheduled_date.getTime());
  expect(back.venue_status).toBe("confirmed");
  await expect(details.getByTestId("venue-booking-panel").getByTestId("venue-status")).toHaveText(
    "Venue confirmed",
  );
});

test.describe("phone width (390)", FULL_ONLY, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the badges sit in the cards, the venue panel and Move date fit the screen", async ({ page }) => {
    const t = tag();
    const asked = await arrangeVenueDate(t, "Nell", "requested", { escalated: true });
    await arrangeVenueDate(t, "Omar", "confirmed", { reference: "BK-88213" });
    const proposed = await arrangeVenueDate(t, "Posy", "proposed", {
      escalated: true,
      note: "We could seat them an hour later, by the window.",
    });
    await signInAsAdmin(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/admin?tab=assignments");
    await search(page, `venue${t}`);
    const card = page.getByTestId(`assignment-card-${asked}`);
    await expect(card.getByTestId("venue-booking")).toHaveText("Venue askedNeeds attention");
    const noSideways = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    await noSideways();
    await showList(page);
    await shoot(page, "venue-list-390");

    const details = await openDetails(page, page.getByTestId(`assignment-card-${proposed}`));
    await details.getByTestId("venue-booking-panel").scrollIntoViewIfNeeded();
    await expect(details.getByRole("button", { name: "Accept new time" })).toBeVisible();
    await shoot(page, "venue-details-390");
    await details.getByRole("button", { name: "Move date" }).click();
    const dialog = page.getByRole("dialog", { name: "Move date" });
    await dialog.getByLabel("New date and time (London time)").fill(`${londonDay(9)}T19:00`);
    await dialog.getByRole("button", { name: "Move date" }).click();
    await expect(dialog.getByTestId("broken-rules")).toContainText("No postcode in their preferences");
    await dialog.getByTestId("broken-rules").scrollIntoViewIfNeeded();
    await noSideways();
    await shoot(page, "venue-move-390");
  });
});
