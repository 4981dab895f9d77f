import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, FULL_ONLY } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

const NOT_FOUND = "The mystery date you're looking for doesn't exist or you don't have access to it.";
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("date detail", () => {
  test("a locked date shows the countdown and no venue, and can be rescheduled", async ({ page }) => {
    const { email } = await newMember(page);
    const venue = unique("Secret Cellar");
    const id = await arrangeDate(email, { hoursFromNow: 100, venueName: venue });

    await page.goto(`/dates/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your mystery date" })).toBeVisible();
    await expect(page.getByTestId("date-status")).toHaveText("Locked");
    // 100 hours away: 52 hours until the reveal (51 once a minute of the test has gone by).
    await expect(page.getByTestId("countdown-hours")).toHaveText(/^5[12]$/);
    await expect(page.getByTestId("countdown")).toContainText("hours remaining");
    await expect(page.getByTestId("countdown-days")).toHaveText(/^2 days( [34] hours?)?$/);
    await expect(page.getByTestId("details-locked")).toContainText("Still under wraps");
    expect(await page.content()).not.toContain(venue);
    expect(await page.content()).not.toContain("12 Secret Street");
    expect(await page.content()).not.toContain("Smart casual");

    await expect(page.getByTestId("action-directions").getByRole("button")).toBeDisabled();
    await expect(page.getByTestId("action-directions")).toContainText("Directions appear with the venue");
    await expect(page.getByTestId("action-confirm").getByRole("button")).toBeDisabled();
    await expect(page.getByTestId("action-confirm")).toContainText("once the date is revealed");

    await page.getByRole("button", { name: "Request a reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a reschedule" });
    await dialog.getByLabel("Anything we should know? (optional)").fill("We're away that weekend");
    await dialog.getByRole("button", { name: "Request reschedule" }).click();
    await expect(toasts(page).getByText("Reschedule requested")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("date-status")).toHaveText("Reschedule requested");
    await expect(page.getByTestId("action-reschedule")).toContainText("Reschedule requested on");
  });

  test("a revealed date shows venue, address, dress code and directions, and attendance can be confirmed", async ({
    page,
  }) => {
    const { email } = await newMember(page);
    const venue = unique("Rooftop Bar");
    const id = await arrangeDate(email, { hoursFromNow: 30, venueName: venue, category: "bars" });

    await page.goto(`/dates/${id}`);
    await expect(page.getByTestId("date-status")).toHaveText("Revealed");
    await expect(page.getByRole("heading", { level: 1, name: "Candlelit supper club" })).toBeVisible();
    // Revealed: the time to the date is the figure; no reveal countdown ("reveal countdown 0 hours") is left.
    await expect(page.getByTestId("countdown-starts")).toHaveText(/^Starts in (29|30) hours$/);
    await expect(page.getByTestId("countdown-hours")).toHaveCount(0);
    await expect(page.getByTestId("countdown")).not.toContainText(/reveal countdown|remaining/i);
    await expect(page.getByTestId("detail-venue")).toHaveText(venue);
    await expect(page.getByTestId("detail-address")).toHaveText("12 Secret Street, London, SE1 9PX");
    await expect(page.getByTestId("detail-dress-code")).toHaveText("Smart casual");
    await expect(page.getByTestId("date-description")).toContainText("seven-course tasting menu");
    await expect(page.getByTestId("details-revealed")).toContainText("About 3 hours");

    const directions = page.getByRole("link", { name: /Get directions/ });
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("href", /^https:\/\//);

    await expect(page.getByTestId("action-confirm")).toContainText("Please confirm by");
    await page.getByRole("button", { name: "Confirm attendance" }).click();
    await expect(toasts(page).getByText("Attendance confirmed")).toBeVisible();
    await expect(page.getByTestId("date-status")).toHaveText("Confirmed");
    await expect(page.getByTestId("action-confirm")).toContainText("Attendance confirmed on");

    // The dashboard shows the change without a reload.
    await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
    await expect(page.getByTestId(`date-card-${id}`).getByTestId("date-status")).toHaveText("Confirmed");
  });

  test("Add to calendar downloads an .ics file", async ({ page }) => {
    const { email } = await newMember(page);
    const id = await arrangeDate(email, { hoursFromNow: 120 });
    await page.goto(`/dates/${id}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Add to calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = readFileSync((await download.path())!, "utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toMatch(/SUMMARY:.*Mystery date/i);
    expect(ics).not.toContain("Secret Street");
  });

  test("a past date can be rated with the keyboard and the rating edited", async ({ page }) => {
    const { email } = await newMember(page);
    const id = await arrangeDate(email, { hoursFromNow: -30, status: "completed" });
    await page.goto(`/dates/${id}`);
    await expect(page.getByTestId("date-status")).toHaveText("Completed");

    await page.getByRole("button", { name: "Rate experience" }).click();
    const card = page.getByTestId("rating-card");
    await expect(card.getByRole("radio", { name: /^1 star/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(card.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
    await card.getByLabel("Anything you'd like to tell us? (optional)").fill("Loved the candlelight.");
    await card.getByRole("button", { name: "Save rating" }).click();
    await expect(toasts(page).getByText("Thank you for rating")).toBeVisible();
    await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(card).toContainText("Loved the candlelight.");

    await card.getByRole("button", { name: "Edit rating" }).click();
    await card.getByRole("radio", { name: /^5 stars/ }).check({ force: true });
    await card.getByRole("button", { name: "Update rating" }).click();
    await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-rating")).toHaveText("5.0");
  });

  test("each partner rates the date for themselves and sees the other's rating, labelled", async ({
    page,
    browser,
  }) => {
    const holder = await newMember(page, { firstName: "Robin" });
    const partnerContext = await browser.newContext();
    const partnerPage = await partnerContext.newPage();
    const partner = await newMember(partnerPage, { firstName: "Jordan" });
    const db = await e2eDb();
    await db.query(
      `UPDATE users u SET partner_id = p.id FROM users p
        WHERE (lower(u.email), lower(p.email)) IN ((lower($1), lower($2)), (lower($2), lower($1)))`,
      [holder.email, partner.email],
    );
    const id = await arrangeDate(holder.email, { hoursFromNow: -30, status: "completed" });

    // The partner rates first: two stars and their words.
    await partnerPage.goto(`/dates/${id}`);
    const theirCard = partnerPage.getByTestId("rating-card");
    await theirCard.getByRole("radio", { name: /^2 stars/ }).check({ force: true });
    await theirCard.getByLabel("Anything you'd like to tell us? (optional)").fill("Too loud for us.");
    await theirCard.getByRole("button", { name: "Save rating" }).click();
    await expect(theirCard.getByRole("img", { name: "Rated 2 out of 5" })).toBeVisible();

    // The plan holder still rates for themselves, and sees Jordan's rating beneath.
    await page.goto(`/dates/${id}`);
    const card = page.getByTestId("rating-card");
    await expect(card.getByRole("heading", { name: "Rate your experience" })).toBeVisible();
    await expect(card.getByTestId("partner-ratings")).toContainText("Jordan's rating");
    await expect(card.getByRole("img", { name: "Jordan rated it 2 out of 5" })).toBeVisible();
    await expect(card).toContainText("Too loud for us.");
    await card.getByRole("radio", { name: /^5 stars/ }).check({ force: true });
    await card.getByLabel("Anything you'd like to tell us? (optional)").fill("Perfect evening.");
    await card.getByRole("button", { name: "Save rating" }).click();
    await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

    // Neither replaced the other; each average is their own.
    await partnerPage.reload();
    await expect(theirCard.getByRole("img", { name: "Rated 2 out of 5" })).toBeVisible();
    await expect(theirCard.getByRole("img", { name: "Robin rated it 5 out of 5" })).toBeVisible();
    await expect(theirCard).toContainText("Perfect evening.");
    await partnerPage.goto("/dashboard");
    await expect(partnerPage.getByTestId("stat-rating")).toHaveText("2.0");
    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-rating")).toHaveText("5.0");

    if (process.env.SCREENSHOTS) {
      for (const [width, height] of [
        [390, 844],
        [1440, 900],
      ]) {
        for (const colorScheme of ["light", "dark"] as const) {
          await partnerPage.setViewportSize({ width, height });
          await partnerPage.emulateMedia({ colorScheme, reducedMotion: "reduce" });
          await partnerPage.goto(`/dates/${id}`);
          await theirCard.scrollIntoViewIfNeeded();
          await theirCard.screenshot({ path: `/tmp/shots-ratings/ratings-${width}-${colorScheme}.png` });
        }
      }
    }
    await partnerContext.close();
  });

  test("Contact support sends a message about the date", async ({ page }) => {
    const { email } = await newMember(page);
    const id = await arrangeDate(email, { hoursFromNow: 80 });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/dates/${id}`);
    const support = page.getByRole("button", { name: "Contact support" });
    await expect(support).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The form's code (react-hook-form, zod) is not part of the date page's first load.
    expect(scripts.filter((s) => s.includes("contact-support-dialog"))).toEqual([]);
    // Pressed at once, it loads and opens; closed, focus is back on the button.
    await support.click();
    const dialog = page.getByRole("dialog", { name: "Contact support" });
    await expect(dialog).toBeVisible();
    expect(scripts.filter((s) => s.includes("contact-support-dialog"))).toHaveLength(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(support).toBeFocused();
    await support.click();
    await expect(dialog.getByLabel("Subject")).toHaveValue(/^Our date on /);
    await dialog.getByLabel("Message").fill("Short");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Please tell us a little more (at least 10 characters)")).toBeVisible();
    await dialog.getByLabel("Message").fill("One of us has a new nut allergy: please let the venue know.");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(toasts(page).getByText("Message sent")).toBeVisible();
    const view = page.getByRole("link", { name: "View your messages" });
    await expect(view).toHaveAttribute("href", /^\/support\/\d+$/);

    const tickets = await page.request.get("/api/support/tickets");
    const list = (await tickets.json()) as Array<{ subject: string; reservationId: number | null }>;
    expect(list[0].reservationId).toBe(id);
    expect(list[0].subject).toMatch(/^Our date on /);
  });

  test("another member's date and a malformed id show the not-found card", async ({ page, browser }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const { email: otherEmail } = await newMember(otherPage);
    const theirs = await arrangeDate(otherEmail, { hoursFromNow: 10 });
    await other.close();

    await newMember(page);
    await page.goto(`/dates/${theirs}`);
    await expect(page.getByTestId("date-not-found")).toContainText(NOT_FOUND);
    await page.goto("/dates/not-a-date");
    await expect(page.getByTestId("date-not-found")).toContainText(NOT_FOUND);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test(
    "a session lost before opening a date says so and goes to sign in",
    FULL_ONLY,
    async ({ page, context }) => {
      const { email } = await newMember(page);
      const id = await arrangeDate(email, { hoursFromNow: 90 });
      await page.goto("/dashboard");
      await expect(page.getByTestId(`date-card-${id}`)).toBeVisible();
      // The session ends elsewhere (signed out in another tab, expired): the page still thinks it is signed in.
      await context.clearCookies({ name: "unveil_sid" });
      await page.getByTestId(`date-card-${id}`).click();
      await expect(toasts(page).getByText("Unauthorized")).toBeVisible();
      await expect(toasts(page).getByText("You are logged out. Logging in again...")).toBeVisible();
      await page.waitForURL((url) => url.pathname === "/auth" || url.pathname === "/api/login");
    },
  );
});
