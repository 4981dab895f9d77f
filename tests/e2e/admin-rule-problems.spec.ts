import { expect, test } from "@playwright/test";
import { arrangeDate, e2eDb, expectAccessibleInFullRun, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * A booked date that breaks a rule since its venue changed: the Assignments list marks it, and its details
 * list the rules in the rulebook's words.
 */
test("a date that breaks a rule since it was booked is marked in the list and explained in its details", async ({
  page,
}) => {
  const db = await e2eDb();
  const tag = Date.now().toString(36);
  const email = uniqueEmail("rule-problems");
  await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Rhea', $2)`, [
    email,
    `Rules${tag}`,
  ]);
  await setPlan(email, { tier: "gold", status: "active" });
  const id = await arrangeDate(email, { hoursFromNow: 24 * 8, venueName: `Shifting Hours ${tag}` });
  const rule = `Shifting Hours ${tag} is not open for the whole date (closed on Fris)`;
  await db.query("UPDATE date_reservations SET rule_problems = $2::jsonb WHERE id = $1", [
    id,
    JSON.stringify([rule]),
  ]);
  await signInAsAdmin(page);
  await page.goto(`/admin?tab=assignments`);
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(`Rules${tag}`);
  const row = page.getByTestId(`assignment-row-${id}`);
  await expect(row.getByTestId("rule-problems")).toHaveText(/Breaks a rule now/);
  await row.getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog", { name: "Assignment details" });
  const panel = details.getByTestId("rule-problems-panel");
  await expect(panel.getByRole("heading", { name: "Breaks a rule since it was booked" })).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveText([rule]);
  await expectAccessibleInFullRun(page, "assignment details with a broken rule");
});
