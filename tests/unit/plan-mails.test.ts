/**
 * The plan e-mails say only what the plan account says: every day in each e-mail is one of the account's days
 * (or the change's own, such as the payment refunded), and every amount is the account's next collection or the
 * change's own. Rendered for the plan holder and for the covered partner, from accounts worked out by accountOf.
 */
import { describe, expect, it } from "vitest";
import {
  type PlanChange,
  type PlanMailAccount,
  planChangeEmail,
} from "../../src/server/modules/email/plan-mails.ts";
import { accountOf, type PlanFacts } from "../../src/server/modules/plan-account/account.ts";
import { addMonths } from "../../src/shared/calendar-months.ts";
import { formatPence, TIERS } from "../../src/shared/constants.ts";
import { londonDay } from "../../src/shared/london-time.ts";

const NOW = new Date("2026-11-28T12:00:00Z");
const END = new Date("2026-12-19T10:00:00Z");
const base: PlanFacts = {
  status: "active",
  tier: "gold",
  pendingTier: null,
  cycleEnd: END,
  cycleCoveredBy: null,
  pauseFrom: null,
  pauseUntil: null,
  creditMonths: 0,
  giftedUntil: null,
  collects: true,
  retryAt: null,
};

/** The e-mails' view of an account, priced at the tier's list price (load.ts adds offers). */
function mailAccount(f: PlanFacts): PlanMailAccount {
  const a = accountOf(f, NOW);
  const n = a.nextCollection;
  return {
    tier: a.tier,
    next: n ? { ...n, amountPence: TIERS[n.tier].monthlyPricePence } : null,
    endsAt: a.endsAt,
    coveredUntil: a.coveredUntil,
    pause: a.pause,
    cycles: a.cycles,
  };
}

const DAY_RE =
  /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g;
const POUNDS_RE = /£\d+(\.\d\d)?/g;

function daysOf(a: PlanMailAccount, extra: Date[]): Set<string> {
  const all = [
    a.next?.date,
    a.endsAt,
    a.coveredUntil,
    a.pause?.from,
    a.pause?.until,
    ...a.cycles.map((c) => c.from),
    ...extra,
  ];
  return new Set(all.filter((d): d is Date => !!d).map(londonDay));
}

const cases: Array<{ name: string; facts: PlanFacts; change: PlanChange; days?: Date[]; pence?: number[] }> =
  [
    {
      name: "tier change",
      facts: { ...base, pendingTier: "platinum" },
      change: { kind: "tier_changed", tier: "platinum" },
    },
    {
      name: "tier change after a month off",
      facts: { ...base, pendingTier: "silver", pauseFrom: END, pauseUntil: addMonths(END, 1) },
      change: { kind: "tier_changed", tier: "silver" },
    },
    { name: "tier change withdrawn", facts: base, change: { kind: "tier_changed", tier: "gold" } },
    {
      name: "month off booked",
      facts: { ...base, pauseFrom: END, pauseUntil: addMonths(END, 1) },
      change: { kind: "paused" },
    },
    {
      name: "month off running",
      facts: {
        ...base,
        status: "paused",
        cycleCoveredBy: "paused",
        pauseFrom: addMonths(END, -1),
        pauseUntil: END,
      },
      change: { kind: "paused" },
    },
    { name: "month off withdrawn", facts: base, change: { kind: "resumed", withdrawn: true } },
    { name: "resumed early", facts: base, change: { kind: "resumed", withdrawn: false } },
    {
      name: "cancelled",
      facts: { ...base, status: "cancelled" },
      change: { kind: "cancelled", refundedPence: 0 },
    },
    {
      name: "cancelled and refunded",
      facts: { ...base, status: "cancelled", cycleEnd: NOW },
      change: { kind: "cancelled", refundedPence: 2000 },
      pence: [2000],
    },
    { name: "reactivated", facts: base, change: { kind: "reactivated" } },
    { name: "taken over", facts: { ...base, cycleCoveredBy: "paid" }, change: { kind: "taken_over" } },
    {
      name: "gift credit",
      facts: { ...base, creditMonths: 3 },
      change: { kind: "gift_applied", months: 3, giverName: "Granny" },
    },
    {
      name: "gift credit with a month off",
      facts: { ...base, creditMonths: 2, pauseFrom: END, pauseUntil: addMonths(END, 1) },
      change: { kind: "gift_applied", months: 2, giverName: null },
    },
    {
      name: "refund",
      facts: base,
      change: {
        kind: "refunded",
        amountPence: 500,
        paymentDate: new Date("2026-11-19T10:00:00Z"),
        paymentAmountPence: 2000,
      },
      days: [new Date("2026-11-19T10:00:00Z")],
      pence: [500, 2000],
    },
    {
      name: "payment recovered",
      facts: base,
      change: { kind: "payment_recovered", amountPence: 2000, paidOn: NOW },
      days: [NOW],
      pence: [2000],
    },
    {
      name: "payment still being retried",
      facts: { ...base, status: "past_due", retryAt: new Date("2026-12-02T10:00:00Z") },
      change: { kind: "refunded", amountPence: 500, paymentDate: NOW, paymentAmountPence: 2000 },
      days: [NOW],
      pence: [500, 2000],
    },
  ];

