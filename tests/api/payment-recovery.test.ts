/**
 * A failed Direct Debit recovered, end to end on a real couple through the sandbox provider: the provider's
 * failure (signed webhook) puts the plan behind and books the retries, both partners are e-mailed through the
 * real mailer to the SMTP sink, the retry job asks the sandbox again (its books show each retry), the reveals
 * wait, a collection recovers the plan, and after the last failed retry the plan ends at the end of what was
 * paid with the couple's dates cancelled and the venue told.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { recoverPayments } from "../../src/features/payments/server/recovery.ts";
import { fireSandboxEvent } from "../../src/features/payments/server/sandbox-events.ts";
import { advanceSubscriptions } from "../../src/features/subscriptions/server/cycles.ts";
import {
  billingEvents,
  dateReservations,
  sandboxPayments,
  subscriptionEvents,
  users,
  venueBookings,
} from "../../src/server/db/schema.ts";
import { cancelUnconfirmedDates, revealDates } from "../../src/server/jobs/dates.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { smtpTransport } from "../../src/server/modules/email/mailer.ts";
import { saveLinks } from "../../src/server/modules/payments/links.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { sendCancellations } from "../../src/server/modules/venue-bookings/requests.ts";
import { londonDay } from "../../src/shared/london-time.ts";
import { PAYMENT_RECOVERY_MSG } from "../../src/shared/payment-recovery.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { postPaymentEvents, providerEvent } from "../helpers/payment-webhooks.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const SECRET = "test-webhook-secret-0123456789abcdef";
const sink = await startSmtpSink();
afterAll(() => sink.close());
const t = await createTestApp({
  transport: smtpTransport(sink.url),
  env: { PAYMENTS_WEBHOOK_SECRET: SECRET },
});
const NOW = new Date("2026-11-10T12:00:05Z");
/** The second collection: a month after the plan began. */
const DUE = new Date("2026-12-10T12:00:05Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeEach(() => {
  t.clock.set(NOW);
  sink.inbox.length = 0;
});

