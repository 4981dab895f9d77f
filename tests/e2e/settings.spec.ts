import { expect, type Page, test } from "@playwright/test";
import { FAILED_PAYMENT_RULE } from "../../src/shared/payment-recovery.ts";
import { arrangeDate, FULL_ONLY, setPlan, subscribeViaApi } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A complete questionnaire (Terms accepted) with a 15-mile radius, as onboarding stores it. */
const PREFERENCES = {
  postcode: "se19px",
  travelRadius: 15,
  dateSpend: "££",
  dateTypePreferences: [{ type: "restaurants", rank: 1 }],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "friday" },
    { weekOfMonth: 2, dayOfWeek: "friday" },
    { weekOfMonth: 3, dayOfWeek: "saturday" },
  ],
  timePreferences: [{ time: "evenings", rank: 1 }],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  alcoholOk: true,
  openToTrying: true,
  marketingOptOut: false,
  termsAccepted: true,
};

async function savePreferences(page: Page) {
  const res = await page.request.post("/api/onboarding/preferences", { data: PREFERENCES });
  expect(res.status()).toBe(200);
}

/**
 * A member with a Direct Debit set up through the sandbox provider, by the requests the joining journey's
 * screens make (those screens have their own tests: joining, accessibility, bank details).
 */
async function subscribedMember(page: Page, tier: "silver" | "gold" | "platinum" = "gold") {
  const member = await newMember(page);
  await savePreferences(page);
  await subscribeViaApi(page, tier);
  return member;
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test.describe("settings", () => {
  test("tabs: a side list on desktop, a bottom bar on a phone, deep links and noindex", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // An address a little longer than the side column's line (about 28 characters there).
    const email = `alex${Date.now().toString(36)}${Math.floor(Math.random() * 100)}@montgomeryfeather.co.uk`;
    await newMember(page, { firstName: "Alex", email });
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    // It wraps after the "@" (or before a dot), not wherever the line runs out ("...feath" / "er.co.uk").
    const sideEmail = page.getByTestId("side-email");
    await expect(sideEmail).toHaveText(email);
    const lines = await sideEmail.evaluate((el) => {
      const byTop = new Map<number, string>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (let i = 0; i < (node.textContent ?? "").length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? "") + (node.textContent ?? "")[i]);
        }
      return [...byTop.values()];
    });
    expect(lines.join("")).toBe(email);
    for (const [i, line] of lines.slice(0, -1).entries())
      expect(line.endsWith("@") || lines[i + 1].startsWith("."), `line "${line}" of ${lines}`).toBe(true);
    await expect(page).toHaveTitle(/Account Settings/);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    const list = page.getByRole("tablist", { name: "Settings sections" });
    await expect(list).toHaveAttribute("data-layout", "side");
    await expect(list).toHaveAttribute("aria-orientation", "vertical");
    const names = ["Profile", "Notifications", "Subscription", "Privacy & Security"];
    await expect(list.getByRole("tab")).toHaveCount(names.length);
    for (const [i, name] of names.entries())
      await expect(list.getByRole("tab").nth(i)).toHaveAccessibleName(name);
    await expect(tab(page, "Profile")).toHaveAttribute("aria-selected", "true");
    // The side list sits beside the content, not under it.
    const listBox = (await list.boundingBox())!;
    const panelBox = (await page.getByRole("tabpanel").boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(panelBox.x);

    await tab(page, "Notifications").click();
    await expect(page).toHaveURL("/settings?tab=notifications");
    await expect(page.getByRole("switch", { name: "Email notifications" })).toBeVisible();

    // Deep link: the Subscription tab of a member without a plan.
    await page.goto("/settings?tab=subscription");
    await expect(tab(page, "Subscription")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("settings-plan-name")).toHaveText("Free Trial");
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Trial");
    await expect(page.getByRole("link", { name: "View All Plans" })).toHaveAttribute("href", "/subscription");
    await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeHidden();

    // Leaving the page drops the noindex mark.
    await page.getByRole("link", { name: "View All Plans" }).click();
    await expect(page).toHaveURL("/subscription");
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(0);

    // On a phone the tabs are a bar fixed to the bottom of the screen.
    await page.setViewportSize(PHONE);
    await page.goto("/settings?tab=privacy");
    await expect(list).toHaveAttribute("data-layout", "bottom");
    await expect(page.getByRole("region", { name: "Danger Zone" })).toBeVisible();
    const bar = (await list.boundingBox())!;
    expect(Math.round(bar.y + bar.height)).toBe(PHONE.height);
    expect(Math.round(bar.width)).toBe(PHONE.width);
    await page.mouse.wheel(0, 600);
    expect(Math.round((await list.boundingBox())!.y + bar.height)).toBe(PHONE.height);
    await tab(page, "Profile").click();
    await expect(page).toHaveURL("/settings");
    await expect(page.getByLabel("First name")).toHaveValue("Alex");
  });

  test("date preferences: the needs are shown in Settings and edited there, coming back once saved", async ({
    page,
  }) => {
    await newMember(page);
    await savePreferences(page);
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Date preferences" });
    const summary = card.getByTestId("preferences-summary");
    await expect(summary).toContainText("Dietary needsNone");
    await expect(summary).toContainText("Within 15 miles of SE1 9PX");
    await card.getByRole("link", { name: "Edit your answers" }).click();
    await expect(page).toHaveURL(/\/onboarding\?next=%2Fsettings/);
    // Straight to the needs: the earlier answers are complete.
    await page.goto("/onboarding?next=%2Fsettings&step=6");
    await page.getByRole("checkbox", { name: "Halal" }).check();
    await page.getByRole("checkbox", { name: "Step-free access" }).check();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(toasts(page).getByText("Preferences saved")).toBeVisible();
    await expect(page).toHaveURL("/settings");
    await expect(summary).toContainText("Dietary needsHalal");
    await expect(summary).toContainText("Access needsStep-free access");
    if (process.env.SHOTS_DIR)
      for (const [size, scheme] of [
        [DESKTOP, "light"],
        [PHONE, "dark"],
      ] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await card.screenshot({
          path: `${process.env.SHOTS_DIR}/preferences-card-${size.width}-${scheme}.png`,
        });
      }

    // From the dashboard too.
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Your preferences" })).toHaveAttribute(
      "href",
      "/onboarding?next=%2Fdashboard",
    );
  });

  test("unsaved changes: another tab asks before dropping them; kept, saved or discarded", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await newMember(page);
    await page.goto("/settings?tab=notifications");
    const marketing = page.getByRole("switch", { name: "Marketing communications" });
    const before = await marketing.isChecked();
    await marketing.click();
    await page.getByRole("tab", { name: "Profile" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toContainText("Your changes to Notifications aren't saved yet.");
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL("/settings?tab=notifications");
    await expect(marketing).toBeChecked({ checked: !before });

    // Discarding goes on, and the switch is back as saved.
    await page.getByRole("tab", { name: "Subscription" }).click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL("/settings?tab=subscription");
    await page.getByRole("tab", { name: "Notifications" }).click();
    await expect(marketing).toBeChecked({ checked: before });

    // Saved changes leave without a question.
    await marketing.click();
    await page.getByRole("button", { name: "Save Notification Settings" }).click();
    await expect(toasts(page).getByText("Notification Settings Saved")).toBeVisible();
    await page.getByRole("tab", { name: "Profile" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(dialog).toHaveCount(0);
  });

  test(
    "a session that ended meanwhile: the Unauthorized toast, then sign-in again",
    FULL_ONLY,
    async ({ page, context }) => {
      const { email, password } = await newMember(page, { firstName: "Alex" });
      await page.goto("/settings?tab=notifications");
      const marketing = page.getByRole("switch", { name: "Marketing communications" });
      await expect(marketing).toBeChecked();
      await context.clearCookies();
      await marketing.click();
      await page.getByRole("button", { name: "Save Notification Settings" }).click();
      // One check: the page leaves for sign-in 500 ms after the toast appears.
      await expect(toasts(page).getByText("You are logged out. Logging in again...")).toBeVisible();
      // Sign-in remembers the page the member was on and brings them back to it.
      await expect(page).toHaveURL("/auth?next=%2Fsettings%3Ftab%3Dnotifications");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL("/settings?tab=notifications");
      await expect(page.getByRole("switch", { name: "Marketing communications" })).toBeVisible();
    },
  );

  test("profile: checks fields, saves only what changed, and waits for a new e-mail to be verified", async ({
    page,
  }) => {
    const { email, password } = await newMember(page, { firstName: "Alex" });
    await savePreferences(page);
    await page.goto("/settings");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    // Onboarding's 15 miles is kept as its own choice beside 10/25/50/100+.
    const radius = page.getByLabel("Travel radius");
    await expect(radius).toHaveValue("15");
    await expect(radius.locator("option")).toHaveText([
      "10 miles",
      "15 miles",
      "25 miles",
      "50 miles",
      "100+ miles",
    ]);

    await page.getByLabel("First name").fill("A");
    await page.getByLabel("Phone").fill("12345");
    await page.getByRole("button", { name: "Save Changes" }).click();
    // Two problems: the summary takes focus, each beside its field too, and its links lead there.
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "First name must be at least 2 characters",
      /^Please enter a valid UK phone number/,
    ]);
    await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(
      /^Please enter a valid UK phone number/,
    );
    await summary.getByRole("link", { name: /^Please enter a valid UK phone number/ }).click();
    await expect(page.getByLabel("Phone")).toBeFocused();

    const patches: unknown[] = [];
    page.on("request", (req) => {
      if (req.method() === "PATCH" && req.url().endsWith("/api/auth/user")) patches.push(req.postDataJSON());
    });
    await page.getByLabel("First name").fill("Alexandra");
    await page.getByLabel("Phone").fill("07700 900123");
    await page.getByLabel("City").fill("London");
    await radius.selectOption({ label: "100+ miles" });
    const newEmail = email.replace("@", "+new@");
    await page.getByLabel("Email").fill(newEmail);
    // A new address needs the password.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Enter your current password to change your e-mail address")).toBeVisible();
    await expect(page.getByLabel("Current password")).toBeFocused();
    await page.getByLabel("Current password").fill(password);
    const saveChanges = page.getByRole("button", { name: "Save Changes" });
    await saveChanges.click();
    await expect(toasts(page).getByText("Profile Updated")).toBeVisible();
    // The button pressed keeps focus through the save, which is said politely.
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await expect(saveChanges).toBeFocused();
    // So the next Tab goes on down the page (it used to start again at "Skip to content").
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Edit your answers");
    await expect(toasts(page).getByText(`We've sent a link to ${newEmail}`)).toBeVisible();
    expect(patches).toEqual([
      {
        firstName: "Alexandra",
        email: newEmail,
        currentPassword: password,
        city: "London",
        phone: "+447700900123",
        travelRadius: 100,
      },
    ]);
    // The old address stays in use until the new one is verified.
    await expect(page.getByTestId("pending-email")).toContainText(newEmail);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByTestId("header-user-name")).toHaveText("Alexandra");

    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Alexandra");
    // Stored as +447700900123, shown as it was typed.
    await expect(page.getByLabel("Phone")).toHaveValue("07700 900123");
    await expect(page.getByLabel("City")).toHaveValue("London");
    await expect(page.getByLabel("Travel radius")).toHaveValue("100");
    await expect(page.getByTestId("pending-email")).toContainText(newEmail);
  });

  test("notifications: switches are saved and still set after a reload; texts need a phone", async ({
    page,
  }) => {
    await newMember(page);
    await page.goto("/settings?tab=notifications");
    const emailSwitch = page.getByRole("switch", { name: "Email notifications" });
    const sms = page.getByRole("switch", { name: "SMS notifications" });
    const marketing = page.getByRole("switch", { name: "Marketing communications" });
    const save = page.getByRole("button", { name: "Save Notification Settings" });
    await expect(emailSwitch).toBeChecked();
    await expect(sms).not.toBeChecked();
    await expect(marketing).toBeChecked();
    await expect(sms).toBeDisabled();
    await expect(page.getByTestId("sms-needs-phone")).toContainText(
      "Add a mobile number to receive text messages",
    );

    await emailSwitch.click();
    await marketing.click();
    await save.click();
    await expect(toasts(page).getByText("Notification Settings Saved")).toBeVisible();
    // Focus stays on Save while it saves and after: the next Tab goes on from there, not to the top.
    await expect(save).toBeFocused();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await page.keyboard.press("Shift+Tab");
    await expect(marketing).toBeFocused();
    await page.reload();
    await expect(emailSwitch).not.toBeChecked();
    await expect(marketing).not.toBeChecked();

    // Add a phone in Profile, then texts can be turned on.
    await page.getByRole("button", { name: "Add one in Profile" }).click();
    await expect(page).toHaveURL("/settings");
    await page.getByLabel("Phone").fill("+44 7700 900456");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page).getByText("Profile Updated")).toBeVisible();
    await tab(page, "Notifications").click();
    await expect(page.getByTestId("sms-needs-phone")).toBeHidden();
    await sms.click();
    await emailSwitch.click();
    await save.click();
    await expect(toasts(page).getByText("Notification Settings Saved")).toBeVisible();
    await page.reload();
    await expect(sms).toBeChecked();
    await expect(emailSwitch).toBeChecked();
    await expect(marketing).not.toBeChecked();
  });

  test("cancelling: offers, a required reason, back, confirm; then reactivating", async ({ page }) => {
    test.setTimeout(60_000);
    const { email } = await subscribedMember(page, "gold");
    // A date already enjoyed: no cooling-off refund, so the plan runs to the end of the paid period.
    await arrangeDate(email, { hoursFromNow: -72, status: "completed" });
    await page.goto("/settings?tab=subscription");
    await expect(page.getByTestId("settings-plan-name")).toHaveText("Gold plan");
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Active");
    await expect(page.getByRole("list", { name: "Plan benefits" })).toContainText("2 mystery dates a month");
    await expect(page.getByRole("link", { name: "Manage Billing" })).toHaveAttribute("href", "/billing");

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 1 of 3");
    await expect(dialog.getByRole("heading", { name: "Before you go" })).toBeVisible();
    const accept = dialog.getByRole("button", { name: "Accept This Offer" });
    await expect(accept).toBeDisabled();
    await expect(dialog.getByRole("radio", { name: "Take a month off" })).toBeVisible();
    await dialog.getByRole("radio", { name: "Switch to Silver at £15/month" }).click();
    await expect(accept).toBeEnabled();

    // Step 2: a reason is required; Back returns to the offers.
    await dialog.getByRole("button", { name: "No Thanks" }).click();
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 2 of 3");
    await expect(dialog.getByRole("radio")).toHaveCount(8);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByText("Please select a reason for cancelling")).toBeVisible();
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 2 of 3");
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 1 of 3");
    await dialog.getByRole("button", { name: "No Thanks" }).click();
    await dialog.getByRole("radio", { name: "Too expensive" }).click();
    await dialog.getByRole("radio", { name: "Partner is no longer interested" }).click();
    await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(1);
    await dialog.getByRole("button", { name: "Continue" }).click();

    // Step 3: what cancelling means; Keep Subscription closes, and the dialog starts again from step 1.
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 3 of 3");
    await expect(dialog.getByRole("list", { name: "What cancelling means" })).toContainText(
      "No further Direct Debit payments",
    );
    await dialog.getByRole("button", { name: "Keep Subscription" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 1 of 3");
    await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Accept This Offer" })).toBeDisabled();

    await dialog.getByRole("button", { name: "No Thanks" }).click();
    await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
    await dialog.getByRole("radio", { name: "Dates don't match my preferences" }).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel(/Anything else/).fill("More outdoor dates, please.");
    const cancelCall = page.waitForRequest((r) => r.url().endsWith("/api/cancel-subscription"));
    let reloaded = page.waitForEvent("load");
    await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
    expect((await cancelCall).postDataJSON()).toEqual({
      reason: "Dates don't match my preferences",
      feedback: "More outdoor dates, please.",
    });
    await expect(toasts(page).getByText("Subscription Cancelled")).toBeVisible();
    // The page reloads and shows the cancelled plan.
    await reloaded;
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("cancelled-notice")).toContainText(
      "ends with the current billing period, on",
    );
    await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeHidden();

    reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reactivate" }).click();
    await expect(toasts(page).getByText("Subscription Reactivated")).toBeVisible();
    await reloaded;
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  });

  test("the pause offer pauses the plan for a month", async ({ page }) => {
    test.setTimeout(60_000);
    await subscribedMember(page, "silver");
    await page.goto("/settings?tab=subscription");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog");
    // Already on Silver: only the pause is offered.
    await expect(dialog.getByRole("radio")).toHaveCount(1);
    await dialog.getByRole("radio", { name: "Take a month off" }).click();
    await dialog.getByRole("button", { name: "Accept This Offer" }).click();
    // The month off is shown before it is booked: no dates in it, so no choice to make.
    await expect(dialog.getByTestId("pause-period")).toContainText("You have no dates booked in that month.");
    const reloaded = page.waitForEvent("load");
    await dialog.getByRole("button", { name: /^Pause until \d{1,2} \w+ \d{4}$/ }).click();
    await expect(toasts(page).getByText("Subscription Paused")).toBeVisible();
    await reloaded;
    // The month off starts with the next billing cycle; until then the plan runs as usual.
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Active");
    await expect(page.getByTestId("pause-notice")).toContainText(/Month off booked: \d{1,2} \w+ \d{4} to/);
    await expect(page.getByTestId("pause-notice")).toContainText("is not taken");
    // The next payment is the one after the month off (the account's), never the one it skips.
    const billing = await (await page.request.get("/api/billing")).json();
    const me = await (await page.request.get("/api/auth/user")).json();
    expect(new Date(billing.nextPayment.date).getTime()).toBeGreaterThan(
      new Date(me.currentPeriodEnd).getTime(),
    );
    await expect(page.getByTestId("settings-next-payment")).toHaveText(
      /^Next payment £15 on \d{1,2} \w+ \d{4}$/,
    );
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(dialog.getByTestId("cancel-step")).toHaveText("Step 2 of 3");
    await expect(dialog.getByRole("button", { name: "Back" })).toBeHidden();
  });

  test("changing plan waits for the next billing cycle", async ({ page }) => {
    test.setTimeout(60_000);
    await subscribedMember(page, "gold");
    await page.goto("/settings?tab=subscription");
    await page.getByRole("button", { name: "View All Plans" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Switch to Platinum" }).click();
    await dialog.getByRole("button", { name: "Switch to Platinum" }).click();
    await expect(toasts(page).getByText("Plan Change Scheduled")).toBeVisible();
    await expect(page.getByTestId("pending-tier-notice")).toContainText("You'll move to Platinum");
    await expect(page.getByTestId("settings-plan-name")).toHaveText("Gold plan");
  });

  test("a failed payment: the warning, then new bank details through the payment provider", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { email } = await subscribedMember(page, "silver");
    await setPlan(email, { status: "past_due" });
    await page.goto("/settings?tab=subscription");
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Payment overdue");
    await expect(page.getByTestId("past-due-notice")).toContainText(FAILED_PAYMENT_RULE);
    await page.getByRole("button", { name: "Update Payment Method" }).click();
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await page.getByLabel("Account holder name").fill("Alex Taylor");
    await page.getByLabel("Sort code").fill("20-00-00");
    await page.getByLabel("Account number").fill("44771234");
    await page.getByLabel(/I am the account holder/).check();
    await page.getByRole("button", { name: "Set up Direct Debit" }).click();
    await expect(page).toHaveURL(/\/subscription\/complete\?session_token=/);
    await expect(page.getByRole("heading", { name: "Your bank details are updated" })).toBeVisible();
    await page.getByRole("link", { name: "View billing" }).click();
    await expect(page).toHaveURL("/billing");
    await expect(page.getByTestId("billing-mandate")).toContainText("ending 34");
  });

  test("privacy: download my data and change the password", async ({ page }) => {
    const { email, password } = await newMember(page);
    await page.goto("/settings?tab=privacy");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download My Data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await (await import("node:fs/promises")).readFile((await file.path())!, "utf8"));
    expect(JSON.stringify(data)).toContain(email);

    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your password" });
    await dialog.getByLabel("Current password").fill("not-my-password");
    await dialog.getByLabel("New password").fill("short");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
    // One problem: focus goes straight to its field, which it describes.
    await expect(dialog.getByLabel("New password")).toBeFocused();
    await dialog.getByLabel("New password").fill("a-brand-new-passphrase");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    // Refused by the server: beside the field and in the summary, which takes focus.
    await expect(dialog.getByTestId("error-summary")).toBeFocused();
    await expect(dialog.getByLabel("Current password")).toHaveAccessibleDescription(
      "Current password is incorrect",
    );
    await dialog.getByLabel("Current password").fill(password);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(toasts(page).getByText("Password Changed")).toBeVisible();
    await expect(dialog).toBeHidden();

    const again = await page.request.post("/api/login", {
      data: { email, password: "a-brand-new-passphrase" },
    });
    expect(again.status()).toBe(200);
  });

  test("deleting the account ends at the landing page, signed out for good", async ({ page }) => {
    const { email, password } = await newMember(page);
    await page.goto("/settings?tab=privacy");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Keep My Account" }).click();
    await expect(confirm).toBeHidden();

    // A refusal the server gives for no field: said at the top of the dialog (focused), its toast repeating
    // it; the first Escape, though the toast opened last and is the top layer, still answers Keep My Account.
    const opener = page.getByRole("button", { name: "Delete Account" });
    await opener.click();
    await expect(confirm.getByTestId("deletion-dates")).toHaveCount(0);
    await expect(confirm.getByText("You have no dates booked.")).toBeVisible();
    await confirm.getByLabel("Password").fill(password);
    const refusal = "We couldn't delete your account just now. Please try again.";
    await page.route(
      "**/api/auth/user",
      (route) =>
        route.request().method() === "DELETE"
          ? route.fulfill({ status: 503, json: { message: refusal } })
          : route.fallback(),
      { times: 1 },
    );
    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirm.getByTestId("error-summary")).toBeFocused();
    await expect(confirm.getByTestId("error-summary")).toContainText(refusal);
    await expect(toasts(page).getByText(refusal)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await confirm.getByLabel("Password").fill(password);
    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await expect(toasts(page).getByText("Account Deleted")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeHidden();
    const login = await page.request.post("/api/login", { data: { email, password } });
    expect(login.status()).toBe(401);
  });
});

