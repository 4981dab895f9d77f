/**
 * The venue's page behind the booking e-mail's link (no account): it shows the booking, takes one answer
 * (confirm with a reference, decline with a reason, offer another time), then shows what was recorded. A link
 * that names no booking says so on the page. Screenshots at 390 and 1280 px, light and dark, when SHOTS_DIR
 * names a folder.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { londonIsoDay } from "../../src/shared/london-time.ts";
import { VENUE_BOOKING_MSG } from "../../src/shared/venue-bookings.ts";
import { BOOKABLE_COLUMNS, BOOKABLE_VALUES } from "../helpers/bookable-venue.ts";
import {
  e2eDb,
  expectAccessibleInBothThemes,
  expectAccessibleInFullRun,
  expectControlsInside,
  FULL_ONLY,
  uniqueEmail,
} from "./helpers.ts";

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Screenshots of the page as it stands, light and dark (when SHOTS_DIR is set). */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.screenshot({ path: `${SHOTS}/venue-${name}-${width}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
}

interface Booking {
  token: string;
  reservationId: number;
  venueName: string;
}

/**
 * A couple's date at a bookable venue, ten days ahead at 19:00 London time, with its request sent: the
 * venue_bookings row holds the link's token as its SHA-256, as the request job writes it.
 */
async function arrangeBooking(opts: { status?: string } = {}): Promise<Booking> {
  const db = await e2eDb();
  const holder = await db.query(
    "INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Ada', 'Okafor') RETURNING id",
    [uniqueEmail("venue-couple")],
  );
  const partner = await db.query(
    "INSERT INTO users (email, first_name, last_name, partner_id) VALUES ($1, 'Sam', 'Lindqvist', $2) RETURNING id",
    [uniqueEmail("venue-partner"), holder.rows[0].id],
  );
  await db.query("UPDATE users SET partner_id = $1 WHERE id = $2", [partner.rows[0].id, holder.rows[0].id]);
  await db.query(
    `INSERT INTO user_preferences (user_id, dietary_restrictions, accessibility_needs, alcohol_ok)
     VALUES ($1, '{Vegetarian}', '{Step-free access}', true), ($2, '{Nut Allergies}', '{}', true)`,
    [holder.rows[0].id, partner.rows[0].id],
  );
  const venueName = "The Clove Room";
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, ${BOOKABLE_COLUMNS})
     VALUES ($1, '12 Secret Street', 'London', 'SE1 9PX', 'restaurant', 'medium', 51.5055, -0.091, ${BOOKABLE_VALUES})
     RETURNING id`,
    [venueName],
  );
  const idea = await db.query(
    `INSERT INTO date_ideas (title, description, category, duration, dress_code, venue_id)
     VALUES ('Candlelit supper club', 'A seven-course tasting menu.', 'culinary', 3, 'Smart casual', $1)
     RETURNING id`,
    [venue.rows[0].id],
  );
  const reservation = await db.query(
    `INSERT INTO date_reservations (user_id, date_idea_id, venue_id, scheduled_date, status, venue_status,
       manual_booking_notes)
     VALUES ($1, $2, $3,
       ((date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '10 days 19 hours')
         AT TIME ZONE 'Europe/London'),
       'scheduled', $4, 'Their anniversary: a quiet table, please.')
     RETURNING id, scheduled_date`,
    [holder.rows[0].id, idea.rows[0].id, venue.rows[0].id, opts.status ?? "requested"],
  );
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO venue_bookings (reservation_id, venue_id, scheduled_date, status, token_hash, expires_at, requested_at)
     VALUES ($1, $2, $3, $4, $5, $3, now())`,
    [
      reservation.rows[0].id,
      venue.rows[0].id,
      reservation.rows[0].scheduled_date,
      opts.status ?? "requested",
      createHash("sha256").update(token).digest("hex"),
    ],
  );
  return { token, reservationId: reservation.rows[0].id, venueName };
}

async function venueStatus(reservationId: number) {
  const db = await e2eDb();
  const res = await db.query("SELECT venue_status, venue_reference FROM date_reservations WHERE id = $1", [
    reservationId,
  ]);
  return res.rows[0] as { venue_status: string; venue_reference: string | null };
}

const link = (token: string) => `/venue-booking/${token}`;
const ANSWER_BUTTONS = /^(Confirm the booking|Can't take it|Offer another time)$/;

test.describe("the venue's booking page", () => {
  // A venue's own browser: British date and time fields.
  test.use({ locale: "en-GB", timezoneId: "Europe/London" });

  test("shows the booking on a phone, confirms with a reference, and shows the answer on a second visit", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const b = await arrangeBooking();
    await page.goto(link(b.token));
    await expect(page.getByRole("heading", { level: 1, name: b.venueName })).toBeVisible();
    const summary = page.getByTestId("venue-booking-summary");
    await expect(summary).toContainText("19:00");
    await expect(page.getByTestId("venue-booking-day")).toHaveText(
      /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d+ /,
    );
    await expect(summary).toContainText("About 3 hours");
    await expect(summary).toContainText("Party of 2");
    // Both partners' surnames (they differ), never their e-mail addresses.
    await expect(page.getByTestId("venue-booking-name")).toHaveText(
      /^(Okafor \/ Lindqvist|Lindqvist \/ Okafor)$/,
    );
    await expect(page.locator("body")).not.toContainText("@example.com");
    await expect(summary).toContainText("Candlelit supper club");
    for (const need of ["Vegetarian", "Nut Allergies", "Step-free access"])
      await expect(summary.getByRole("listitem").filter({ hasText: need })).toBeVisible();
    await expect(summary).toContainText("Their anniversary: a quiet table, please.");
    await expect(page.getByTestId("venue-booking-status")).toHaveText("Awaiting your answer");
    // Nothing of the members' site: no navigation, no sign-in.
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /sign in/i })).toHaveCount(0);
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessibleInBothThemes(page, "venue booking (phone)");
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await shoot(page, "request");

    await page.getByLabel("Your booking reference (optional)").fill("CLV-2041");
    await page.getByRole("button", { name: "Confirm the booking" }).click();
    const recorded = page.getByTestId("venue-recorded");
    await expect(recorded.getByRole("heading", { name: "Booking confirmed" })).toBeFocused();
    await expect(page.getByTestId("venue-recorded-message")).toHaveText(VENUE_BOOKING_MSG.confirmed);
    await expect(page.getByTestId("venue-recorded-reference")).toHaveText("CLV-2041");
    await expect(page.getByRole("button", { name: ANSWER_BUTTONS })).toHaveCount(0);
    await expect(page.getByTestId("venue-booking-status")).toHaveText("Confirmed");
    expect(await venueStatus(b.reservationId)).toEqual({
      venue_status: "confirmed",
      venue_reference: "CLV-2041",
    });
    await expectAccessibleInFullRun(page, "venue booking confirmed (phone)");
    await shoot(page, "confirmed");

    // A second visit: the answer as it stands, and no way to answer again.
    await page.reload();
    await expect(recorded.getByRole("heading", { name: "Booking confirmed" })).toBeVisible();
    await expect(page.getByTestId("venue-recorded-message")).toHaveText(
      "You confirmed this booking. We look forward to the evening.",
    );
    await expect(page.getByTestId("venue-recorded-reference")).toHaveText("CLV-2041");
    await expect(page.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
  });

  test("declining needs a reason, said beside the field; with one the decline is recorded", async ({
    page,
  }) => {
    const b = await arrangeBooking();
    // At 320 px (a small phone, or 400 % zoom) nothing scrolls sideways and every control shows whole.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(link(b.token));
    for (const choice of ["Offer another time", "Can't take it"]) {
      await page.getByRole("button", { name: choice }).click();
      await shoot(page, choice === "Can't take it" ? "decline" : "propose");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await expectControlsInside(page.getByTestId("venue-answer"));
      if (choice !== "Can't take it") await page.getByRole("button", { name: "Back" }).click();
    }
    await page.setViewportSize(PHONE);
    await expect(page.getByRole("heading", { name: "Can't take it" })).toBeFocused();
    await page.getByRole("button", { name: "Decline the booking" }).click();
    const reason = page.getByLabel("Why can't you take it?");
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toBeFocused();
    const error = page.getByText(VENUE_BOOKING_MSG.reasonRequired);
    await expect(error).toBeVisible();
    const errorId = await error.getAttribute("id");
    expect(errorId).toBeTruthy();
    await expect(reason).toHaveAttribute("aria-describedby", new RegExp(`\\b${errorId}\\b`));
    expect((await venueStatus(b.reservationId)).venue_status).toBe("requested");
    await expectAccessibleInFullRun(page, "venue booking decline error (phone)");
    await shoot(page, "decline-error");

    await reason.fill("Fully booked for a private party that evening.");
    await page.getByRole("button", { name: "Decline the booking" }).click();
    await expect(page.getByRole("heading", { name: "Booking declined" })).toBeFocused();
    await expect(page.getByTestId("venue-recorded-message")).toHaveText(VENUE_BOOKING_MSG.declined);
    await expect(page.getByTestId("venue-recorded")).toContainText(
      "Fully booked for a private party that evening.",
    );
    expect((await venueStatus(b.reservationId)).venue_status).toBe("declined");
  });

  test("offering another time: the form's own check, the server's refusal, then the London time recorded", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    // The browser's clock three days behind: yesterday looks ahead to the page, and only the server refuses it.
    await page.clock.setFixedTime(Date.now() - 3 * 24 * 3_600_000);
    const b = await arrangeBooking();
    await page.goto(link(b.token));
    await expect(page.getByRole("heading", { level: 1, name: b.venueName })).toBeVisible();
    await expectAccessibleInFullRun(page, "venue booking (desktop)");
    await shoot(page, "request");
    await page.getByRole("button", { name: "Offer another time" }).click();
    // The date starts as the booking's day; the time is the venue's to give.
    const day = await page.getByLabel("Date", { exact: true }).inputValue();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole("button", { name: "Offer this time" }).click();
    await expect(page.getByText(VENUE_BOOKING_MSG.time)).toBeVisible();
    await expect(page.getByLabel("Time", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await shoot(page, "propose-error");

    await page.getByLabel("Date", { exact: true }).fill(londonIsoDay(Date.now() - 24 * 3_600_000));
    await page.getByLabel("Time", { exact: true }).fill("12:00");
    await page.getByRole("button", { name: "Offer this time" }).click();
    const summary = page.getByTestId("venue-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("We couldn't record your answer");
    await expect(page.getByText(VENUE_BOOKING_MSG.timePast)).toHaveCount(2); // in the summary and by the field
    await expect(page.getByLabel("Date", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessibleInFullRun(page, "venue booking refused by the server (desktop)");
    await shoot(page, "propose-refused");
    await summary.getByRole("link", { name: VENUE_BOOKING_MSG.timePast }).click();
    await expect(page.getByLabel("Date", { exact: true })).toBeFocused();
    expect((await venueStatus(b.reservationId)).venue_status).toBe("requested");

    // The time asked for is no other time: the form says to confirm instead, and nothing is recorded.
    const asked = await (await e2eDb()).query<{ at: string }>(
      `SELECT to_char(scheduled_date AT TIME ZONE 'Europe/London', 'HH24:MI') AS at FROM date_reservations
       WHERE id = $1`,
      [b.reservationId],
    );
    await page.getByLabel("Date", { exact: true }).fill(day);
    await page.getByLabel("Time", { exact: true }).fill(asked.rows[0].at);
    await page.getByRole("button", { name: "Offer this time" }).click();
    await expect(page.getByText(VENUE_BOOKING_MSG.timeSame).first()).toBeVisible();
    await shoot(page, "propose-same-time");
    expect((await venueStatus(b.reservationId)).venue_status).toBe("requested");

    await page.getByLabel("Date", { exact: true }).fill(day);
    await page.getByLabel("Time", { exact: true }).fill("20:30");
    await page.getByLabel("A note for our team (optional)").fill("We have a quiet corner table at 20:30.");
    await page.getByRole("button", { name: "Offer this time" }).click();
    await expect(page.getByRole("heading", { name: "Another time offered" })).toBeFocused();
    await expect(page.getByTestId("venue-recorded-message")).toHaveText(VENUE_BOOKING_MSG.proposed);
    await expect(page.getByTestId("venue-recorded-time")).toContainText("20:30");
    await expectAccessibleInFullRun(page, "venue booking proposed (desktop)");
    await shoot(page, "proposed");
    const db = await e2eDb();
    const row = await db.query(
      `SELECT venue_status, to_char(b.proposed_date AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS london
       FROM date_reservations r JOIN venue_bookings b ON b.reservation_id = r.id WHERE r.id = $1`,
      [b.reservationId],
    );
    expect(row.rows[0]).toEqual({ venue_status: "proposed", london: `${day} 20:30` });
  });

  test(
    "a forged link, a cut-short link and a cancelled booking say so on the page",
    FULL_ONLY,
    async ({ page }) => {
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.goto(link(randomBytes(32).toString("base64url")));
        const refused = page.getByTestId("venue-booking-refused");
        await expect(
          refused.getByRole("heading", { level: 1, name: "We can't find this booking" }),
        ).toBeVisible();
        await expect(page.getByTestId("venue-booking-refused-message")).toHaveText(VENUE_BOOKING_MSG.invalid);
        await expect(page.getByRole("button")).toHaveCount(0);
        await expectAccessibleInBothThemes(page, `venue booking forged link (${size.width})`);
        await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
        await shoot(page, "forged");
      }

      await page.setViewportSize(PHONE);
      await page.goto(link("short"));
      await expect(page.getByRole("heading", { level: 1, name: "This link is not complete" })).toBeVisible();
      await expect(page.getByTestId("venue-booking-refused-message")).toHaveText(VENUE_BOOKING_MSG.invalid);

      // Answered meanwhile (another member of staff, another tab): the refusal is said, then the answer shown.
      const raced = await arrangeBooking();
      await page.goto(link(raced.token));
      await page.getByRole("button", { name: "Can't take it" }).click();
      await page.getByLabel("Why can't you take it?").fill("No tables left that evening.");
      const other = await page.request.post(`/api/venue-bookings/${raced.token}/confirm`, {
        data: { reference: "DESK-7" },
      });
      expect(other.status()).toBe(200);
      await page.getByRole("button", { name: "Decline the booking" }).click();
      await expect(page.getByTestId("venue-closed-notice")).toHaveText(VENUE_BOOKING_MSG.answered);
      await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeFocused();
      await expect(page.getByTestId("venue-recorded-reference")).toHaveText("DESK-7");
      expect((await venueStatus(raced.reservationId)).venue_status).toBe("confirmed");
      await expectAccessibleInFullRun(page, "venue booking answered meanwhile (phone)");
      await shoot(page, "answered-meanwhile");

      const cancelled = await arrangeBooking({ status: "cancelled" });
      await page.goto(link(cancelled.token));
      await expect(page.getByRole("heading", { name: "This booking was cancelled" })).toBeVisible();
      await expect(page.getByTestId("venue-booking-status")).toHaveText("Cancelled");
      await expect(page.getByRole("button")).toHaveCount(0);
      await expectAccessibleInFullRun(page, "venue booking cancelled (phone)");
      await shoot(page, "cancelled");
    },
  );
});
