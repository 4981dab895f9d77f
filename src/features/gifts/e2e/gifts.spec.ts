import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  atWidth,
  expectAccessibleInFullRun,
  readMail,
  saveAcceptedPreferences,
  uniqueEmail,
} from "../../../../tests/e2e/helpers.ts";
import { newMember } from "../../../../tests/e2e/sign-in.ts";
import { GIFT_MSG } from "../../../shared/gift-basics.ts";
import { londonToday } from "../client/format.ts";

/** Screenshots of each gift screen, light and dark, when GIFT_SHOTS names a folder. */
const SHOTS = process.env.GIFT_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** Checks the screen with axe (always), and takes its screenshots (when asked). */
async function shoot(page: Page, name: string) {
  await expectAccessibleInFullRun(page, name);
  if (!SHOTS) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;
const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

for (const viewport of VIEWPORTS) {
  test(
    `a visitor gives a gift and a new couple redeems it (${viewport.name})`,
    atWidth(viewport.name, "phone"),
    async ({ page, browser }) => {
      await page.setViewportSize(viewport);
      const buyer = uniqueEmail("giver");
      const couple = uniqueEmail("gifted");

      // From the landing page's pricing section to the gift form.
      await page.goto("/");
      await page.locator("#pricing").getByRole("link", { name: "Give Unveil as a gift" }).click();
      await expect(page).toHaveURL("/gift");
      await expect(page.getByRole("heading", { level: 1, name: "Give Unveil as a gift" })).toBeVisible();

      // Empty details are refused with the shared messages: the summary at the top takes focus and links to
      // each field, whose message is beside it too.
      await page.getByRole("button", { name: /^Pay/ }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("link", { name: "Please enter your name" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Please enter the couple's names" })).toBeVisible();
      await expect(page.getByLabel("Their names")).toHaveAccessibleDescription(
        "Please enter the couple's names",
      );
      // What the server would refuse is said on the same first try: a past delivery day, and an offer code
      // the price already refused.
      await page.getByLabel("Delivery date").fill("2020-01-01");
      await page.getByLabel("Offer code (optional)").fill("NOSUCHCODE");
      await expect(page.getByLabel("Offer code (optional)")).toHaveAccessibleDescription(/doesn't exist/);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(summary.getByRole("link", { name: GIFT_MSG.deliveryPast })).toBeVisible();
      await expect(summary.getByRole("link", { name: /doesn't exist/ })).toBeVisible();
      await page.getByLabel("Delivery date").fill(londonToday());
      await page.getByLabel("Offer code (optional)").fill("");

      // The price follows the choice: Gold for 12 months is 10% off.
      await page.getByText("12 months").click();
      await expect(page.getByTestId("gift-price")).toContainText("10% off for the length");
      await page.getByText("3 months").click();
      await expect(page.getByTestId("gift-total")).toHaveText("£60.00");
      await page.getByLabel("Your name").fill("Priya Shah");
      await page.getByLabel("Your e-mail").fill(buyer);
      await page.getByLabel("Their names").fill("Sam and Alex");
      await page.getByLabel("Their e-mail").fill(couple);
      const message = page.getByLabel("Your message (optional)");
      await message.fill("Happy anniversary, you two!");
      await expect(page.getByText("27/500")).toBeVisible();
      await shoot(page, `gift-form-${viewport.name}`);

      // Paying: the sandbox's one-off bank payment page, then back to the gift's own page.
      const started = Date.now();
      await page.getByRole("button", { name: "Pay £60.00" }).click();
      await expect(page).toHaveURL(/\/sandbox\/bank-payment\//);
      await page.getByRole("button", { name: "Approve £60.00" }).click();
      await expect(page).toHaveURL(/\/gift\/manage\?token=/);
      await expect(page.getByRole("heading", { level: 1, name: "Thank you, Priya Shah" })).toBeVisible();
      await expect(page.getByText("What happens next")).toBeVisible();
      await expect(page.getByTestId("gift-code")).toHaveText(CODE);
      await expect(readMail(buyer, "gift_receipt")).resolves.toBeTruthy();
      await shoot(page, `gift-manage-${viewport.name}`);

      // Cancelling asks first and says what would happen; keeping it changes nothing.
      await page.getByRole("button", { name: "Cancel the gift" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText("We'll refund £60.00 in full");
      await expect(dialog).toContainText("stops working at once");
      await dialog.getByRole("button", { name: "Keep the gift" }).click();

      // The buyer sends it now rather than waiting for the day; the couple's e-mail carries the code.
      await page.getByRole("button", { name: "Send it to them now" }).click();
      await expect(page.getByTestId("gift-status")).toHaveText("Delivered");
      const mail = await readMail(couple, "gift_delivery");
      const code = mail.text.match(CODE)?.[0];
      expect(code).toBeTruthy();

      // The couple, in their own browser: the gift, Create Account, back with the code, redeem.
      const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
      const them = await context.newPage();
      await them.goto(`/gift/redeem?code=${code}`);
      await expect(them.getByRole("heading", { level: 1, name: "A gift from Priya Shah" })).toBeVisible();
      await expect(them.getByTestId("gift-what")).toHaveText("Gold for 3 months");
      await shoot(them, `gift-redeem-${viewport.name}`);
      await them.getByRole("link", { name: "Create account to redeem" }).click();
      await them.getByLabel("First name").fill("Sam");
      await them.getByLabel("Last name").fill("Rivers");
      await them.getByLabel("Email").fill(couple);
      await them.getByLabel("Password").fill("a-long-passphrase");
      await them.getByRole("button", { name: "Create Account" }).click();
      await expect(them).toHaveURL(`/gift/redeem?code=${code}`);
      await them.getByRole("button", { name: "Redeem the gift" }).click();
      await expect(them).toHaveURL("/onboarding?next=%2Fdashboard");
      const redeemedMs = Date.now() - started;
      console.log(`[gifts ${viewport.name}] purchase to redeemed: ${(redeemedMs / 1000).toFixed(1)} s`);

      // The questionnaire, then the dashboard (the gift is the plan: no Direct Debit screen).
      await them.getByLabel("Your postcode").fill("se19px");
      await nextButton(them).click();
      await them.getByRole("radio", { name: /£40-80 per person/ }).click();
      await nextButton(them).click();
      await them.getByRole("button", { name: "Culture" }).click();
      await them.getByRole("button", { name: "Restaurants" }).click();
      await nextButton(them).click();
      await them.getByRole("button", { name: "Every Friday" }).click();
      await nextButton(them).click();
      await them.getByRole("button", { name: "Evenings" }).click();
      await nextButton(them).click();
      await them.getByRole("checkbox", { name: "I accept the Terms & Conditions" }).click();
      await them.getByRole("button", { name: "Complete Setup" }).click();
      await expect(them).toHaveURL("/dashboard");
      console.log(
        `[gifts ${viewport.name}] purchase to questionnaire done: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      // The code works once: a second look says it has been used.
      await them.goto(`/gift/redeem?code=${code}`);
      await expect(them.getByTestId("gift-refusal")).toHaveText("This gift code has already been used.");
      await context.close();

      // And the buyer's page now shows it redeemed, with nothing left to cancel.
      await page.reload();
      await expect(page.getByTestId("gift-status")).toHaveText("Redeemed");
      await expect(page.getByRole("button", { name: "Cancel the gift" })).toBeHidden();
    },
  );
}

test("an unknown code says so and offers to type it again", async ({ page }) => {
  await page.goto("/gift/redeem?code=ABCD-EFGH-JKLM");
  await expect(page.getByRole("heading", { level: 1, name: "We can't find that gift" })).toBeVisible();
  await expect(page.getByTestId("gift-refusal")).toHaveText(
    "We can't find that gift code. Check it and try again.",
  );
  await expect(page.getByLabel("Gift code")).toHaveValue("ABCD-EFGH-JKLM");
});

test("a member redeems a gift straight away and goes to the dashboard", async ({ page }) => {
  // A gift bought and paid through the API and the sandbox's bank page.
  const couple = uniqueEmail("member-gifted");
  const bought = await page.request.post("/api/gifts", {
    data: {
      tier: "silver",
      months: 1,
      buyerName: "Jo Lee",
      buyerEmail: uniqueEmail("giver"),
      recipientNames: "Alex and Sam",
      recipientEmail: couple,
      deliverOn: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()),
    },
  });
  expect(bought.status()).toBe(200);
  const payPath = new URL((await bought.json()).redirect_url).pathname;
  const paid = await page.request.post(payPath, { form: { action: "pay", bank: "Sandbox Bank" } });
  expect(paid.status()).toBe(200);
  const token = new URL(paid.url()).searchParams.get("token");
  const view = await (await page.request.get(`/api/gifts/manage?token=${token}`)).json();

  await newMember(page, { email: couple });
  await saveAcceptedPreferences(page);
  await page.goto(`/gift/redeem?code=${view.code}`);
  await expect(page.getByRole("heading", { level: 1, name: "A gift from Jo Lee" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${couple}`)).toBeVisible();
  await page.getByRole("button", { name: "Redeem the gift" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Your gift is redeemed: Silver for 1 month.").first()).toBeVisible();
});
