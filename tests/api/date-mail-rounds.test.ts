/**
 * A reinstated date gets fresh mail: once a date's cancellation went out, putting it back starts a
 * new mail round (date_reservations.mail_round), so the couple gets a new calendar hold, then the reveal, and a
 * later cancellation withdraws it again. A cancel undone before its mail went out stays in round 0.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/app/server/jobs.ts";
import { dateReservations, outboundMessages, users } from "../../src/server/db/schema.ts";
import type { SentMail } from "../../src/server/modules/email/mailer.ts";
import { UNDO_WINDOW_MS } from "../../src/shared/constants.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-02T12:00:00Z");
const admin = await t.admin();

beforeEach(() => {
  t.clock.set(NOW);
  t.mail.length = 0;
});

async function couple() {
  const me = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
  const partner = await t.member();
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
  await t.db.update(users).set({ partnerId: me.user.id }).where(eq(users.id, partner.user.id));
  return { me, partner };
}

const setStatus = (id: number, payload: object) =>
  t.request({ method: "PATCH", url: `/api/admin/assignments/${id}/status`, as: admin, payload });
/** Past the undo window, then the jobs (twice: the sweeps run in order, a minute apart). */
async function afterWindow() {
  t.clock.advance(UNDO_WINDOW_MS + 60_000);
  await runDueJobs(t.deps);
  t.clock.advance(60_000);
  await runDueJobs(t.deps);
}
const ofType = (type: string) => t.mail.filter((m) => m.type === type);
const sequence = (m: SentMail) => Number(/SEQUENCE:(\d+)/.exec(m.calendar?.content ?? "")?.[1]);
async function roundOf(id: number) {
  const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
  return r.mailRound;
}
const REASON = { overrideReason: "The couple rang to ask for it back" };

describe("a reinstated date's mail", () => {
  it("cancel (the calendar cancellation goes), reinstate: a new hold, then the reveal; cancel again: withdrawn again", async () => {
    const { me, partner } = await couple();
    const emails = [me.user.email, partner.user.email].sort();
    const { reservation } = await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() + hours(24 * 6)),
    });
    await runDueJobs(t.deps);
    expect(
      ofType("date_hold")
        .map((m) => m.to)
        .sort(),
    ).toEqual(emails);

    expect((await setStatus(reservation.id, { status: "cancelled" })).statusCode).toBe(200);
    await afterWindow();
    const cancels = ofType("date_hold_cancelled");
    expect(cancels.map((m) => m.to).sort()).toEqual(emails);
    expect(cancels[0].calendar?.content).toMatch(/METHOD:CANCEL/);

    t.mail.length = 0;
    const back = await setStatus(reservation.id, { status: "scheduled", ...REASON });
    expect(back.statusCode, back.body).toBe(200);
    expect(await roundOf(reservation.id)).toBe(1);
    await afterWindow();
    const holds = ofType("date_hold");
    expect(holds.map((m) => m.to).sort()).toEqual(emails);
    for (const h of holds) {
      expect(h.calendar?.method).toBe("PUBLISH");
      expect(h.calendar?.content).not.toMatch(/METHOD:CANCEL|STATUS:CANCELLED/);
      expect(h.calendar?.content).toContain(`UID:date-${reservation.id}@localhost`);
      expect(sequence(h)).toBeGreaterThan(sequence(cancels[0]));
    }
    expect(ofType("date_hold_cancelled")).toEqual([]);
    // Running again sends nothing more: the new round's keys are once-only too.
    await runDueJobs(t.deps);
    expect(ofType("date_hold")).toHaveLength(2);

    // 48 hours before: the reveal, to both.
    t.mail.length = 0;
    t.clock.set(new Date(reservation.scheduledDate.getTime() - hours(40)));
    await runDueJobs(t.deps);
    const reveals = ofType("date_reveal");
    expect(reveals.map((m) => m.to).sort()).toEqual(emails);
    expect(sequence(reveals[0])).toBeGreaterThan(sequence(holds[0]));

    // Cancelled again: the calendar is withdrawn again (the new round's cancellation).
    t.mail.length = 0;
    expect((await setStatus(reservation.id, { status: "cancelled" })).statusCode).toBe(200);
    await afterWindow();
    expect(
      ofType("date_hold_cancelled")
        .map((m) => m.to)
        .sort(),
    ).toEqual(emails);
    const keys = (
      await t.db
        .select({ key: outboundMessages.key })
        .from(outboundMessages)
        .where(eq(outboundMessages.reservationId, reservation.id))
    ).map((r) => r.key);
    expect(keys).toContain(`hold:${reservation.id}:${me.user.id}:${reservation.scheduledDate.toISOString()}`);
    expect(keys).toContain(
      `hold:${reservation.id}:${me.user.id}:r1:${reservation.scheduledDate.toISOString()}`,
    );
    expect(keys).toContain(`hold-cancel:${reservation.id}:${me.user.id}:r1`);
  });

  it("a cancellation that never went out (put back inside the undo window) keeps the round", async () => {
    const { me } = await couple();
    const { reservation } = await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() + hours(24 * 6)),
    });
    await runDueJobs(t.deps);
    expect((await setStatus(reservation.id, { status: "cancelled" })).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await setStatus(reservation.id, { status: "scheduled", ...REASON })).statusCode).toBe(200);
    expect(await roundOf(reservation.id)).toBe(0);
    t.mail.length = 0;
    await afterWindow();
    expect(ofType("date_hold_cancelled")).toEqual([]);
    expect(ofType("date_hold")).toEqual([]);
  });
});
