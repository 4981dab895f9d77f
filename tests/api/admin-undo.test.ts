/**
 * Ask, then allow undo: a back-office change that e-mails a member holds the date's mail for
 * UNDO_WINDOW_MS, and POST /api/admin/assignments/:assignmentId/undo puts the change back meanwhile. The date
 * sweep runs on the test clock: an undone change is never e-mailed, a kept one is once the window has passed.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/app/server/jobs.ts";
import {
  aiDateSuggestions,
  dateReservations,
  outboundMessages,
  userMonthlyQuotas,
  users,
  userVenueExclusions,
  venues,
} from "../../src/server/db/schema.ts";
import { ASSIGNMENT_MSG as M } from "../../src/shared/admin/assignments.ts";
import { UNDO_WINDOW_MS } from "../../src/shared/constants.ts";
import { londonInstant, londonParts } from "../../src/shared/london-time.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { BOOKABLE_VENUE } from "../helpers/bookable-venue.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2031-07-10T09:00:00Z");
t.clock.set(NOW);
const admin = await t.admin();

beforeEach(() => {
  t.clock.set(NOW);
  t.mail.length = 0;
});

type Caller = SignedIn | null;
const call = (method: "POST" | "PATCH", url: string, payload?: unknown, as: Caller = admin) =>
  t.request({
    method,
    url,
    as: as ?? undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const undo = (id: number | string, as: Caller = admin) =>
  call("POST", `/api/admin/assignments/${id}/undo`, undefined, as);
const setStatus = (id: number, status: string) =>
  call("PATCH", `/api/admin/assignments/${id}/status`, { status });

/** A gold member and a mutually linked partner. */
async function couple() {
  const me = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
  const partner = await t.member();
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
  await t.db.update(users).set({ partnerId: me.user.id }).where(eq(users.id, partner.user.id));
  return { me, partner, emails: [me.user.email, partner.user.email].sort() };
}

/** 19:00 in London on a day 5 or more days ahead, on days 1-28 (a slot every chosen day covers). */
function fitSlot(): Date {
  for (let d = 5; ; d++) {
    const p = londonParts(new Date(NOW.getTime() + hours(24 * d)));
    if (p.day <= 28) return londonInstant(p.year, p.month, p.day, 19, 0);
  }
}

let n = 0;
async function venue() {
  const [v] = await t.db
    .insert(venues)
    .values({
      ...BOOKABLE_VENUE,
      name: `Undo Venue ${++n}`,
      city: "London",
      type: "restaurant",
      address: `${n} Quay Street`,
    })
    .returning();
  return v;
}

/** A date five days ahead booked through the Assign route (held for undo). */
async function assign(userId: number) {
  const v = await venue();
  const res = await call("POST", "/api/admin/assignments", {
    userId,
    venueId: v.id,
    scheduledDate: new Date(NOW.getTime() + hours(24 * 5)).toISOString(),
    // The couple has no answers here: the rulebook's breaches are overridden, on the record.
    overrideReason: "Booked by hand for the undo tests",
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, venue: v };
}

async function row(id: number) {
  const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
  return r;
}
async function used(userId: number) {
  const rows = await t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, userId));
  return rows.reduce((sum, r) => sum + r.quotaUsed, 0);
}
async function exclusions(userId: number) {
  return t.db.select().from(userVenueExclusions).where(eq(userVenueExclusions.userId, userId));
}
const mailTo = (emails: string[], type?: string) =>
  t.mail.filter((m) => emails.includes(m.to) && (!type || m.type === type));

/** Past the window, the sweep has had its chance. */
async function afterWindow() {
  t.clock.advance(UNDO_WINDOW_MS + 1000);
  await runDueJobs(t.deps);
}

