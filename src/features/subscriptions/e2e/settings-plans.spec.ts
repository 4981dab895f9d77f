/**
 * Settings > Subscription: View All Plans compares the three plans and changes tier after saying exactly what
 * happens; a stale tab's action closes its dialog with the server's words; and after a cooling-off refund the
 * plan, the Direct Debit and the dashboard all use the same words.
 */
import { expect, type Page, test } from "@playwright/test";
import { authoriseSandboxDirectDebit, saveAcceptedPreferences } from "../../../../tests/e2e/helpers.ts";
import { newMember } from "../../../../tests/e2e/sign-in.ts";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function subscribedMember(page: Page, tier: "silver" | "gold" | "platinum" = "gold") {
  const member = await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto(`/subscription?tier=${tier}`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await authoriseSandboxDirectDebit(page);
  return member;
}

/** "10 December 2026", as the pages write a date (Europe/London). */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(iso));
}

test("View All Plans compares Silver, Gold and Platinum and changes tier after a confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await subscribedMember(page, "gold");
  const me = await (await page.request.get("/api/auth/user")).json();
  await page.goto("/settings?tab=subscription");
  await page.getByRole("button", { name: "View All Plans" }).click();
  const dialog = page.getByRole("dialog", { name: "All plans" });
  for (const [id, price] of [
    ["silver", "£15"],
    ["gold", "£20"],
    ["platinum", "£30"],
  ] as const) {
    await expect(dialog.getByTestId(`compare-${id}`)).toContainText(`${price}/month`);
  }
  // Side by side on a desktop.
  const tops = await Promise.all(
    ["silver", "gold", "platinum"].map(
      async (id) => (await dialog.getByTestId(`compare-${id}`).boundingBox())?.y,
    ),
  );
  expect(new Set(tops).size).toBe(1);
  await expect(dialog.getByTestId("compare-gold").getByTestId("compare-current")).toHaveText("Your plan");
  await expect(dialog.getByTestId("compare-gold").getByRole("button")).toHaveCount(0);
  await expect(dialog.getByRole("list", { name: "Platinum includes" })).toContainText(
    "4 mystery dates a month",
  );

  await dialog.getByRole("button", { name: "Switch to Platinum" }).click();
  const confirm = page.getByRole("dialog", { name: "Switch to Platinum?" });
  const terms = confirm.getByTestId("change-plan-terms");
  await expect(terms).toContainText("£30 a month");
  await expect(terms).toContainText(`from your next payment, on ${longDate(me.currentPeriodEnd)}`);
  await expect(terms).toContainText("no payment is taken today");
  // Back goes to the plans without changing anything.
  await confirm.getByRole("button", { name: "Back to plans" }).click();
  await expect(page.getByRole("dialog", { name: "All plans" })).toBeVisible();
  await dialog.getByRole("button", { name: "Switch to Platinum" }).click();
  const call = page.waitForResponse((r) => r.url().endsWith("/api/subscription/change-tier"));
  await confirm.getByRole("button", { name: "Switch to Platinum" }).click();
  const answer = await (await call).json();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(toasts(page).getByText("Plan Change Scheduled")).toBeVisible();
  await expect(toasts(page).getByText(answer.message)).toBeVisible();
  await expect(page.getByTestId("pending-tier-notice")).toContainText(
    `You'll move to Platinum (£30/month) from your next payment, on ${longDate(me.currentPeriodEnd)}`,
  );
  await expect(page.getByTestId("settings-plan-name")).toHaveText("Gold plan");

  // The comparison now marks Platinum as next, and Gold offers to withdraw the change.
  await page.getByRole("button", { name: "View All Plans" }).click();
  await expect(dialog.getByTestId("compare-platinum")).toContainText(`From ${longDate(me.currentPeriodEnd)}`);
  await dialog.getByRole("button", { name: "Stay on Gold" }).click();
  await page
    .getByRole("dialog", { name: "Stay on Gold?" })
    .getByRole("button", { name: "Stay on Gold" })
    .click();
  await expect(toasts(page).getByText("Plan Change Withdrawn")).toBeVisible();
  await expect(page.getByTestId("pending-tier-notice")).toBeHidden();
});