const row = (id: number) => storedMember(t.db, id);
const fresh = async (m: SignedIn): Promise<SignedIn> => ({
  ...m,
  cookie: `unveil_sid=${await createSession(t.db, m.user.id, t.clock.now())}`,
});
const get = async (url: string, m: SignedIn) => {
  const res = await t.request({ method: "GET", url, as: await fresh(m) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let n = 0;
/** A plan holder (Gold through the sandbox, from NOW) and the partner the plan covers. */
async function couple() {
  n++;
  const holder = await t.member({ firstName: `Robin${n}` });
  const partner = await t.member({ firstName: `Kit${n}`, partnerId: holder.user.id });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  await subscribe(t, holder, "gold");
  return { holder, partner };
}

/** The running cycle rolls on at DUE and the sandbox takes the month's payment; answers that payment. */
async function secondPayment(holder: SignedIn) {
  t.clock.set(new Date(DUE.getTime() + HOUR));
  await advanceSubscriptions(t.deps);
  const mandate = (await row(holder.user.id)).paymentMandateId!;
  await t.deps.payments.listPayments(mandate);
  const [p] = await t.db
    .select()
    .from(sandboxPayments)
    .where(
      and(eq(sandboxPayments.mandateId, mandate), sql`${sandboxPayments.chargeDate}::date = '2026-12-10'`),
    );
  expect(p).toBeDefined();
  return { payment: p, mandate };
}

let ev = 0;
/** The bank's answer: the sandbox's books change, then the provider's signed webhook. */
async function bank(paymentId: string, mandate: string, action: "failed" | "confirmed" | "charged_back") {
  await t.db.update(sandboxPayments).set({ status: action }).where(eq(sandboxPayments.id, paymentId));
  const event = providerEvent(
    `EVPR${++ev}${Date.now()}`,
    "payments",
    action,
    { payment: paymentId, mandate },
    t.clock.now(),
  );
  const res = await postPaymentEvents(t, SECRET, [event]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().outcomes[event.id] as string;
}

const mailsTo = (m: SignedIn, subject: RegExp) =>
  sink.inbox.filter((x) => x.to.includes(m.user.email) && subject.test(x.subject));
/** Each of the two got exactly `count` mails with that subject. */
const bothGot = (a: SignedIn, b: SignedIn, subject: RegExp, count = 1) =>
  eventually(() => {
    const [x, y] = [mailsTo(a, subject), mailsTo(b, subject)];
    return x.length === count && y.length === count ? [x[count - 1], y[count - 1]] : null;
  });
const FAILED_MAIL = /didn't go through/;

describe("a failed payment", () => {
  it("puts the plan behind, books the first retry, records it as Failed and tells both partners", async () => {
    const { holder, partner } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    const failedAt = t.clock.now();
    expect(await bank(payment.id, mandate, "failed")).toBe("status past_due");

    const u = await row(holder.user.id);
    expect(u.subscriptionStatus).toBe("past_due");
    expect(u.paymentRetries).toBe(0);
    const retryOn = new Date(failedAt.getTime() + 3 * DAY);
    expect(u.paymentRetryAt?.toISOString()).toBe(retryOn.toISOString());

    const events = await t.db.select().from(billingEvents).where(eq(billingEvents.paymentRef, payment.id));
    expect(events.map((e) => e.kind)).toContain("payment_failed");

    // The billing history says Failed, and the payment is failed, not scheduled.
    const billing = await get("/api/billing", holder);
    expect(billing.payments.find((p: { id: string }) => p.id === payment.id).status).toBe("failed");
    const lines = billing.history.filter(
      (h: { paymentRef?: string; status: string }) => h.status === "Failed",
    );
    expect(lines).toHaveLength(1);
    expect(billing.paymentProblem).toEqual({
      failedAt: failedAt.toISOString(),
      amountPence: 2000,
      retryOn: retryOn.toISOString(),
      retriesLeft: 2,
      canChangeBankDetails: true,
      holderName: null,
    });
    // The covered partner sees the same facts, and who can act.
    const theirs = await get("/api/billing", partner);
    expect(theirs.paymentProblem).toMatchObject({
      amountPence: 2000,
      retryOn: retryOn.toISOString(),
      canChangeBankDetails: false,
      holderName: holder.user.firstName,
    });
    const stats = await get("/api/dates/stats", partner);
    expect(stats.paymentProblem).toMatchObject({ retryOn: retryOn.toISOString(), retriesLeft: 2 });

    const [toHolder, toPartner] = await bothGot(holder, partner, FAILED_MAIL);
    for (const m of [toHolder, toPartner]) {
      expect(m.subject).toBe("Your payment of £20 didn't go through");
      expect(m.text).toContain(`failed on ${londonDay(failedAt)}`);
      expect(m.text).toContain(`again on ${londonDay(retryOn)}`);
      expect(m.html).toContain('href="http://localhost:5000/billing?bank=1"');
    }
    expect(toPartner.text).toContain(`${holder.user.firstName} can put in new bank details`);

    // One each, whatever else the provider reports about the same failure.
    expect(await bank(payment.id, mandate, "failed")).toBe("no change");
    expect((await row(holder.user.id)).paymentRetryAt?.toISOString()).toBe(retryOn.toISOString());
    expect(sink.inbox.filter((m) => FAILED_MAIL.test(m.subject))).toHaveLength(2);
  });

  it("a charge-back (a late failure) is recovered the same way", async () => {
    const { holder, partner } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    await bank(payment.id, mandate, "confirmed");
    t.clock.set(new Date(t.clock.now().getTime() + 5 * DAY));
    expect(await bank(payment.id, mandate, "charged_back")).toBe("status past_due");
    expect((await row(holder.user.id)).paymentRetryAt).not.toBeNull();
    await bothGot(holder, partner, FAILED_MAIL);
  });
});

describe("retries through the provider", () => {
  it("the job asks the sandbox again on the day (its books show each retry); a failure books the next; a collection recovers the plan and tells both", async () => {
    const { holder, partner } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    await bank(payment.id, mandate, "failed");
    const first = (await row(holder.user.id)).paymentRetryAt!;

    const retriedRows = () =>
      t.db
        .select()
        .from(billingEvents)
        .where(and(eq(billingEvents.paymentRef, payment.id), eq(billingEvents.kind, "payment_retried")));
    // Not before its day.
    t.clock.set(new Date(first.getTime() - 60_000));
    await recoverPayments(t.deps);
    expect((await row(holder.user.id)).paymentRetries).toBe(0);
    t.clock.set(first);
    await recoverPayments(t.deps);
    // Once per retry: running again asks nothing more.
    await recoverPayments(t.deps);
    expect(await retriedRows()).toHaveLength(1);
    let books = (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, payment.id)))[0];
    expect(books).toMatchObject({ status: "submitted", description: "Monthly membership (attempt 2)" });
    expect(books.chargeDate.toISOString()).toBe(first.toISOString());
    let u = await row(holder.user.id);
    expect(u).toMatchObject({ paymentRetries: 1, paymentRetryAt: null, subscriptionStatus: "past_due" });
    const history = (await get("/api/billing", holder)).history.map((h: { status: string }) => h.status);
    expect(history).toContain("Retrying");
    expect((await get("/api/billing", partner)).paymentProblem).toMatchObject({
      retryOn: null,
      retriesLeft: 1,
    });

    // The retry fails: the second is booked five days on, and both are told again.
    t.clock.set(new Date(first.getTime() + 2 * DAY));
    expect(await bank(payment.id, mandate, "failed")).toBe("no change");
    u = await row(holder.user.id);
    const second = new Date(t.clock.now().getTime() + 5 * DAY);
    expect(u.paymentRetryAt?.toISOString()).toBe(second.toISOString());
    const [again] = await bothGot(holder, partner, FAILED_MAIL, 2);
    expect(again.text).toContain(`again on ${londonDay(second)}`);

    t.clock.set(second);
    await recoverPayments(t.deps);
    expect(await retriedRows()).toHaveLength(2);
    books = (await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, payment.id)))[0];
    expect(books.description).toBe("Monthly membership (attempt 3)");

    // The bank pays: the plan is back, the retry cleared, both told, the banner gone.
    t.clock.set(new Date(second.getTime() + 3 * DAY));
    expect(await bank(payment.id, mandate, "confirmed")).toBe("status active");
    u = await row(holder.user.id);
    expect(u).toMatchObject({ subscriptionStatus: "active", paymentRetryAt: null, paymentRetries: 0 });
    const [toHolder] = await bothGot(holder, partner, /Your payment has gone through/);
    expect(toHolder.text).toContain("£20");
    expect((await get("/api/billing", holder)).paymentProblem).toBeNull();
    expect((await get("/api/dates/stats", partner)).paymentProblem).toBeNull();
  });

  it("new bank details collect the missed month at once from them", async () => {
    const { holder } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    await bank(payment.id, mandate, "failed");
    const me = await fresh(holder);
    const started = await t.request({
      method: "POST",
      url: "/api/subscription/update-payment-method",
      as: me,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { authoriseAtSandbox, tokenFrom } = await import("../helpers/subscribe.ts");
    const auth = await authoriseAtSandbox(t, started.json().redirect_url, { account_number: "12345678" });
    const done = await t.request({
      method: "POST",
      url: "/api/complete-subscription",
      as: me,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ session_token: tokenFrom(auth.headers.location as string) }),
    });
    expect(done.statusCode, done.body).toBe(200);
    const u = await row(holder.user.id);
    expect(u.paymentMandateId).not.toBe(mandate);
    const onNew = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, u.paymentMandateId!));
    expect(onNew.map((p) => [p.description, p.amountPence])).toEqual([["Missed monthly payment", 2000]]);
    expect(u.subscriptionStatus).toBe("active");
    // Nothing more is retried on the old mandate.
    t.clock.set(new Date(t.clock.now().getTime() + 4 * DAY));
    await recoverPayments(t.deps);
    expect((await row(holder.user.id)).paymentRetries).toBe(0);
    expect((await get("/api/billing", holder)).paymentProblem).toBeNull();
  });
});

