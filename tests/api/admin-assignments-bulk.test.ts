/**
 * The Assignments list an operator can work with (issue 32, item 7): GET /api/admin/assignments filtered on the
 * server (from, to, status, venueId, venueStatus) and sorted by the date itself (sort=date); bulk actions on a
 * selection: the preview says what will happen, the run is one transaction (all or nothing), a batch's undo.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, dateReservations, venueBookings } from "../../src/server/db/schema.ts";
import { ASSIGNMENT_LIST_MSG as M } from "../../src/shared/admin/assignment-list.ts";
import type { MemberDateStatus } from "../../src/shared/schemas/dates.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2031-07-10T09:00:00Z");
t.clock.set(NOW);
const admin = await t.admin();
const member = await t.member();
const at = (h: number) => new Date(NOW.getTime() + hours(h));

async function dateAt(
  h: number,
  opts: { status?: MemberDateStatus; venueStatus?: string; name?: string } = {},
) {
  const m = await t.member({
    subscriptionTier: "gold",
    subscriptionStatus: "active",
    firstName: opts.name ?? "Bo",
  });
  const { reservation, venue } = await arrangeDate(t.db, m.user.id, { at: at(h), status: opts.status });
  if (opts.venueStatus)
    await t.db
      .update(dateReservations)
      .set({ venueStatus: opts.venueStatus })
      .where(eq(dateReservations.id, reservation.id));
  return { id: reservation.id, venueId: venue.id, member: m };
}

// 12 July (London) 19:00 = 18:00Z; 15 July; 20 July; one in the past (8 July).
const a = await dateAt(24 * 2 + 9, { venueStatus: "confirmed" }); // 2031-07-12 18:00Z
const b = await dateAt(24 * 5 + 9, { venueStatus: "declined" }); // 2031-07-15 18:00Z
const c = await dateAt(24 * 10 + 9, { venueStatus: "requested", status: "revealed" }); // 2031-07-20
const d = await dateAt(-24 * 2, { status: "completed" }); // 2031-07-08

const list = (qs: string, as: SignedIn | null = admin) =>
  t.request({ method: "GET", url: `/api/admin/assignments?${qs}`, as: as ?? undefined });
const ids = (res: { json: () => Array<{ id: number }> }) => res.json().map((x) => x.id);

describe("GET /api/admin/assignments: filters and sort", () => {
  it("without parameters keeps today's order (newest created first)", async () => {
    const res = await list("");
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([d.id, c.id, b.id, a.id]);
    expect(res.json()[0]).toHaveProperty("noShow", null);
  });

  it("sort=date: by the date itself, soonest first", async () => {
    expect(ids(await list("sort=date"))).toEqual([d.id, a.id, b.id, c.id]);
  });

  it("from and to are London days, inclusive; with status, venue and venue answer", async () => {
    const range = await list("from=2031-07-12&to=2031-07-15&sort=date");
    expect(ids(range)).toEqual([a.id, b.id]);
    expect(range.headers["x-total-count"]).toBe("2");
    expect(ids(await list("from=2031-07-13&sort=date"))).toEqual([b.id, c.id]);
    expect(ids(await list("to=2031-07-12&sort=date"))).toEqual([d.id, a.id]);
    expect(ids(await list("status=completed"))).toEqual([d.id]);
    expect(ids(await list(`venueId=${b.venueId}`))).toEqual([b.id]);
    expect(ids(await list("venueStatus=declined"))).toEqual([b.id]);
    expect(ids(await list("venueStatus=requested&status=revealed"))).toEqual([c.id]);
    expect(ids(await list("status=no_show"))).toEqual([]);
  });

  it("malformed values get a clear 400; visitor 401, member 403", async () => {
    for (const [qs, message] of [
      ["from=12-07-2031", M.from],
      ["from=2031-02-30", M.from],
      ["to=tomorrow", M.to],
      ["from=2031-07-15&to=2031-07-12", M.range],
      ["status=lost", M.status],
      ["venueId=abc", M.venueId],
      ["venueStatus=maybe", M.venueStatus],
      ["sort=name", M.sort],
    ] as const) {
      const res = await list(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toContain(message);
    }
    expect((await list("", null)).statusCode).toBe(401);
    expect((await list("", member)).statusCode).toBe(403);
  });
});

const bulk = (url: string, payload: unknown, as: SignedIn | null = admin) =>
  t.request({
    method: "POST",
    url: `/api/admin/assignments/bulk${url}`,
    payload: payload as object,
    as: as ?? undefined,
  });

describe("bulk actions", () => {
  it("preview of a cancel says exactly what will happen and changes nothing", async () => {
    const res = await bulk("/preview", { action: "cancel", ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      action: "cancel",
      ready: true,
      summary: "2 dates will be cancelled; the couples will be told after the undo window",
    });
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id]);
    const rows = await t.db
      .select()
      .from(dateReservations)
      .where(inArray(dateReservations.id, [a.id, b.id]));
    expect(rows.every((r) => r.status !== "cancelled")).toBe(true);
  });

  it("the summary names the venues only when they were asked, as each date's line does", async () => {
    const [booking] = await t.db
      .insert(venueBookings)
      .values({
        reservationId: a.id,
        venueId: a.venueId,
        scheduledDate: at(24 * 2 + 9),
        status: "requested",
        tokenHash: "b".repeat(64),
        expiresAt: new Date(t.clock.now().getTime() + hours(72)),
        requestedAt: t.clock.now(),
      })
      .returning();
    const res = await bulk("/preview", { action: "cancel", ids: [a.id, b.id] });
    expect(res.json().summary).toBe(
      "2 dates will be cancelled; the couples, and the 1 venue already asked, will be told after the undo window",
    );
    expect(res.json().items[0].outcome).toContain("is told too");
    await t.db.delete(venueBookings).where(eq(venueBookings.id, booking.id));
  });

  it("a preview names the date that cannot take the action", async () => {
    const res = await bulk("/preview", { action: "cancel", ids: [a.id, d.id] });
    expect(res.json().ready).toBe(false);
    expect(res.json().items[1]).toMatchObject({
      id: d.id,
      outcome: null,
      problem: "A completed date cannot be cancelled",
    });
    const replan = await bulk("/preview", { action: "replan", ids: [d.id] });
    expect(replan.json().items[0].problem).toBe("Only a date still ahead can be re-planned");
  });

  it("the run is all or nothing: one date refused rolls every date back (409 naming it)", async () => {
    const res = await bulk("", { action: "cancel", ids: [a.id, b.id, d.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.failed(d.id, "A completed date cannot be cancelled"));
    const rows = await t.db
      .select()
      .from(dateReservations)
      .where(inArray(dateReservations.id, [a.id, b.id]));
    expect(rows.map((r) => r.status).sort()).toEqual(["scheduled", "scheduled"]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "assignment"), inArray(auditLog.entityId, [String(a.id), String(b.id)])),
      );
    expect(audits).toEqual([]);
  });

  it("cancels the selection in one go, each held for undo and audited; the batch's undo puts all back", async () => {
    const res = await bulk("", { action: "cancel", ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      action: "cancel",
      message: "2 dates cancelled",
      undoIds: [a.id, b.id],
    });
    const rows = await t.db
      .select()
      .from(dateReservations)
      .where(inArray(dateReservations.id, [a.id, b.id]));
    expect(rows.every((r) => r.status === "cancelled" && r.mailHoldUntil !== null)).toBe(true);
    const undo = await bulk("/undo", { ids: [a.id, b.id] });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().message).toBe(M.undone(2));
    const back = await t.db
      .select()
      .from(dateReservations)
      .where(inArray(dateReservations.id, [a.id, b.id]));
    expect(back.map((r) => r.status)).toEqual(["scheduled", "scheduled"]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "assignment"), eq(auditLog.entityId, String(a.id))));
    expect(actions.map((x) => x.action)).toEqual(["cancel", "undo"]);
    // Nothing left to undo: the whole batch's undo is refused.
    expect((await bulk("/undo", { ids: [a.id] })).statusCode).toBe(409);
  });

  it("messages the couples: one e-mail each, audited, nothing else changed", async () => {
    const before = t.mail.length;
    const res = await bulk("", {
      action: "message",
      ids: [a.id, c.id],
      subject: "Your evening",
      body: "Hello!\n\nSee you soon.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().undoIds).toEqual([]);
    const sent = t.mail.slice(before).filter((m) => m.subject === "Your evening");
    expect(sent.map((m) => m.to).sort()).toEqual([a.member.user.email, c.member.user.email].sort());
  });

  it("validation: action, ids, cap, message words; visitor 401, member 403; unknown ids 404", async () => {
    for (const [body, message] of [
      [{ action: "delete", ids: [a.id] }, M.action],
      [{ action: "cancel", ids: [] }, M.ids],
      [{ action: "cancel", ids: "1,2" }, M.idsInvalid],
      [{ action: "cancel", ids: Array.from({ length: 201 }, (_, i) => i + 1) }, M.tooMany],
      [{ action: "message", ids: [a.id], body: "x" }, M.subject],
      [{ action: "message", ids: [a.id], subject: "Hi", body: " " }, M.body],
    ] as const) {
      const res = await bulk("/preview", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const missing = await bulk("/preview", { action: "cancel", ids: [a.id, 999999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound([999999]));
    expect((await bulk("", { action: "cancel", ids: [a.id] }, null)).statusCode).toBe(401);
    expect((await bulk("", { action: "cancel", ids: [a.id] }, member)).statusCode).toBe(403);
    expect((await bulk("/preview", { action: "cancel", ids: [a.id] }, member)).statusCode).toBe(403);
  });
});
