import { expect, type Page, type Response, test } from "@playwright/test";
import { e2eDb, FULL_ONLY, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * The analytics tab. Other tests write to the same database at the same time, so the figures are checked
 * against the answers the page itself received, and a member arranged here is looked for in the activity.
 */
const money = (pence: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);
const rate = (n: number) => `${n.toFixed(1)}%`;
const count = (n: number) => n.toLocaleString("en-GB");

const answer = (page: Page, path: string) =>
  page.waitForResponse((r: Response) => new URL(r.url()).pathname === path && r.request().method() === "GET");

async function openTab(page: Page) {
  const answers = Promise.all([
    answer(page, "/api/admin/analytics/subscriptions"),
    answer(page, "/api/admin/analytics/churn"),
    answer(page, "/api/admin/analytics/operational"),
  ]);
  await page.goto("/admin?tab=analytics");
  const [subs, churn, ops] = await Promise.all((await answers).map((r) => r.json()));
  return { subs, churn, ops };
}

/** A gold member who subscribed and booked a date just now, so they lead the recent activity. */
async function arrangeSubscriber() {
  const db = await e2eDb();
  const name = `Analytica${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = uniqueEmail("analytics");
  const { rows } = await db.query(
    `INSERT INTO users (email, first_name, last_name, email_verified) VALUES ($1, $2, 'Tester', true) RETURNING id`,
    [email, name],
  );
  await setPlan(email, { tier: "gold", status: "active" });
  const id = rows[0].id as number;
  await db.query(
    `INSERT INTO subscription_events (user_id, event_type, to_tier, to_status, monthly_amount, occurred_at)
     VALUES ($1, 'created', 'gold', 'active', 2000, now() - interval '1 second')`,
    [id],
  );
  await db.query(
    `INSERT INTO date_reservations (user_id, scheduled_date, status, created_at)
     VALUES ($1, now() + interval '3 days', 'scheduled', now())`,
    [id],
  );
  return { id, name: `${name} Tester` };
}

test("shows the figures the server computed, the charts and the latest activity", async ({ page }) => {
  const member = await arrangeSubscriber();
  await signInAsAdmin(page);
  const { subs, churn, ops } = await openTab(page);

  await expect(page.getByRole("heading", { name: "Business Analytics" })).toBeVisible();
  await expect(page.getByTestId("stat-mrr-value")).toHaveText(money(subs.totalMRRPence));
  await expect(page.getByTestId("stat-active-subscribers-value")).toHaveText(count(subs.activeSubscribers));
  await expect(page.getByTestId("stat-arpu-value")).toHaveText(money(subs.arpuPence));
  await expect(page.getByTestId("stat-churn-value")).toHaveText(rate(churn.churnRate));
  // Counts agree with their nouns: "1 cancellation", never "1 cancellations".
  const of = (n: number, one: string) => `${count(n)} ${n === 1 ? one : `${one}s`}`;
  await expect(page.getByTestId("stat-churn")).toContainText(
    `${of(churn.cancelledLast30Days, "cancellation")} in 30 days`,
  );
  // The figure says what it is (issue 32): the share of subscribers at the period's start who cancelled in it.
  await expect(page.getByTestId("stat-churn")).toContainText(
    "Churn is the share of subscribers at the period's start who cancelled in it",
  );
  await expect(page.getByTestId("stat-active-subscribers")).toContainText(
    `${of(churn.totalCancelled, "cancelled plan")} in all`,
  );
  expect(subs.activeSubscribers).toBeGreaterThan(0);

  const total = (rows: { status: string; count: number }[], only?: string[]) =>
    rows.filter((r) => !only || only.includes(r.status)).reduce((n, r) => n + r.count, 0);
  for (const [id, value] of [
    ["total-reservations", count(ops.totalReservations)],
    ["completed-dates", count(ops.completedDates)],
    ["completion-rate", ops.totalReservations ? rate(ops.completionRate) : "—"],
    ["no-show-rate", ops.datesTakenPlace ? rate(ops.noShowRate) : "—"],
    ["email-delivery-rate", total(ops.emailsByStatus) ? rate(ops.emailDeliveryRate) : "—"],
    [
      "suggestion-approval-rate",
      total(ops.suggestionsByStatus, ["approved", "booked", "rejected"])
        ? rate(ops.suggestionApprovalRate)
        : "—",
    ],
    ["dates-this-week", count(ops.recentReservations)],
  ] as const) {
    await expect(page.getByTestId(`ops-${id}`).locator("dd").first()).toHaveText(value);
  }

  const gold = subs.tierDistribution.find((t: { tier: string }) => t.tier === "gold");
  await expect(page.getByTestId("tier-gold")).toContainText(
    `${count(gold.subscribers)} · ${rate(gold.percentage)}`,
  );

  // The arranged member's booking and subscription are among the latest events the server listed.
  const mine = ops.recentActivity.filter((a: { userId: number }) => a.userId === member.id);
  expect(mine.map((a: { type: string }) => a.type).sort()).toEqual(
    expect.arrayContaining(["booking", "subscription"]),
  );
  const activity = page.getByRole("list", { name: "Recent activity" });
  await expect(activity.getByRole("link", { name: member.name }).first()).toBeVisible();
  await expect(activity.getByTestId("activity-item")).toHaveCount(ops.recentActivity.length);

  // Both charts drew: twelve months each.
  await expect(page.locator(".recharts-wrapper")).toHaveCount(2);
  await expect(page.locator(".recharts-area-curve")).toHaveCount(1);
  expect(subs.mrrHistory).toHaveLength(12);
  expect(churn.newSignups).toHaveLength(12);
});

test("both exports download with a dated file name and say so", async ({ page }) => {
  await signInAsAdmin(page);
  await openTab(page);
  for (const [button, base, kind] of [
    ["Export Subscription Data", "subscription-analytics", "Subscription"],
    ["Export Operational Data", "operational-analytics", "Operational"],
  ] as const) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: button }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${base}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    await expect(page.getByText(`${kind} analytics downloaded successfully`, { exact: true })).toBeVisible();
    await expect(page.getByText("Export Successful", { exact: true })).toBeVisible();
  }
});

test("a failed export and a failed read each show the spec's toast", FULL_ONLY, async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/admin/analytics/churn", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"message":"Database unavailable"}',
    }),
  );
  await page.route("**/api/admin/analytics/operational/export", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Try again shortly"}' }),
  );
  const failed = answer(page, "/api/admin/analytics/churn");
  await page.goto("/admin?tab=analytics");
  await failed;
  await expect(page.getByText("Failed to fetch churn analytics").first()).toBeVisible();
  await expect(page.getByText("Database unavailable").first()).toBeVisible();
  // The rest of the tab still shows what did load.
  await expect(page.getByTestId("stat-mrr-value")).toHaveText(/^£/);

  await page.getByRole("button", { name: "Export Operational Data" }).click();
  await expect(page.getByText("Export Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Try again shortly", { exact: true })).toBeVisible();
});

/** A year of members joining (and a few leaving), so the charts have something to draw. */
async function arrangeHistory() {
  const db = await e2eDb();
  for (let k = 11; k >= 0; k--) {
    const tier = ["silver", "gold", "platinum"][k % 3];
    const cancelled = k % 5 === 0 && k > 0;
    const email = uniqueEmail("analytics-history");
    const { rows } = await db.query(
      `INSERT INTO users (email, first_name, last_name, email_verified, created_at)
       VALUES ($1, 'History', $2, true, now() - make_interval(months => $3::int, days => 2)) RETURNING id`,
      [email, `Member ${k}`, k],
    );
    await setPlan(email, { tier, status: cancelled ? "cancelled" : "active" });
    const id = rows[0].id as number;
    const price = { silver: 1500, gold: 2000, platinum: 3000 }[tier];
    await db.query(
      `INSERT INTO subscription_events (user_id, event_type, to_tier, to_status, monthly_amount, occurred_at)
       VALUES ($1, 'created', $2, 'active', $3, now() - make_interval(months => $4::int, days => 1))`,
      [id, tier, price, k],
    );
    if (cancelled)
      await db.query(
        `INSERT INTO subscription_events (user_id, event_type, from_status, to_tier, to_status, monthly_amount, occurred_at)
         VALUES ($1, 'cancelled', 'active', $2, 'cancelled', 0, now() - interval '10 days')`,
        [id, tier],
      );
    await db.query(
      `INSERT INTO date_reservations (user_id, scheduled_date, status, created_at)
       VALUES ($1, now() - make_interval(days => $2::int), $3, now() - make_interval(days => $2::int + 14))`,
      [id, k * 20 + 3, k % 4 === 0 ? "cancelled" : "completed"],
    );
  }
}

test.describe("screenshots", FULL_ONLY, () => {
  test.beforeAll(arrangeHistory);
  for (const width of [1280, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`screenshot at ${width} in ${colorScheme}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await signInAsAdmin(page);
        await openTab(page);
        await expect(page.locator(".recharts-wrapper")).toHaveCount(2);
        await expect(page.getByTestId("activity-item").first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `/tmp/shots-analytics/analytics-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }
});
