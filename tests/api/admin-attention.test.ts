/**
 * One queue for the day (decision 0071): every kind appears with its deadline and its actions when its cause
 * is there, and goes when its cause does; soonest first, counted per kind; administrators only.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dateReservations,
  gifts,
  outboundMessages,
  subscriptionEvents,
  supportTickets,
  venueBookings,
} from "../../src/server/db/schema.ts";
import { workingDaysAfter } from "../../src/server/modules/admin/attention/members.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import type { AttentionItem, AttentionResponse } from "../../src/shared/admin/attention.ts";
import { OVERRIDE_REASON_MAX } from "../../src/shared/admin/rulebook.ts";
import { VENUE_REASON_MAX, VENUE_REFERENCE_MAX } from "../../src/shared/venue-bookings.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
/** Tuesday 1 December 2026, 09:00 London. */
const NOW = new Date("2026-12-01T09:00:00Z");
let admin: SignedIn;
beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
});

const json = { "content-type": "application/json" };
async function queue(as: SignedIn | undefined = admin) {
  return t.request({ method: "GET", url: "/api/admin/attention", as });
}
async function items(): Promise<AttentionItem[]> {
  const res = await queue();
  expect(res.statusCode).toBe(200);
  return (res.json() as AttentionResponse).items;
}
async function find(id: string): Promise<AttentionItem | undefined> {
  return (await items()).find((i) => i.id === id);
}
/** Sends one of an item's actions as the Today tab does. */
async function act(item: AttentionItem, actionId: string, reason?: string) {
  const a = item.actions.find((x) => x.id === actionId);
  expect(a, `${item.id} has ${actionId}`).toBeDefined();
  const body = {
    ...(a!.body ?? {}),
    ...(reason !== undefined ? { [a!.reasonField ?? "reason"]: reason } : {}),
  };
  return t.request({
    method: a!.method,
    url: a!.path,
    as: admin,
    headers: json,
    payload: JSON.stringify(body),
  });
}

async function requestRow(
  reservationId: number,
  venueId: number,
  at: Date,
  set: Partial<typeof venueBookings.$inferInsert>,
) {
  await t.db.insert(venueBookings).values({
    reservationId,
    venueId,
    scheduledDate: at,
    status: "requested",
    tokenHash: randomBytes(32).toString("hex"),
    expiresAt: at,
    requestedAt: new Date(NOW.getTime() - hours(30)),
    ...set,
  });
}

