import { expect, test } from "@playwright/test";
import { BOOKABLE_COLUMNS, BOOKABLE_VALUES } from "../helpers/bookable-venue.ts";
import { e2eDb, expectAccessibleInFullRun, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The member page lists the venues the couple asked not to go to; an operator removes one with a reason. */

test("an operator removes a venue exclusion with a reason, kept on record", async ({ page }) => {
  const db = await e2eDb();
  const tag = Date.now().toString(36);
  const member = await db.query(
    `INSERT INTO users (email, first_name, last_name, email_verified) VALUES ($1, 'Noor', 'Excluded', true) RETURNING id`,
    [uniqueEmail("exclusions")],
  );
  const userId = member.rows[0].id as number;
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, latitude, longitude, ${BOOKABLE_COLUMNS})
     VALUES ($1, '4 Quiet Lane', 'London', 'SE1 9PX', 'restaurant', 51.5055, -0.091, ${BOOKABLE_VALUES}) RETURNING id`,
    [`Never Again Grill ${tag}`],
  );
  await db.query(`INSERT INTO user_venue_exclusions (user_id, venue_id, reason) VALUES ($1, $2, 'member')`, [
    userId,
    venue.rows[0].id,
  ]);

  await signInAsAdmin(page);
  await page.goto(`/admin/members/${userId}`);
  const section = page.getByRole("heading", { name: "Venues they asked not to go to" }).locator("..");
  await expect(section.getByText(`Never Again Grill ${tag}`)).toBeVisible();
  await section.getByRole("button", { name: "Remove" }).click();
  const form = page.getByRole("form", { name: `Remove Never Again Grill ${tag}` });
  await form.getByRole("button", { name: "Remove exclusion" }).click();
  const field = form.getByLabel("Why remove it");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please give a reason for removing it")).toBeVisible();
  await expectAccessibleInFullRun(page, "exclusion removal form");
  await field.fill("They asked us by phone to try it again");
  await form.getByRole("button", { name: "Remove exclusion" }).click();
  await expect(page.getByText("Exclusion removed").first()).toBeVisible();
  await expect(section.getByText("None.")).toBeVisible();
  const row = await db.query(
    `SELECT removed_reason, removed_by IS NOT NULL AS by_someone FROM user_venue_exclusions WHERE user_id = $1`,
    [userId],
  );
  expect(row.rows[0]).toEqual({ removed_reason: "They asked us by phone to try it again", by_someone: true });
});
