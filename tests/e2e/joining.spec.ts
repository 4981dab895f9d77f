import { expect, type Page, test } from "@playwright/test";
import { e2eDb, FULL_ONLY, uniqueEmail } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

const SANDBOX_BANK = { holder: "Alex Taylor", sortCode: "20-00-00", account: "55779911" };

/** A complete, valid questionnaire as the API takes it. */
const SAVED_PREFERENCES = {
  postcode: "sw1a1aa",
  travelRadius: 15,
  dateSpend: "£££",
  dateTypePreferences: [
    { type: "bars", rank: 1 },
    { type: "culture", rank: 2 },
  ],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "friday" },
    { weekOfMonth: 2, dayOfWeek: "friday" },
    { weekOfMonth: 3, dayOfWeek: "sunday" },
  ],
  timePreferences: [{ time: "afternoons", rank: 1 }],
  dietaryRestrictions: ["Vegan"],
  accessibilityNeeds: ["Hearing loop"],
  alcoholOk: false,
  openToTrying: true,
  marketingOptOut: true,
  termsAccepted: true,
};

/** Saves the questionnaire (and so accepts the Terms) through the API for the signed-in page. */
async function savePreferences(page: Page) {
  const res = await page.request.post("/api/onboarding/preferences", { data: SAVED_PREFERENCES });
  expect(res.status()).toBe(200);
}

