import { expect, type Page, test } from "@playwright/test";
import {
  arrangeDate,
  authoriseSandboxDirectDebit,
  expectAccessibleInBothThemes as bothThemes,
  e2eDb,
  openLandingApp,
  readMail,
  saveAcceptedPreferences,
  withoutTransitions,
} from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every screen, in the light and the dark theme: no serious or critical
 * violation. Each screen is opened once and checked in both themes (the theme follows the system setting,
 * so switching the emulated colour scheme re-themes the page in place). A failing screen does not stop the
 * others being checked: every problem is listed at the end.
 */

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("accessibility (axe-core, light and dark)", () => {
  // Generous: a busy two-core machine; the checks themselves take a few seconds a screen.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withoutTransitions(page);
  });

  test("visitor screens: landing, legal dialog, sign in, create account, forgot, reset, invitation, 404", async ({
    page,
  }) => {
    await openLandingApp(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await bothThemes(page, "landing");

    await page.locator("footer").getByRole("button", { name: "Terms & Conditions" }).click();
    await expect(page.getByRole("dialog").getByText("Last updated")).toBeVisible();
    await bothThemes(page, "terms dialog");
    await page.keyboard.press("Escape");

    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    await bothThemes(page, "sign in (with errors)");

    await page.getByRole("tab", { name: "Create Account" }).click();
    await expect(page.getByLabel("First name")).toBeVisible();
    await bothThemes(page, "create account");

    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
    await bothThemes(page, "forgot password");

    // A reset link is checked as it opens (issue 18): a made-up one shows the dead-link card, a live one the form.
    await page.goto("/auth?token=not-a-real-token");
    await expect(page.getByTestId("reset-link-dead")).toBeVisible();
    await bothThemes(page, "reset link (dead)");

    const { email } = await newMember(page);
    await page.context().clearCookies();
    expect((await page.request.post("/api/forgot-password", { data: { email } })).ok()).toBe(true);
    const resetMail = await readMail(email, "password_reset");
    await page.goto(/https?:\/\/\S+\/auth\?token=[^\s"<>]+/.exec(resetMail.text)![0]);
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    await bothThemes(page, "reset password");

    await page.goto("/partner-invite?token=not-a-real-token");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await bothThemes(page, "partner invite (invalid)");

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await bothThemes(page, "404");
  });

  test("joining: home, the six questionnaire steps, plans and the Terms dialog", async ({ page }) => {
    await newMember(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Start Onboarding" })).toBeVisible({ timeout: 15_000 });
    await bothThemes(page, "home (new member)");

    await page.goto("/onboarding?tier=gold");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await page.getByLabel("Your postcode").fill("se19px");
    await expect(page.getByText("We'll save this as SE1 9PX")).toBeVisible();
    await bothThemes(page, "onboarding step 1");
    await next.click();
    await page.getByRole("radio", { name: /£40-80 per person/ }).click();
    await bothThemes(page, "onboarding step 2");
    await next.click();
    await page.getByRole("button", { name: "Restaurants" }).click();
    await bothThemes(page, "onboarding step 3");
    await next.click();
    await page.getByRole("button", { name: "Every Friday" }).click();
    await bothThemes(page, "onboarding step 4");
    await next.click();
    await page.getByRole("button", { name: "Evenings" }).click();
    await bothThemes(page, "onboarding step 5");
    await next.click();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page.getByText("You must accept the Terms & Conditions to continue")).toBeVisible();
    await bothThemes(page, "onboarding step 6 (with error)");
    await page.getByRole("checkbox", { name: "I accept the Terms & Conditions" }).click();
    await page.getByRole("button", { name: "Complete Setup" }).click();

    await expect(page).toHaveURL("/subscription?tier=gold");
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await bothThemes(page, "plans");
  });

  test("member screens: dashboard, locked and revealed dates, reschedule dialog", async ({ page }) => {
    const { email } = await newMember(page);
    await saveAcceptedPreferences(page);
    const locked = await arrangeDate(email, { hoursFromNow: 100 });
    const revealed = await arrangeDate(email, { hoursFromNow: 30, category: "bars" });
    await arrangeDate(email, { hoursFromNow: -72, status: "completed", rating: 4, feedback: "Lovely." });

    await page.goto("/dashboard");
    await expect(page.getByTestId(`date-card-${locked}`)).toBeVisible();
    await bothThemes(page, "dashboard");

    await page.goto(`/dates/${locked}`);
    await expect(page.getByTestId("date-status")).toHaveText("Locked");
    await bothThemes(page, "date detail (locked)");
    await page.getByRole("button", { name: "Request a reschedule" }).click();
    await expect(page.getByRole("dialog", { name: "Request a reschedule" })).toBeVisible();
    await bothThemes(page, "reschedule dialog");
    await page.keyboard.press("Escape");

    await page.goto(`/dates/${revealed}`);
    await expect(page.getByTestId("date-status")).toHaveText("Revealed");
    await bothThemes(page, "date detail (revealed)");
    await page.getByRole("button", { name: "Contact support" }).click();
    await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
    await bothThemes(page, "contact support dialog");
    await page.keyboard.press("Escape");
  });

  test("member screens: settings tabs, billing, support, Direct Debit and completion", async ({ page }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    for (const tab of ["profile", "notifications", "subscription", "privacy"]) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole("tab", { selected: true })).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading your settings" })).toHaveCount(0);
      await bothThemes(page, `settings ${tab}`);
    }

    await page.goto("/settings?tab=privacy");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("dialog", { name: "Change your password" })).toBeVisible();
    await bothThemes(page, "change password dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete your account?" })).toBeVisible();
    await bothThemes(page, "delete account dialog");
    await page.keyboard.press("Escape");

    await page.goto("/billing");
    await expect(page.getByTestId("billing-mandate")).toBeVisible();
    await bothThemes(page, "billing");

    await page.goto("/support");
    await page.getByLabel("Subject").fill("Question about our next date");
    await page.getByLabel("Message", { exact: true }).fill("Could the next date be somewhere step-free?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toasts(page).getByText("Message sent")).toBeVisible();
    const row = page.getByTestId("ticket-row").first();
    await bothThemes(page, "support list");
    await row.click();
    await expect(page.getByTestId("message-member")).toBeVisible();
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Please write a reply")).toBeVisible();
    await bothThemes(page, "support thread (with error)");

    // Subscribing through the sandbox Direct Debit page ends on the completion screen.
    await page.goto("/subscription?tier=gold");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await bothThemes(page, "sandbox Direct Debit page");
    await authoriseSandboxDirectDebit(page);
    await bothThemes(page, "subscription complete");
    await page.goto("/subscription");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await bothThemes(page, "plans (subscribed)");
    await page.goto("/settings?tab=subscription");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Before you go" })).toBeVisible();
    await bothThemes(page, "cancel subscription dialog");
  });

  test("back office: every tab, a member's page and the main dialogs", async ({ page, browser }) => {
    // Something in each table: a member with preferences, a date and a support message.
    const member = await browser.newPage();
    const { email } = await newMember(member, { firstName: "Priya" });
    await saveAcceptedPreferences(member);
    await arrangeDate(email, { hoursFromNow: 100 });
    expect(
      (
        await member.request.post("/api/support/tickets", {
          data: { subject: "Step-free venues", body: "Could our dates be step-free, please?" },
        })
      ).ok(),
    ).toBe(true);
    await member.close();

    await signInAsAdmin(page);
    const tabs: [string, string][] = [
      ["today", "Today"],
      ["venues", "Venues"],
      ["members", "Member Management"],
      ["users", "User Management"],
      ["assignments", "Date Assignments"],
      ["ai-suggestions", "AI Suggestions"],
      ["offer-codes", "Offer Codes"],
      ["gifts", "Gifts"],
      ["analytics", "Business Analytics"],
      ["emails", "Scheduled jobs"],
      ["support", "Support Tickets"],
      ["audit", "Audit log"],
    ];
    for (const [tab, heading] of tabs) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible({ timeout: 15_000 });
      await bothThemes(page, `admin ${tab}`);
    }
  });

  test("back office: dialogs and a member's page", async ({ page, browser }) => {
    const member = await browser.newPage();
    const { email } = await newMember(member, { firstName: "Priya" });
    await saveAcceptedPreferences(member);
    await arrangeDate(email, { hoursFromNow: 100 });
    await arrangeDate(email, { hoursFromNow: -100, status: "completed", rating: 5, feedback: "Perfect." });
    await member.close();
    const db = await e2eDb();
    const memberId = (await db.query("SELECT id FROM users WHERE email = $1", [email])).rows[0].id;
    await signInAsAdmin(page);

    await page.goto("/admin?tab=offer-codes");
    await page.getByRole("button", { name: "Create Offer Code" }).click();
    const offerDialog = page.getByRole("dialog");
    await offerDialog.getByRole("button", { name: "Create Offer Code" }).click();
    await bothThemes(page, "create offer code dialog (with errors)");
    await page.keyboard.press("Escape");

    await page.goto("/admin?tab=venues");
    await page.getByRole("button", { name: "Add Venue" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await bothThemes(page, "add venue dialog");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Add Date Idea" }).click();
    await expect(page.getByRole("dialog", { name: "Add Date Idea" })).toBeVisible();
    await bothThemes(page, "add date idea dialog");
    await page.keyboard.press("Escape");

    await page.goto("/admin?tab=assignments");
    await page.getByRole("button", { name: "Assign Date" }).first().click();
    await expect(page.getByRole("dialog", { name: "Assign Date" })).toBeVisible();
    await bothThemes(page, "assign date dialog");
    await page.keyboard.press("Escape");

    await page.goto("/admin?tab=emails");
    await page.getByRole("button", { name: "Edit Onboarding nudge" }).click({ timeout: 20_000 });
    await expect(page.getByRole("dialog", { name: "Edit template" })).toBeVisible();
    await bothThemes(page, "edit template dialog");
    await page.keyboard.press("Escape");

    await page.goto(`/admin/members/${memberId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await bothThemes(page, "admin member page");
    // The member's browser was closed without signing out: their session is still there to end.
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await bothThemes(page, "sign out everywhere dialog");
  });
});
