import { expect, type Page, test } from "@playwright/test";
import { ADMIN, e2eDb, uniqueEmail } from "./helpers.ts";

/** The AI Suggestions tab: Approve, Create Booking, and the Members Needing Dates card. */
async function signInAsAdmin(page: Page) {
  expect((await page.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
}

/** A member straight in the database (the matching engine that writes suggestions is another issue). */
async function arrangeMember(opts: { firstName: string; tier?: string; status?: string | null }) {
  const db = await e2eDb();
  const email = uniqueEmail("suggested");
  const res = await db.query(
    `INSERT INTO users (email, first_name, last_name, subscription_tier, subscription_status, onboarding_completed, email_verified)
     VALUES ($1, $2, 'Suggested', $3, $4, true, true) RETURNING id`,
    [email, opts.firstName, opts.tier ?? "gold", opts.status === undefined ? "active" : opts.status],
  );
  return { id: res.rows[0].id as number, email };
}

async function arrangeSuggestion(userId: number, opts: { status?: string; withVenue?: boolean } = {}) {
  const db = await e2eDb();
  const venueName = `Lantern Supper Club ${Date.now().toString(36)}`;
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, type) VALUES ($1, '7 Borough Yard', 'London', 'restaurant') RETURNING id`,
    [venueName],
  );
  const when = new Date(Date.now() + 9 * 86_400_000);
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
    await row.getByRole("button", { name: "Create Booking" }).dblclick();
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

  test("the needing-dates card lists an active member and Generate Date explains the engine is missing", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // Platinum with nothing planned needs 4 dates: the top of the list; "Aaa" keeps them first by name.
    const member = await arrangeMember({ firstName: `Aaa${Date.now().toString(36)}`, tier: "platinum" });
    await page.goto("/admin?tab=ai-suggestions");
    await expect(page.getByRole("heading", { name: "Members Needing Dates (Next 30 Days)" })).toBeVisible({
      timeout: 15_000,
    });
    const card = page
      .getByRole("heading", { name: "Members Needing Dates (Next 30 Days)" })
      .locator("xpath=ancestor::*[contains(@class,'rounded')][1]");
    await expect(card.getByText(/Silver 1, Gold 2, Platinum 4 a month/)).toBeVisible();
    const row = page.getByTestId(`needing-${member.id}`);
    await expect(row.getByRole("cell")).toHaveText([
      /Aaa.* Suggested/,
      "Platinum",
      "0 of 4",
      "4 dates",
      "Generate Date",
    ]);
    await row.getByRole("button", { name: /^Generate Date/ }).click();
    await expect(page.getByText("Failed to create AI suggestion", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Failed to create AI suggestion: the matching engine is not available yet", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(row.getByRole("button", { name: /^Generate Date/ })).toBeEnabled();
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
      await page.getByRole(role, { name: "Members needing dates" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/needing-view-${width}-${colorScheme}.png` });
    });
  }
}
