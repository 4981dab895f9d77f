import { expect, type Page, test } from "@playwright/test";
import { saveAcceptedPreferences, subscribeViaApi } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/**
 * Subscribes by the requests the plans page and the sandbox Direct Debit page make (those screens are walked
 * by the joining and bank-details tests).
 */
async function subscribeViaSandbox(page: Page, tier: "silver" | "gold" | "platinum") {
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, tier);
}

test.describe("billing", () => {
  test("a member without a plan sees an empty history and a way to choose one", async ({ page }) => {
    await newMember(page);
    await page.goto("/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await expect(page).toHaveTitle(/Billing/);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await expect(page.getByTestId("payments-empty")).toContainText("No payments yet");
    await expect(page.getByTestId("billing-mandate")).toContainText("No Direct Debit is set up.");
    await expect(page.getByRole("link", { name: "Choose a plan" })).toHaveAttribute("href", "/subscription");
  });

  test("after subscribing: plan, next payment, Direct Debit and the payment history", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await newMember(page);
    await subscribeViaSandbox(page, "gold");

    // From Settings > Subscription, Manage Billing opens the billing page.
    await page.goto("/settings?tab=subscription");
    await page.getByRole("link", { name: "Manage Billing" }).click();
    await expect(page).toHaveURL("/billing");

    await expect(page.getByTestId("billing-plan")).toContainText("Gold plan");
    await expect(page.getByTestId("billing-plan")).toContainText("Active");
    await expect(page.getByTestId("billing-plan")).toContainText("£20 a month");
    await expect(page.getByTestId("billing-next-payment")).toContainText("£20");
    await expect(page.getByTestId("billing-mandate")).toContainText("ending 11");
    const table = page.getByTestId("payments-table");
    await expect(table.getByRole("row")).not.toHaveCount(1);
    await expect(table.getByRole("row").nth(1)).toContainText("£20");
    await expect(page.getByTestId("payments-cards")).toBeHidden();

    // A phone shows the payments as cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("payments-table")).toBeHidden();
    await expect(page.getByTestId("payments-cards").getByRole("listitem").first()).toContainText("£20");

    await page.getByRole("link", { name: "Subscription settings" }).click();
    await expect(page).toHaveURL("/settings?tab=subscription");
    await expect(page.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
  });
});
