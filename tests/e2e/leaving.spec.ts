import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, readMail, setPlan } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { newMember } from "./sign-in.ts";

/**
 * Leaving deliberately: a plan holder with a partner and booked dates opens Delete Account,
 * reads what happens to the partner and each date, is refused with a wrong password, then deletes; the
 * partner is offered the membership (a banner with the deadline) and keeps the dates. Screenshots of the
 * dialog at phone and desktop size, light and dark, go to LEAVING_SHOTS when set.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("the plan holder sees what deleting does, needs the password, and the partner keeps the dates", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shots = process.env.LEAVING_SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });

  // Sam holds a Gold plan (paid for 30 days); Alex is covered. Two dates: one inside the paid month, one after.
  const sam = await newMember(page, { firstName: "Sam" });
  const partnerContext = await browser.newContext();
  const partnerPage = await partnerContext.newPage();
  const alex = await newMember(partnerPage, { firstName: "Alex" });
  const db = await e2eDb();
  await setPlan(sam.email, { tier: "gold", status: "active", periodEnd: "30 days" });
  await db.query(
    `UPDATE users u SET partner_id = p.id FROM users p
     WHERE (lower(u.email), lower(p.email)) IN ((lower($1), lower($2)), (lower($2), lower($1)))`,
    [sam.email, alex.email],
  );
  await arrangeDate(sam.email, { hoursFromNow: 24 * 5 });
  await arrangeDate(sam.email, { hoursFromNow: 24 * 40 });
  // A past date of Alex's that both rated: after Sam leaves, Sam's stars stay, not as "Your partner's".
  const past = await arrangeDate(alex.email, { hoursFromNow: -48, status: "completed", rating: 5 });
  await db.query(
    `INSERT INTO date_ratings (reservation_id, user_id, rating, feedback, rated_at)
     SELECT $1, id, 4, 'Lovely evening', now() FROM users WHERE lower(email) = lower($2)`,
    [past, sam.email],
  );

  await page.goto("/settings?tab=privacy");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId("deletion-preview");
  await expect(preview).toContainText("Your Gold membership and its Direct Debit end now.");
  const day = String.raw`\w{3} \d{1,2} \w{3}(?: \d{4})?`;
  // One sentence says where the dates go, which goes ahead either way and which depends on Alex.
  await expect(dialog.getByTestId("deletion-partner")).toHaveText(
    new RegExp(
      `^Alex is offered your Gold membership\\. Your 2 booked dates move to Alex\\. ${day} goes ahead either way; ${day} depends on Alex setting up their own Direct Debit by \\d{1,2} \\w+ \\d{4}\\. We'll e-mail Alex to explain\\.$`,
    ),
  );
  await expect(dialog).not.toContainText("Every booked date");
  await expect(dialog).not.toContainText("date history");
  await expect(
    dialog.getByText(/the words of your own ratings are deleted; the dates listed below stay with Alex\./),
  ).toBeVisible();
  const dates = dialog.getByTestId("deletion-dates").getByRole("listitem");
  await expect(dates).toHaveCount(2);
  await expect(dates.nth(0)).toHaveText(
    /^\w{3} \d{1,2} \w{3}(?: \d{4})?, \d{2}:\d{2}: moves to Alex and goes ahead either way \(within the month you have paid for\)$/,
  );
  await expect(dates.nth(1)).toContainText(
    "moves to Alex; depends on Alex setting up their own Direct Debit by",
  );

  if (shots) {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        // The theme's colours settle (a screenshot at once can catch the switch half-way).
        await readyForScreenshot(page);
        const size = viewport === PHONE ? "phone" : "desktop";
        await page.screenshot({ path: `${shots}/delete-dialog-${size}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
  }

  // No password, then a wrong one: refused, and the dialog stays open.
  // One problem: said beside the field, which takes focus; the server's refusal: the summary too, focused.
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription(
    "Enter your password to delete your account",
  );
  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  const summary = dialog.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: "That password is not right. Your account has not been deleted." }),
  ).toBeVisible();
  await expect(dialog.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription(
    "That password is not right. Your account has not been deleted.",
  );
  if (shots) await page.screenshot({ path: `${shots}/delete-dialog-wrong-password.png` });

  await dialog.getByLabel("Password").fill(sam.password);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(toasts(page).getByText("Account Deleted")).toBeVisible();
  await expect(page).toHaveURL("/");
  expect((await page.request.post("/api/login", { data: sam })).status()).toBe(401);

  // Alex: told what happened, and offered the membership with the deadline; both dates are Alex's now.
  // The e-mail and the banner say it in the same words: 1 of the 2 dates depends on it.
  const depends = new RegExp(
    `Set up your own Direct Debit by .+ to keep the Gold membership\\. 1 of your dates \\(${day}\\) depends on it; ${day} goes ahead either way\\.`,
  );
  const mail = await readMail(alex.email, "plan_holder_left");
  expect(mail.text).toMatch(depends);
  expect(mail.text).toContain("Your 2 booked dates are now in your name and still booked.");
  await partnerPage.goto("/dashboard");
  const banner = partnerPage.getByTestId("plan-offer");
  await expect(banner.getByRole("heading", { name: /Keep your dates: choose a plan by/ })).toBeVisible();
  await expect(banner).toContainText(depends);
  await expect(banner).not.toContainText("to keep your 2 booked dates");
  if (shots) {
    for (const viewport of [PHONE, DESKTOP]) {
      await partnerPage.setViewportSize(viewport);
      await partnerPage.evaluate(() => document.fonts.ready);
      await partnerPage.screenshot({
        path: `${shots}/plan-offer-${viewport === PHONE ? "phone" : "desktop"}.png`,
      });
    }
  }
  // One click on: the plans page with the offered plan already chosen.
  await banner.getByRole("link", { name: "Choose a Plan" }).click();
  await expect(partnerPage).toHaveURL("/subscription?tier=gold");
  await expect(partnerPage.getByRole("radio", { name: "Gold" })).toBeChecked();

  // Sam's rating of the date they shared stays on Alex's date page, as a former partner's, without words.
  await partnerPage.goto(`/dates/${past}`);
  const ratings = partnerPage.getByTestId("partner-ratings");
  await expect(ratings.getByRole("heading", { name: "A former partner's rating" })).toBeVisible();
  await expect(ratings).not.toContainText("Your partner's rating");
  await expect(ratings).not.toContainText("Lovely evening");
  await partnerContext.close();
});
