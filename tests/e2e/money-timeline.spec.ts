import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  e2eDb,
  expectAccessibleInFullRun,
  saveAcceptedPreferences,
  subscribeViaApi,
  uniqueEmail,
} from "./helpers.ts";
import { shootAll } from "./shoot-all.ts";
import { newMember } from "./sign-in.ts";

/** A gift bought and paid by someone else (their own browser) through the sandbox's bank page; its code. */
async function paidGiftCode(browser: Browser, tier: "silver" | "gold", months: number): Promise<string> {
  const giver = await browser.newContext();
  const bought = await giver.request.post("/api/gifts", {
    data: {
      tier,
      months,
      buyerName: "Jo Lee",
      buyerEmail: uniqueEmail("giver"),
      recipientNames: "Iris and Noah",
      recipientEmail: uniqueEmail("gifted"),
      deliverOn: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()),
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const payPath = new URL((await bought.json()).redirect_url).pathname;
  const paid = await giver.request.post(payPath, { form: { action: "pay", bank: "Sandbox Bank" } });
  const token = new URL(paid.url()).searchParams.get("token");
  const code = (await (await giver.request.get(`/api/gifts/manage?token=${token}`)).json()).code;
  await giver.close();
  return code;
}

/** "29 April 2027": a day as every plan screen writes it (London). */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date(iso));

/** The next payment as GET /api/billing answers it for the member signed in on `page`, in the screens' words. */
async function nextPaymentText(page: Page): Promise<string> {
  const billing = await (await page.request.get("/api/billing")).json();
  expect(billing.nextPayment).not.toBeNull();
  return `£${billing.nextPayment.amountPence / 100} on ${longDay(billing.nextPayment.date)}`;
}

/**
 * A Gold couple: Iris holds the plan and has redeemed Jo's three-month gift as credit, then booked a month off
 * (keeping her dates); Noah is linked to her (arranged: the invitation has its own spec).
 */
async function giftedCoupleWithMonthOff(page: Page, browser: Browser) {
  const holder = await newMember(page, { firstName: "Iris" });
  await saveAcceptedPreferences(page);
  await subscribeViaApi(page, "gold");
  const code = await paidGiftCode(browser, "silver", 3);
  const redeemed = await page.request.post("/api/gifts/redeem", { data: { code } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  const paused = await page.request.post("/api/subscription/pause", { data: { keepDates: true } });
  expect(paused.status(), await paused.text()).toBe(200);

  const context = await browser.newContext();
  const partnerPage = await context.newPage();
  const partner = await newMember(partnerPage, { firstName: "Noah" });
  const db = await e2eDb();
  await db.query(
    `UPDATE users u SET partner_id = o.id FROM users o
      WHERE (u.email = $1 AND o.email = $2) OR (u.email = $2 AND o.email = $1)`,
    [holder.email, partner.email],
  );
  return { holder, partner, partnerPage, context };
}

/** /billing, Settings and the dashboard all name `next` ("£20 on 29 April 2027") as the next payment. */
async function expectSameNextPayment(p: Page, next: string) {
  await p.goto("/billing");
  await expect(p.getByTestId("billing-next-payment")).toContainText(next.replace(/^£\d+ /, ""), {
    timeout: 30_000,
  });
  await expect(p.getByTestId("billing-next-payment")).toContainText(next.split(" on ")[0]);
  await p.goto("/settings?tab=subscription");
  await expect(p.getByTestId("settings-next-payment")).toContainText(`Next payment ${next}`, {
    timeout: 30_000,
  });
  await p.goto("/dashboard");
  await expect(p.getByTestId("dashboard-next-payment")).toHaveText(`Next payment ${next}`, {
    timeout: 30_000,
  });
}

test("a gift redeemed as credit, then a month off: /billing, Settings and the dashboard agree for both partners", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { partnerPage: p, context } = await giftedCoupleWithMonthOff(page, browser);
  const next = await nextPaymentText(page);
  // The partner's answer is the couple's one plan: the same next payment.
  expect(await nextPaymentText(p)).toBe(next);

  // The holder: one day on three screens; the month off is booked (not "Paused" beside Active), the gift
  // months are named between it and the next payment.
  await expectSameNextPayment(page, next);
  await page.goto("/billing");
  await expect(page.getByTestId("billing-paused")).toContainText(/^Month off booked: /);
  await expect(page.getByTestId("billing-plan-status")).toHaveText("Active");
  const timeline = page.getByRole("list", { name: "Your plan, month by month" });
  await expect(timeline.getByRole("listitem")).toHaveText([
    /^Paid until \d{1,2} \w{3} \d{4}$/,
    /^Month off \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}$/,
    /^3 gift months to \d{1,2} \w{3} \d{4}$/,
  ]);
  await expectAccessibleInFullRun(page, "billing with a month off and gift months");
  await page.goto("/settings?tab=subscription");
  await expect(page.getByTestId("pause-notice")).toContainText(/^Month off booked: /);
  await expect(page.getByTestId("pause-notice")).not.toContainText("Paused");
  await expect(page.getByTestId("plan-timeline")).toContainText("3 gift months");

  // The covered partner: the couple's plan and its next payment, none of the holder's bank details, nothing
  // to buy.
  await expectSameNextPayment(p, next);
  await p.goto("/billing");
  await expect(p.getByTestId("billing-covered-by")).toHaveText("Covered by Iris's plan");
  await expect(p.getByTestId("billing-plan")).toContainText("Gold plan");
  await expect(p.getByTestId("billing-mandate")).toContainText("Payments come from Iris's Direct Debit");
  await expect(p.getByTestId("billing-mandate")).not.toContainText("Sandbox Bank");
  await expect(p.getByRole("button", { name: "Change bank details" })).toHaveCount(0);
  await expect(p.getByRole("link", { name: "Choose a plan" })).toHaveCount(0);
  await expect(p.getByText("Choose a plan to begin.")).toHaveCount(0);
  await expect(p.getByTestId("history-empty")).toContainText("paid by Iris's Direct Debit");
  await expect(p.getByTestId("plan-timeline")).toContainText("3 gift months");
  await expectAccessibleInFullRun(p, "the covered partner's billing");
  await p.goto("/settings?tab=subscription");
  await expect(p.getByTestId("pause-notice")).toContainText(/^Month off booked: /);

  for (const [who, tab] of [
    ["holder", page],
    ["partner", p],
  ] as const)
    for (const path of ["/billing", "/settings?tab=subscription", "/dashboard"])
      await shootAll(tab, `timeline-${who}-${path.replace(/\W+/g, "-").replace(/^-|-$/g, "")}`, async () => {
        await tab.goto(path);
        await expect(
          tab.getByTestId(
            path === "/dashboard"
              ? "dashboard-next-payment"
              : path === "/billing"
                ? "billing-next-payment"
                : "settings-next-payment",
          ),
        ).toBeVisible({ timeout: 30_000 });
      });

  // Two tabs: the holder calls the month off off in hers; the partner's stale page, reloaded, follows, and
  // so does the page the back button brings back.
  await p.goto("/billing");
  await expect(p.getByTestId("billing-paused")).toBeVisible({ timeout: 30_000 });
  await p.getByRole("link", { name: "Subscription settings" }).click();
  await expect(p.getByTestId("pause-notice")).toBeVisible({ timeout: 30_000 });
  const resumed = await page.request.post("/api/subscription/resume");
  expect(resumed.status(), await resumed.text()).toBe(200);
  const after = await nextPaymentText(page);
  expect(after).not.toBe(next);
  await p.goBack();
  await expect(p).toHaveURL(/\/billing$/);
  await expect(p.getByTestId("billing-paused")).toHaveCount(0);
  await expect(p.getByTestId("billing-next-payment")).toContainText(after.split(" on ")[1]);
  await p.reload();
  await expect(p.getByTestId("plan-timeline")).toContainText("3 gift months");
  await expect(p.getByTestId("plan-timeline")).not.toContainText("Month off");
  await expectSameNextPayment(p, after);
  await context.close();
});
