import { expect, test } from "@playwright/test";
import { BOOKABLE_COLUMNS, BOOKABLE_VALUES } from "../helpers/bookable-venue.ts";
import { e2eDb, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The AI Suggestions tab: Approve, Create Booking, and the Members Needing Dates card. */
/** A member straight in the database. */
async function arrangeMember(opts: { firstName: string; tier?: string; status?: string | null }) {
  const db = await e2eDb();
  const email = uniqueEmail("suggested");
  const res = await db.query(
    `INSERT INTO users (email, first_name, last_name, onboarding_completed, email_verified)
     VALUES ($1, $2, 'Suggested', true, true) RETURNING id`,
    [email, opts.firstName],
  );
  await setPlan(email, {
    tier: opts.tier ?? "gold",
    status: opts.status === undefined ? "active" : opts.status,
  });
  return { id: res.rows[0].id as number, email };
}

const ANY_DAY = [1, 2, 3, 4].flatMap((weekOfMonth) =>
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((dayOfWeek) => ({
    weekOfMonth,
    dayOfWeek,
  })),
);

/**
 * Preferences near London Bridge and three venues there that only this member can use: needs in the members'
 * own words that no other spec's venue offers together (Kosher, Low Sodium, Accessible parking).
 */
async function arrangePreferencesAndVenues(userId: number): Promise<string[]> {
  const db = await e2eDb();
  const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const diet = ["Kosher", "Low Sodium"];
  const access = ["Accessible parking"];
  await db.query(
    `INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences, time_preferences, scheduling_preferences, dietary_restrictions, accessibility_needs)
     VALUES ($1, 'SE1 9PX', 10, '££', $2, $3, $4, $5, $6)`,
    [
      userId,
      JSON.stringify([{ type: "restaurants", rank: 1 }]),
      JSON.stringify([{ time: "evenings", rank: 1 }]),
      JSON.stringify(ANY_DAY),
      diet,
      access,
    ],
  );
  const names: string[] = [];
  for (const [i, street] of ["Borough Yard", "Bankside", "Tooley Street"].entries()) {
    const name = `Engine Pick ${i + 1} ${tag}`;
    const v = await db.query(
      `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, dietary_accommodations, accessibility_features, ${BOOKABLE_COLUMNS})
       VALUES ($1, $2, 'London', 'SE1 9PX', 'restaurant', 'medium', $3, -0.0910000, $4, $5, ${BOOKABLE_VALUES}) RETURNING id`,
      [name, `${i + 7} ${street}`, (51.5055 + i * 0.002).toFixed(7), diet, access],
    );
    await db.query(
      `INSERT INTO date_ideas (title, category, price_level, time_of_day, season, venue_id)
       VALUES ($1, 'culinary', 'medium', 'evening', 'any', $2)`,
      [`Chef's Table ${i + 1}`, v.rows[0].id],
    );
    names.push(name);
  }
  return names;
}

async function arrangeSuggestion(userId: number, opts: { status?: string; withVenue?: boolean } = {}) {
  const db = await e2eDb();
  const venueName = `Lantern Supper Club ${Date.now().toString(36)}`;
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, latitude, longitude, ${BOOKABLE_COLUMNS})
     VALUES ($1, '7 Borough Yard', 'London', 'SE1 9PX', 'restaurant', 51.5055, -0.091, ${BOOKABLE_VALUES}) RETURNING id`,
    [venueName],
  );
  // An evening 9 or more days ahead on days 1-28 (a slot the couple's chosen days cover: the rulebook's rule).
  let ahead = 9;
  while (new Date(Date.now() + ahead * 86_400_000).getUTCDate() > 28) ahead++;
  const when = new Date(Date.now() + ahead * 86_400_000);
  when.setUTCHours(18, 30, 0, 0);
  const venues =
    opts.withVenue === false
      ? []
      : [
          {
            id: venue.rows[0].id,
            name: venueName,
            type: "restaurant",
            address: "7 Borough Yard",
            suggestedDate: when.toISOString(),
          },
        ];
  const s = await db.query(
    `INSERT INTO ai_date_suggestions (user_id, suggestion, suggested_venues, status)
     VALUES ($1, 'A tasting menu by lantern light, then cocktails on the roof.', $2, $3) RETURNING id`,
    [userId, JSON.stringify(venues), opts.status ?? "pending"],
  );
  return { id: s.rows[0].id as number, venueName, venueId: venue.rows[0].id as number, when };
}

test.describe("AI suggestions tab", () => {
  test("approves a suggestion, then Create Booking schedules the date", async ({ page }) => {
    await signInAsAdmin(page);
    const member = await arrangeMember({ firstName: "Imogen" });
    // Create Booking asks the rulebook and never overrides: the couple's answers fit the suggested date.
    await (await e2eDb()).query(
      `INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences, time_preferences, scheduling_preferences)
       VALUES ($1, 'SE1 9PX', 10, '££', $2, $3, $4)`,
      [
        member.id,
        JSON.stringify([{ type: "restaurants", rank: 1 }]),
        JSON.stringify([{ time: "evenings", rank: 1 }]),
        JSON.stringify(ANY_DAY),
      ],
    );
    const s = await arrangeSuggestion(member.id);
    await page.goto("/admin?tab=ai-suggestions");
    // The tab's code loads on first open: allow a busy machine a little longer.
    // Act only on the searched list: a click on the first, unfiltered list can be lost as it is replaced.
    const searched = page.waitForResponse(
      (r) => r.url().includes("/api/admin/ai-suggestions?") && r.url().includes("search="),
    );
    await page
      .getByRole("searchbox", { name: "Search suggestions by member" })
      .fill(member.email, { timeout: 15_000 });
    await searched;
    const row = page.getByTestId(`suggestion-${s.id}`);
    await expect(row).toContainText("Imogen Suggested");
    await expect(row).toContainText(s.venueName);
    await expect(row).toContainText("Restaurant · 7 Borough Yard");
    await expect(row).toContainText("A tasting menu by lantern light");
    await expect(row.getByText("Pending")).toBeVisible();

    await row.getByRole("button", { name: "Approve suggestion for Imogen Suggested" }).click();
    await expect(row.getByText("Approved")).toBeVisible();
    // It asks first (the couple is e-mailed); a double click on the confirmation books once.
    await row.getByRole("button", { name: "Create Booking" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("in 2 minutes unless you undo");
    await confirm.getByRole("button", { name: "Create Booking" }).dblclick();
    await expect(row.getByText("Booked")).toBeVisible();
    await expect(row.getByRole("button", { name: "Create Booking" })).toHaveCount(0);
    await expect(page.getByText("Booking Created", { exact: true })).toBeVisible();

    const db = await e2eDb();
    const dates = await db.query(
      "SELECT id, venue_id, scheduled_date FROM date_reservations WHERE user_id = $1",
      [member.id],
    );
    expect(dates.rows).toHaveLength(1);
    expect(dates.rows[0].venue_id).toBe(s.venueId);
    expect(new Date(dates.rows[0].scheduled_date).toISOString()).toBe(s.when.toISOString());
    const stored = await db.query("SELECT status, reservation_id FROM ai_date_suggestions WHERE id = $1", [
      s.id,
    ]);
    expect(stored.rows[0]).toEqual({ status: "booked", reservation_id: dates.rows[0].id });
  });

  test("rejects one suggestion, and a booking without a venue says what is missing", async ({ page }) => {
    await signInAsAdmin(page);
    const member = await arrangeMember({ firstName: "Jasper" });
    const pending = await arrangeSuggestion(member.id);
    const empty = await arrangeSuggestion(member.id, { status: "approved", withVenue: false });
    await page.goto("/admin?tab=ai-suggestions");
    // Act only on the searched list: a click on the first, unfiltered list can be lost as it is replaced.
    const searched = page.waitForResponse(
      (r) => r.url().includes("/api/admin/ai-suggestions?") && r.url().includes("search="),
    );
    await page
      .getByRole("searchbox", { name: "Search suggestions by member" })
      .fill(member.email, { timeout: 15_000 });
    await searched;
    const pendingRow = page.getByTestId(`suggestion-${pending.id}`);
    await pendingRow.getByRole("button", { name: /^Reject/ }).click();
    await expect(pendingRow.getByText("Rejected")).toBeVisible();
    await expect(pendingRow.getByRole("button")).toHaveCount(0);

    const emptyRow = page.getByTestId(`suggestion-${empty.id}`);
    await expect(emptyRow).toContainText("No venue suggested");
    await emptyRow.getByRole("button", { name: "Create Booking" }).click();
    await expect(
      page.getByText("Missing venue or date information in AI suggestion", { exact: true }),
    ).toBeVisible();
    await expect(emptyRow.getByText("Approved")).toBeVisible();
  });

  test("Generate Date on the needing-dates card stores the engine's pick; its reasons and other venues show; Create Booking books it; Plan month previews", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // Platinum with nothing planned needs 4 dates: the top of the list; "Aaa" keeps them first by name.
    const member = await arrangeMember({ firstName: `Aaa${Date.now().toString(36)}`, tier: "platinum" });
    const venueNames = await arrangePreferencesAndVenues(member.id);
    await page.goto("/admin?tab=ai-suggestions");
    await expect(page.getByRole("heading", { name: "Members Needing Dates (Next 30 Days)" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/Silver 1, Gold 2, Platinum 4 a month/)).toBeVisible();
    const row = page.getByTestId(`needing-${member.id}`);
    await expect(row.getByRole("cell")).toHaveText([
      /Aaa.* Suggested/,
      "Platinum",
      "0 of 4",
      "4 dates",
      "Generate Date",
    ]);
    await row.getByRole("button", { name: /^Generate Date/ }).click();
    await expect(page.getByText("Suggestion Created", { exact: true })).toBeVisible({ timeout: 15_000 });

    const db = await e2eDb();
    const stored = await db.query(
      "SELECT id, suggested_venues FROM ai_date_suggestions WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
      [member.id],
    );
    const s = stored.rows[0] as {
      id: number;
      suggested_venues: { id: number; name: string; reasons: string[] }[];
    };
    expect(s.suggested_venues).toHaveLength(3);
    for (const v of s.suggested_venues) expect(venueNames).toContain(v.name);

    const searched = page.waitForResponse(
      (r) => r.url().includes("/api/admin/ai-suggestions?") && r.url().includes("search="),
    );
    await page.getByRole("searchbox", { name: "Search suggestions by member" }).fill(member.email);
    await searched;
    const sRow = page.getByTestId(`suggestion-${s.id}`);
    const [top, second] = s.suggested_venues;
    await expect(sRow).toContainText(top.name);
    await expect(sRow.getByRole("list", { name: `Why ${top.name}` })).toContainText(top.reasons[0]);
    const others = sRow.getByTestId(`other-venues-${s.id}`);
    await expect(others.getByText(second.name)).toBeHidden();
    await others.getByText("2 other venues").click();
    await expect(others.getByText(second.name)).toBeVisible();

    await sRow.getByRole("button", { name: /^Approve suggestion/ }).click();
    await expect(sRow.getByText("Approved")).toBeVisible();
    await sRow.getByRole("button", { name: "Create Booking" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Create Booking" }).click();
    await expect(sRow.getByText("Booked")).toBeVisible();
    const booked = await db.query(
      "SELECT venue_id, match_reasons FROM date_reservations WHERE user_id = $1",
      [member.id],
    );
    expect(booked.rows).toEqual([{ venue_id: top.id, match_reasons: top.reasons }]);

    // Plan month: the dialog opens on a dry run; cancelling books nothing.
    await page.getByRole("button", { name: /^Plan [A-Z][a-z]+$/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Members considered")).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole("button", { name: /^Plan \d+ dates?$/ })).toBeVisible();
    // Each preview list scrolls inside the dialog: a named region with a tab stop, so the keyboard can scroll it.
    for (const list of await dialog.getByRole("region").all()) {
      await expect(list).toHaveAttribute("tabindex", "0");
      await expect(list).toHaveAccessibleName(/^(Dates it would plan|Members it cannot place)/);
    }
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    const after = await db.query("SELECT count(*)::int AS n FROM date_reservations WHERE user_id = $1", [
      member.id,
    ]);
    expect(after.rows[0].n).toBe(1);
  });
});

// Screenshots for a person to look at (SHOTS_DIR=/tmp/shots-x): phone and desktop, light and dark.
for (const width of [390, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`AI suggestions screenshots at ${width} in ${colorScheme}`, async ({ page }) => {
      test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await signInAsAdmin(page);
      const member = await arrangeMember({ firstName: "Olivia" });
      await arrangeSuggestion(member.id, { status: "booked" });
      await arrangeSuggestion(member.id, { status: "approved" });
      await arrangeSuggestion(member.id);
      const engine = await arrangeMember({ firstName: "Eleanor" });
      await arrangePreferencesAndVenues(engine.id);
      const generated = await page.request.post(`/api/admin/ai-suggestions/${engine.id}`);
      expect(generated.status()).toBe(201);
      const generatedId = (await generated.json()).id as number;
      await page.goto("/admin?tab=ai-suggestions");
      const role = width < 640 ? "list" : "table";
      await expect(page.getByRole(role, { name: "AI suggestions" })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole(role, { name: "Members needing dates" })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/suggestions-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.getByRole("heading", { name: "AI Suggestions" }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -16));
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/suggestions-view-${width}-${colorScheme}.png`,
      });
      await page
        .getByRole("heading", { name: "Members Needing Dates (Next 30 Days)" })
        .scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -90));
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/needing-view-${width}-${colorScheme}.png` });
      // The engine's suggestion with its other venues open.
      const generatedRow = page.getByTestId(
        width < 640 ? `suggestion-card-${generatedId}` : `suggestion-${generatedId}`,
      );
      await generatedRow.getByText("2 other venues").click();
      await generatedRow.scrollIntoViewIfNeeded();
      await generatedRow.screenshot({
        path: `${process.env.SHOTS_DIR}/generated-${width}-${colorScheme}.png`,
      });
      // The Plan month dialog's dry run.
      await page.getByRole("button", { name: /^Plan [A-Z][a-z]+$/ }).click();
      await expect(page.getByRole("dialog").getByText("Members considered")).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/plan-dialog-${width}-${colorScheme}.png` });
    });
  }
}

