/**
 * "Take a month off" names the couple's booked dates and lets the member keep them (the month off starts after
 * them) or cancel them; billing skips the one cycle either way; a month off can be resumed early.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, eventually, type SignedIn } from "../../../../tests/helpers/app.ts";
import { arrangeDate } from "../../../../tests/helpers/arrange.ts";
import { expectExactFields } from "../../../../tests/helpers/contract.ts";
import { storedMember } from "../../../../tests/helpers/stored-member.ts";
import { subscribe } from "../../../../tests/helpers/subscribe.ts";
import {
  dateReservations,
  sandboxPayments,
  sandboxSubscriptions,
  subscriptionEvents,
  userMonthlyQuotas,
  users,
} from "../../../server/db/schema.ts";
import { createSession } from "../../../server/modules/auth/sessions.ts";
import { loadProfiles } from "../../../server/modules/matching/load.ts";
import { PAUSE_MSG, pausePreviewSchema } from "../../../shared/pause.ts";
import { advanceSubscriptions } from "../server/cycles.ts";
import { SUB_MSG } from "../server/service.ts";

const t = await createTestApp({ rateLimits: { windowMinutes: 60 } });
const NOW = new Date("2026-11-10T12:00:00Z");
// Subscribed at NOW: the paid cycle ends 10 December 12:00; the month off as booked today is
// [10 December 12:00, 10 January 12:00).
const CYCLE_END = "2026-12-10T12:00:00.000Z";
const NEXT_PAYMENT = "2027-01-10T12:00:00.000Z";
beforeEach(() => t.clock.set(NOW));

const userRow = (id: number) => storedMember(t.db, id);
const status = async (id: number) =>
  (await t.db.select().from(dateReservations).where(eq(dateReservations.id, id)))[0].status;
const events = async (id: number) =>
  (await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, id))).map(
    (e) => e.eventType,
  );
const liveSubs = async (mandateId: string) =>
  (
    await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.mandateId, mandateId))
  ).filter((s) => s.status !== "cancelled");
async function fresh(me: SignedIn): Promise<SignedIn> {
  return { ...me, cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}` };
}
const get = (url: string, as?: SignedIn) => t.request({ method: "GET", url, as });
const post = (url: string, as?: SignedIn, payload?: unknown) =>
  t.request({
    method: "POST",
    url,
    as,
    ...(typeof payload === "string"
      ? { payload, headers: { "content-type": "application/json" } }
      : payload === undefined
        ? {}
        : { payload: payload as Record<string, unknown> }),
  });

/** A holder with a Gold plan and a covered partner, mutually linked. */
async function couple() {
  const holder = await t.member({ firstName: "Iris" });
  await subscribe(t, holder, "gold");
  const partner = await t.member({ firstName: "Noah", partnerId: holder.user.id });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  return { holder: await fresh(holder), partner };
}

/** Two booked dates in the month off (one the partner's), and dates around it that it must leave alone. */
async function arrangeDates(holderId: number, partnerId: number) {
  const early = await arrangeDate(t.db, holderId, { at: new Date("2026-12-14T19:00:00Z") });
  const last = await arrangeDate(t.db, partnerId, { at: new Date("2026-12-18T19:30:00Z") });
  const before = await arrangeDate(t.db, holderId, { at: new Date("2026-12-01T19:00:00Z") });
  const called = await arrangeDate(t.db, holderId, {
    at: new Date("2026-12-20T19:00:00Z"),
    status: "cancelled",
  });
  // After the month off as booked today, but inside it once it starts after the kept dates.
  const later = await arrangeDate(t.db, holderId, { at: new Date("2027-01-15T19:00:00Z") });
  return { early, last, before, called, later };
}

