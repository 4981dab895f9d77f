/**
 * What happened on the evening (decision 0073): a no-show marked by an operator (for the couple or the venue)
 * or by the couple, venue feedback, the date's own read with its ETag and If-Match on its changes, no rating
 * after a no-show (the route refuses it, the completion sweep skips the date), the no-show rate in Analytics,
 * and the audit rows of every kind of change to a date.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, dateReservations, outboundMessages } from "../../src/server/db/schema.ts";
import { completeDates } from "../../src/server/jobs/dates.ts";
import { DATE_MSG } from "../../src/server/modules/dates/view.ts";
import {
  EVENING_MSG,
  NO_SHOW_NOTE_MAX,
  VENUE_FEEDBACK_MAX,
} from "../../src/shared/admin/assignment-evening.ts";
import { ASSIGNMENT_MSG } from "../../src/shared/admin/assignments.ts";
import type { MemberDateStatus } from "../../src/shared/schemas/dates.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2031-07-10T09:00:00Z");
t.clock.set(NOW);
const admin = await t.admin({ firstName: "Olive", lastName: "Operator" });
const outsider = await t.member();
const at = (h: number) => new Date(NOW.getTime() + hours(h));

async function started(status: MemberDateStatus = "confirmed", h = -3) {
  const m = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active", firstName: "Nia" });
  const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at: at(h), status });
  return { member: m, id: reservation.id, venue };
}

const post = (url: string, payload: unknown, as: SignedIn | null = admin, headers = {}) =>
  t.request({ method: "POST", url, payload: payload as object, as: as ?? undefined, headers });
const put = (url: string, payload: unknown, as: SignedIn | null = admin, headers = {}) =>
  t.request({ method: "PUT", url, payload: payload as object, as: as ?? undefined, headers });

async function audits(id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "assignment"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe("GET /api/admin/assignments/:id", () => {
  it("answers the date with its ETag; 404, 400; visitor 401, member 403", async () => {
    const { id } = await started();
    const res = await t.request({ method: "GET", url: `/api/admin/assignments/${id}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.json()).toMatchObject({ id, status: "confirmed", noShow: null, venueFeedback: null });
    expect(
      (await t.request({ method: "GET", url: "/api/admin/assignments/999999", as: admin })).json(),
    ).toEqual(expect.objectContaining({ message: ASSIGNMENT_MSG.assignmentNotFound }));
    expect(
      (await t.request({ method: "GET", url: "/api/admin/assignments/abc", as: admin })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/admin/assignments/${id}` })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: `/api/admin/assignments/${id}`, as: outsider })).statusCode,
    ).toBe(403);
  });
});

describe("POST /api/admin/assignments/:id/no-show", () => {
  it("marks a started date as a no-show for the venue, with the note; audited; then the rating is refused", async () => {
    const { id, member } = await started();
    const res = await post(`/api/admin/assignments/${id}/no-show`, {
      by: "venue",
      note: "  Table sat empty  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.json()).toMatchObject({
      status: "no_show",
      noShow: { by: "venue", note: "Table sat empty", at: NOW.toISOString() },
    });
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row).toMatchObject({ status: "no_show", noShowBy: "venue", noShowNote: "Table sat empty" });
    const [a] = await audits(id);
    expect(a).toMatchObject({
      action: "no_show",
      actorName: "Olive Operator",
      subjectUserId: member.user.id,
    });
    expect(a.changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "confirmed", after: "no_show" },
        { field: "noShowBy", before: null, after: "venue" },
      ]),
    );
    // No rating after a no-show: the member's page offers none and the route refuses it.
    const page = await t.request({ method: "GET", url: `/api/dates/${id}`, as: member });
    expect(page.json().status).toBe("no_show");
    expect(page.json().noShow).toMatchObject({ by: "venue", note: "Table sat empty" });
    expect(page.json().actions.rate).toMatchObject({ allowed: false, reason: DATE_MSG.rateNoShow });
    const rate = await post(`/api/dates/${id}/rating`, { rating: 5 }, member);
    expect(rate.statusCode).toBe(409);
    expect(rate.json().message).toBe(DATE_MSG.rateNoShow);
    // Marking it again is refused.
    const again = await post(`/api/admin/assignments/${id}/no-show`, { by: "couple" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENING_MSG.already);
  });

  it("refuses a date not yet started or cancelled (409), and bad input (400 with its message)", async () => {
    const ahead = await started("scheduled", 5);
    const early = await post(`/api/admin/assignments/${ahead.id}/no-show`, { by: "couple" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EVENING_MSG.notStarted);
    const gone = await started("cancelled");
    const c = await post(`/api/admin/assignments/${gone.id}/no-show`, { by: "couple" });
    expect(c.json().message).toBe(EVENING_MSG.cancelled);
    const { id } = await started();
    for (const [body, message] of [
      [{}, EVENING_MSG.byInvalid],
      [{ by: "nobody" }, EVENING_MSG.byInvalid],
      [{ by: "venue", note: "x".repeat(NO_SHOW_NOTE_MAX + 1) }, EVENING_MSG.noteTooLong],
      [{ by: "venue", note: 7 }, EVENING_MSG.noteInvalid],
    ] as const) {
      const res = await post(`/api/admin/assignments/${id}/no-show`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await post(`/api/admin/assignments/999999/no-show`, { by: "venue" })).statusCode).toBe(404);
    expect((await post(`/api/admin/assignments/${id}/no-show`, { by: "venue" }, null)).statusCode).toBe(401);
    expect((await post(`/api/admin/assignments/${id}/no-show`, { by: "venue" }, outsider)).statusCode).toBe(
      403,
    );
  });

  it("a stale If-Match is refused with 412 naming who changed it, and nothing changes", async () => {
    const { id } = await started();
    const read = await t.request({ method: "GET", url: `/api/admin/assignments/${id}`, as: admin });
    const etag = read.headers.etag as string;
    expect(
      (
        await put(`/api/admin/assignments/${id}/venue-feedback`, { feedback: "Lovely couple" }, admin, {
          "if-match": etag,
        })
      ).statusCode,
    ).toBe(200);
    const stale = await post(`/api/admin/assignments/${id}/no-show`, { by: "venue" }, admin, {
      "if-match": etag,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^Changed by Olive Operator at .*: reload to see their change$/);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.status).toBe("confirmed");
  });
});

describe("PUT /api/admin/assignments/:id/venue-feedback", () => {
  it("records the venue's words once the date has started; audited; validation; 409 before it starts", async () => {
    const { id } = await started();
    const res = await put(`/api/admin/assignments/${id}/venue-feedback`, {
      feedback: " They loved the tasting menu ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().venueFeedback).toBe("They loved the tasting menu");
    const rows = await audits(id);
    expect(rows.at(-1)).toMatchObject({ action: "venue_feedback" });
    expect(rows.at(-1)!.changes).toEqual([
      { field: "venueFeedback", before: null, after: "They loved the tasting menu" },
    ]);
    for (const [body, message] of [
      [{}, EVENING_MSG.feedbackRequired],
      [{ feedback: "   " }, EVENING_MSG.feedbackRequired],
      [{ feedback: "x".repeat(VENUE_FEEDBACK_MAX + 1) }, EVENING_MSG.feedbackTooLong],
    ] as const) {
      const bad = await put(`/api/admin/assignments/${id}/venue-feedback`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
    const ahead = await started("scheduled", 30);
    const early = await put(`/api/admin/assignments/${ahead.id}/venue-feedback`, { feedback: "Hm" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EVENING_MSG.feedbackBeforeStart);
    expect(
      (await put(`/api/admin/assignments/${id}/venue-feedback`, { feedback: "x" }, null)).statusCode,
    ).toBe(401);
    expect(
      (await put(`/api/admin/assignments/${id}/venue-feedback`, { feedback: "x" }, outsider)).statusCode,
    ).toBe(403);
  });
});

describe("POST /api/dates/:id/no-show (the couple)", () => {
  it("either partner marks their own started date; audited with the member as actor; repeat answers the date", async () => {
    const { id, member } = await started("confirmed", -20);
    const res = await post(`/api/dates/${id}/no-show`, { note: "Train strike, we couldn't go" }, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "no_show",
      noShow: { by: "couple", note: "Train strike, we couldn't go" },
      actions: { rate: { allowed: false }, noShow: { allowed: false, reason: DATE_MSG.noShowAlready } },
    });
    const [a] = await audits(id);
    expect(a).toMatchObject({ action: "no_show", actorId: member.user.id, subjectUserId: member.user.id });
    expect((await post(`/api/dates/${id}/no-show`, {}, member)).statusCode).toBe(200);
  });

  it("refuses before the start, after the rating window, once rated; 404 for another couple's date; 401", async () => {
    const ahead = await started("scheduled", 5);
    const early = await post(`/api/dates/${ahead.id}/no-show`, {}, ahead.member);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(DATE_MSG.noShowNotYet);
    const old = await started("completed", -24 * 15);
    const late = await post(`/api/dates/${old.id}/no-show`, {}, old.member);
    expect(late.json().message).toBe(DATE_MSG.noShowClosed);
    const rated = await started("completed", -24);
    expect((await post(`/api/dates/${rated.id}/rating`, { rating: 4 }, rated.member)).statusCode).toBe(200);
    const r = await post(`/api/dates/${rated.id}/no-show`, {}, rated.member);
    expect(r.json().message).toBe(DATE_MSG.noShowRated);
    const theirs = await started();
    expect((await post(`/api/dates/${theirs.id}/no-show`, {}, outsider)).statusCode).toBe(404);
    expect((await post(`/api/dates/${theirs.id}/no-show`, {}, null)).statusCode).toBe(401);
    // An operator has no dates of their own: not found.
    expect((await post(`/api/dates/${theirs.id}/no-show`, {}, admin)).statusCode).toBe(404);
    const long = await post(
      `/api/dates/${theirs.id}/no-show`,
      { note: "x".repeat(NO_SHOW_NOTE_MAX + 1) },
      theirs.member,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(EVENING_MSG.noteTooLong);
  });
});

describe("no rating is asked after a no-show", () => {
  it("the completion sweep leaves a no-show alone and sends no rating request", async () => {
    const { id } = await started("confirmed", -10);
    await post(`/api/admin/assignments/${id}/no-show`, { by: "venue", note: "Nobody came" });
    await completeDates(t.deps);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.status).toBe("no_show");
    const mails = await t.db.select().from(outboundMessages).where(eq(outboundMessages.reservationId, id));
    expect(mails.filter((m) => m.kind.includes("rating"))).toEqual([]);
  });

  it("the status select's moves: a no-show only through its own action, and corrected only to completed", async () => {
    const { id } = await started();
    const viaSelect = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${id}/status`,
      as: admin,
      payload: { status: "no_show" },
    });
    expect(viaSelect.statusCode).toBe(409);
    expect(viaSelect.json().message).toBe(ASSIGNMENT_MSG.noShowUseAction);
    await post(`/api/admin/assignments/${id}/no-show`, { by: "couple" });
    const back = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${id}/status`,
      as: admin,
      payload: { status: "cancelled" },
    });
    expect(back.json().message).toBe(ASSIGNMENT_MSG.noShowOnlyCompleted);
    const fixed = await t.request({
      method: "PATCH",
      url: `/api/admin/assignments/${id}/status`,
      as: admin,
      payload: { status: "completed" },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "completed", noShow: null });
  });
});

describe("audit rows of every kind of change", () => {
  it("status change, cancel, undo, reinstate with override, move: each with its fields before and after", async () => {
    const m = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active", firstName: "Ada" });
    const { reservation } = await arrangeDate(t.db, m.user.id, { at: at(24 * 6), status: "scheduled" });
    const id = reservation.id;
    const patch = (payload: object, headers = {}) =>
      t.request({ method: "PATCH", url: `/api/admin/assignments/${id}/status`, as: admin, payload, headers });
    expect((await patch({ status: "cancelled" })).statusCode).toBe(200);
    expect((await post(`/api/admin/assignments/${id}/undo`, {})).statusCode).toBe(200);
    expect((await patch({ status: "cancelled" })).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    const re = await patch({ status: "scheduled", overrideReason: "They called us" });
    expect(re.statusCode, re.body).toBe(200);
    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual(["cancel", "undo", "cancel", "reinstate", "override"]);
    expect(rows[0].changes).toEqual(
      expect.arrayContaining([{ field: "status", before: "scheduled", after: "cancelled" }]),
    );
    expect(rows[1].changes).toEqual(
      expect.arrayContaining([{ field: "status", before: "cancelled", after: "scheduled" }]),
    );
    expect(rows[4].changes).toEqual(
      expect.arrayContaining([{ field: "overrideReason", before: null, after: "They called us" }]),
    );
    expect(rows.every((r) => r.subjectUserId === m.user.id && r.actorId === admin.user.id)).toBe(true);
    // A stale If-Match on the status is a 412 with nothing changed.
    const stale = await patch({ status: "cancelled" }, { "if-match": '"stale"' });
    expect(stale.statusCode).toBe(412);
    t.clock.set(NOW);
  });
});

describe("audit rows of the venue's answers taken by an operator", () => {
  it("a confirmation by phone is recorded with the venue's answer before and after", async () => {
    const { id } = await started("scheduled", 24 * 5);
    await t.db.update(dateReservations).set({ venueStatus: "requested" }).where(eq(dateReservations.id, id));
    const res = await post(`/api/admin/assignments/${id}/venue-booking/confirm`, { reference: "TBL-1" });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await audits(id);
    expect(rows.at(-1)).toMatchObject({ action: "venue_answer", actorId: admin.user.id });
    expect(rows.at(-1)!.changes).toEqual(
      expect.arrayContaining([{ field: "venueAnswer", before: "requested", after: "confirmed" }]),
    );
  });
});

describe("Analytics: the no-show rate", () => {
  it("no-shows of the dates that took place in the last 30 days", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/analytics/operational", as: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        `select count(*)::int as n from date_reservations where status = 'no_show' and scheduled_date > '${new Date(
          t.clock.now().getTime() - 30 * 86_400_000,
        ).toISOString()}' and scheduled_date <= '${t.clock.now().toISOString()}'` as never,
      )
    ).rows;
    expect(body.noShows).toBe(n);
    expect(body.noShows).toBeGreaterThan(0);
    expect(body.noShowRate).toBe(Math.round((1000 * body.noShows) / body.datesTakenPlace) / 10);
    expect(body.noShowWindowDays).toBe(30);
  });
});