describe("GET /api/admin/attention", () => {
  it("is for administrators only", async () => {
    const m = await t.member();
    expect((await t.request({ method: "GET", url: "/api/admin/attention" })).statusCode).toBe(401);
    expect((await queue(m)).statusCode).toBe(403);
  });

  it("rule_broken: the rules, due 72 h before; accept the fix or keep with a reason; gone once it fits", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(24 * 10));
    const { reservation } = await arrangeDate(t.db, m.user.id, { at });
    await t.db
      .update(dateReservations)
      .set({ ruleProblems: ["The venue serves nothing vegan"] })
      .where(eq(dateReservations.id, reservation.id));
    let item = await find(`rule_broken:${reservation.id}`);
    expect(item).toMatchObject({
      kind: "rule_broken",
      dueAt: new Date(at.getTime() - hours(72)).toISOString(),
      subject: { type: "assignment", id: reservation.id },
    });
    expect(item!.detail).toContain("The venue serves nothing vegan");
    // No fix proposed: only the override (with a reason).
    expect(item!.actions.map((a) => a.id)).toEqual(["override"]);
    expect(item!.actions[0]).toMatchObject({
      method: "POST",
      path: `/api/admin/assignments/${reservation.id}/fix/override`,
      needsReason: true,
      // The dialog's limit is the server's: a longer reason cannot be typed, rather than refused after.
      reasonMax: OVERRIDE_REASON_MAX,
    });
    await t.db
      .update(dateReservations)
      .set({
        fixProposal: {
          venueId: 1,
          dateIdeaId: null,
          scheduledDate: at.toISOString(),
          venueName: "Green Leaf",
          ideaTitle: null,
        },
      })
      .where(eq(dateReservations.id, reservation.id));
    item = await find(`rule_broken:${reservation.id}`);
    expect(item!.detail).toContain("Proposed fix: Green Leaf");
    expect(item!.actions.map((a) => a.id)).toEqual(["accept-fix", "override"]);
    expect(item!.actions[0].path).toBe(`/api/admin/assignments/${reservation.id}/fix/accept`);
    // Kept with a reason, in place: the flag goes, and the item with it.
    const kept = await act(item!, "override", "The couple asked to keep it");
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await find(`rule_broken:${reservation.id}`)).toBeUndefined();
  });

  it("rule_broken: goes when a re-check finds the date fits again", async () => {
    const m = await t.member();
    const { reservation } = await arrangeDate(t.db, m.user.id, {
      at: new Date(NOW.getTime() + hours(24 * 12)),
    });
    await t.db
      .update(dateReservations)
      .set({ ruleProblems: ["Closed that evening"] })
      .where(eq(dateReservations.id, reservation.id));
    expect(await find(`rule_broken:${reservation.id}`)).toBeDefined();
    await t.db
      .update(dateReservations)
      .set({ ruleProblems: null })
      .where(eq(dateReservations.id, reservation.id));
    expect(await find(`rule_broken:${reservation.id}`)).toBeUndefined();
  });

  it("venue_unconfirmed: unanswered under 72 h before; confirmed by phone in place, it goes", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(60));
    const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at });
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "requested" })
      .where(eq(dateReservations.id, reservation.id));
    await requestRow(reservation.id, venue.id, at, {});
    const item = await find(`venue_unconfirmed:${reservation.id}`);
    expect(item).toMatchObject({
      kind: "venue_unconfirmed",
      dueAt: new Date(at.getTime() - hours(48)).toISOString(),
    });
    expect(item!.actions.map((a) => a.id)).toEqual(["confirm", "decline"]);
    expect(item!.actions.map((a) => a.reasonMax)).toEqual([VENUE_REFERENCE_MAX, VENUE_REASON_MAX]);
    const res = await act(item!, "confirm", "REF-42");
    expect(res.statusCode).toBe(200);
    expect(res.json().venueBooking).toMatchObject({ status: "confirmed", reference: "REF-42" });
    expect(await find(`venue_unconfirmed:${reservation.id}`)).toBeUndefined();
  });

  it("venue_unconfirmed: an escalated request further ahead is listed; one not yet due is not", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(24 * 8));
    const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at });
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "requested" })
      .where(eq(dateReservations.id, reservation.id));
    await requestRow(reservation.id, venue.id, at, {});
    expect(await find(`venue_unconfirmed:${reservation.id}`)).toBeUndefined();
    await t.db
      .update(venueBookings)
      .set({ escalatedAt: NOW })
      .where(eq(venueBookings.reservationId, reservation.id));
    expect(await find(`venue_unconfirmed:${reservation.id}`)).toBeDefined();
  });

  it("venue_declined: a decline nothing replaced; the venue taking it after all resolves it", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(24 * 6));
    const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at });
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "declined" })
      .where(eq(dateReservations.id, reservation.id));
    await requestRow(reservation.id, venue.id, at, { status: "declined", declineReason: "Private party" });
    // Not escalated: the re-plan acts on it first.
    expect(await find(`venue_declined:${reservation.id}`)).toBeUndefined();
    await t.db
      .update(venueBookings)
      .set({ escalatedAt: NOW })
      .where(eq(venueBookings.reservationId, reservation.id));
    const item = await find(`venue_declined:${reservation.id}`);
    expect(item!.detail).toContain("Private party");
    expect(item!.dueAt).toBe(new Date(at.getTime() - hours(48)).toISOString());
    expect(item!.actions.map((a) => a.id)).toEqual(["confirm", "cancel"]);
    expect((await act(item!, "confirm", "")).statusCode).toBe(200);
    expect(await find(`venue_declined:${reservation.id}`)).toBeUndefined();
  });

  it("venue_proposed: the venue's time; refusing it in place re-plans and it goes", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(24 * 9));
    const proposed = new Date(at.getTime() + hours(24));
    const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at });
    await t.db
      .update(dateReservations)
      .set({ venueStatus: "proposed" })
      .where(eq(dateReservations.id, reservation.id));
    await requestRow(reservation.id, venue.id, at, {
      status: "proposed",
      proposedDate: proposed,
      proposedNote: "Fully booked at 7",
      escalatedAt: NOW,
    });
    const item = await find(`venue_proposed:${reservation.id}`);
    expect(item!.detail).toContain("Fully booked at 7");
    expect(item!.dueAt).toBe(new Date(at.getTime() - hours(48)).toISOString());
    expect(item!.actions.map((a) => [a.id, a.body])).toEqual([
      ["accept-time", { accept: true }],
      ["refuse-time", { accept: false }],
    ]);
    expect((await act(item!, "refuse-time")).statusCode).toBe(200);
    expect(await find(`venue_proposed:${reservation.id}`)).toBeUndefined();
  });

  it("first_date_due: a live plan with no date, due 2 working days after joining; booking a date clears it", async () => {
    // Joined on Thursday 24 December 2026: Christmas, Boxing Day (moved to Monday 28) and the weekend are skipped.
    const joined = new Date("2026-12-24T10:00:00Z");
    expect(workingDaysAfter(joined, 2).toISOString()).toBe("2026-12-30T23:59:00.000Z");
    const m = await t.member({ subscriptionStatus: "active", subscriptionTier: "silver" });
    await t.db
      .insert(subscriptionEvents)
      .values({ userId: m.user.id, eventType: "created", occurredAt: new Date("2026-11-30T10:00:00Z") });
    const item = await find(`first_date_due:${m.user.id}`);
    // Monday 30 November: due Wednesday 2 December, end of day.
    expect(item).toMatchObject({
      kind: "first_date_due",
      dueAt: "2026-12-02T23:59:00.000Z",
      subject: { type: "member", id: m.user.id },
    });
    expect(item!.actions[0]).toMatchObject({
      method: "POST",
      path: `/api/admin/assignments/auto/${m.user.id}`,
    });
    await arrangeDate(t.db, m.user.id, { at: new Date(NOW.getTime() + hours(24 * 5)) });
    expect(await find(`first_date_due:${m.user.id}`)).toBeUndefined();
  });

  it("payment_failed: past due with dates booked, due the sooner of the retry and the next held reveal; paid again, it goes", async () => {
    const m = await t.member({ subscriptionStatus: "past_due", subscriptionTier: "silver" });
    const next = new Date(NOW.getTime() + hours(24 * 4));
    const { reservation } = await arrangeDate(t.db, m.user.id, { at: next });
    await arrangeDate(t.db, m.user.id, { at: new Date(NOW.getTime() + hours(24 * 20)) });
    // No retry booked: due when the next date's reveal is held.
    let item = await find(`payment_failed:${m.user.id}`);
    const reveal = new Date(next.getTime() - hours(48));
    expect(item).toMatchObject({ dueAt: reveal.toISOString(), subject: { type: "member", id: m.user.id } });
    expect(item!.detail).toContain("2 dates are");
    expect(item!.detail).toContain("No retry booked.");
    // A retry booked before the reveal: due then, with the retries left.
    const retry = new Date(NOW.getTime() + hours(24));
    await saveState(t.db, m.user.id, { paymentRetryAt: retry, paymentRetries: 0 });
    item = await find(`payment_failed:${m.user.id}`);
    expect(item!.dueAt).toBe(retry.toISOString());
    expect(item!.detail).toMatch(/Retry on .* \(2 retries left\)\./);
    expect(item!.detail).toContain("reveal held from");
    // The last retry booked after the reveal: due at the reveal.
    await saveState(t.db, m.user.id, {
      paymentRetryAt: new Date(NOW.getTime() + hours(24 * 3)),
      paymentRetries: 1,
    });
    item = await find(`payment_failed:${m.user.id}`);
    expect(item!.dueAt).toBe(reveal.toISOString());
    expect(item!.detail).toContain("(the last retry)");
    expect(item!.actions[0]).toMatchObject({
      path: `/api/admin/assignments/${reservation.id}/status`,
      body: { status: "cancelled" },
    });
    await saveState(t.db, m.user.id, { subscriptionStatus: "active" });
    expect(await find(`payment_failed:${m.user.id}`)).toBeUndefined();
  });

  it("reschedule_request: the member's reason, due the date; keeping the date resolves it", async () => {
    const m = await t.member();
    const at = new Date(NOW.getTime() + hours(24 * 7));
    const { reservation } = await arrangeDate(t.db, m.user.id, { at, status: "reschedule_requested" });
    const [ticket] = await t.db
      .insert(supportTickets)
      .values({
        userId: m.user.id,
        reservationId: reservation.id,
        fromEmail: m.user.email,
        subject: "Reschedule request",
        body: "Work trip that week",
        priority: "high",
      })
      .returning();
    const list = await items();
    const item = list.find((i) => i.id === `reschedule_request:${reservation.id}`);
    expect(item).toMatchObject({ dueAt: at.toISOString() });
    expect(item!.detail).toContain("Work trip that week");
    // Its ticket is not listed twice.
    expect(list.find((i) => i.id === `support_waiting:${ticket.id}`)).toBeUndefined();
    expect((await act(item!, "keep")).statusCode).toBe(200);
    expect(await find(`reschedule_request:${reservation.id}`)).toBeUndefined();
  });

  it("support_waiting: the member spoke last, due a working day later; our reply clears it", async () => {
    const m = await t.member();
    // Friday 27 November 2026, 16:00: due the end of Monday 30 November.
    const [ticket] = await t.db
      .insert(supportTickets)
      .values({
        userId: m.user.id,
        fromEmail: m.user.email,
        fromName: "Sam Waiting",
        subject: "Where is my date?",
        body: "Nothing booked yet",
        createdAt: new Date("2026-11-27T16:00:00Z"),
      })
      .returning();
    const item = await find(`support_waiting:${ticket.id}`);
    expect(item).toMatchObject({
      kind: "support_waiting",
      dueAt: "2026-11-30T23:59:00.000Z",
      subject: { type: "ticket", id: ticket.id },
    });
    expect(item!.title).toBe("Sam Waiting: Where is my date?");
    expect(item!.actions[0]).toMatchObject({ id: "reply", needsReason: true, reasonField: "body" });
    expect((await act(item!, "reply", "We are booking it today.")).statusCode).toBe(200);
    expect(await find(`support_waiting:${ticket.id}`)).toBeUndefined();
  });

  it("unplaceable: short of this month's date with the rule that blocks it, due the month's end", async () => {
    const m = await t.member({
      subscriptionStatus: "active",
      subscriptionTier: "silver",
      onboardingCompleted: true,
    });
    const item = await find(`unplaceable:${m.user.id}`);
    expect(item).toMatchObject({ kind: "unplaceable", dueAt: "2026-12-31T23:59:59.999Z" });
    expect(item!.detail).toContain("Preferences are incomplete");
    await arrangeDate(t.db, m.user.id, { at: new Date("2026-12-18T19:00:00Z") });
    expect(await find(`unplaceable:${m.user.id}`)).toBeUndefined();
  });

  it("gift_undelivered: its day has passed unsent; sent now in place, it goes", async () => {
    const [g] = await t.db
      .insert(gifts)
      .values({
        code: "ATTN0000GIFT",
        status: "paid",
        tier: "gold",
        months: 3,
        subtotalPence: 9000,
        amountPence: 9000,
        buyerName: "Priya Shah",
        buyerEmail: "priya@example.com",
        recipientNames: "Sam and Alex",
        recipientEmail: "sam.alex@example.com",
        deliverOn: "2026-11-29",
        manageTokenHash: randomBytes(32).toString("hex"),
        provider: "sandbox",
        providerRef: "attn-gift-1",
        paidAt: new Date("2026-11-20T10:00:00Z"),
      })
      .returning();
    const item = await find(`gift_undelivered:${g.id}`);
    expect(item).toMatchObject({ dueAt: "2026-11-29T23:59:00.000Z", subject: { type: "gift", id: g.id } });
    expect((await act(item!, "send")).statusCode).toBe(200);
    expect(await find(`gift_undelivered:${g.id}`)).toBeUndefined();
  });

  it("gift_undelivered: a delivery e-mail out of attempts is listed until a resend goes", async () => {
    const [g] = await t.db
      .insert(gifts)
      .values({
        code: "ATTN0000FAIL",
        status: "delivered",
        tier: "silver",
        months: 1,
        subtotalPence: 3000,
        amountPence: 3000,
        buyerName: "Priya Shah",
        buyerEmail: "priya@example.com",
        recipientNames: "Jo and Kim",
        recipientEmail: "bounced@example.com",
        deliverOn: "2026-11-30",
        manageTokenHash: randomBytes(32).toString("hex"),
        provider: "sandbox",
        providerRef: "attn-gift-2",
        paidAt: new Date("2026-11-20T10:00:00Z"),
        deliveredAt: new Date("2026-11-30T08:00:00Z"),
      })
      .returning();
    expect(await find(`gift_undelivered:${g.id}`)).toBeUndefined();
    await t.db.insert(outboundMessages).values({
      key: `gift-delivery:${g.id}:2026-11-30`,
      kind: "gift_delivery",
      status: "abandoned",
      attempts: 5,
      lastError: "550 mailbox unavailable",
    });
    const item = await find(`gift_undelivered:${g.id}`);
    expect(item!.detail).toContain("could not be delivered");
    expect((await act(item!, "send")).statusCode).toBe(200);
    expect(await find(`gift_undelivered:${g.id}`)).toBeUndefined();
  });

  it("sorts soonest deadline first and counts each kind", async () => {
    const m = await t.member();
    for (const d of [9, 3]) {
      const { reservation } = await arrangeDate(t.db, m.user.id, {
        at: new Date(NOW.getTime() + hours(24 * d)),
      });
      await t.db
        .update(dateReservations)
        .set({ ruleProblems: ["Closed that evening"] })
        .where(eq(dateReservations.id, reservation.id));
    }
    const res = (await queue()).json() as AttentionResponse;
    const dues = res.items.map((i) => i.dueAt);
    expect(dues).toEqual([...dues].sort());
    expect(res.counts.total).toBe(res.items.length);
    expect(res.counts.rule_broken).toBe(res.items.filter((i) => i.kind === "rule_broken").length);
    expect(res.counts.rule_broken).toBeGreaterThanOrEqual(2);
    const kinds = Object.keys(res.counts).filter((k) => k !== "total");
    expect(kinds).toHaveLength(10);
  });
});
