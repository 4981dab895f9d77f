/**
 * Every plan change is told to both partners: tellPlanChange after real changes of a real couple's plan,
 * through the real mailer to the SMTP sink, each e-mail with the days and amounts of the plan account read
 * after the change, the partner who made it named to the other one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { tellPlanChange } from "../../src/features/subscriptions/server/plan-notice.ts";
import { billingEvents, emailLogs, sandboxPayments, users } from "../../src/server/db/schema.ts";
import type { Deps } from "../../src/server/deps.ts";
import { smtpTransport } from "../../src/server/modules/email/mailer.ts";
import { PLAN_MAIL_TYPES } from "../../src/server/modules/email/plan-mails.ts";
import { planAccountOf } from "../../src/server/modules/plan-account/load.ts";
import { formatPence } from "../../src/shared/constants.ts";
import { COOLING_OFF_RULE } from "../../src/shared/cooling-off.ts";
import { londonDay } from "../../src/shared/london-time.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { postPaymentEvents, providerEvent } from "../helpers/payment-webhooks.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const SECRET = "plan-notice-webhook-secret";
const t = await createTestApp({
  transport: smtpTransport(sink.url),
  env: { PAYMENTS_WEBHOOK_SECRET: SECRET },
});
const NOW = new Date("2026-11-10T12:00:05Z");
const DAY = 86_400_000;
const json = { "content-type": "application/json" };

beforeEach(() => {
  t.clock.set(NOW);
  sink.inbox.length = 0;
});

let n = 0;
/** A plan holder (Gold, through the sandbox) and the partner their plan covers. */
async function couple(): Promise<{ holder: SignedIn; partner: SignedIn }> {
  n++;
  const holder = await t.member({ firstName: `Robin${n}` });
  const partner = await t.member({ firstName: `Kit${n}`, partnerId: holder.user.id });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  await subscribe(t, holder, "gold");
  return { holder, partner };
}

const post = (url: string, as: SignedIn, body: Record<string, unknown> = {}) =>
  t.request({ method: "POST", url, as, headers: json, payload: JSON.stringify(body) });

/** Every plan-change e-mail ends with this (the change's own mails, e.g. the checkout's welcome, do not). */
const PLAN_MAIL = "you and your partner both get this e-mail";
const planMails = () => sink.inbox.filter((m) => m.text.includes(PLAN_MAIL));

/** The one plan-change e-mail each of the two got, once both have arrived. */
async function mailsTo(a: SignedIn, b: SignedIn) {
  return eventually(() => {
    const to = (s: SignedIn) => planMails().filter((m) => m.to.includes(s.user.email));
    return to(a).length === 1 && to(b).length === 1 ? [to(a)[0], to(b)[0]] : null;
  });
}

/** What the account says now, as the e-mail must say it. */
async function nextLine(member: SignedIn) {
  const row = await storedMember(t.db, member.user.id);
  const plan = await planAccountOf(t.db, row, t.clock.now());
  return { plan, next: plan.nextCollection };
}

