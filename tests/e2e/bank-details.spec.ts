import { expect, test } from "@playwright/test";
import { authoriseSandboxDirectDebit, saveAcceptedPreferences } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { newMember } from "./sign-in.ts";

const SHOTS = process.env.BANK_DETAILS_SHOTS;

/** an active member changes bank details from Manage Billing, without any failed payment first. */
test("an active member changes bank details from /billing and sees the new account", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto("/subscription?tier=gold");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await authoriseSandboxDirectDebit(page);

  await page.goto("/billing");
  await expect(page.getByTestId("billing-mandate")).toContainText("ending 11");
  await page.getByRole("button", { name: "Change bank details" }).click();
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
  const mandate = page.getByTestId("billing-mandate");
  await expect(mandate).toContainText("ending 34");
  await expect(mandate).toContainText("Active");
  await expect(page.getByTestId("billing-plan")).toContainText("Active");
  await expect(page.getByRole("button", { name: "Change bank details" })).toBeVisible();

  if (SHOTS) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, width, height] of [
        ["desktop", 1280, 900],
        ["phone", 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await readyForScreenshot(page);
        await page.screenshot({ path: `${SHOTS}/billing-${name}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
