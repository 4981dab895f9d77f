import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, expectAccessibleInFullRun, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * Re-check on every change, seen by an operator: a vegan member's date at a venue that serves nothing vegan
 * is flagged when the venue is saved; its row shows the rule, the engine's fix ("Move to {venue} · {idea}, same
 * evening") and Accept fix, which moves the date in one click and the flag goes. Keep with reason asks for a
 * reason first. Screenshots (SHOTS_DIR, else the test's output folder) at 1280 and 390 px.
 */
const ANY_DAY = [1, 2, 3, 4].flatMap((weekOfMonth) =>
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((dayOfWeek) => ({
    weekOfMonth,
    dayOfWeek,
  })),
);

async function arrangeFlagged(page: Page, tag: string): Promise<{ id: number; last: string }> {
  const db = await e2eDb();
  const email = uniqueEmail("rule-fix");
  const last = `Fix${tag}`;
  const user = await db.query(
    `INSERT INTO users (email, first_name, last_name, onboarding_completed) VALUES ($1, 'Vera', $2, true) RETURNING id`,
    [email, last],
  );
  await setPlan(email, { tier: "gold", status: "active" });
  await db.query(
    `INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences,
       time_preferences, scheduling_preferences, dietary_restrictions, accessibility_needs, alcohol_ok, open_to_trying)
     VALUES ($1, 'SE1 9PX', 10, '££', $2::json, $3::json, $4::json, ARRAY['Vegan'], '{}'::text[], true, false)`,
    [
      user.rows[0].id,
      JSON.stringify([{ type: "restaurants", rank: 1 }]),
      JSON.stringify([{ time: "evenings", rank: 1 }]),
      JSON.stringify(ANY_DAY),
    ],
  );
  const id = await arrangeDate(email, { hoursFromNow: 24 * 9, venueName: `Smoke Pit ${tag}` });
  // 19:00 London on that day, as the engine plans evenings.
  await db.query(
    `UPDATE date_reservations SET scheduled_date =
       (date_trunc('day', scheduled_date at time zone 'Europe/London') + interval '19 hours') at time zone 'Europe/London'
     WHERE id = $1`,
    [id],
  );
  // A vegan-friendly place near by, with an evening idea.
  const veg = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, dietary_accommodations,
       booking_email, opening_hours, capacity, opens_on_holidays)
     SELECT $1, '3 Green Lane', 'London', 'SE1 9PX', 'restaurant', 'medium', 51.5060, -0.0900, ARRAY['Vegan'],
       booking_email, opening_hours, capacity, opens_on_holidays FROM venues WHERE name = $2
     RETURNING id`,
    [`Leaf House ${tag}`, `Smoke Pit ${tag}`],
  );
  await db.query(
    `INSERT INTO date_ideas (title, description, category, duration, dress_code, venue_id)
     VALUES ('Leafy supper', 'Seasonal plates from the garden.', 'culinary', 2, 'Casual', $1)`,
    [veg.rows[0].id],
  );
  await signInAsAdmin(page);
  // An operator saves the Smoke Pit's hours: its dates ahead are asked of the rulebook again.
  const venueId = (await db.query("SELECT venue_id FROM date_reservations WHERE id = $1", [id])).rows[0]
    .venue_id;
  const put = await page.request.put(`/api/admin/venues/${venueId}`, {
    data: { openingHours: "Daily 00:00-24:00" },
  });
  expect(put.ok(), await put.text()).toBe(true);
  return { id, last };
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? test.info().outputDir;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

test("an operator sees a flagged date with the engine's fix and accepts it in one click", async ({
  page,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { id, last } = await arrangeFlagged(page, tag);
  const db = await e2eDb();
  const stored = (
    await db.query("SELECT rule_problems, fix_proposal FROM date_reservations WHERE id = $1", [id])
  ).rows[0];
  expect(stored.rule_problems).toEqual([`Vera ${last} needs Vegan food: Smoke Pit ${tag} does not offer it`]);
  expect(stored.fix_proposal).not.toBeNull();
  const fix = stored.fix_proposal as { venueName: string; ideaTitle: string | null };
  const fixLine = `Move to ${fix.venueName}${fix.ideaTitle ? ` · ${fix.ideaTitle}` : ""}, same evening`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin?tab=assignments");
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(last);
  const row = page.getByTestId(`assignment-row-${id}`);
  await expect(row.getByTestId("rule-problems")).toHaveText(/Breaks a rule now/);
  await expect(row.getByTestId("rule-fix")).toContainText(fixLine);
  await row.scrollIntoViewIfNeeded();
  await shot(page, "rule-fix-list-1280");
  await expectAccessibleInFullRun(page, "assignments list with a fix");

  // The details panel says the same, with the rules in the rulebook's words.
  await row.getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog", { name: "Assignment details" });
  const panel = details.getByTestId("rule-problems-panel");
  await expect(panel.getByRole("listitem")).toHaveText([stored.rule_problems[0]]);
  await expect(panel.getByRole("button", { name: "Accept fix" })).toBeVisible();
  await shot(page, "rule-fix-details-1280");
  // Keep with reason asks for a reason first.
  await panel.getByRole("button", { name: "Keep with reason" }).click();
  const keep = page.getByRole("dialog", { name: "Keep this date" });
  await keep.getByRole("button", { name: "Keep date" }).click();
  await expect(keep.getByLabel("Reason")).toBeFocused();
  await expect(keep.getByLabel("Reason")).toHaveAccessibleDescription("Give a reason for keeping this date");
  await expectAccessibleInFullRun(page, "keep with reason");
  await keep.getByRole("button", { name: "Cancel" }).click();
  await expect(keep).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId(`assignment-card-${id}`);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("button", { name: /Accept fix/ })).toBeVisible();
  await shot(page, "rule-fix-list-390");
  await expectAccessibleInFullRun(page, "assignments cards with a fix");

  // One click: the date moves, the flag goes.
  await card.getByRole("button", { name: /Accept fix/ }).click();
  await expect(page.getByText("Fix accepted", { exact: true })).toBeVisible();
  await expect(card.getByTestId("rule-problems")).toHaveCount(0);
  await expect(card.getByTestId("rule-fix")).toHaveCount(0);
  await expect(card).toContainText(fix.venueName);
  const after = (
    await db.query("SELECT rule_problems, fix_proposal FROM date_reservations WHERE id = $1", [id])
  ).rows[0];
  expect(after.rule_problems).toBeNull();
  expect(after.fix_proposal).toBeNull();
  await shot(page, "rule-fix-accepted-390");
});
