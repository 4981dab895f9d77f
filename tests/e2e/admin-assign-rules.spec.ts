import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { BOOKABLE_COLUMNS, BOOKABLE_VALUES } from "../helpers/bookable-venue.ts";
import { clickToFocus, e2eDb, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * Assign Date and the rulebook: the dialog checks the choice live, lists the rules it breaks
 * before Assign is clicked, asks for an override reason ("Assign anyway"), and the override is then shown in
 * the assignment's details. SHOTS_DIR: screenshots of the dialog at desktop and phone, light and dark.
 */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

/** 19:00 London on a day 9 or more days ahead that is one of days 1-28 (every week of the month is chosen). */
function fittingEvening(): string {
  for (let d = 9; ; d++) {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
      new Date(Date.now() + d * 86_400_000),
    );
    if (Number(day.slice(8, 10)) <= 28) return `${day}T19:00`;
  }
}

async function arrangeCouple(t: string) {
  const db = await e2eDb();
  const holderEmail = uniqueEmail("rules-holder");
  const holder = await db.query(
    `INSERT INTO users (email, first_name, last_name, onboarding_completed) VALUES ($1, 'Hana', $2, true) RETURNING id`,
    [holderEmail, `Holder${t}`],
  );
  await setPlan(holderEmail, { tier: "gold", status: "active" });
  const partner = await db.query(
    `INSERT INTO users (email, first_name, last_name, partner_id) VALUES ($1, 'Pip', $2, $3) RETURNING id`,
    [uniqueEmail("rules-partner"), `Partner${t}`, holder.rows[0].id],
  );
  await db.query("UPDATE users SET partner_id = $1 WHERE id = $2", [partner.rows[0].id, holder.rows[0].id]);
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const scheduling = [1, 2, 3, 4].flatMap((weekOfMonth) =>
    days.map((dayOfWeek) => ({ weekOfMonth, dayOfWeek })),
  );
  await db.query(
    `INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences,
       time_preferences, scheduling_preferences, dietary_restrictions, accessibility_needs, alcohol_ok)
     VALUES ($1, 'SE1 9PX', 10, '££', $2, $3, $4, '{}', '{}', true)`,
    [
      holder.rows[0].id,
      JSON.stringify([{ type: "restaurants", rank: 1 }]),
      JSON.stringify([{ time: "evenings", rank: 1 }]),
      JSON.stringify(scheduling),
    ],
  );
  await db.query(
    `INSERT INTO user_preferences (user_id, dietary_restrictions, accessibility_needs, alcohol_ok)
     VALUES ($1, '{Halal}', '{}', true)`,
    [partner.rows[0].id],
  );
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, ${BOOKABLE_COLUMNS})
     VALUES ($1, '2 Borough High Street', 'London', 'SE1 9PX', 'restaurant', 'medium', 51.5055, -0.091, ${BOOKABLE_VALUES}) RETURNING id`,
    [`The Oyster Bar ${t}`],
  );
  await db.query(
    `INSERT INTO date_ideas (title, description, category, duration, time_of_day, venue_id)
     VALUES ($1, 'A dozen natives at the counter.', 'culinary', 2, 'evening', $2)`,
    [`Oyster supper ${t}`, venue.rows[0].id],
  );
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

// The Assign dialog is the same at both widths (the phone's cards are walked in admin-assignments): the
// phone run only when screenshots are being taken.
for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  ...(process.env.SHOTS_DIR ? [{ name: "phone", width: 390, height: 844 }] : []),
]) {
  test(`Assign warns live about a broken rule and books it with an override reason (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const t = tag();
    await arrangeCouple(t);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    await page.getByRole("button", { name: "Assign Date" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign Date" });

    const member = dialog.getByRole("combobox", { name: "Member" });
    await clickToFocus(member);
    await member.fill(`Holder${t}`);
    await dialog.getByRole("option", { name: new RegExp(`Hana Holder${t}`) }).click();
    // The couple's plan, allowance and both partners' needs, before anything is booked.
    await expect(dialog.getByRole("region", { name: "The couple before booking" })).toContainText("Halal");
    await dialog.getByLabel("Scheduled date (London time)").fill(fittingEvening());
    await dialog.getByRole("combobox", { name: "Venue" }).fill(`The Oyster Bar ${t}`);
    await dialog.getByRole("option", { name: `The Oyster Bar ${t} - London (restaurant)` }).click();

    // The live check names the broken rule; Assign becomes "Assign anyway" and needs a reason.
    const warning = dialog.getByTestId("rule-check");
    await expect(warning).toContainText("This date breaks 1 rule");
    await expect(warning).toContainText(
      `Pip Partner${t} needs Halal food: The Oyster Bar ${t} does not offer it`,
    );
    await expect(dialog.getByRole("button", { name: "Assign", exact: true })).toHaveCount(0);
    const anyway = dialog.getByRole("button", { name: "Assign anyway" });
    await expect(anyway).toBeEnabled();
    await anyway.click();
    await expect(dialog.getByText("Please give a reason for the override")).toBeVisible();
    // The refusal moves focus to the reason, which it describes (so it is said), and marks it invalid.
    const reason = dialog.getByLabel("Override reason");
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription(/Please give a reason for the override/);
    await dialog.getByLabel("Override reason").fill("The chef will cook a Halal menu for them on the night.");
    await dialog.getByRole("heading", { name: "Assign Date" }).scrollIntoViewIfNeeded();
    await shoot(page, `assign-rules-${viewport.name}`);
    // Ask, then allow undo: the dialog names the e-mail before Assign; the toast offers Undo for the window.
    await expect(dialog.getByTestId("assign-mail-notice")).toContainText(
      "will be e-mailed a save-the-evening with a calendar hold in 2 minutes unless you undo",
    );
    await anyway.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Date Assigned", { exact: true })).toBeVisible();
    await expect(page.getByText(/E-mail goes in 2 minutes\./).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
    // The toast stays for the undo window; closed here so it does not cover the table.
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .click();

    // The override is in the details.
    await page.getByRole("searchbox", { name: "Search assignments" }).fill(`Holder${t}`);
    const view = page.getByRole("button", { name: /View/ }).first();
    // One date matches (a table row on desktop, a card on a phone).
    await expect(page.getByRole("button", { name: /View/ })).toHaveCount(1);
    await view.click();
    const details = page.getByRole("dialog", { name: "Assignment details" });
    const record = details.getByTestId("override-record");
    await expect(record).toContainText("Booked against 1 rule");
    await expect(record).toContainText(`Pip Partner${t} needs Halal food`);
    await expect(record).toContainText("The chef will cook a Halal menu for them on the night.");
    await expect(record).toContainText("by ");
    await shoot(page, `assign-rules-details-${viewport.name}`);
  });
}

test("a couple that may not have dates: Assign is disabled with the reason", async ({ page }) => {
  const t = tag();
  const db = await e2eDb();
  await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Nell', $2)`, [
    uniqueEmail("rules-noplan"),
    `Noplan${t}`,
  ]);
  await db.query(
    `INSERT INTO venues (name, address, city, type) VALUES ($1, '3 Gallery Row', 'London', 'cultural')`,
    [`Quiet Gallery ${t}`],
  );
  await signInAsAdmin(page);
  await page.goto("/admin?tab=assignments");
  await page.getByRole("button", { name: "Assign Date" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign Date" });
  const member = dialog.getByRole("combobox", { name: "Member" });
  await clickToFocus(member);
  await member.fill(`Noplan${t}`);
  await dialog.getByRole("option", { name: new RegExp(`Nell Noplan${t}`) }).click();
  await dialog.getByLabel("Scheduled date (London time)").fill(fittingEvening());
  await dialog.getByRole("combobox", { name: "Venue" }).fill(`Quiet Gallery ${t}`);
  await dialog.getByRole("option", { name: `Quiet Gallery ${t} - London (cultural)` }).click();
  await expect(dialog.getByTestId("rule-check")).toContainText(`Nell Noplan${t} has no active plan`);
  await expect(dialog.getByRole("button", { name: "Assign", exact: true })).toBeDisabled();
});