describe("GET /api/subscription/pause-preview", () => {
  it("names the couple's booked dates in the month off and what each choice does", async () => {
    const { holder, partner } = await couple();
    const d = await arrangeDates(holder.user.id, partner.user.id);
    const res = await get("/api/subscription/pause-preview", holder);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.dates).toEqual([
      {
        id: d.early.reservation.id,
        scheduledDate: "2026-12-14T19:00:00.000Z",
        day: "Monday 14 December",
        time: "19:00",
        venue: null,
      },
      {
        id: d.last.reservation.id,
        scheduledDate: "2026-12-18T19:30:00.000Z",
        day: "Friday 18 December",
        time: "19:30",
        venue: null,
      },
    ]);
    expect(p.cancel).toMatchObject({ from: CYCLE_END, until: NEXT_PAYMENT });
    expect(p.cancel.cancels.map((x: { id: number }) => x.id)).toEqual([
      d.early.reservation.id,
      d.last.reservation.id,
    ]);
    // Kept: from the end of 18 December (London midnight) for a whole month; the 15 January date falls inside.
    expect(p.keep).toMatchObject({ from: "2026-12-19T00:00:00.000Z", until: "2027-01-19T00:00:00.000Z" });
    expect(p.keep.cancels.map((x: { id: number }) => x.id)).toEqual([d.later.reservation.id]);
    expect(p).toMatchObject({ skippedPaymentDate: CYCLE_END, nextPaymentDate: NEXT_PAYMENT });
    // The secret stays a secret: no venue, idea or address anywhere in the answer.
    expect(res.body).not.toMatch(/Secret/);
    // And nothing beyond the contract: each date and option carries exactly its listed fields.
    expectExactFields(p, pausePreviewSchema);
    // The preview changes nothing.
    expect(await userRow(holder.user.id)).toMatchObject({ pausedUntil: null, pauseStartsAt: null });
  });

  it("names the venue of a date already revealed, and offers no choice when no date is booked", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    expect((await get("/api/subscription/pause-preview", me)).json()).toMatchObject({
      dates: [],
      keep: null,
      cancel: { from: CYCLE_END, until: NEXT_PAYMENT, cancels: [] },
    });
    const soon = await arrangeDate(t.db, me.user.id, {
      at: new Date("2026-12-11T19:00:00Z"),
      venueName: "The Lantern Room",
    });
    t.clock.set(new Date("2026-12-10T00:00:00Z"));
    const res = await get("/api/subscription/pause-preview", await fresh(me));
    expect(res.json().dates).toEqual([
      expect.objectContaining({ id: soon.reservation.id, venue: "The Lantern Room" }),
    ]);
  });

  it("refuses visitors, members without a plan, admins and plans that cannot pause", async () => {
    const { holder } = await couple();
    expect((await get("/api/subscription/pause-preview")).statusCode).toBe(401);
    // A member outside the couple has no plan of their own to pause, and never reaches the couple's.
    const stranger = await get("/api/subscription/pause-preview", await t.member());
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(SUB_MSG.pauseOnlyActive);
    const admin = await get("/api/subscription/pause-preview", await t.admin());
    expect(admin.statusCode).toBe(400);
    expect((await post("/api/subscription/pause", holder)).statusCode).toBe(200);
    const again = await get("/api/subscription/pause-preview", holder);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUB_MSG.alreadyPaused);
  });
});