describe("every plan change is told to both partners", () => {
  it("a tier change: both partners, the day it takes effect and the new amount from the account", async () => {
    const { holder, partner } = await couple();
    const res = await post("/api/subscription/change-tier", holder, { tier: "platinum" });
    expect(res.statusCode, res.body).toBe(200);
    const [toHolder, toPartner] = await mailsTo(holder, partner);
    const { next } = await nextLine(partner);
    expect(next?.tier).toBe("platinum");
    const when = `${formatPence(next!.amountPence)}, on ${londonDay(next!.date)}`;
    for (const m of [toHolder, toPartner]) {
      expect(m.subject).toBe("Your plan moves to Platinum");
      expect(m.text).toContain(
        `from the payment on ${londonDay(next!.date)}: ${formatPence(next!.amountPence)} a month`,
      );
      expect(m.text).toContain(when);
    }
    expect(toHolder.text).toContain("You changed your plan to Platinum");
    expect(toHolder.text).toContain(`Your next payment is ${when}.`);
    expect(toPartner.text).toContain(`${holder.user.firstName} changed your plan to Platinum`);
    expect(toPartner.text).toContain(`${holder.user.firstName}'s next payment is ${when}.`);
    const logged = await t.db.select().from(emailLogs).where(eq(emailLogs.userId, partner.user.id));
    expect(logged.map((l) => l.emailType)).toContain(PLAN_MAIL_TYPES.tier_changed);
  });

  it("a month off the covered partner booked, then withdrew: the holder is told who did it, with the account's days", async () => {
    const { holder, partner } = await couple();
    expect((await post("/api/subscription/pause", partner)).statusCode).toBe(200);
    const [toHolder, toPartner] = await mailsTo(holder, partner);
    const { plan, next } = await nextLine(holder);
    const pause = plan.account.pause!;
    for (const m of [toHolder, toPartner]) {
      expect(m.text).toContain(`from ${londonDay(pause.from)} until ${londonDay(pause.until)}`);
      expect(m.text).toContain(`${formatPence(next!.amountPence)}, on ${londonDay(next!.date)}`);
    }
    // The skipped payment is not the next one: the next is a month after the paid cycle's end.
    expect(next!.date.getTime()).toBeGreaterThan(pause.from.getTime());
    expect(toHolder.subject).toBe(`${partner.user.firstName} booked your month off`);
    expect(toPartner.subject).toBe("Your month off is booked");
    expect(toHolder.text).toContain(`${partner.user.firstName} booked a month off on your plan`);
    expect(toPartner.text).toContain("You booked a month off on your plan");

    sink.inbox.length = 0;
    expect((await post("/api/subscription/resume", partner)).statusCode).toBe(200);
    const [h2, p2] = await mailsTo(holder, partner);
    const after = (await nextLine(holder)).next!;
    expect(after.date.getTime()).toBeLessThan(next!.date.getTime());
    expect(h2.subject).toBe(`${partner.user.firstName} called off your month off`);
    expect(p2.subject).toBe("Your month off is called off");
    expect(h2.text).toContain(`${partner.user.firstName} called off the month off`);
    expect(h2.text).toContain(
      `Your next payment is ${formatPence(after.amountPence)}, on ${londonDay(after.date)}.`,
    );
    expect(p2.text).toContain(`${holder.user.firstName}'s next payment is`);
  });

  it("a cancellation after the cooling-off period: the end day, no further payments, reactivation; then reactivated", async () => {
    const { holder, partner } = await couple();
    t.clock.advance(16 * DAY);
    const res = await post("/api/cancel-subscription", holder, { reason: "Other" });
    expect(res.json()).toMatchObject({ refunded: false });
    const [toHolder, toPartner] = await mailsTo(holder, partner);
    const { plan } = await nextLine(partner);
    const end = londonDay(plan.account.endsAt!);
    for (const m of [toHolder, toPartner]) {
      expect(m.text).toContain(`No further payments will be taken. The plan ends on ${end}.`);
      expect(m.text).toContain(`reactivate it from Settings until ${end}`);
    }
    expect(toPartner.text).toContain(`${holder.user.firstName} cancelled the plan.`);

    sink.inbox.length = 0;
    expect((await post("/api/reactivate-subscription", holder)).statusCode).toBe(200);
    const [h2, p2] = await mailsTo(holder, partner);
    const next = (await nextLine(holder)).next!;
    expect(londonDay(next.date)).toBe(end);
    expect(h2.text).toContain(`Your next payment is ${formatPence(next.amountPence)}, on ${end}.`);
    expect(p2.text).toContain(`${holder.user.firstName} reactivated your plan`);
  });

  it("a cancellation in the cooling-off period: the refund, the rule in its one wording, and no reactivation", async () => {
    const { holder, partner } = await couple();
    // Four days on the first payment has been collected, so it is refunded.
    t.clock.advance(4 * DAY);
    const res = await post("/api/cancel-subscription", holder, { reason: "Other" });
    expect(res.json()).toMatchObject({ refunded: true });
    const [toHolder, toPartner] = await mailsTo(holder, partner);
    for (const m of [toHolder, toPartner]) {
      expect(m.text.replace(/\s+/g, " ")).toContain(COOLING_OFF_RULE);
      expect(m.text).toContain(`£20 is being refunded`);
      expect(m.text).toContain(`The plan ended on ${londonDay(t.clock.now())}`);
      expect(m.text).not.toMatch(/reactivate/i);
    }
  });

  it("a gift credit, a refund, a recovered payment and a takeover: both told, the next collection from the account", async () => {
    const { holder, partner } = await couple();
    const operator = await t.admin();
    const { next } = await nextLine(holder);
    const line = `${formatPence(next!.amountPence)}, on ${londonDay(next!.date)}`;
    const cases = [
      {
        change: { kind: "gift_applied", months: 2, giverName: "Granny", by: partner.user.id } as const,
        says: "A gift of 2 months from Granny",
      },
      {
        change: {
          kind: "refunded",
          amountPence: 500,
          paymentDate: NOW,
          paymentAmountPence: 2000,
          by: "team",
        } as const,
        says: `Our team refunded £5 of the £20 payment of ${londonDay(NOW)}`,
      },
      // An operator acting from the member page is someone outside the couple: "Our team".
      {
        change: { kind: "reactivated", by: operator.user.id } as const,
        says: "Our team undid the cancellation",
      },
      {
        change: { kind: "payment_recovered", amountPence: 2000, paidOn: NOW } as const,
        says: `collected on ${londonDay(NOW)}`,
      },
      {
        change: { kind: "taken_over", by: holder.user.id } as const,
        says: "The first payment on the new Direct Debit is",
      },
    ];
    for (const c of cases) {
      sink.inbox.length = 0;
      await tellPlanChange(t.deps, holder.user.id, c.change);
      const [toHolder, toPartner] = await mailsTo(holder, partner);
      for (const m of [toHolder, toPartner]) {
        expect(m.text, c.change.kind).toContain(c.says);
        expect(m.text, c.change.kind).toContain(line);
      }
    }
  });

  it("a refund made at the provider: both partners are told once, whatever the provider repeats", async () => {
    const { holder, partner } = await couple();
    // Four days on the first payment has been collected; the team refunds half of it at the provider.
    t.clock.advance(4 * DAY);
    const row = await storedMember(t.db, holder.user.id);
    const [payment] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    // The sandbox's books move on when read: the payment is collected by now.
    await t.deps.payments.listPayments(row.paymentMandateId!);
    await t.deps.payments.refundPayment(payment.id, 1000, "team-refund");
    const event = providerEvent(
      "EVREFUND1",
      "refunds",
      "created",
      { payment: payment.id, mandate: row.paymentMandateId },
      t.clock.now(),
    );
    expect((await postPaymentEvents(t, SECRET, [event])).statusCode).toBe(200);
    const [toHolder, toPartner] = await mailsTo(holder, partner);
    for (const m of [toHolder, toPartner]) expect(m.text).toContain(formatPence(1000));
    expect(toPartner.text).toContain("Our team");
    // The same event again, and a read of /billing, add no second refund and no second e-mail.
    await postPaymentEvents(t, SECRET, [event]);
    // (The e-mail goes only with a refund new to the history, so one refund row means one e-mail.)
    await t.request({ method: "GET", url: "/api/billing", as: holder });
    const rows = await t.db.select().from(billingEvents).where(eq(billingEvents.paymentRef, payment.id));
    expect(rows.filter((r) => r.kind === "payment_refunded").map((r) => r.amountPence)).toEqual([1000]);
    expect(planMails().filter((m) => m.to.includes(holder.user.email))).toHaveLength(1);
  });

  it("goes whatever the e-mail switch says; a member alone gets it alone; never throws into the caller", async () => {
    const alone = await t.member({ firstName: "Solo", emailNotifications: false });
    await subscribe(t, alone, "silver");
    await tellPlanChange(t.deps, alone.user.id, { kind: "reactivated", by: alone.user.id });
    const mail = await eventually(() => planMails().find((m) => m.to.includes(alone.user.email)));
    expect(mail.text).toContain("You undid the cancellation");
    expect(planMails()).toHaveLength(1);

    await expect(tellPlanChange(t.deps, 999_999, { kind: "paused" })).resolves.toBeUndefined();
    const broken = {
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get: () => () => {
          throw new Error("database gone");
        },
      }),
    } as Deps;
    const errors: unknown[] = [];
    const log = { error: (o: unknown) => errors.push(o) } as unknown as Parameters<typeof tellPlanChange>[3];
    await expect(tellPlanChange(broken, alone.user.id, { kind: "paused" }, log)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
