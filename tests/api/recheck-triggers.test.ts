/**
 * Re-check on every change (issue 32, item 1): a couple's dates still ahead are asked of the one rulebook again
 * when either partner's needs, alcohol choice, postcode or radius change, a partner links or leaves, and the
 * plan is paused, past due, cancelled or ends. A date that now breaks a rule shows the rules in the rulebook's
 * words and the engine's best fix (same evening, another venue that fits); a change back clears both.
 */

import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { recoverPayments } from "../../src/features/payments/server/recovery.ts";
import { sign } from "../../src/features/payments/server/webhooks.ts";
import { advanceSubscriptions } from "../../src/features/subscriptions/server/cycles.ts";
import {
  auditLog,
  dateReservations,
  subscriptionEvents,
  userPreferences,
  type users,
} from "../../src/server/db/schema.ts";
import { saveLinks } from "../../src/server/modules/payments/links.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import {
  ANY_DAY,
  givePreferences,
  matchVenue,
  setUserAndState,
  type UserAndState,
} from "../helpers/match-arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const SECRET = "test-webhook-secret-0123456789abcdef";
const t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: SECRET } });
const NOW = new Date("2026-12-01T09:00:00Z");
const AT = "2026-12-11T19:00";
const DAY = 86_400_000;
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

interface Flag {
  ruleProblems: string[];
  fixProposal: { venueId: number; venueName: string; ideaTitle: string | null; scheduledDate: string } | null;
}

async function dateOf(id: number): Promise<Flag> {
  const res = await t.request({ method: "GET", url: "/api/admin/assignments?limit=100&offset=0", as: admin });
  return res.json().find((x: { id: number }) => x.id === id);
}

async function member(over: Partial<typeof users.$inferInsert> = {}) {
  const m = await t.member({ firstName: "Robin", lastName: `R${Math.random().toString(36).slice(2, 6)}` });
  await givePreferences(t.db, m.user.id, {}, over);
  return m;
}

