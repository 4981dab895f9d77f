import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  atWidth,
  authoriseSandboxDirectDebit,
  expectAccessibleInFullRun,
  saveAcceptedPreferences,
  subscribeViaApi,
  uniqueEmail,
} from "../../../../tests/e2e/helpers.ts";
import { newMember } from "../../../../tests/e2e/sign-in.ts";

/** Screenshots, light and dark, when GIFT_SHOTS names a folder. */
const SHOTS = process.env.GIFT_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
async function shoot(page: Page, name: string) {
  await expectAccessibleInFullRun(page, name);
  if (!SHOTS) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A gift bought and paid through the API and the sandbox's bank page; answers its code. */
async function paidGiftCode(page: Page, tier: "silver" | "gold", months: number): Promise<string> {
  const bought = await page.request.post("/api/gifts", {
    data: {
      tier,
      months,
      buyerName: "Jo Lee",
      buyerEmail: uniqueEmail("giver"),
      recipientNames: "Alex and Sam",
      recipientEmail: uniqueEmail("gifted"),
      deliverOn: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()),
    },
  });
  expect(bought.status()).toBe(200);
  const payPath = new URL((await bought.json()).redirect_url).pathname;
  const paid = await page.request.post(payPath, { form: { action: "pay", bank: "Sandbox Bank" } });
  const token = new URL(paid.url()).searchParams.get("token");
  return (await (await page.request.get(`/api/gifts/manage?token=${token}`)).json()).code;
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(
    `a gifted member continues with Direct Debit (${viewport.name})`,
    atWidth(viewport.name, "desktop"),
    async ({ page }) => {
      await page.setViewportSize(viewport);
      const code = await paidGiftCode(page, "gold", 3);
      await newMember(page);
      await saveAcceptedPreferences(page);
      const redeemed = await page.request.post("/api/gifts/redeem", { data: { code } });
      expect(redeemed.status()).toBe(200);

      await page.goto("/subscription");
      await expect(page.getByTestId("gifted-plan-title")).toHaveText(/^Your gift: Gold until \d+ \w+ \d{4}$/);
      await shoot(page, `gift-continue-${viewport.name}`);
      await page.goto("/dashboard");
      await expect(page.getByTestId("dashboard-plan")).toContainText("Gold plan · Gift until");

      await page.goto("/subscription");
      await page.getByRole("button", { name: "Continue with Direct Debit" }).click();
      await authoriseSandboxDirectDebit(page);
      await page.goto("/subscription");
      await expect(page.getByTestId("current-plan")).toHaveText("Gold plan");
      await expect(page.getByTestId("gifted-plan")).toHaveCount(0);
    },
  );

  test(
    `a paying member redeems a gift as credit (${viewport.name})`,
    atWidth(viewport.name, "phone"),
    async ({ page }) => {
      await page.setViewportSize(viewport);
      await newMember(page);
      await saveAcceptedPreferences(page);
      await subscribeViaApi(page, "gold");
      const code = await paidGiftCode(page, "silver", 1);
      await page.goto(`/gift/redeem?code=${code}`);
      await page.getByRole("button", { name: "Redeem the gift" }).click();
      await expect(page).toHaveURL("/dashboard");
      await page.goto("/subscription");
      await expect(page.getByTestId("gift-credit")).toContainText(
        "Collections paused: Jo Lee's gift covers 1 monthly payment.",
      );
      await expect(page.getByTestId("gift-credit")).toContainText("Your next payment is on");
      await shoot(page, `gift-credit-${viewport.name}`);
    },
  );
}

test("the buyer moves the delivery date, then cancels the unredeemed gift for a refund", async ({ page }) => {
  const bought = await page.request.post("/api/gifts", {
    data: {
      tier: "gold",
      months: 1,
      buyerName: "Jo Lee",
      buyerEmail: uniqueEmail("giver"),
      recipientNames: "Alex and Sam",
      recipientEmail: uniqueEmail("gifted"),
      deliverOn: "2027-06-01",
    },
  });
  const payPath = new URL((await bought.json()).redirect_url).pathname;
  const paid = await page.request.post(payPath, { form: { action: "pay", bank: "Sandbox Bank" } });
  const token = new URL(paid.url()).searchParams.get("token");
  await page.goto(`/gift/manage?token=${token}`);
  await page.getByLabel("Delivery date").fill("2027-06-02");
  await page.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByText("The delivery date has been changed.").first()).toBeVisible();
  const moved = await (await page.request.get(`/api/gifts/manage?token=${token}`)).json();
  expect(moved.deliverOn).toBe("2027-06-02");
  await page.getByRole("button", { name: "Cancel the gift" }).click();
  await page.getByRole("button", { name: /^Cancel and refund/ }).click();
  await expect(page.getByText(/refunded in full/).first()).toBeVisible();
  const after = await (await page.request.get(`/api/gifts/manage?token=${token}`)).json();
  expect(after.status).toBe("refunded");
});
