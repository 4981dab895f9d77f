/** The status machine of a date: PATCH /api/admin/assignments/:assignmentId/status. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dateReservations, userMonthlyQuotas } from "../../src/server/db/schema.ts";
import { ASSIGNMENT_MSG as M } from "../../src/shared/admin/assignments.ts";
import type { MemberDateStatus } from "../../src/shared/schemas/dates.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2031-07-10T09:00:00Z");
t.clock.set(NOW);
const admin = await t.admin();
const at = (h: number) => new Date(NOW.getTime() + hours(h));
/** Five days ahead, inside the 48-hour window, less than 24 hours ahead, started three hours ago. */
const WHEN = { far: 24 * 5, window: 30, soon: 10, past: -3 } as const;
type When = keyof typeof WHEN;

const setStatus = (id: number | string, payload: unknown, as: SignedIn | null = admin) =>
  t.request({
    method: "PATCH",
    url: `/api/admin/assignments/${id}/status`,
    as: as ?? undefined,
    payload: payload as object,
  });

async function row(id: number) {
  const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
  return r;
}

async function dateIn(status: MemberDateStatus, when: When) {
  const m = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
  const { reservation } = await arrangeDate(t.db, m.user.id, { at: at(WHEN[when]), status });
  return { member: m, reservation };
}