// Auto Assign Date's toast and the assignment's "Why this date", for a person to look at.
for (const width of [390, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`Auto assign screenshots at ${width} in ${colorScheme}`, async ({ page }) => {
      test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await signInAsAdmin(page);
      const member = await arrangeMember({ firstName: "Theo" });
      await arrangePreferencesAndVenues(member.id);
      await page.goto("/admin?tab=members");
      await page.getByRole("searchbox", { name: "Search members" }).fill(member.email, { timeout: 15_000 });
      const button = page
        .getByTestId(width < 768 ? `member-card-${member.id}` : `member-row-${member.id}`)
        .getByRole("button", { name: /Auto Assign Date/ });
      await button.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Book the date" }).click();
      await expect(page.getByText("Date Assigned", { exact: true })).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/auto-toast-${width}-${colorScheme}.png` });
      await page.goto(`/admin/members/${member.id}`);
      await expect(page.getByRole("button", { name: /Auto Assign Date/ })).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/member-page-${width}-${colorScheme}.png` });
      await page.goto("/admin?tab=assignments");
      await page
        .getByRole("searchbox", { name: "Search assignments" })
        .fill(member.email, { timeout: 15_000 });
      await page
        .getByRole("button", { name: /View assignment/ })
        .first()
        .click();
      const details = page.getByRole("dialog", { name: "Assignment details" });
      await expect(details.getByText("Why this date")).toBeVisible();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/why-${width}-${colorScheme}.png` });
    });
  }
}