describe("plan e-mails", () => {
  for (const c of cases)
    it(`${c.name}: every day and amount is the account's`, () => {
      const account = mailAccount(c.facts);
      const days = daysOf(account, c.days ?? []);
      const amounts = new Set([
        ...(account.next ? [formatPence(account.next.amountPence)] : []),
        ...(c.pence ?? []).map(formatPence),
      ]);
      for (const holderName of [null, "Robin"]) {
        const mail = planChangeEmail(c.change, {
          firstName: "Kit",
          holderName,
          byName: holderName,
          account,
          appUrl: "http://x",
        });
        const text = `${mail.subject}\n${mail.text}`;
        for (const d of text.match(DAY_RE) ?? []) expect(days, `${c.name}: ${d}\n${text}`).toContain(d);
        for (const p of text.match(POUNDS_RE) ?? []) expect(amounts, `${c.name}: ${p}\n${text}`).toContain(p);
        if (account.next) expect(text).toContain(londonDay(account.next.date));
        else if (account.endsAt) expect(text).toContain(`The plan end`);
        else expect(text).toContain("No further payments");
        if (holderName) expect(text).toContain("Robin");
      }
    });

  it("a month off's e-mail names the payment after it, never the skipped one", () => {
    const account = mailAccount({ ...base, pauseFrom: END, pauseUntil: addMonths(END, 1) });
    const mail = planChangeEmail(
      { kind: "paused" },
      { firstName: "Kit", holderName: null, byName: null, account, appUrl: "http://x" },
    );
    expect(mail.text).toContain(`Your next payment is £20, on ${londonDay(addMonths(END, 1))}.`);
  });

  it("a gift's e-mail names the first collection after the gifted months", () => {
    const account = mailAccount({ ...base, creditMonths: 3 });
    const mail = planChangeEmail(
      { kind: "gift_applied", months: 3, giverName: "Granny" },
      { firstName: "Kit", holderName: null, byName: "Robin", account, appUrl: "http://x" },
    );
    expect(mail.text).toContain(`covered until ${londonDay(addMonths(END, 3))}`);
    expect(mail.text).toContain(`Your next payment is £20, on ${londonDay(addMonths(END, 3))}.`);
    expect(mail.text).toContain("by Robin");
  });

  it("only a cancellation that is not refunded offers reactivation", () => {
    const running = mailAccount({ ...base, status: "cancelled" });
    const ended = mailAccount({ ...base, status: "cancelled", cycleEnd: NOW });
    const ctx = { firstName: "Kit", holderName: null, byName: null, appUrl: "http://x" };
    expect(
      planChangeEmail({ kind: "cancelled", refundedPence: 0 }, { ...ctx, account: running }).text,
    ).toMatch(/reactivate/);
    expect(
      planChangeEmail({ kind: "cancelled", refundedPence: 2000 }, { ...ctx, account: ended }).text,
    ).not.toMatch(/reactivate/i);
  });
});
