/**
 * Settings > Subscription shows the next payment (as GET /api/billing answers it, from the plan account) and
 * offers "Take a month off" on its own, not only inside the cancel dialog; the covered partner sees the plan
 * read-only with the month off either partner may take. At phone and desktop widths, with screenshots when
 * SHOTS_DIR is set.
 */
import { expect, type Page, test } from "@playwright/test";
import { e2eDb, saveAcceptedPreferences, subscribeViaApi } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.SHOTS_DIR;

const longDay = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(iso));

async function nextPayment(page: Page): Promise<{ date: string; amountPence: number } | null> {
  const res = await page.request.get("/api/billing");
  expect(res.status()).toBe(200);
  return (await res.json()).nextPayment;
}

const pounds = (pence: number) => (pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`);

/** The page at both widths, each checked by `check` and photographed when SHOTS_DIR is set. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await check();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/${name}-${viewport === PHONE ? "phone" : "desktop"}.png`,
        fullPage: true,
      });
  }
}

test("the plan holder sees the next payment in Settings and takes a month off from there", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newMember(page, { firstName: "Iris" });
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, "gold");
  const before = (await nextPayment(page))!;
  expect(before).toBeTruthy();

  await page.goto("/settings?tab=subscription");
  const line = page.getByTestId("settings-next-payment");
  await atBothWidths(page, "settings-plan-next-payment", async () => {
    await expect(line).toHaveText(`Next payment ${pounds(before.amountPence)} on ${longDay(before.date)}`);
    await expect(page.getByTestId("settings-pause")).toBeVisible();
  });

  await page.getByTestId("settings-pause").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Take a month off" })).toBeVisible();
  await expect(dialog.getByTestId("pause-period")).toContainText("You have no dates booked in that month.");
  await atBothWidths(page, "settings-plan-month-off-dialog", async () => {
    await expect(dialog.getByRole("button", { name: /^Pause until \d{1,2} \w+ \d{4}$/ })).toBeVisible();
  });
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: /^Pause until \d{1,2} \w+ \d{4}$/ }).click();
  await expect(toasts(page).getByText("Subscription Paused")).toBeVisible();
  await reloaded;

  // The payment the month off skips is not the next one any more: the line says the account's next.
  const after = (await nextPayment(page))!;
  expect(new Date(after.date).getTime()).toBeGreaterThan(new Date(before.date).getTime());
  await atBothWidths(page, "settings-plan-paused", async () => {
    await expect(page.getByTestId("pause-notice")).toContainText(/Month off booked: \d{1,2} \w+ \d{4} to/);
    // Before it starts, resuming simply withdraws it; the notice names no payment day of its own.
    await expect(page.getByTestId("pause-notice")).toContainText(
      "Resume now and your plan carries on as if no month off had been booked.",
    );
    await expect(line).toHaveText(`Next payment ${pounds(after.amountPence)} on ${longDay(after.date)}`);
    // One month off at a time: the button gives way to the notice's Resume now.
    await expect(page.getByTestId("settings-pause")).toHaveCount(0);
  });

  // /billing says the same: a month off booked (not "Paused" beside Active), and the same next payment.
  await page.goto("/billing");
  await expect(page.getByTestId("billing-paused")).toContainText(
    /^Month off booked: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/,
  );
  await expect(page.getByTestId("billing-paused")).toContainText(
    `The next payment is on ${longDay(after.date)}.`,
  );
  await expect(page.getByTestId("billing-next-payment")).toContainText(longDay(after.date));
});

test("the covered partner sees the plan read-only, its next payment, and may take the month off", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const holder = await newMember(page, { firstName: "Iris" });
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, "gold");
  const context = await browser.newContext();
  const p = await context.newPage();
  const partner = await newMember(p, { firstName: "Noah" });
  const db = await e2eDb();
  await db.query(
    `UPDATE users u SET partner_id = o.id FROM users o
      WHERE (u.email = $1 AND o.email = $2) OR (u.email = $2 AND o.email = $1)`,
    [holder.email, partner.email],
  );

  await p.goto("/settings?tab=subscription");
  const next = (await nextPayment(p))!;
  expect(next).toEqual(await nextPayment(page));
  await atBothWidths(p, "settings-plan-partner", async () => {
    await expect(p.getByTestId("partner-cover-plan")).toHaveText("Gold · with Iris");
    // Read-only: no plan change, no cancellation, no bank details for the partner.
    await expect(p.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
    await expect(p.getByRole("link", { name: "Manage Billing" })).toHaveCount(0);
    await expect(p.getByTestId("partner-pause")).toBeVisible();
    // The holder's plan's next collection, as /api/billing answers the partner.
    await expect(p.getByTestId("settings-next-payment")).toHaveText(
      `Next payment ${pounds(next.amountPence)} on ${longDay(next.date)}, from Iris's Direct Debit`,
    );
  });
  await p.getByTestId("partner-pause").click();
  await expect(p.getByRole("dialog").getByRole("heading", { name: "Take a month off" })).toBeVisible();
  await context.close();
});

test("a plan cancelled in the cooling-off period (refunded) is not offered reactivation", async ({
  page,
}) => {
  await newMember(page, { firstName: "Iris" });
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, "gold");
  const cancelled = await page.request.post("/api/cancel-subscription", { data: { reason: "Other" } });
  expect(await cancelled.json()).toMatchObject({ refunded: true });
  expect((await (await page.request.get("/api/billing")).json()).canReactivate).toBe(false);
  await page.goto("/settings?tab=subscription");
  await expect(page.getByTestId("settings-plan-status")).toHaveText("Ended");
  await expect(page.getByRole("button", { name: "Reactivate" })).toHaveCount(0);
  await expect(page.getByTestId("settings-next-payment")).toHaveCount(0);
});