describe("a created date (Assign)", () => {
  it("waits the window before the couple hears; then the hold goes", async () => {
    const { me, emails } = await couple();
    const { id } = await assign(me.user.id);
    const held = await row(id);
    expect(held.mailHoldUntil?.toISOString()).toBe(new Date(NOW.getTime() + UNDO_WINDOW_MS).toISOString());
    expect(held.undoState).toMatchObject({ kind: "created", previousStatus: null, status: "scheduled" });
    await runDueJobs(t.deps);
    expect(mailTo(emails)).toEqual([]);
    await afterWindow();
    expect(
      mailTo(emails, "date_hold")
        .map((m) => m.to)
        .sort(),
    ).toEqual(emails);
    // Too late now.
    const late = await undo(id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: M.undoTooLate });
    expect((await row(id)).status).toBe("scheduled");
  });

  it("Undo inside the window removes it, returns the allowance and nothing is ever sent", async () => {
    const { me, emails } = await couple();
    const { id } = await assign(me.user.id);
    expect(await used(me.user.id)).toBe(1);
    await runDueJobs(t.deps);
    t.clock.advance(UNDO_WINDOW_MS - 5000);
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: "created", message: M.undone.created, assignment: null });
    expect(await row(id)).toBeUndefined();
    expect(await used(me.user.id)).toBe(0);
    await afterWindow();
    t.clock.advance(hours(24 * 6));
    await runDueJobs(t.deps);
    expect(mailTo(emails)).toEqual([]);
    expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.userId, me.user.id))).toEqual(
      [],
    );
    // Twice: the date is gone.
    const again = await undo(id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: M.assignmentNotFound });
  });

  it("refuses when the date has changed since (a member's reschedule), changing nothing", async () => {
    const { me } = await couple();
    const { id } = await assign(me.user.id);
    const moved = new Date(NOW.getTime() + hours(24 * 6));
    await t.db.update(dateReservations).set({ scheduledDate: moved }).where(eq(dateReservations.id, id));
    const res = await undo(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.undoChanged });
    expect((await row(id)).scheduledDate).toEqual(moved);
  });
});

describe("a cancel", () => {
  async function liveDate() {
    const c = await couple();
    const { id, venue } = await assign(c.me.user.id);
    await afterWindow(); // the hold has gone
    t.mail.length = 0;
    return { ...c, id, venue };
  }

  it("kept: the calendar cancellation goes once the window has passed", async () => {
    const { emails, id } = await liveDate();
    expect((await setStatus(id, "cancelled")).statusCode).toBe(200);
    expect((await row(id)).undoState).toMatchObject({ kind: "cancelled", previousStatus: "scheduled" });
    await runDueJobs(t.deps);
    expect(mailTo(emails)).toEqual([]);
    await afterWindow();
    expect(
      mailTo(emails, "date_hold_cancelled")
        .map((m) => m.to)
        .sort(),
    ).toEqual(emails);
  });

  it("undone: status and allowance back as they were, no exclusion either way; no mail, then or later; twice is 409", async () => {
    const { me, emails, id } = await liveDate();
    await setStatus(id, "cancelled");
    expect(await used(me.user.id)).toBe(0);
    expect(await exclusions(me.user.id)).toEqual([]);
    t.clock.advance(60_000);
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: "cancelled",
      message: M.undone.cancelled,
      assignment: { id, status: "scheduled" },
    });
    const after = await row(id);
    expect(after).toMatchObject({ status: "scheduled", mailHoldUntil: null, undoState: null });
    expect(await used(me.user.id)).toBe(1);
    expect(await exclusions(me.user.id)).toEqual([]);
    await afterWindow();
    expect(mailTo(emails)).toEqual([]);
    const twice = await undo(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: M.undoNothing });
  });

  it("after the window: 409 'Too late to undo', the date stays cancelled", async () => {
    const { id } = await liveDate();
    await setStatus(id, "cancelled");
    t.clock.advance(UNDO_WINDOW_MS);
    const res = await undo(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Too late to undo: the e-mail has gone" });
    expect((await row(id)).status).toBe("cancelled");
  });

  it("a revealed date's cancellation withdraws the reveal's calendar entry too", async () => {
    const c = await couple();
    const { reservation } = await arrangeDate(t.db, c.me.user.id, {
      at: new Date(NOW.getTime() + hours(40)),
    });
    await runDueJobs(t.deps); // revealed, reveal mail sent
    expect(mailTo(c.emails, "date_reveal")).toHaveLength(2);
    await setStatus(reservation.id, "cancelled");
    await afterWindow();
    expect(
      mailTo(c.emails, "date_hold_cancelled")
        .map((m) => m.to)
        .sort(),
    ).toEqual(c.emails);
  });
});

describe("a reinstatement", () => {
  it("undone: cancelled again, allowance returned, no exclusion, no mail", async () => {
    const { me, emails } = await couple();
    const { id } = await assign(me.user.id);
    await afterWindow();
    await setStatus(id, "cancelled");
    await afterWindow(); // the cancellation went
    t.mail.length = 0;
    const back = await call("PATCH", `/api/admin/assignments/${id}/status`, {
      status: "scheduled",
      overrideReason: "Put back by hand for the undo tests",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await row(id)).undoState).toMatchObject({ kind: "reinstated", previousStatus: "cancelled" });
    expect(await used(me.user.id)).toBe(1);
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: "reinstated",
      message: M.undone.reinstated,
      assignment: { status: "cancelled" },
    });
    expect(await used(me.user.id)).toBe(0);
    expect(await exclusions(me.user.id)).toEqual([]);
    await afterWindow();
    expect(mailTo(emails)).toEqual([]);
  });
});