/**
 * Screenshots of every tab, the dialogs and the billing page, phone and desktop, light and dark, for a
 * person to look at. Only when SETTINGS_SHOTS names a directory (not part of the normal run).
 */
test("settings screenshots", async ({ page }) => {
  const dir = process.env.SETTINGS_SHOTS;
  test.skip(!dir, "set SETTINGS_SHOTS=/some/dir to take them");
  test.setTimeout(180_000);
  const { email } = await newMember(page, { firstName: "Alex" });
  await savePreferences(page);
  await page.goto("/subscription?tier=gold");
  await page.getByLabel("Offer code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("plan-gold-price")).toContainText("£18");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.getByLabel("Account holder name").fill("Alex Taylor");
  await page.getByLabel("Sort code").fill("20-00-00");
  await page.getByLabel("Account number").fill("55779911");
  await page.getByLabel(/I am the account holder/).check();
  await page.getByRole("button", { name: "Set up Direct Debit" }).click();
  await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toBeVisible();
  await arrangeDate(email, { hoursFromNow: -72, status: "completed" });

  const shoot = async (name: string, full = true) => {
    // A phone shows what fits on its screen (with the tab bar at the bottom), not the whole page.
    if (page.viewportSize()?.width === PHONE.width) full = false;
    await page.evaluate(() => document.fonts.ready);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .click({ timeout: 500 })
      .catch(() => {});
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: full });
  };
  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const suffix = `${viewport === PHONE ? "phone" : "desktop"}-${colorScheme}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/settings");
      await expect(page.getByLabel("First name")).toHaveValue("Alex");
      await shoot(`profile-${suffix}`);
      await tab(page, "Notifications").click();
      await shoot(`notifications-${suffix}`);
      await tab(page, "Subscription").click();
      await expect(page.getByTestId("settings-plan-name")).toBeVisible();
      await shoot(`subscription-${suffix}`);
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("radio", { name: "Take a month off" }).click();
      await shoot(`cancel-1-${suffix}`, false);
      await dialog.getByRole("button", { name: "No Thanks" }).click();
      await dialog.getByRole("button", { name: "Continue" }).click();
      await shoot(`cancel-2-${suffix}`, false);
      await dialog.getByRole("radio", { name: "Too expensive" }).click();
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByLabel(/Anything else/).fill("We loved the first one.");
      await shoot(`cancel-3-${suffix}`, false);
      await page.keyboard.press("Escape");
      await tab(page, "Privacy & Security").click();
      await shoot(`privacy-${suffix}`);
      await page.getByRole("button", { name: "Change Password" }).click();
      await shoot(`password-${suffix}`, false);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Delete Account" }).click();
      await shoot(`delete-${suffix}`, false);
      await page.keyboard.press("Escape");
      await page.goto("/billing");
      await expect(page.getByTestId("billing-plan")).toContainText("Gold plan");
      await shoot(`billing-${suffix}`);
    }
  }

  // The other states of the plan: payment failed, then cancelled.
  await setPlan(email, { status: "past_due" });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: viewport === PHONE ? "dark" : "light" });
    await page.goto("/settings?tab=subscription");
    await expect(page.getByTestId("past-due-notice")).toBeVisible();
    await shoot(`past-due-${viewport === PHONE ? "phone-dark" : "desktop-light"}`);
  }
  await setPlan(email, { status: "active" });
  const cancelled = await page.request.post("/api/cancel-subscription", { data: { reason: "Other" } });
  expect(cancelled.status()).toBe(200);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: viewport === PHONE ? "light" : "dark" });
    await page.goto("/settings?tab=subscription");
    await expect(page.getByTestId("cancelled-notice")).toBeVisible();
    await shoot(`cancelled-${viewport === PHONE ? "phone-light" : "desktop-dark"}`);
  }
});
