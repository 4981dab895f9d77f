import { expect, type Page, test } from "@playwright/test";
import {
  ACCEPTED_PREFERENCES,
  arrangeDate,
  expectAccessibleInFullRun,
  subscribeViaApi,
} from "../../../../tests/e2e/helpers.ts";
import { DESKTOP, shootAll, shooting } from "../../../../tests/e2e/shoot-all.ts";
import { newMember } from "../../../../tests/e2e/sign-in.ts";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function subscribedMember(page: Page) {
  const member = await newMember(page);
  const res = await page.request.post("/api/onboarding/preferences", { data: ACCEPTED_PREFERENCES });
  expect(res.status()).toBe(200);
  // The payment screens have their own tests: the same requests, without drawing them.
  await subscribeViaApi(page, "gold");
  return member;
}

test.describe("a month off", () => {
  test("names the booked date, keeps it, shows 'Month off booked: … to …', and resumes early", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { email } = await subscribedMember(page);
    // Gold renews in a month: a date 35 days away falls inside the month off as booked today.
    const dateId = await arrangeDate(email, {
      hoursFromNow: 35 * 24,
      venueName: "Never Shown Before Reveal",
    });

    const openPause = async () => {
      await page.goto("/settings?tab=subscription");
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("radio", { name: "Take a month off" }).click();
      await dialog.getByRole("button", { name: "Accept This Offer" }).click();
      await expect(dialog.getByTestId("pause-dates")).toBeVisible();
    };
    await openPause();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Take a month off" })).toBeVisible();
    await expect(dialog.getByTestId("pause-dates")).toContainText("You have a date booked in that month:");
    await expect(dialog.getByTestId("pause-dates")).toContainText(/\w+day \d{1,2} \w+ at \d\d:\d\d/);
    await expect(dialog.getByTestId("pause-dates")).toContainText("Still a surprise");
    expect(await page.content()).not.toContain("Never Shown Before Reveal");
    // Nothing is booked until the member chooses.
    await expect(dialog.getByTestId("pause-confirm")).toBeDisabled();
    await expectAccessibleInFullRun(page, "pause dialog");
    if (shooting) {
      await shootAll(page, "pause-dialog", openPause, false);
      await openPause();
    }

    await dialog.getByRole("radio", { name: "Keep this date" }).click();
    await expect(dialog.getByTestId("pause-confirm")).toHaveText(/^Pause until \d{1,2} \w+ \d{4}$/);
    const reloaded = page.waitForEvent("load");
    await dialog.getByTestId("pause-confirm").click();
    await expect(toasts(page).getByText("Subscription Paused")).toBeVisible();
    await reloaded;
    const notice = page.getByTestId("pause-notice");
    await expect(notice).toContainText(/Month off booked: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/);
    await expect(notice).toContainText("Dates before then go ahead");
    await shootAll(page, "pause-booked", async () => {
      await page.goto("/settings?tab=subscription");
      await expect(page.getByTestId("pause-notice")).toBeVisible();
    });
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
    // The kept date is still on the dashboard.
    await page.goto("/dashboard");
    await expect(page.getByText("Upcoming Mystery Dates")).toBeVisible();
    await expect(page.getByTestId(`date-card-${dateId}`)).toBeVisible();

    await page.goto("/settings?tab=subscription");
    const again = page.waitForEvent("load");
    await page.getByRole("button", { name: "Resume now" }).click();
    await expect(toasts(page).getByText("Plan Resumed")).toBeVisible();
    await again;
    await expect(page.getByTestId("pause-notice")).toHaveCount(0);
    await expect(page.getByTestId("settings-plan-status")).toHaveText("Active");
    await expect(page.getByTestId("settings-next-payment")).toHaveText(
      /^Next payment £\d+ on \d{1,2} \w+ \d{4}$/,
    );
  });
});

test.describe("a cancelled date", () => {
  test("says it is cancelled, with no countdown, confirm or calendar hold", async ({ page }) => {
    const { email } = await newMember(page);
    const id = await arrangeDate(email, {
      hoursFromNow: 100,
      status: "cancelled",
      venueName: "Hidden Cancelled",
    });
    const open = async () => {
      await page.goto(`/dates/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Cancelled date" })).toBeVisible();
    };
    await open();
    await expect(page.getByTestId("date-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("cancelled-note")).toContainText(
      "This date is cancelled. It was planned for",
    );
    await expect(page.getByTestId("cancelled-note")).toContainText("went back into that month's allowance");
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    await expect(page.getByTestId("quick-actions")).toHaveCount(0);
    await expect(page.getByText(/Confirm attendance|Confirm you're going/)).toHaveCount(0);
    await expect(page.getByText(/Add to calendar|Holds the time|Keep this time free/)).toHaveCount(0);
    expect(await page.content()).not.toContain("Hidden Cancelled");
    await expectAccessibleInFullRun(page, "cancelled date");
    await shootAll(page, "cancelled-date", open);
  });
});