const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByText(`Step ${n} of 6`, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** A new member's questionnaire: a postcode on step 1, then a budget chosen on step 2 (still shown). */
async function answerFirstTwoSteps(page: Page) {
  await newMember(page);
  await page.goto("/onboarding");
  await expectStep(page, 1, "Where are you based?");
  await page.getByLabel("Your postcode").fill("se19px");
  await nextButton(page).click();
  await expectStep(page, 2, "What would you like to spend?");
  await page.getByRole("radio", { name: /£40-80 per person/ }).click();
}

async function fillSandboxAndAuthorise(page: Page) {
  await page.getByLabel("Account holder name").fill(SANDBOX_BANK.holder);
  await page.getByLabel("Sort code").fill(SANDBOX_BANK.sortCode);
  await page.getByLabel("Account number").fill(SANDBOX_BANK.account);
  await page.getByLabel(/I am the account holder/).check();
  await page.getByRole("button", { name: "Set up Direct Debit" }).click();
}

test.describe("joining", () => {
  test("from the Gold card on the landing page to an active Gold plan", async ({ page }) => {
    test.setTimeout(90_000);

    // Landing -> sign-up with the plan chosen.
    await page.goto("/");
    const goldCta = page.locator('a[href="/auth?tier=gold"]').first();
    await expect(goldCta).toContainText("Let's Go!");
    await goldCta.click();
    await expect(page).toHaveURL("/auth?tier=gold");
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill("Hart");
    await page.getByLabel("Email").fill(uniqueEmail("joining"));
    await page.getByLabel("Password").fill("a-long-passphrase");
    await page.getByRole("button", { name: "Create Account" }).click();

    // A new member lands on the plans with Gold chosen and a pointer to the questionnaire.
    await expect(page).toHaveURL("/subscription?tier=gold");
    await expect(page.getByRole("radio", { name: "Gold" })).toBeChecked();
    // No Direct Debit before the Terms are accepted (the questionnaire's last step).
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Continue to your preferences" })).toHaveAttribute(
      "href",
      "/onboarding?tier=gold",
    );
    await page.getByRole("link", { name: "Complete your preferences" }).click();
    await expect(page).toHaveURL("/onboarding?tier=gold");

    // Step 1: postcode and radius.
    await expectStep(page, 1, "Where are you based?");
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(page.getByRole("progressbar", { name: "Questionnaire progress" })).toHaveAttribute(
      "aria-valuetext",
      "Step 1 of 6",
    );
    const postcode = page.getByLabel("Your postcode");
    await postcode.fill("NOT A CODE");
    await nextButton(page).click();
    await expect(page.getByText("Please enter a valid UK postcode")).toBeVisible();
    await expect(postcode).toBeFocused();
    await postcode.fill("se19px");
    await expect(page.getByText("We'll save this as SE1 9PX")).toBeVisible();
    await expect(page.getByText("Please enter a valid UK postcode")).toBeHidden();
    const radius = page.getByRole("slider", { name: "How far will you travel?" });
    await expect(radius).toHaveAttribute("aria-valuenow", "25");
    await expect(page.getByText("25 miles", { exact: true })).toBeVisible();
    await radius.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText("30 miles", { exact: true })).toBeVisible();
    await nextButton(page).click();

    // Step 2: a budget is required.
    await expectStep(page, 2, "What would you like to spend?");
    await nextButton(page).click();
    // Said once, beside the choices: not again in a toast.
    await expect(page.locator("#onboarding-step-error")).toHaveText("Please select a budget");
    await expect(toasts(page).getByText("Please select a budget")).toHaveCount(0);
    await expectStep(page, 2, "What would you like to spend?");
    await page.getByRole("radio", { name: /£40-80 per person/ }).click();
    await nextButton(page).click();

    // Step 3: ranked in the order chosen; unchoosing re-numbers.
    await expectStep(page, 3, "What do you enjoy together?");
    await nextButton(page).click();
    await expect(page.locator("#onboarding-step-error")).toHaveText("Please select date types");
    await page.getByRole("button", { name: "Culture" }).click();
    await page.getByRole("button", { name: "Restaurants" }).click();
    await page.getByRole("button", { name: "Live music" }).click();
    await expect(page.getByRole("button", { name: "Restaurants, ranked 2" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Culture, ranked 1" }).click();
    await expect(page.getByRole("button", { name: "Restaurants, ranked 1" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Live music, ranked 2" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Culture", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await nextButton(page).click();

    // Step 4: at least three week-and-day slots.
    await expectStep(page, 4, "When are you usually free?");
    await page.getByRole("button", { name: "Saturday, 1st week" }).click();
    await nextButton(page).click();
    await expect(page.locator("#onboarding-step-error")).toHaveText(
      "Please select at least 3 scheduling options",
    );
    await page.getByRole("button", { name: "Every Friday" }).click();
    await expect(page.getByRole("button", { name: "Friday, 3rd week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("5 chosen")).toBeVisible();
    // Keyboard: arrows move within the grid, Space toggles.
    await page.getByRole("button", { name: "Saturday, 1st week" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("button", { name: "Saturday, 2nd week" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Saturday, 2nd week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await nextButton(page).click();

    // Step 5: times, ranked. Previous keeps the answers.
    await expectStep(page, 5, "What time of day suits you?");
    await nextButton(page).click();
    await expect(page.locator("#onboarding-step-error")).toHaveText("Please select preferred times");
    await page.getByRole("button", { name: "Evenings" }).click();
    await page.getByRole("button", { name: "Afternoons" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expectStep(page, 4, "When are you usually free?");
    await expect(page.getByText("6 chosen")).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByRole("button", { name: "Evenings, ranked 1" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Afternoons, ranked 2" })).toBeVisible();
    await nextButton(page).click();

    // Step 6: needs, switches, and the Terms.
    await expectStep(page, 6, "A few last details");
    await page.getByRole("checkbox", { name: "Vegetarian" }).click();
    await page.getByRole("checkbox", { name: "Step-free access" }).click();
    await expect(page.getByRole("switch", { name: "Alcohol is fine for us" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "We're open to trying new things" })).not.toBeChecked();
    await page.getByRole("switch", { name: "We're open to trying new things" }).click();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page.getByText("You must accept the Terms & Conditions to continue")).toBeVisible();
    const terms = page.getByRole("checkbox", { name: "I accept the Terms & Conditions" });
    await expect(terms).toBeFocused();
    await page.getByRole("button", { name: "Read the Terms & Conditions" }).click();
    const dialog = page.getByRole("dialog", { name: "Terms & Conditions" });
    await expect(dialog).toBeVisible();
    // The full text is one click away from the summary.
    await dialog.getByRole("button", { name: "Terms & Conditions" }).click();
    await expect(page.getByTestId("legal-text")).toContainText("English law");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("legal-text")).toBeHidden();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
    await terms.click();
    await expect(page.getByText("You must accept the Terms & Conditions to continue")).toBeHidden();
    await page.getByRole("button", { name: "Complete Setup" }).click();

    // Back on the plans with Gold still chosen; the questionnaire pointer is gone.
    await expect(page).toHaveURL("/subscription?tier=gold");
    await expect(page.getByRole("radio", { name: "Gold" })).toBeChecked();
    await expect(page.getByRole("link", { name: "Complete your preferences" })).toBeHidden();
    await expect(page.getByText("Monthly by Direct Debit. Cancel anytime. No setup fees.")).toBeVisible();

    // Offer code: upper-cased as typed, applied to the chosen plan.
    const code = page.getByLabel("Offer code");
    const apply = page.getByRole("button", { name: "Apply" });
    await expect(apply).toBeDisabled();
    await code.fill("welcome10");
    await expect(code).toHaveValue("WELCOME10");
    await apply.click();
    await expect(toasts(page).getByText("Offer code applied!")).toBeVisible();
    await expect(toasts(page).getByText("You save £2.00 a month for 3 months.")).toBeVisible();
    await expect(page.getByTestId("plan-gold-price")).toContainText("£18");
    await expect(page.getByTestId("plan-gold-price").locator("s")).toContainText("£20");
    await expect(page.getByTestId("checkout-price")).toContainText("£18 a month");
    // One way of writing prices on the page: whole pounds without ".00" (the toast keeps two decimals).
    for (const id of ["plan-gold-price", "checkout-price"])
      await expect(page.getByTestId(id)).not.toContainText(".00");

    // Subscribe -> the sandbox payment page -> back to the completion screen.
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await expect(page.getByText("Gold", { exact: true })).toBeVisible();
    await expect(page.getByText(/£18 a month for 3 months/)).toBeVisible();
    await fillSandboxAndAuthorise(page);
    await expect(page).toHaveURL(/\/subscription\/complete\?session_token=/);
    await expect(page.getByRole("heading", { name: "Welcome to Gold" })).toBeVisible();
    await page.getByRole("link", { name: "Continue to Dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("dashboard-plan")).toHaveText("Gold plan · Active");

    // The plans page now shows the plan held instead of offering another.
    await page.goto("/subscription");
    await expect(page.getByTestId("current-plan")).toHaveText("Gold plan");
    // The price paid now, as Settings words it, not the usual price beside the offer.
    await expect(page.getByTestId("current-plan-price")).toHaveText(
      "£18 a month by Direct Debit (usually £20)",
    );
    await expect(page.getByTestId("current-plan-offer")).toHaveText(
      /^Offer WELCOME10: 10% off your next (\d+ monthly payments|monthly payment)\.$/,
    );
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Change or cancel in Settings" })).toHaveAttribute(
      "href",
      "/settings",
    );
  });

  test("answers in progress survive a reload", async ({ page }) => {
    await answerFirstTwoSteps(page);
    await page.reload();
    await expectStep(page, 2, "What would you like to spend?");
    await expect(page.getByRole("radio", { name: /£40-80 per person/ })).toBeChecked();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByLabel("Your postcode")).toHaveValue("SE1 9PX");
  });

  test("the browser's Back and Forward move between the questionnaire's steps", async ({ page }) => {
    await answerFirstTwoSteps(page);
    await expect(page).toHaveURL("/onboarding?step=2");
    await nextButton(page).click();
    await expectStep(page, 3, "What do you enjoy together?");
    await page.goBack();
    await expectStep(page, 2, "What would you like to spend?");
    await expect(page.getByRole("radio", { name: /£40-80 per person/ })).toBeChecked();
    await page.goBack();
    await expectStep(page, 1, "Where are you based?");
    await expect(page).toHaveURL("/onboarding");
    await expect(page.getByLabel("Your postcode")).toHaveValue("SE1 9PX");
    await page.goForward();
    await expectStep(page, 2, "What would you like to spend?");
    await page.reload();
    await expectStep(page, 2, "What would you like to spend?");
    await expect(page.getByRole("radio", { name: /£40-80 per person/ })).toBeChecked();
    // A step past the first unanswered one cannot be opened from the address.
    await page.goto("/onboarding?step=5");
    await expectStep(page, 3, "What do you enjoy together?");
    await expect(page).toHaveURL("/onboarding?step=3");
  });

  test("returning to the completion screen without a session token shows the error state", async ({
    page,
  }) => {
    await newMember(page);
    await page.goto("/subscription/complete");
    await expect(toasts(page).getByText("Invalid Return")).toBeVisible();
    await expect(toasts(page).getByText("Missing session token. Please try again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "We couldn't finish your set-up" })).toBeVisible();
    await expect(page.getByText(/payment authorisation may still be valid/)).toBeVisible();
    await page.getByRole("link", { name: "Back to plans" }).click();
    await expect(page).toHaveURL("/subscription");
  });

  test("the plan and the offer code travel with the account: a new tab (the verification link) continues", async ({
    page,
    context,
  }) => {
    await page.goto("/auth?tier=silver");
    await page.getByLabel("First name").fill("Tess");
    await page.getByLabel("Last name").fill("Tabs");
    await page.getByLabel("Email").fill(uniqueEmail("two-tabs"));
    await page.getByLabel("Password").fill("a-long-passphrase");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/subscription?tier=silver");
    await savePreferences(page);

    // A second tab has none of the first tab's storage: the account remembers Silver.
    const second = await context.newPage();
    await second.goto("/subscription");
    await expect(second.getByRole("radio", { name: "Silver" })).toBeChecked();
    // It picks Gold and applies a code there...
    await second.getByRole("radio", { name: "Gold" }).click();
    await second.getByLabel("Offer code").fill("welcome10");
    await second.getByRole("button", { name: "Apply" }).click();
    await expect(second.getByTestId("plan-gold-price")).toContainText("£18");

    // ...and a third tab (another device, the next day) continues with Gold and the code applied.
    const third = await context.newPage();
    await third.goto("/subscription");
    await expect(third.getByRole("radio", { name: "Gold" })).toBeChecked();
    const remove = third.getByRole("button", { name: "Remove offer code WELCOME10" });
    await expect(remove).toBeVisible();
    await expect(third.getByTestId("checkout-price")).toContainText("£18 a month");
    // Removing the code there forgets it for the account too.
    await remove.click();
    await expect(third.getByTestId("checkout-price")).toContainText("£20 a month");
    await expect
      .poll(async () => (await (await third.request.get("/api/auth/user")).json()).chosenPlan)
      .toEqual({ tier: "gold", offerCode: null });
  });

  test("a one-month offer: the saving in the toast to two decimals, on the page in whole pounds, one month", async ({
    page,
  }) => {
    const code = `FIVER${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
    await (await e2eDb()).query(
      `INSERT INTO offer_codes (code, discount_type, discount_value, duration_months) VALUES ($1, 'fixed_amount', '5.00', 1)`,
      [code],
    );
    await newMember(page);
    await savePreferences(page);
    await page.goto("/subscription?tier=gold");
    await page.getByLabel("Offer code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(toasts(page).getByText("You save £5.00 on your first month.")).toBeVisible();
    await expect(page.getByText("You save £5 on your first month.")).toBeVisible();
    await expect(page.getByTestId("checkout-price")).toHaveText(
      "£15 a monthfor your first month, then £20 a month",
    );
  });

  test(
    "an unknown session token shows Setup Failed with the server's message",
    FULL_ONLY,
    async ({ page }) => {
      await newMember(page);
      let posts = 0;
      page.on("request", (req) => {
        if (req.method() === "POST" && req.url().endsWith("/api/complete-subscription")) posts++;
      });
      await page.goto("/subscription/complete?session_token=not-a-real-token");
      await expect(toasts(page).getByText("Setup Failed")).toBeVisible();
      await expect(toasts(page).getByText(/payment session was not found/)).toBeVisible();
      await expect(page.getByRole("heading", { name: "We couldn't finish your set-up" })).toBeVisible();
      expect(posts).toBe(1);
    },
  );

  test("cancelling at the payment page returns to the plans with a calm notice", async ({ page }) => {
    await newMember(page);
    await savePreferences(page);
    await page.goto("/subscription?tier=silver");
    await expect(page.getByRole("radio", { name: "Silver" })).toBeChecked();
    await page.getByLabel("Offer code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("plan-silver-price")).toContainText("£13.50");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/subscription?payment=declined");
    await expect(page.getByRole("status", { name: "Your Direct Debit wasn't set up" })).toBeVisible();
    await expect(page.getByText("No money has been taken")).toBeVisible();
    // The plan and the offer code are still chosen, ready to try again.
    await expect(page.getByRole("radio", { name: "Silver" })).toBeChecked();
    await expect(page.getByTestId("plan-silver-price")).toContainText("£13.50");
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("offer codes: an unknown code, a change of plan, and removing a code", async ({ page }) => {
    await newMember(page);
    await savePreferences(page);
    await page.goto("/subscription");
    const code = page.getByLabel("Offer code");
    const apply = page.getByRole("button", { name: "Apply" });

    // No plan chosen yet: Apply waits for one, and Subscribe too.
    await code.fill("  nope  ");
    await expect(apply).toBeDisabled();
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeDisabled();
    await page.getByRole("radio", { name: "Platinum" }).click();
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(toasts(page).getByText("Invalid offer code")).toBeVisible();
    await expect(toasts(page).getByText("This offer code doesn't exist.", { exact: false })).toBeVisible();
    // The refusal stays on the page: a summary that takes focus and leads to the code, marked beside it.
    const summary = page.getByTestId("offer-error-summary");
    await expect(summary).toBeFocused();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toHaveAccessibleDescription(/This offer code doesn't exist/);
    await summary.getByRole("link", { name: /This offer code doesn't exist/ }).click();
    await expect(code).toBeFocused();
    await expect(page.getByTestId("plan-platinum-price")).toHaveText("£30/month");

    // A good code follows the chosen plan.
    await code.fill("welcome10");
    await expect(summary).toBeHidden();
    await expect(code).not.toHaveAttribute("aria-invalid");
    await apply.click();
    await expect(toasts(page).getByText("You save £3.00 a month for 3 months.")).toBeVisible();
    await expect(page.getByTestId("plan-platinum-price")).toContainText("£27");
    await page.getByRole("radio", { name: "Silver" }).click();
    await expect(page.getByTestId("plan-silver-price")).toContainText("£13.50");
    await expect(page.getByTestId("plan-platinum-price")).toHaveText("£30/month");

    await page.getByRole("button", { name: "Remove offer code WELCOME10" }).click();
    await expect(page.getByTestId("plan-silver-price")).toHaveText("£15/month");
    await expect(code).toHaveValue("");

    // A code for some plans only: refused on another plan, said beside it, and back once the plan fits again.
    const upper = `UPPER${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
    await (await e2eDb()).query(
      `INSERT INTO offer_codes (code, discount_type, discount_value, duration_months, applicable_tiers)
       VALUES ($1, 'percentage', '25.00', 2, ARRAY['gold', 'platinum'])`,
      [upper],
    );
    await page.getByRole("radio", { name: "Gold" }).click();
    await code.fill(upper);
    await apply.click();
    await expect(page.getByTestId("plan-gold-price")).toContainText("£15");
    await page.getByRole("radio", { name: "Silver" }).click();
    await expect(code).toHaveAccessibleDescription(/only for the Gold or Platinum plans/);
    await expect(page.getByTestId("plan-silver-price")).toHaveText("£15/month");
    await page.getByRole("radio", { name: "Gold" }).click();
    await expect(page.getByTestId("plan-gold-price")).toContainText("£15");
    await expect(code).not.toHaveAttribute("aria-invalid");
  });

  test("returning to onboarding shows the saved answers and saving updates them", async ({ page }) => {
    await newMember(page);
    await savePreferences(page);

    await page.goto("/onboarding");
    await expectStep(page, 1, "Where are you based?");
    await expect(page.getByLabel("Your postcode")).toHaveValue("SW1A 1AA");
    await expect(page.getByText("15 miles", { exact: true })).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByRole("radio", { name: /£80\+ per person/ })).toBeChecked();
    await page.getByRole("radio", { name: /£20-40 per person/ }).click();
    await nextButton(page).click();
    await expect(page.getByRole("button", { name: "Bars, ranked 1" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Culture, ranked 2" })).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByRole("button", { name: "Sunday, 3rd week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("3 chosen")).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByRole("button", { name: "Afternoons, ranked 1" })).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByRole("checkbox", { name: "Vegan" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Hearing loop" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Alcohol is fine for us" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "We're open to trying new things" })).toBeChecked();
    await expect(
      page.getByRole("switch", { name: "I'd rather not receive marketing e-mails" }),
    ).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "I accept the Terms & Conditions" })).toBeChecked();
    await page.getByRole("button", { name: "Complete Setup" }).click();

    await expect(toasts(page).getByText("Preferences saved")).toBeVisible();
    await expect(page).toHaveURL("/subscription");
    const after = await (await page.request.get("/api/onboarding/preferences")).json();
    expect(after.preferences.dateSpend).toBe("£");
    expect(after.preferences.postcode).toBe("SW1A 1AA");
  });
});