describe("the reveals wait for the payment", () => {
  it("the date page and the reveal sweep hold the reveal (the evening kept), and release it once paid", async () => {
    const { holder, partner } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    // The partner's date, the evening after next: its reveal is due within the day.
    const at = new Date(t.clock.now().getTime() + 40 * HOUR);
    const { reservation, venue } = await arrangeDate(t.db, partner.user.id, { at });
    await bank(payment.id, mandate, "failed");

    for (const who of [holder, partner]) {
      const d = await get(`/api/dates/${reservation.id}`, who);
      expect(d).toMatchObject({ revealed: false, paymentHold: true, finalTouches: false, venue: null });
      expect(d.actions.confirm.allowed).toBe(false);
      const list = await get("/api/dates/user", who);
      expect(list.find((x: { id: number }) => x.id === reservation.id).paymentHold).toBe(true);
    }
    await revealDates(t.deps);
    // Nor is it cancelled for want of a confirmation the couple could not give.
    t.clock.set(new Date(at.getTime() - 20 * HOUR));
    await cancelUnconfirmedDates(t.deps);
    await revealDates(t.deps);
    let [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, reservation.id));
    expect(r.status).toBe("scheduled");
    expect(sink.inbox.some((m) => m.text.includes(venue.name) || m.html.includes(venue.name))).toBe(false);
    expect(PAYMENT_RECOVERY_MSG.dateHeld).toBe(
      "Your date is booked; we will reveal it once your payment has gone through.",
    );

    // Paid: revealed on the page and by the sweep, and kept although its confirmation deadline has passed.
    await bank(payment.id, mandate, "confirmed");
    const d = await get(`/api/dates/${reservation.id}`, partner);
    expect(d).toMatchObject({ revealed: true, paymentHold: false, venue: { name: venue.name } });
    await revealDates(t.deps);
    await cancelUnconfirmedDates(t.deps);
    [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, reservation.id));
    expect(r.status).toBe("revealed");
    await eventually(() =>
      [holder, partner].every((m) =>
        sink.inbox.some((x) => x.to.includes(m.user.email) && x.html.includes(venue.name)),
      ),
    );
  });
});