describe("allowed moves", () => {
  it.each<[MemberDateStatus, When, string]>([
    ["scheduled", "far", "cancelled"],
    ["scheduled", "window", "revealed"],
    ["scheduled", "window", "confirmed"],
    ["revealed", "window", "confirmed"],
    ["revealed", "window", "cancelled"],
    ["confirmed", "window", "cancelled"],
    ["scheduled", "past", "completed"],
    ["revealed", "past", "completed"],
    ["confirmed", "past", "completed"],
    ["confirmed", "past", "cancelled"],
    ["cancelled", "far", "scheduled"],
    ["cancelled", "window", "scheduled"],
    ["cancelled", "window", "revealed"],
  ])("%s (%s) -> %s", async (from, when, to) => {
    t.clock.set(NOW);
    const { reservation } = await dateIn(from, when);
    // Putting a cancelled date back asks the rulebook again: this couple has no answers, so it is booked only
    // with an operator's written reason, kept on the record.
    const reinstate = from === "cancelled";
    if (reinstate) {
      const refused = await setStatus(reservation.id, { status: to });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().rules).toContain("Not one of their chosen days");
      expect((await row(reservation.id)).status).toBe("cancelled");
    }
    const res = await setStatus(
      reservation.id,
      reinstate ? { status: to, overrideReason: "The couple asked us on the phone" } : { status: to },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(to);
    const after = await row(reservation.id);
    expect(after.status).toBe(to);
    if (reinstate) {
      expect(after.overrideReason).toBe("The couple asked us on the phone");
      expect(after.overrideRules).toContain("Not one of their chosen days");
      expect(after.overriddenBy).toBe(admin.user.id);
    }
    if (to === "revealed" || to === "confirmed")
      expect(after.revealedAt?.toISOString()).toBe(NOW.toISOString());
    if (to === "confirmed") expect(after.confirmedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("the same status again changes nothing (200) and keeps an open undo", async () => {
    const { reservation } = await dateIn("scheduled", "far");
    const first = await setStatus(reservation.id, { status: "cancelled" });
    const held = await row(reservation.id);
    t.clock.advance(30_000);
    const again = await setStatus(reservation.id, { status: "cancelled" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const after = await row(reservation.id);
    expect(after.mailHoldUntil).toEqual(held.mailHoldUntil);
    expect(after.undoState).toEqual(held.undoState);
    const same = await dateIn("confirmed", "window");
    expect((await setStatus(same.reservation.id, { status: "confirmed" })).statusCode).toBe(200);
    t.clock.set(NOW);
  });
});

describe("refused moves: 409 naming the move, nothing changed", () => {
  it.each<[MemberDateStatus, When, string, string]>([
    ["scheduled", "far", "revealed", M.revealOutsideWindow],
    ["scheduled", "far", "confirmed", M.confirmOutsideWindow],
    ["scheduled", "far", "completed", M.completeBeforeStart],
    ["confirmed", "window", "completed", M.completeBeforeStart],
    ["revealed", "window", "scheduled", M.backwards("revealed", "scheduled")],
    ["confirmed", "window", "revealed", M.backwards("confirmed", "revealed")],
    ["confirmed", "window", "scheduled", M.backwards("confirmed", "scheduled")],
    ["revealed", "past", "confirmed", M.startedOnlyCompleteOrCancel],
    ["scheduled", "past", "revealed", M.startedOnlyCompleteOrCancel],
    ["completed", "past", "cancelled", M.completedCannotCancel],
    ["completed", "past", "confirmed", M.completedFinal("confirmed")],
    ["completed", "past", "scheduled", M.completedFinal("scheduled")],
    ["cancelled", "far", "confirmed", M.reinstateOnly("confirmed")],
    ["cancelled", "past", "completed", M.reinstateOnly("completed")],
    ["cancelled", "far", "revealed", M.revealOutsideWindow],
    ["cancelled", "past", "scheduled", M.reinstateStarted],
    ["cancelled", "soon", "scheduled", M.reinstateTooLate],
  ])("%s (%s) -> %s", async (from, when, to, message) => {
    t.clock.set(NOW);
    const { member, reservation } = await dateIn(from, when);
    const before = await row(reservation.id);
    const res = await setStatus(reservation.id, { status: to });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message });
    expect(await row(reservation.id)).toEqual(before);
    expect(
      await t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, member.user.id)),
    ).toEqual([]);
  });

  it("the messages read as an operator would say them", () => {
    expect(M.completeBeforeStart).toBe("A date can be marked completed only once it has started");
    expect(M.revealOutsideWindow).toBe("A date can be marked revealed only in the 48 hours before it starts");
    expect(M.backwards("confirmed", "revealed")).toBe("A confirmed date cannot go back to revealed");
    expect(M.reinstateTooLate).toBe(
      "A date less than 24 hours away cannot be reinstated: there is no time left to confirm it",
    );
  });
});

describe("who may call, and malformed input", () => {
  it("visitor 401, member 403, nothing changed", async () => {
    const { member, reservation } = await dateIn("scheduled", "far");
    expect((await setStatus(reservation.id, { status: "cancelled" }, null)).statusCode).toBe(401);
    expect((await setStatus(reservation.id, { status: "cancelled" }, member)).statusCode).toBe(403);
    expect((await row(reservation.id)).status).toBe("scheduled");
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999", "1e3"])("400 for the id %s", async (id) => {
    const res = await setStatus(id, { status: "cancelled" });
    expect(res.statusCode).toBe(400);
  });

  it("404 for an unknown date", async () => {
    const res = await setStatus(999999, { status: "cancelled" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: M.assignmentNotFound });
  });
});

describe("a month off that starts after kept dates", () => {
  it("a kept date, cancelled, can be reinstated without the pause counting; a date inside the pause cannot", async () => {
    t.clock.set(NOW);
    const kept = at(WHEN.far);
    const m = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      // "Take a month off", keeping the date: the pause starts at the end of its day.
      pauseStartsAt: new Date(kept.getTime() + hours(24)),
      pausedUntil: new Date(kept.getTime() + hours(24 * 31)),
    });
    const before = await arrangeDate(t.db, m.user.id, { at: kept, status: "cancelled" });
    const refused = await setStatus(before.reservation.id, { status: "scheduled" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rules.join(" | ")).not.toMatch(/paused/);
    const inside = await arrangeDate(t.db, m.user.id, { at: at(WHEN.far + 24 * 7), status: "cancelled" });
    const paused = await setStatus(inside.reservation.id, { status: "scheduled" });
    expect(paused.statusCode).toBe(422);
    expect(paused.json().rules.join(" | ")).toMatch(/The plan is paused until/);
  });
});
