import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  billingEvents,
  paymentCheckouts,
  sandboxPayments,
  sandboxSubscriptions,
  users,
} from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { BILLING_HISTORY_MSG } from "../../src/shared/billing-history.ts";
import type { BillingHistoryItem, BillingOverview } from "../../src/shared/member-api.ts";
import { billingOverviewSchema } from "../../src/shared/schemas/billing.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { postPaymentEvents, providerEvent } from "../helpers/payment-webhooks.ts";
import { pdfToText } from "../helpers/pdf.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { authoriseAtSandbox, subscribe, tokenFrom } from "../helpers/subscribe.ts";

/** an append-only billing history that survives new mandates, failures, retries and provider changes. */
const SECRET = "test-webhook-secret-0123456789abcdef";
const t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: SECRET } });
const json = { "content-type": "application/json" };
const NOW = new Date("2026-10-16T10:00:00Z");
const DAY = 86_400_000;
beforeEach(() => t.clock.set(NOW));
afterEach(() => vi.restoreAllMocks());

const userRow = (id: number) => storedMember(t.db, id);
const fresh = async (me: SignedIn): Promise<SignedIn> => ({
  ...me,
  cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}`,
});
const billing = async (me: SignedIn): Promise<BillingOverview> => {
  const res = await t.request({ method: "GET", url: "/api/billing", as: await fresh(me) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowsOf = (userId: number) => t.db.select().from(billingEvents).where(eq(billingEvents.userId, userId));
const sentences = (h: BillingHistoryItem[]) => h.map((e) => e.description);

const complete = (as: SignedIn, token: string) =>
  t.request({
    method: "POST",
    url: "/api/complete-subscription",
    as,
    headers: json,
    payload: JSON.stringify({ session_token: token }),
  });

/** New bank details (account ending 78), authorised at the sandbox and completed. */
async function changeBankDetails(m: SignedIn) {
  const me = await fresh(m);
  const started = await t.request({ method: "POST", url: "/api/subscription/update-payment-method", as: me });
  expect(started.statusCode, started.body).toBe(200);
  const auth = await authoriseAtSandbox(t, started.json().redirect_url, { account_number: "12345678" });
  expect(auth.statusCode).toBe(303);
  return complete(me, tokenFrom(auth.headers.location as string));
}

let n = 0;
function webhook(resource: string, action: string, links: Record<string, string>) {
  const event = providerEvent(`EVBH${++n}${Date.now()}`, resource, action, links, t.clock.now());
  return async () => postPaymentEvents(t, SECRET, [event]);
}

/** A member with a gold plan since 16 October and two collected payments (16 October, 16 November). */
async function memberWithTwoPayments(): Promise<SignedIn> {
  const m = await t.member();
  await subscribe(t, m, "gold");
  t.clock.set(new Date("2026-11-20T10:00:00Z"));
  const b = await billing(m);
  expect(b.payments.map((p) => [p.chargeDate, p.status])).toEqual([
    ["2026-11-16", "confirmed"],
    ["2026-10-16", "confirmed"],
  ]);
  return m;
}

/** The member's 16 December 2026 charge on `mandate`, read on 17 December (so the sandbox has taken it). */
async function decemberPayment(m: SignedIn, mandate: string) {
  t.clock.set(new Date("2026-12-17T09:00:00Z"));
  await billing(m);
  const [december] = await t.db
    .select()
    .from(sandboxPayments)
    .where(
      and(eq(sandboxPayments.mandateId, mandate), sql`${sandboxPayments.chargeDate}::date = '2026-12-16'`),
    );
  return december;
}

/** The bank moves a sandbox payment on, as it would between webhooks. */
const setPaymentStatus = (id: string, status: string) =>
  t.db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, id));

/** The text a PDF shows, as pdftotext reads it (the receipt's fonts are embedded, its text is glyph ids). */
const pdfText = (pdf: Buffer): string => pdfToText(pdf);

describe("the history survives new bank details, a failed payment and its retry", () => {
  it("keeps the confirmed payments after a failure and new bank details, and shows every step", async () => {
    const m = await memberWithTwoPayments();
    const before = await userRow(m.user.id);
    const oldMandate = before.paymentMandateId!;

    // 16 December's payment fails at the bank.
    const december = await decemberPayment(m, oldMandate);
    await setPaymentStatus(december.id, "failed");
    const failed = await webhook("payments", "failed", { payment: december.id, mandate: oldMandate })();
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await userRow(m.user.id)).subscriptionStatus).toBe("past_due");

    // New bank details: the missed month is collected again from them, the old mandate is closed.
    t.clock.set(new Date("2026-12-18T09:00:00Z"));
    expect((await changeBankDetails(m)).statusCode).toBe(200);
    const after = await userRow(m.user.id);
    expect(after.paymentMandateId).not.toBe(oldMandate);
    expect(after.subscriptionStatus).toBe("active");

    // Even if the provider no longer lists the old mandate's payments (or we moved provider), nothing is lost.
    const real = t.deps.payments.listPayments.bind(t.deps.payments);
    vi.spyOn(t.deps.payments, "listPayments").mockImplementation(async (id) =>
      id === oldMandate ? [] : real(id),
    );
    const b = await billing(m);
    const byDay = Object.fromEntries(b.payments.map((p) => [p.chargeDate, p]));
    expect(byDay["2026-10-16"]).toMatchObject({ status: "confirmed", amountPence: 2000 });
    expect(byDay["2026-11-16"]).toMatchObject({ status: "confirmed", amountPence: 2000 });
    expect(b.payments.find((p) => p.id === december.id)).toMatchObject({ status: "failed" });
    expect(b.payments.find((p) => p.description === "Missed monthly payment")).toMatchObject({
      amountPence: 2000,
      status: "pending_submission",
    });
    const words = sentences(b.history);
    expect(words).toEqual(
      expect.arrayContaining([
        "Payment of £20.00 confirmed",
        "Payment of £20.00 failed",
        "Retry scheduled for the payment of £20.00",
        "New bank details: account ending 78",
        "Direct Debit closed: account ending 11",
        "Direct Debit set up: account ending 11",
      ]),
    );
    expect(words.filter((w) => w === "Payment of £20.00 confirmed")).toHaveLength(2);
    // Newest first.
    const times = b.history.map((h) => h.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(b.history.filter((h) => h.receiptAvailable).map((h) => h.kind)).toEqual([
      "payment_confirmed",
      "payment_confirmed",
    ]);
  });

  it("a failed payment, the provider's retry and its confirmation are three rows, the payment one row", async () => {
    const m = await memberWithTwoPayments();
    const mandate = (await userRow(m.user.id)).paymentMandateId!;
    const december = await decemberPayment(m, mandate);
    const links = { payment: december.id, mandate };
    await setPaymentStatus(december.id, "failed");
    await webhook("payments", "failed", links)();
    t.clock.advance(DAY);
    await setPaymentStatus(december.id, "submitted");
    await webhook("payments", "resubmission_requested", links)();
    t.clock.advance(3 * DAY);
    await setPaymentStatus(december.id, "confirmed");
    await webhook("payments", "confirmed", links)();
    expect((await userRow(m.user.id)).subscriptionStatus).toBe("active");
    const b = await billing(m);
    const mine = b.history.filter((h) => h.chargeDate === "2026-12-16").map((h) => [h.kind, h.status]);
    expect(mine).toEqual([
      ["payment_confirmed", "Paid"],
      ["payment_retried", "Retrying"],
      ["payment_failed", "Failed"],
      ["payment_created", "Scheduled"],
    ]);
    expect(b.payments.filter((p) => p.id === december.id)).toEqual([
      expect.objectContaining({ status: "confirmed", refundedPence: 0 }),
    ]);
  });

  it("a retry the provider made without telling us is inferred from its status on the next read", async () => {
    const m = await memberWithTwoPayments();
    const mandate = (await userRow(m.user.id)).paymentMandateId!;
    const december = await decemberPayment(m, mandate);
    await setPaymentStatus(december.id, "failed");
    await billing(m);
    await setPaymentStatus(december.id, "confirmed");
    const b = await billing(m);
    expect(b.history.filter((h) => h.chargeDate === "2026-12-16").map((h) => h.kind)).toEqual([
      "payment_confirmed",
      "payment_retried",
      "payment_failed",
      "payment_created",
    ]);
  });
});

describe("the billing response contract", () => {
  it("GET /api/billing carries exactly the listed fields: plan, mandate, payments and history rows", async () => {
    const m = await memberWithTwoPayments();
    const res = await t.request({ method: "GET", url: "/api/billing", as: await fresh(m) });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.mandate).not.toBeNull();
    expect(answer.payments.length).toBeGreaterThan(0);
    expect(answer.history.length).toBeGreaterThan(0);
    expectExactFields(answer, billingOverviewSchema);
  });
});

describe("recorded once, never changed", () => {
  it("a replayed webhook and repeated reads of /billing add nothing", async () => {
    const m = await memberWithTwoPayments();
    const mandate = (await userRow(m.user.id)).paymentMandateId!;
    const [first] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.mandateId, mandate));
    const send = webhook("payments", "paid_out", { payment: first.id, mandate });
    expect((await send()).statusCode).toBe(200);
    const count = (await rowsOf(m.user.id)).length;
    const replay = await send();
    expect(replay.json().outcomes).toEqual({ [Object.keys(replay.json().outcomes)[0]]: "duplicate" });
    await billing(m);
    await billing(m);
    expect((await rowsOf(m.user.id)).length).toBe(count);
    // "Paid out" after a confirmation is folded in the member's history and carries no second receipt.
    const b = await billing(m);
    expect(b.history.some((h) => h.kind === "payment_paid_out")).toBe(false);
    expect(b.payments.find((p) => p.id === first.id)?.status).toBe("paid_out");
  });

  it("the database refuses to change or delete a history row", async () => {
    const m = await memberWithTwoPayments();
    const [row] = await rowsOf(m.user.id);
    await expect(
      t.db.execute(sql`update billing_events set amount_pence = 1 where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from billing_events where id = ${row.id}`)).rejects.toThrow();
    expect((await t.db.select().from(billingEvents).where(eq(billingEvents.id, row.id)))[0]).toEqual(row);
  });

  it("a cooling-off refund is a row of its own with a receipt, and the payment reads refunded", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    // Four days on, the first payment has been collected (a payment not yet at the bank is cancelled instead:
    // money-timeline.test.ts).
    t.clock.set(new Date(NOW.getTime() + 4 * DAY));
    const res = await t.request({
      method: "POST",
      url: "/api/cancel-subscription",
      as: await fresh(m),
      payload: { reason: "Too expensive" },
    });
    expect(res.json()).toMatchObject({ refunded: true });
    const b = await billing(m);
    expect(b.payments).toEqual([expect.objectContaining({ status: "refunded", refundedPence: 2000 })]);
    expect(b.totals).toEqual({ paidPence: 2000, refundedPence: 2000 });
    const refund = b.history.find((h) => h.kind === "payment_refunded")!;
    expect(refund).toMatchObject({
      description: "Refund of £20.00",
      status: "Refunded",
      receiptAvailable: true,
    });
    // Reading again adds no second refund.
    expect((await billing(m)).history.filter((h) => h.kind === "payment_refunded")).toHaveLength(1);
  });
});

describe("GET /api/billing/receipts/:id", () => {
  const receipt = (id: string | number, as?: SignedIn) =>
    t.request({ method: "GET", url: `/api/billing/receipts/${id}`, as });

  it("gives the member a PDF of a collected payment, with the amount, number and details", async () => {
    const m = await memberWithTwoPayments();
    const b = await billing(m);
    const row = b.history.find((h) => h.receiptAvailable)!;
    const res = await receipt(`${row.id}.pdf`, await fresh(m));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const number = `UNV-${String(row.id).padStart(6, "0")}`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="unveil-receipt-${number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const words of [
      "Unveil",
      "£20.00",
      number,
      m.user.email,
      "Sam",
      "Direct Debit",
      "Sandbox (test mode)",
    ])
      expect(text).toContain(words);
    const mandate = (await userRow(m.user.id)).paymentMandateId!;
    expect(text).toContain(`****${mandate.slice(-4)}`);
    expect(text).not.toContain(mandate);
    // Without ".pdf" too.
    expect((await receipt(row.id, await fresh(m))).statusCode).toBe(200);
  });

  it("refuses visitors, hides other members' rows (the covered partner's too) and rows without money", async () => {
    const holder = await memberWithTwoPayments();
    const partner = await t.member({ partnerId: holder.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
    const other = await t.member();
    const admin = await t.admin();
    const b = await billing(holder);
    const money = b.history.find((h) => h.receiptAvailable)!;
    const setUp = b.history.find((h) => h.kind === "mandate_created")!;

    expect((await receipt(money.id)).statusCode).toBe(401);
    for (const who of [partner, other, admin]) {
      const res = await receipt(money.id, await fresh(who));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BILLING_HISTORY_MSG.receiptNotFound);
    }
    // The partner's own billing shows none of the holder's money.
    expect((await billing(partner)).history).toEqual([]);
    const missing = await receipt(2_000_000_000, await fresh(holder));
    expect(missing.statusCode).toBe(404);
    const none = await receipt(setUp.id, await fresh(holder));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(BILLING_HISTORY_MSG.noReceipt);
  });

  it.each(["abc", "0", "-1", "12.pdfx", "12.txt", "1e3", "99999999999", "3000000000", "%20"])(
    "answers 400 for the malformed id %s",
    async (id) => {
      const m = await t.member();
      const res = await receipt(id, m);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
    },
  );
});

describe("bank details on a cancelled plan that still runs", () => {
  async function cancelledRunning() {
    const m = await t.member();
    await subscribe(t, m, "gold");
    // After the cooling-off period a cancellation runs to the end of the paid month.
    t.clock.set(new Date(NOW.getTime() + 20 * DAY));
    const res = await t.request({
      method: "POST",
      url: "/api/cancel-subscription",
      as: await fresh(m),
      payload: { reason: "Too expensive" },
    });
    expect(res.json()).toMatchObject({ refunded: false });
    return m;
  }

  it("may change them: the new mandate is on file, nothing is collected, and reactivating uses it", async () => {
    const m = await cancelledRunning();
    const before = await userRow(m.user.id);
    const b = await billing(m);
    expect(b.bankDetails).toEqual({ changeable: true, note: BILLING_HISTORY_MSG.cancelledRunning });
    const done = await changeBankDetails(m);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: "update_mandate" });
    const after = await userRow(m.user.id);
    expect(after.subscriptionStatus).toBe("cancelled");
    expect(after.paymentMandateId).not.toBe(before.paymentMandateId);
    expect(after.paymentSubscriptionId).toBe(before.paymentSubscriptionId);
    // No schedule collects from the new details while the plan is cancelled.
    expect(
      await t.db.$count(sandboxSubscriptions, eq(sandboxSubscriptions.mandateId, after.paymentMandateId!)),
    ).toBe(0);
    expect((await t.deps.payments.getMandate(before.paymentMandateId!))?.status).toBe("cancelled");
    const history = (await billing(m)).history;
    expect(sentences(history)).toContain("New bank details: account ending 78");
    expect(history.filter((h) => h.kind === "payment_confirmed")).toHaveLength(1);

    const re = await t.request({ method: "POST", url: "/api/reactivate-subscription", as: await fresh(m) });
    expect(re.statusCode, re.body).toBe(200);
    const live = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.mandateId, after.paymentMandateId!));
    expect(live.map((s) => s.status)).toEqual(["active"]);
  });

  it("explains why not once the plan has ended, and starts nothing", async () => {
    const m = await cancelledRunning();
    t.clock.set(new Date(NOW.getTime() + 40 * DAY));
    const b = await billing(m);
    expect(b.bankDetails).toEqual({ changeable: false, note: BILLING_HISTORY_MSG.planEnded });
    const checkouts = await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id));
    const res = await t.request({
      method: "POST",
      url: "/api/subscription/update-payment-method",
      as: await fresh(m),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_HISTORY_MSG.planEnded);
    expect(await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id))).toBe(checkouts);
    // Its history is still there.
    expect(b.history.some((h) => h.kind === "payment_confirmed")).toBe(true);
  });

  it("refuses a plan refunded in the cooling-off period, and a member who never had a plan", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    await t.request({ method: "POST", url: "/api/cancel-subscription", as: m, payload: { reason: "Other" } });
    const res = await t.request({ method: "POST", url: "/api/subscription/update-payment-method", as: m });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_HISTORY_MSG.planEnded);
    const never = await t.member();
    expect(
      (await t.request({ method: "POST", url: "/api/subscription/update-payment-method", as: never }))
        .statusCode,
    ).toBe(400);
    expect((await billing(never)).bankDetails).toEqual({ changeable: false, note: null });
  });
});