describe("after the last failed retry", () => {
  it("the plan ends at the end of what was paid, the dates ahead are cancelled, both are told and so is the venue", async () => {
    const { holder, partner } = await couple();
    const { payment, mandate } = await secondPayment(holder);
    const ahead = new Date("2027-01-05T19:00:00Z");
    const { reservation, venue } = await arrangeDate(t.db, holder.user.id, { at: ahead });
    await t.db.insert(venueBookings).values({
      reservationId: reservation.id,
      venueId: venue.id,
      scheduledDate: ahead,
      status: "confirmed",
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: new Date(ahead.getTime() + DAY),
      requestedAt: t.clock.now(),
    });
    await bank(payment.id, mandate, "failed");
    for (let retry = 0; retry < 2; retry++) {
      t.clock.set((await row(holder.user.id)).paymentRetryAt!);
      await recoverPayments(t.deps);
      expect((await row(holder.user.id)).paymentRetries).toBe(retry + 1);
      t.clock.set(new Date(t.clock.now().getTime() + DAY));
      await bank(payment.id, mandate, "failed");
    }
    const endedAt = t.clock.now();
    const u = await row(holder.user.id);
    // The failed payment was for the cycle from 10 December: what was paid ended then, which is past, so now.
    expect(u).toMatchObject({ subscriptionStatus: "cancelled", paymentRetryAt: null });
    expect(u.currentPeriodEnd?.toISOString()).toBe(endedAt.toISOString());
    const events = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, holder.user.id));
    expect(events.map((e) => e.eventType)).toContain("lapsed");
    const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, reservation.id));
    expect(r.status).toBe("cancelled");
    // Nothing more is collected: the sandbox subscription is cancelled.
    const [toHolder, toPartner] = await bothGot(holder, partner, /Your plan has ended/);
    for (const m of [toHolder, toPartner]) {
      expect(m.text).toContain(`ended on ${londonDay(endedAt)}`);
      expect(m.text).toContain("5 January 2027");
    }
    // The venue is told by its sweep.
    expect(await sendCancellations(t.deps)).toBe(1);
    await eventually(() => sink.inbox.find((m) => m.to.includes(venue.bookingEmail!)));
    const [b] = await t.db
      .select()
      .from(venueBookings)
      .where(eq(venueBookings.reservationId, reservation.id));
    expect(b.status).toBe("cancelled");
    // No retry, no banner any more.
    await recoverPayments(t.deps);
    expect((await row(holder.user.id)).subscriptionStatus).toBe("cancelled");
    expect((await get("/api/billing", partner)).paymentProblem).toBeNull();
  });

  it("a plan behind with no news from the bank for the grace period ends too", async () => {
    const { holder } = await couple();
    await saveState(t.db, holder.user.id, { subscriptionStatus: "past_due" });
    await saveState(t.db, holder.user.id, { paymentRetryAt: null });
    await saveLinks(t.db, holder.user.id, { paymentStatusAt: NOW });
    t.clock.set(new Date(NOW.getTime() + 6 * DAY));
    await recoverPayments(t.deps);
    expect((await row(holder.user.id)).subscriptionStatus).toBe("past_due");
    t.clock.set(new Date(NOW.getTime() + 7 * DAY + 1));
    await recoverPayments(t.deps);
    expect((await row(holder.user.id)).subscriptionStatus).toBe("cancelled");
  });
});

