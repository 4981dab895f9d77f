import { expect, type Page, test } from "@playwright/test";
import {
  arrangeDate,
  e2eDb,
  expectAccessibleInFullRun,
  saveAcceptedPreferences,
  subscribeViaApi,
} from "./helpers.ts";
import { newMember } from "./sign-in.ts";

const SHOTS = process.env.SHOTS_DIR;

/** The plan is behind: the provider reported the month's £20 failed this morning, and a retry is booked. */
async function paymentFailed(email: string) {
  const db = await e2eDb();
  const { rows } = await db.query<{ id: number; payment_mandate_id: string }>(
    `SELECT u.id, p.payment_mandate_id FROM users u LEFT JOIN payment_links p ON p.user_id = u.id
       WHERE lower(u.email) = lower($1)`,
    [email],
  );
  const { id, payment_mandate_id } = rows[0];
  await db.query(
    `INSERT INTO plan_accounts (user_id, subscription_status, payment_retry_at, payment_retries)
     VALUES ($1, 'past_due', now() + interval '3 days', 0)
     ON CONFLICT (user_id) DO UPDATE SET subscription_status = excluded.subscription_status,
       payment_retry_at = excluded.payment_retry_at, payment_retries = 0`,
    [id],
  );
  await db.query(
    `INSERT INTO payment_links (user_id, payment_status_at) VALUES ($1, now())
     ON CONFLICT (user_id) DO UPDATE SET payment_status_at = excluded.payment_status_at`,
    [id],
  );
  await db.query(
    `INSERT INTO billing_events (user_id, provider, kind, event_key, occurred_at, payment_ref, mandate_ref, amount_pence,
       charge_date, description)
     VALUES ($1, 'sandbox', 'payment_failed', $2, now(), $3, $4, 2000, to_char(now(), 'YYYY-MM-DD'), 'Monthly membership')`,
    [id, `e2e-failed-${id}`, `E2EPM${id}`, payment_mandate_id],
  );
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a failed payment: the banner on the dashboard and /billing at phone and desktop widths, new bank details in one click", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await newMember(page);
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, "gold");
  await paymentFailed(email);

  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of ["/dashboard", "/billing"]) {
      await page.goto(path);
      const banner = page.getByTestId("payment-problem");
      await expect(banner).toBeVisible();
      await expect(
        banner.getByRole("heading", { name: "Your last payment didn't go through" }),
      ).toBeVisible();
      await expect(banner).toContainText("The Direct Debit of £20 failed on");
      await expect(banner).toContainText("We will try again on");
      await expect(banner).toContainText("Your dates stay booked");
      await expect(banner.getByTestId("payment-problem-bank")).toBeVisible();
      await noSidewaysScroll(page);
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/payment-problem-${path.slice(1)}-${name}.png`,
          fullPage: false,
        });
    }
  }
  await expectAccessibleInFullRun(page, "billing with a payment problem");

  // A date inside its reveal window waits for the payment: the evening is kept, and the page says so calmly.
  const dateId = await arrangeDate(email, { hoursFromNow: 30, venueName: "Hidden Payment Bistro" });
  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/dates/${dateId}`);
    await expect(page.getByTestId("payment-hold")).toContainText(
      "Your date is booked; we will reveal it once your payment has gone through.",
    );
    await expect(page.getByText("Hidden Payment Bistro")).toHaveCount(0);
    await noSidewaysScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-hold-date-${name}.png` });
  }

  // From the dashboard, one click reaches the provider's page for new bank details.
  await page.goto("/dashboard");
  await page.getByTestId("payment-problem").getByRole("link", { name: "Use new bank details" }).click();
  await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
});