describe("POST /api/subscription/pause", () => {
  it("asks for the choice when the month off holds dates, and refuses malformed bodies, changing nothing", async () => {
    const { holder, partner } = await couple();
    const d = await arrangeDates(holder.user.id, partner.user.id);
    const none = await post("/api/subscription/pause", holder);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PAUSE_MSG.datesToChoose);
    const wrongType = await post("/api/subscription/pause", holder, { keepDates: "yes" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(PAUSE_MSG.keepDates);
    expect((await post("/api/subscription/pause", holder, { keepDates: true, extra: 1 })).statusCode).toBe(
      400,
    );
    expect((await post("/api/subscription/pause", holder, "{not json")).statusCode).toBe(400);
    expect((await post("/api/subscription/pause", holder, "[]")).statusCode).toBe(400);
    expect((await post("/api/subscription/pause")).statusCode).toBe(401);
    const covered = await post("/api/subscription/pause", partner, { keepDates: "yes" });
    expect(covered.statusCode).toBe(400);
    expect(covered.json().message).toBe(PAUSE_MSG.keepDates);
    expect((await post("/api/subscription/pause", partner)).statusCode).toBe(409);
    const stranger = await post("/api/subscription/pause", await t.member(), { keepDates: true });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(SUB_MSG.pauseOnlyActive);
    expect(await userRow(holder.user.id)).toMatchObject({ pausedUntil: null, pauseStartsAt: null });
    expect(await status(d.early.reservation.id)).toBe("scheduled");
    expect(await events(holder.user.id)).not.toContain("pause_scheduled");
  });

  it("keep: the dates go ahead, the month off starts after the last and lasts a month; one cycle is skipped", async () => {
    const { holder, partner } = await couple();
    const d = await arrangeDates(holder.user.id, partner.user.id);
    const res = await post("/api/subscription/pause", holder, { keepDates: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        "You keep your 2 dates. Your month off runs from 19 December 2026 until 19 January 2027. The payment due on 10 December 2026 is not taken; payments start again on 10 January 2027.",
      pausedFrom: "2026-12-19T00:00:00.000Z",
      pausedUntil: "2027-01-19T00:00:00.000Z",
      cancelledDates: [d.later.reservation.id],
    });
    const row = await userRow(holder.user.id);
    expect(row.pauseStartsAt?.toISOString()).toBe("2026-12-19T00:00:00.000Z");
    expect(row.pausedUntil?.toISOString()).toBe("2027-01-19T00:00:00.000Z");
    expect(await status(d.early.reservation.id)).toBe("scheduled");
    expect(await status(d.last.reservation.id)).toBe("scheduled");
    expect(await status(d.before.reservation.id)).toBe("scheduled");
    expect(await status(d.later.reservation.id)).toBe("cancelled");
    // Both partners see the same month off.
    const me = (await get("/api/auth/user", holder)).json();
    expect(me).toMatchObject({
      pausedFrom: "2026-12-19T00:00:00.000Z",
      pausedUntil: "2027-01-19T00:00:00.000Z",
    });
    const them = (await get("/api/auth/user", partner)).json();
    expect(them.partnerPlan).toMatchObject({
      pausedFrom: "2026-12-19T00:00:00.000Z",
      pausedUntil: "2027-01-19T00:00:00.000Z",
    });
    // The planner sees [pausedFrom, pausedUntil) for both partners.
    for (const id of [holder.user.id, partner.user.id]) {
      const [m] = await loadProfiles(t.deps, sql`u.id = ${id}`);
      expect(m.profile.pausedFrom?.toISOString()).toBe("2026-12-19T00:00:00.000Z");
      expect(m.profile.pausedUntil?.toISOString()).toBe("2027-01-19T00:00:00.000Z");
    }
    // Billing keeps its day: the 10 December payment is skipped, the schedule restarts on 10 January.
    const live = await liveSubs(row.paymentMandateId!);
    expect(live.map((s) => s.startDate.toISOString().slice(0, 10))).toEqual(["2027-01-10"]);
    // A plan change meanwhile starts with that payment, not with the end of the month off.
    const change = await post("/api/subscription/change-tier", holder, { tier: "silver" });
    expect(change.json()).toMatchObject({ effectiveAt: NEXT_PAYMENT });
    expect(
      (await liveSubs(row.paymentMandateId!)).map((s) => s.startDate.toISOString().slice(0, 10)),
    ).toEqual(["2027-01-10"]);
    t.clock.set(new Date(CYCLE_END));
    await advanceSubscriptions(t.deps);
    expect(await userRow(holder.user.id)).toMatchObject({ subscriptionStatus: "paused" });
    expect((await userRow(holder.user.id)).currentPeriodEnd?.toISOString()).toBe(NEXT_PAYMENT);
    const billing = (await get("/api/billing", await fresh(holder))).json();
    expect(billing.nextPayment.date).toBe("2027-01-10");
    expect(billing.payments.map((p: { chargeDate: string }) => p.chargeDate)).toEqual(["2026-11-10"]);
    // The skipped cycle ends; the month off still runs to 19 January, then is tidied at the next cycle.
    t.clock.set(new Date(NEXT_PAYMENT));
    await advanceSubscriptions(t.deps);
    const mid = await userRow(holder.user.id);
    expect(mid).toMatchObject({ subscriptionStatus: "active" });
    expect(mid.pausedUntil?.toISOString()).toBe("2027-01-19T00:00:00.000Z");
    expect(mid.currentPeriodEnd?.toISOString()).toBe("2027-02-10T12:00:00.000Z");
    t.clock.set(new Date("2027-02-10T12:00:00Z"));
    await advanceSubscriptions(t.deps);
    expect(await userRow(holder.user.id)).toMatchObject({ pausedUntil: null, pauseStartsAt: null });
  });

  it("cancel: the dates are cancelled and given back to the allowance; the month off starts at the cycle's end", async () => {
    const { holder, partner } = await couple();
    const d = await arrangeDates(holder.user.id, partner.user.id);
    await t.db.insert(userMonthlyQuotas).values({
      userId: holder.user.id,
      year: 2026,
      month: 12,
      subscriptionTier: "gold",
      quotaAllowed: 2,
      quotaUsed: 2,
      quotaRemaining: 0,
    });
    const res = await post("/api/subscription/pause", holder, { keepDates: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pausedFrom: CYCLE_END,
      pausedUntil: NEXT_PAYMENT,
      cancelledDates: [d.early.reservation.id, d.last.reservation.id],
    });
    expect(res.json().message).toBe(
      "Your month off runs from 10 December 2026 until 10 January 2027. The payment due on 10 December 2026 is not taken; payments start again on 10 January 2027.",
    );
    expect(await status(d.early.reservation.id)).toBe("cancelled");
    expect(await status(d.last.reservation.id)).toBe("cancelled");
    expect(await status(d.later.reservation.id)).toBe("scheduled");
    expect(await status(d.before.reservation.id)).toBe("scheduled");
    const [quota] = await t.db
      .select()
      .from(userMonthlyQuotas)
      .where(and(eq(userMonthlyQuotas.userId, holder.user.id), eq(userMonthlyQuotas.month, 12)));
    expect(quota).toMatchObject({ quotaUsed: 0, quotaRemaining: 2 });
    const row = await userRow(holder.user.id);
    expect(row.pauseStartsAt?.toISOString()).toBe(CYCLE_END);
    // The cancelled date's page tells the truth.
    const page = (await get(`/api/dates/${d.last.reservation.id}`, partner)).json();
    expect(page).toMatchObject({ status: "cancelled", cancellation: { allowanceReturned: true } });
    expect(page.actions.confirm).toMatchObject({ allowed: false });
  });
});

describe("POST /api/subscription/resume", () => {
  it("before the month off starts: withdrawn, and the skipped payment is taken on its usual day", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    expect((await post("/api/subscription/pause", me)).statusCode).toBe(200);
    const res = await post("/api/subscription/resume", me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        "Your month off is called off and your plan carries on as usual: the next payment of £20 is taken on 10 December 2026.",
      nextPaymentDate: CYCLE_END,
    });
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", pausedUntil: null, pauseStartsAt: null });
    const live = await liveSubs(row.paymentMandateId!);
    expect(live.map((s) => s.startDate.toISOString().slice(0, 10))).toEqual(["2026-12-10"]);
    expect(await events(me.user.id)).toContain("pause_withdrawn");
    // A second resume: nothing to resume.
    const again = await post("/api/subscription/resume", me);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAUSE_MSG.notPaused);
  });

  it("during the month off: active again at once, the skipped payment stays skipped, billing from the next cycle", async () => {
    const { holder } = await couple();
    expect((await post("/api/subscription/pause", holder)).statusCode).toBe(200);
    t.clock.set(new Date(CYCLE_END));
    await advanceSubscriptions(t.deps);
    t.clock.set(new Date("2026-12-15T09:00:00Z"));
    const me = await fresh(holder);
    const res = await post("/api/subscription/resume", me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        "Your plan is active again. The payment you skipped is not taken; the next payment of £20 is on 10 January 2027.",
      nextPaymentDate: NEXT_PAYMENT,
    });
    const row = await userRow(holder.user.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", pausedUntil: null, pauseStartsAt: null });
    expect(row.currentPeriodEnd?.toISOString()).toBe(NEXT_PAYMENT);
    expect((await get("/api/auth/user", me)).json()).toMatchObject({
      subscriptionStatus: "active",
      pausedUntil: null,
      pausedFrom: null,
    });
    const billing = (await get("/api/billing", me)).json();
    expect(billing).toMatchObject({
      status: "active",
      pausedUntil: null,
      nextPayment: { date: "2027-01-10" },
    });
    const payments = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    expect(payments.map((p) => p.chargeDate.toISOString().slice(0, 10))).toEqual(["2026-11-10"]);
    // The back office shows the plan active, with no pause.
    const admin = await t.admin();
    const view = (await get(`/api/admin/users/${holder.user.id}/couple`, admin)).json();
    expect(view.plan).toMatchObject({ status: "active", pausedUntil: null, pausedFrom: null });
    // The next roll is an ordinary renewal.
    t.clock.set(new Date(NEXT_PAYMENT));
    await advanceSubscriptions(t.deps);
    expect((await userRow(holder.user.id)).currentPeriodEnd?.toISOString()).toBe("2027-02-10T12:00:00.000Z");
  });

  it("refuses visitors, plans not paused, members outside the couple and admins", async () => {
    const { holder } = await couple();
    expect((await post("/api/subscription/resume")).statusCode).toBe(401);
    const notPaused = await post("/api/subscription/resume", holder);
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json().message).toBe(PAUSE_MSG.notPaused);
    expect((await post("/api/subscription/pause", holder)).statusCode).toBe(200);
    const stranger = await post("/api/subscription/resume", await t.member());
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(SUB_MSG.noPlan);
    expect((await post("/api/subscription/resume", await t.admin())).statusCode).toBe(400);
    expect((await userRow(holder.user.id)).pausedUntil).not.toBeNull();
  });
});