async function book(userId: number, venueId: number, at = AT): Promise<number> {
  const res = await t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as: admin,
    payload: { userId, venueId, scheduledDate: at },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const answers = (over: Record<string, unknown> = {}) => ({
  postcode: "SE1 9PX",
  travelRadius: 10,
  dateSpend: "££",
  dateTypePreferences: [
    { type: "restaurants", rank: 1 },
    { type: "culture", rank: 2 },
  ],
  schedulingPreferences: ANY_DAY,
  timePreferences: [{ time: "evenings", rank: 1 }],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  alcoholOk: true,
  openToTrying: false,
  marketingOptOut: false,
  termsAccepted: true,
  ...over,
});

async function saveAnswers(m: SignedIn, over: Record<string, unknown> = {}) {
  const res = await t.request({
    method: "POST",
    url: "/api/onboarding/preferences",
    as: m,
    payload: answers(over),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

async function linked(a: SignedIn, b: SignedIn) {
  await t.request({ method: "POST", url: "/api/partner/invite", as: a, payload: { email: b.user.email } });
  const mail = await eventually(() =>
    t.mail.findLast((m) => m.to === b.user.email && m.type === "partner_invite"),
  );
  const token = new URL(/https?:\/\/\S+partner-invite\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get(
    "token",
  )!;
  const res = await t.request({
    method: "POST",
    url: "/api/partner-invite/accept",
    as: b,
    payload: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const setUser = (id: number, set: UserAndState) => setUserAndState(t.db, id, set);

describe("a member's own answers", () => {
  it("a need added by the member flags the date with the fix at a venue that has it; taking it back clears both", async () => {
    const m = await member();
    const smoke = await matchVenue(t.db, { name: "Smokehouse One" });
    const green = await matchVenue(t.db, {
      name: "Green Table",
      dietary: ["Vegan"],
      ideaTitle: "Garden supper",
    });
    const id = await book(m.user.id, smoke.venue.id);
    expect((await dateOf(id)).ruleProblems).toEqual([]);
    await saveAnswers(m, { dietaryRestrictions: ["Vegan"] });
    let d = await dateOf(id);
    expect(d.ruleProblems).toEqual([
      `${m.user.firstName} ${m.user.lastName} needs Vegan food: Smokehouse One does not offer it`,
    ]);
    expect(d.fixProposal).toEqual({
      venueId: green.venue.id,
      dateIdeaId: green.idea!.id,
      scheduledDate: new Date("2026-12-11T19:00:00Z").toISOString(),
      venueName: "Green Table",
      ideaTitle: "Garden supper",
    });
    await saveAnswers(m);
    d = await dateOf(id);
    expect(d.ruleProblems).toEqual([]);
    expect(d.fixProposal).toBeNull();
  });

  it("no alcohol flags an alcohol-led idea", async () => {
    const m = await member();
    const bar = await matchVenue(t.db, { name: "Craft Tap", ideaTitle: "Craft beer tasting" });
    const id = await book(m.user.id, bar.venue.id);
    await saveAnswers(m, { alcoholOk: false });
    const d = await dateOf(id);
    expect(d.ruleProblems).toEqual([
      `The idea is alcohol-led and ${m.user.firstName} ${m.user.lastName} does not drink`,
    ]);
    expect(d.fixProposal).not.toBeNull();
    expect(d.fixProposal!.venueId).not.toBe(bar.venue.id);
    await saveAnswers(m, { alcoholOk: true });
    expect((await dateOf(id)).ruleProblems).toEqual([]);
  });

  it("a new postcode far away flags the distance, with no fix when nothing there fits", async () => {
    const m = await member();
    const v = await matchVenue(t.db, { name: "Borough Bistro" });
    const id = await book(m.user.id, v.venue.id);
    await saveAnswers(m, { postcode: "TW6 2GA" });
    const d = await dateOf(id);
    expect(d.ruleProblems).toHaveLength(1);
    expect(d.ruleProblems[0]).toMatch(/^Outside their 10-mile radius \(\d+\.\d miles\)$/);
    expect(d.fixProposal).toBeNull();
    await saveAnswers(m);
    expect((await dateOf(id)).ruleProblems).toEqual([]);
  });

  it("a smaller radius (settings) flags a venue now too far, with a nearer one as the fix", async () => {
    const m = await member();
    const far = await matchVenue(t.db, { name: "Islington Room", latitude: "51.5380000" });
    const id = await book(m.user.id, far.venue.id);
    const patch = (travelRadius: number) =>
      t.request({ method: "PATCH", url: "/api/auth/user", as: m, payload: { travelRadius } });
    expect((await patch(1)).statusCode).toBe(200);
    const d = await dateOf(id);
    expect(d.ruleProblems[0]).toMatch(/^Outside their 1-mile radius/);
    expect(d.fixProposal).not.toBeNull();
    expect(d.fixProposal!.venueId).not.toBe(far.venue.id);
    expect((await patch(10)).statusCode).toBe(200);
    expect(await dateOf(id)).toMatchObject({ ruleProblems: [], fixProposal: null });
  });
});

describe("the couple", () => {
  it("a partner linking brings their needs (and their own change flags too); leaving takes them away", async () => {
    const a = await member();
    const b = await t.member({ firstName: "Sam", lastName: "Vee" });
    await givePreferences(
      t.db,
      b.user.id,
      { dietaryRestrictions: ["Vegan"] },
      { subscriptionStatus: null, subscriptionTier: null },
    );
    const v = await matchVenue(t.db, { name: "Grill Yard" });
    const id = await book(a.user.id, v.venue.id);
    await linked(a, b);
    expect((await dateOf(id)).ruleProblems).toEqual([
      "Sam Vee needs Vegan food: Grill Yard does not offer it",
    ]);
    // The partner's own short questionnaire re-checks as well.
    const put = await t.request({
      method: "PUT",
      url: "/api/partner/preferences",
      as: b,
      payload: {
        dietaryRestrictions: [],
        accessibilityNeeds: ["Step-free access"],
        alcoholOk: true,
        termsAccepted: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await dateOf(id)).ruleProblems).toEqual([
      "Sam Vee needs Step-free access: Grill Yard does not have it",
    ]);
    const left = await t.request({ method: "DELETE", url: "/api/partner", as: b });
    expect(left.statusCode, left.body).toBe(200);
    expect((await dateOf(id)).ruleProblems).toEqual([]);
  });
});

describe("the plan", () => {
  it("paused by the cycle flags the date inside the pause; resuming clears it", async () => {
    const m = await member();
    const v = await matchVenue(t.db, { name: "Pause Place" });
    const id = await book(m.user.id, v.venue.id);
    await setUser(m.user.id, {
      currentPeriodEnd: new Date(NOW.getTime() - 3_600_000),
      pausedUntil: new Date(NOW.getTime() + 30 * DAY),
      pauseStartsAt: null,
    });
    await advanceSubscriptions(t.deps);
    const d = await dateOf(id);
    expect(d.ruleProblems).toEqual(["The plan is paused until 31 December"]);
    expect(d.fixProposal).toBeNull();
    const res = await t.request({ method: "POST", url: "/api/subscription/resume", as: m });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dateOf(id)).ruleProblems).toEqual([]);
    const [resumed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "subscription"), eq(auditLog.entityId, String(m.user.id))));
    expect(resumed).toMatchObject({ action: "resume", actorId: m.user.id, subjectUserId: m.user.id });
    expect(resumed.changes).toContainEqual({ field: "status", before: "paused", after: "active" });
  });

  it("a failed payment (past due) flags it; the payment confirmed clears it", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const row = await storedMember(t.db, m.user.id);
    await t.db.insert(userPreferences).values({
      userId: m.user.id,
      postcode: "SE1 9PX",
      travelRadius: 10,
      dateSpend: "££",
      dateTypePreferences: [{ type: "restaurants", rank: 1 }],
      timePreferences: [{ time: "evenings", rank: 1 }],
      schedulingPreferences: ANY_DAY,
    });
    const v = await matchVenue(t.db, { name: "Payment Parlour" });
    const id = await book(m.user.id, v.venue.id);
    let n = 0;
    const send = (action: string) => {
      const body = JSON.stringify({
        events: [
          {
            id: `EVR${Date.now()}${++n}`,
            created_at: new Date(NOW.getTime() + n * 1000).toISOString(),
            resource_type: "payments",
            action,
            links: { mandate: row.paymentMandateId!, subscription: row.paymentSubscriptionId! },
          },
        ],
      });
      return t.request({
        method: "POST",
        url: "/api/webhooks/payments",
        headers: { "content-type": "application/json", "webhook-signature": sign(body, SECRET) },
        payload: body,
      });
    };
    expect((await send("failed")).statusCode).toBe(200);
    expect((await dateOf(id)).ruleProblems).toEqual(["The plan's last payment failed (past due)"]);
    expect((await send("confirmed")).statusCode).toBe(200);
    expect((await dateOf(id)).ruleProblems).toEqual([]);
  });

  it("cancelled: a date after the last paid day is flagged in the rulebook's words; reactivating clears it", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    await t.db.insert(userPreferences).values({
      userId: m.user.id,
      postcode: "SE1 9PX",
      travelRadius: 10,
      dateSpend: "££",
      dateTypePreferences: [{ type: "restaurants", rank: 1 }],
      timePreferences: [{ time: "evenings", rank: 1 }],
      schedulingPreferences: ANY_DAY,
    });
    // Past the cooling-off period: cancelling keeps the paid month (no refund, the dates stay).
    await t.db
      .update(subscriptionEvents)
      .set({ occurredAt: new Date(NOW.getTime() - 40 * DAY) })
      .where(eq(subscriptionEvents.userId, m.user.id));
    const v = await matchVenue(t.db, { name: "Cancel Corner" });
    const w = await matchVenue(t.db, { name: "January Room" });
    const inside = await book(m.user.id, v.venue.id);
    const after = await book(m.user.id, w.venue.id, "2027-01-15T19:00");
    const res = await t.request({
      method: "POST",
      url: "/api/cancel-subscription",
      as: m,
      payload: { reason: "Other" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await dateOf(inside)).ruleProblems).toEqual([]);
    expect((await dateOf(after)).ruleProblems).toEqual(["The plan is cancelled: it ends on 1 January"]);
    const back = await t.request({ method: "POST", url: "/api/reactivate-subscription", as: m });
    expect(back.statusCode, back.body).toBe(200);
    expect((await dateOf(after)).ruleProblems).toEqual([]);
    // The member's own plan changes are on the audit record, with the plan before and after.
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "subscription"), eq(auditLog.entityId, String(m.user.id))))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.action)).toEqual(["subscribe", "cancel", "reactivate"]);
    for (const r of rows) expect(r).toMatchObject({ actorId: m.user.id, subjectUserId: m.user.id });
    expect(rows[1].changes).toContainEqual({ field: "status", before: "active", after: "cancelled" });
    expect(rows[2].changes).toContainEqual({ field: "status", before: "cancelled", after: "active" });
  });

  it("ended: a plan behind on payment past its grace lapses (the recovery job) and its dates ahead are cancelled", async () => {
    const m = await member();
    const v = await matchVenue(t.db, { name: "Lapse Lounge" });
    const id = await book(m.user.id, v.venue.id);
    await setUser(m.user.id, { subscriptionStatus: "past_due" });
    await saveLinks(t.db, m.user.id, { paymentStatusAt: new Date(NOW.getTime() - 40 * DAY) });
    await advanceSubscriptions(t.deps);
    // The cycle job leaves a plan behind on payment to its retries; the recovery job ends it.
    const statusOf = async () =>
      (await t.db.select().from(dateReservations).where(eq(dateReservations.id, id)))[0].status;
    expect(await statusOf()).not.toBe("cancelled");
    await recoverPayments(t.deps);
    expect(await statusOf()).toBe("cancelled");
  });
});