describe("the operator's sandbox-event", () => {
  it("payment_failed and payment_confirmed walk the whole recovery against the sandbox's books", async () => {
    const { holder, partner } = await couple();
    t.clock.set(new Date(DUE.getTime() + HOUR));
    await advanceSubscriptions(t.deps);
    const line = await fireSandboxEvent(t.deps, await row(holder.user.id), "payment_failed");
    expect(line).toMatch(/payments\.failed .*: status past_due; plan past_due; next retry /);
    await bothGot(holder, partner, FAILED_MAIL);
    const mandate = (await row(holder.user.id)).paymentMandateId!;
    const [failed] = await t.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.mandateId, mandate), eq(sandboxPayments.status, "failed")));
    expect(failed.chargeDate.toISOString().slice(0, 10)).toBe("2026-12-10");
    // The retry booked is asked for now, and the bank answers it.
    const retried = await fireSandboxEvent(t.deps, await row(holder.user.id), "payment_confirmed");
    expect(retried).toMatch(/\(retry asked for now\): status active; plan active/);
    const [books] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, failed.id));
    expect(books).toMatchObject({ status: "confirmed", description: "Monthly membership (attempt 2)" });
    await bothGot(holder, partner, /Your payment has gone through/);
  });
});

describe("analytics", () => {
  it("failed payments in the last 30 days and how many were recovered, against a hand count", async () => {
    const admin = await t.admin();
    const before = (await get("/api/admin/analytics/churn", admin)).failedPayments;
    const m1 = await t.member();
    const m2 = await t.member();
    const m3 = await t.member();
    const at = (days: number) => new Date(NOW.getTime() - days * DAY);
    let k = 0;
    const rowOf = (userId: number, kind: string, ref: string, when: Date) => ({
      userId,
      provider: "sandbox",
      kind,
      eventKey: `hand-${++k}-${ref}`,
      paymentRef: ref,
      amountPence: 2000,
      occurredAt: when,
    });
    await t.db.insert(billingEvents).values([
      // m1: failed twice (a retry failed too), then collected: one failed payment, recovered.
      rowOf(m1.user.id, "payment_failed", "HAND1", at(10)),
      rowOf(m1.user.id, "payment_retried", "HAND1", at(7)),
      rowOf(m1.user.id, "payment_failed", "HAND1", at(6)),
      rowOf(m1.user.id, "payment_confirmed", "HAND1", at(2)),
      // m2: charged back, never collected since: failed, not recovered.
      rowOf(m2.user.id, "payment_confirmed", "HAND2", at(20)),
      rowOf(m2.user.id, "payment_charged_back", "HAND2", at(15)),
      // m3: failed 40 days ago (outside the window) and a new failure 3 days ago recovered by new bank details.
      rowOf(m3.user.id, "payment_failed", "HAND3", at(40)),
      rowOf(m3.user.id, "payment_failed", "HAND4", at(3)),
      rowOf(m3.user.id, "payment_confirmed", "HAND5", at(1)),
    ]);
    const after = (await get("/api/admin/analytics/churn", admin)).failedPayments;
    // Hand count: HAND1 (recovered), HAND2 (not), HAND4 (recovered); HAND3 is before the window.
    expect(after.failed - before.failed).toBe(3);
    expect(after.recovered - before.recovered).toBe(2);
    if (before.failed === 0) expect(after.recoveryRate).toBe(66.7);
  });
});