describe("a covered partner's month off", () => {
  it("the partner sees the same preview, pauses the couple's plan keeping the dates, and the holder is told", async () => {
    const { holder, partner } = await couple();
    const d = await arrangeDates(holder.user.id, partner.user.id);
    const theirs = await get("/api/subscription/pause-preview", partner);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual((await get("/api/subscription/pause-preview", holder)).json());
    expect(theirs.json().dates.map((x: { id: number }) => x.id)).toEqual([
      d.early.reservation.id,
      d.last.reservation.id,
    ]);
    t.mail.length = 0;
    const res = await post("/api/subscription/pause", partner, { keepDates: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^You keep your 2 dates\. Your month off runs from/);
    // The plan holder's plan is paused, the partner's row untouched.
    expect((await userRow(holder.user.id)).pausedUntil?.toISOString()).toBe(res.json().pausedUntil);
    expect((await userRow(partner.user.id)).pausedUntil).toBeNull();
    expect(await status(d.early.reservation.id)).toBe("scheduled");
    expect(await events(holder.user.id)).toContain("pause_scheduled");
    // Both are told, the holder with who booked it (plan-notice.test.ts checks the days in full).
    const told = await eventually(() =>
      t.mail.find((m) => m.type === "plan_paused" && m.to === holder.user.email),
    );
    expect(told.subject).toBe("Noah booked your month off");
    const own = await eventually(() =>
      t.mail.find((m) => m.type === "plan_paused" && m.to === partner.user.email),
    );
    expect(own.subject).toBe("Your month off is booked");
    // Both see it; a second month off is refused to either.
    expect((await get("/api/auth/user", partner)).json().partnerPlan.pausedUntil).toBe(
      res.json().pausedUntil,
    );
    expect((await post("/api/subscription/pause", partner, { keepDates: true })).statusCode).toBe(409);
  });

  it("the partner resumes the couple's plan early, and the holder is told", async () => {
    const { holder, partner } = await couple();
    expect((await post("/api/subscription/pause", holder)).statusCode).toBe(200);
    t.mail.length = 0;
    const res = await post("/api/subscription/resume", partner);
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(holder.user.id)).pausedUntil).toBeNull();
    expect(await events(holder.user.id)).toContain("pause_withdrawn");
    const told = await eventually(() =>
      t.mail.find((m) => m.type === "plan_resumed" && m.to === holder.user.email),
    );
    expect(told.subject).toBe("Noah called off your month off");
    expect((await post("/api/subscription/resume", partner)).statusCode).toBe(409);
  });

  it("the holder pausing is told as their own change; a one-sided link is no couple", async () => {
    const { holder } = await couple();
    t.mail.length = 0;
    expect((await post("/api/subscription/pause", holder)).statusCode).toBe(200);
    const own = await eventually(() =>
      t.mail.find((m) => m.type === "plan_paused" && m.to === holder.user.email),
    );
    expect(own.subject).toBe("Your month off is booked");
    // Someone who points at the holder, without the holder pointing back, cannot pause the holder's plan.
    const other = await couple();
    const claimant = await t.member({ partnerId: other.holder.user.id });
    const res = await post("/api/subscription/pause", claimant);
    expect(res.statusCode).toBe(400);
    expect((await userRow(other.holder.user.id)).pausedUntil).toBeNull();
  });
});