describe("one change at a time", () => {
  it("a later change replaces the earlier one's undo: Undo reverts only the later", async () => {
    const { me, emails } = await couple();
    const { id } = await assign(me.user.id);
    await setStatus(id, "cancelled"); // inside the creation's window
    const res = await undo(id);
    expect(res.json()).toMatchObject({ kind: "cancelled", assignment: { status: "scheduled" } });
    expect(await row(id)).toBeDefined();
    expect((await undo(id)).json()).toEqual({ message: M.undoNothing });
    // The creation's mail is no longer held: the hold goes on the next sweep.
    await runDueJobs(t.deps);
    expect(mailTo(emails, "date_hold")).toHaveLength(2);
  });

  it("a move that sends nothing ends the undo", async () => {
    const { me } = await couple();
    const { id } = await assign(me.user.id);
    t.clock.set(new Date(NOW.getTime() + hours(24 * 5 - 30)));
    await t.db
      .update(dateReservations)
      .set({ mailHoldUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(dateReservations.id, id));
    expect((await setStatus(id, "revealed")).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ mailHoldUntil: null, undoState: null });
    expect((await undo(id)).json()).toEqual({ message: M.undoNothing });
  });
});

describe("Auto Assign and Create Booking", () => {
  it("Auto Assign's date is held and Undo removes it", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    await matchVenue(t.db, { name: "Undo Supper Club" });
    const res = await call("POST", `/api/admin/assignments/auto/${m.user.id}`);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await row(id)).undoState).toMatchObject({ kind: "created" });
    await runDueJobs(t.deps);
    expect(mailTo([m.user.email])).toEqual([]);
    expect((await undo(id)).json()).toMatchObject({ kind: "created", assignment: null });
    await afterWindow();
    expect(mailTo([m.user.email])).toEqual([]);
    expect(await t.db.select().from(dateReservations).where(eq(dateReservations.userId, m.user.id))).toEqual(
      [],
    );
  });

  it("Create Booking's date is held; Undo removes it and the suggestion is approved again", async () => {
    const { me, emails } = await couple();
    // Create Booking asks the rulebook and never overrides: a couple and a venue the date fits.
    await givePreferences(t.db, me.user.id, {}, { subscriptionTier: "gold" });
    const [v] = await t.db
      .insert(venues)
      .values({
        ...BOOKABLE_VENUE,
        name: `Undo Venue ${++n}`,
        city: "London",
        type: "restaurant",
        address: `${n} Quay Street`,
        postcode: "SE1 9PX",
        latitude: "51.5055000",
        longitude: "-0.0910000",
      })
      .returning();
    const [s] = await t.db
      .insert(aiDateSuggestions)
      .values({
        userId: me.user.id,
        suggestion: "Supper by the river.",
        status: "approved",
        suggestedVenues: [
          {
            id: v.id,
            name: v.name,
            type: "restaurant",
            address: v.address,
            suggestedDate: fitSlot().toISOString(),
          },
        ],
      })
      .returning();
    const booked = await call("POST", `/api/admin/ai-suggestions/${s.id}/book`);
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().reservationId as number;
    expect((await row(id)).undoState).toMatchObject({ kind: "created" });
    expect((await undo(id)).statusCode).toBe(200);
    const [after] = await t.db.select().from(aiDateSuggestions).where(eq(aiDateSuggestions.id, s.id));
    expect(after).toMatchObject({ status: "approved", reservationId: null });
    await afterWindow();
    expect(mailTo(emails)).toEqual([]);
    // It can be booked again.
    expect((await call("POST", `/api/admin/ai-suggestions/${s.id}/book`)).json().status).toBe("booked");
  });
});

describe("who may call, and malformed input", () => {
  it("visitor 401, member 403: nothing undone", async () => {
    const { me } = await couple();
    const { id } = await assign(me.user.id);
    expect((await undo(id, null)).statusCode).toBe(401);
    expect((await undo(id, me)).statusCode).toBe(403);
    expect(await row(id)).toBeDefined();
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("400 for the id %s", async (id) => {
    expect((await undo(id)).statusCode).toBe(400);
  });

  it("404 for an unknown date; 409 for a date with no change to undo", async () => {
    expect((await undo(999999)).json()).toEqual({ message: M.assignmentNotFound });
    const { me } = await couple();
    const { reservation } = await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + hours(100)) });
    const res = await undo(reservation.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.undoNothing });
    expect(
      await t.db
        .select()
        .from(dateReservations)
        .where(and(eq(dateReservations.id, reservation.id), eq(dateReservations.status, "scheduled"))),
    ).toHaveLength(1);
  });
});