test("with a month off booked, the change of plan names the first payment after it", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await subscribedMember(page, "gold");
  expect((await page.request.post("/api/subscription/pause", { data: {} })).status()).toBe(200);
  const me = await (await page.request.get("/api/auth/user")).json();
  expect(me.planChangeFrom).not.toBe(me.currentPeriodEnd);
  await page.goto("/settings?tab=subscription");
  await page.getByRole("button", { name: "View All Plans" }).click();
  const dialog = page.getByRole("dialog", { name: "All plans" });
  // Stacked on a phone.
  const silver = await dialog.getByTestId("compare-silver").boundingBox();
  const gold = await dialog.getByTestId("compare-gold").boundingBox();
  expect(gold!.y).toBeGreaterThan(silver!.y + silver!.height - 1);
  await dialog.getByRole("button", { name: "Switch to Silver" }).click();
  const terms = page.getByTestId("change-plan-terms");
  await expect(terms).toContainText(
    `from your first payment after your month off, on ${longDate(me.planChangeFrom)}`,
  );
  await expect(terms).not.toContainText(longDate(me.currentPeriodEnd));
  await page.getByRole("dialog").getByRole("button", { name: "Switch to Silver" }).click();
  await expect(
    toasts(page).getByText(`from your first payment after your month off, on ${longDate(me.planChangeFrom)}`),
  ).toBeVisible();
});

test("a stale tab: Confirm Cancellation after cancelling in another tab closes the dialog with the server's words", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await subscribedMember(page, "gold");
  await page.goto("/settings?tab=subscription");
  // The first tab gets as far as the last step.
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "No Thanks" }).click();
  await dialog.getByRole("radio").first().click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("button", { name: "Confirm Cancellation" })).toBeVisible();

  // Meanwhile a second tab cancels.
  const other = await context.newPage();
  await other.goto("/settings?tab=subscription");
  await other.getByRole("button", { name: "Cancel Subscription" }).click();
  const otherDialog = other.getByRole("dialog");
  await otherDialog.getByRole("button", { name: "No Thanks" }).click();
  await otherDialog.getByRole("radio").first().click();
  await otherDialog.getByRole("button", { name: "Continue" }).click();
  await otherDialog.getByRole("button", { name: "Confirm Cancellation" }).click();
  await expect(toasts(other).getByText("Subscription Cancelled")).toBeVisible();
  await other.close();

  // The stale tab confirms: the dialog closes, the server's words show, and the page shows the cancelled plan.
  await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(toasts(page).getByText("Your subscription is already cancelled.")).toBeVisible();
  await expect(page.getByTestId("settings-plan-status")).toHaveText(/Cancelled|Ended/);
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeHidden();
});

test("after a cooling-off refund: Ended on the plan everywhere, the Direct Debit Cancelled", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await subscribedMember(page, "gold");
  const cancel = await page.request.post("/api/cancel-subscription", { data: { reason: "Too expensive" } });
  expect(cancel.status()).toBe(200);
  expect((await cancel.json()).refunded).toBe(true);

  await page.goto("/settings?tab=subscription");
  await expect(page.getByTestId("settings-plan-status")).toHaveText("Ended");
  await page.goto("/billing");
  await expect(page.getByTestId("billing-plan-status")).toHaveText("Ended");
  await expect(page.getByTestId("billing-mandate-status")).toHaveText("Cancelled");
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-plan")).toHaveText("Gold plan · Ended");
  await page.goto("/subscription");
  await expect(page.getByTestId("previous-plan")).toContainText("Your Gold plan");
  await expect(page.getByTestId("previous-plan")).toContainText("Ended");

  const dir = process.env.SETTINGS_SHOTS;
  if (!dir) return;
  for (const viewport of [PHONE, DESKTOP])
    for (const colorScheme of ["light", "dark"] as const) {
      const suffix = `${viewport === PHONE ? "phone" : "desktop"}-${colorScheme}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/billing");
      await expect(page.getByTestId("billing-mandate-status")).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/refund-billing-${suffix}.png`, fullPage: viewport === DESKTOP });
    }
});

/** Screenshots of the comparison and the confirmation, only when SETTINGS_SHOTS names a directory. */
test("plans screenshots", async ({ page }) => {
  const dir = process.env.SETTINGS_SHOTS;
  test.skip(!dir, "set SETTINGS_SHOTS=/some/dir to take them");
  test.setTimeout(300_000);
  await subscribedMember(page, "gold");
  for (const viewport of [PHONE, DESKTOP])
    for (const colorScheme of ["light", "dark"] as const) {
      const suffix = `${viewport === PHONE ? "phone" : "desktop"}-${colorScheme}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/settings?tab=subscription");
      await page.getByRole("button", { name: "View All Plans" }).click();
      const dialog = page.getByRole("dialog", { name: "All plans" });
      await expect(dialog.getByTestId("compare-platinum")).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/plans-${suffix}.png` });
      await dialog.getByRole("button", { name: "Switch to Platinum" }).click();
      await expect(page.getByTestId("change-plan-terms")).toBeVisible();
      await page.screenshot({ path: `${dir}/plans-confirm-${suffix}.png` });
    }
});
