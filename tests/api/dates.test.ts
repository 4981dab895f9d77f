import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dateRatings, dateReservations, supportTickets, users } from "../../src/server/db/schema.ts";
import {
  dashboardStatsSchema,
  memberDateListSchema,
  memberDateSchema,
} from "../../src/shared/schemas/dates.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
const at = (h: number) => new Date(NOW.getTime() + hours(h));

beforeEach(() => t.clock.set(NOW));

/** No trace of a secret in the JSON: the arranged venue, idea and dress code all contain "Secret". */
function expectNoSpoilers(body: string) {
  expect(body).not.toMatch(/Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/);
}

describe("GET /api/dates/user", () => {
  it("lists the couple's dates, with locked ones carrying no venue, idea or dress code", async () => {
    const me = await t.member();
    const locked = await arrangeDate(t.db, me.user.id, { at: at(72) });
    const revealed = await arrangeDate(t.db, me.user.id, { at: at(47) });
    const past = await arrangeDate(t.db, me.user.id, { at: at(-48), status: "completed", rating: 5 });
    const res = await t.request({ method: "GET", url: "/api/dates/user", as: me });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((d: { id: number }) => d.id)).toEqual([
      past.reservation.id,
      revealed.reservation.id,
      locked.reservation.id,
    ]);
    const lockedView = list[2];
    expect(lockedView).toMatchObject({
      revealed: false,
      venue: null,
      dateIdea: null,
      dressCode: null,
      directionsUrl: null,
      status: "scheduled",
      durationHours: 3,
      isPast: false,
    });
    expect(lockedView.revealAt).toBe(at(24).toISOString());
    expectNoSpoilers(JSON.stringify(lockedView));
    expect(list[1]).toMatchObject({
      revealed: true,
      status: "revealed",
      venue: { name: revealed.venue.name, address: revealed.venue.address, latitude: 51.5055 },
      dateIdea: { title: revealed.idea.title, category: "culinary" },
      dressCode: revealed.idea.dressCode,
    });
    expect(list[1].directionsUrl).toContain("google.com/maps");
    expect(list[0]).toMatchObject({ isPast: true, rating: 5, status: "completed" });
  });

  it("the reveal boundary is exactly 48 hours", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(48) });
    t.clock.set(new Date(NOW.getTime() - 1));
    const before = await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: me });
    expect(before.json().revealed).toBe(false);
    expectNoSpoilers(before.body);
    t.clock.set(NOW);
    const after = await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: me });
    expect(after.json().revealed).toBe(true);
  });

  it("a visitor gets 401; a member with no dates an empty list", async () => {
    expect((await t.request({ method: "GET", url: "/api/dates/user" })).statusCode).toBe(401);
    const me = await t.member();
    expect((await t.request({ method: "GET", url: "/api/dates/user", as: me })).json()).toEqual([]);
  });

  it("partners see each other's dates; others do not", async () => {
    const a = await t.member();
    const b = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const stranger = await t.member();
    const d = await arrangeDate(t.db, a.user.id, { at: at(100) });
    const asB = await t.request({ method: "GET", url: "/api/dates/user", as: b });
    expect(asB.json()).toHaveLength(1);
    expect(asB.json()[0]).toMatchObject({ id: d.reservation.id, isPartnerDate: true });
    expect((await t.request({ method: "GET", url: "/api/dates/user", as: stranger })).json()).toEqual([]);
  });
});

describe("GET /api/dates/:id", () => {
  it("another member's date answers exactly like a missing one", async () => {
    const owner = await t.member();
    const other = await t.member();
    const d = await arrangeDate(t.db, owner.user.id, { at: at(10) });
    const theirs = await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: other });
    const missing = await t.request({ method: "GET", url: "/api/dates/987654", as: other });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect(theirs.json().message).toBe(MEMBER_MSG.dateNotFound);
    for (const path of ["confirm", "rating", "reschedule"]) {
      const res = await t.request({
        method: "POST",
        url: `/api/dates/${d.reservation.id}/${path}`,
        as: other,
        payload: path === "rating" ? { rating: 5 } : {},
      });
      expect(res.statusCode).toBe(404);
    }
    const ics = await t.request({
      method: "GET",
      url: `/api/dates/${d.reservation.id}/calendar.ics`,
      as: other,
    });
    expect(ics.statusCode).toBe(404);
  });

  it("malformed ids are 400 and visitors 401", async () => {
    const me = await t.member();
    for (const id of ["abc", "-1", "0", "1e3", "99999999999"]) {
      expect((await t.request({ method: "GET", url: `/api/dates/${id}`, as: me })).statusCode).toBe(400);
    }
    expect((await t.request({ method: "GET", url: "/api/dates/1" })).statusCode).toBe(401);
  });

  it("admins see only their own dates here too (the back office has its own routes)", async () => {
    const owner = await t.member();
    const admin = await t.admin();
    const d = await arrangeDate(t.db, owner.user.id, { at: at(100) });
    expect(
      (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: admin })).statusCode,
    ).toBe(404);
  });
});

describe("GET /api/dates/stats", () => {
  it("counts upcoming and completed dates and averages the couple's own ratings", async () => {
    const me = await t.member();
    expect((await t.request({ method: "GET", url: "/api/dates/stats", as: me })).json()).toEqual({
      upcoming: 0,
      completed: 0,
      averageRating: null,
      firstDateBookedBy: null,
      paymentProblem: null,
      nextPayment: null,
    });
    await arrangeDate(t.db, me.user.id, { at: at(10) });
    await arrangeDate(t.db, me.user.id, { at: at(200), status: "cancelled" });
    await arrangeDate(t.db, me.user.id, { at: at(-100), status: "completed", rating: 4 });
    await arrangeDate(t.db, me.user.id, { at: at(-10), rating: 5 });
    const other = await t.member();
    await arrangeDate(t.db, other.user.id, { at: at(-10), rating: 1 });
    const res = await t.request({ method: "GET", url: "/api/dates/stats", as: me });
    expect(res.json()).toEqual({
      upcoming: 1,
      completed: 2,
      averageRating: 4.5,
      firstDateBookedBy: null,
      paymentProblem: null,
      nextPayment: null,
    });
  });
});

describe("the dates' response contract", () => {
  it("a date, its venue, idea, ratings and actions, and the stats carry exactly the listed fields", async () => {
    const me = await t.member();
    await arrangeDate(t.db, me.user.id, { at: at(-48), status: "completed", rating: 5 });
    const revealed = await arrangeDate(t.db, me.user.id, { at: at(47) });
    await arrangeDate(t.db, me.user.id, { at: at(72) });
    const list = (await t.request({ method: "GET", url: "/api/dates/user", as: me })).json();
    expect(list).toHaveLength(3);
    expect(list[1].venue).not.toBeNull();
    expect(list[0].ratings).toHaveLength(1);
    expectExactFields(list, memberDateListSchema);
    const one = await t.request({ method: "GET", url: `/api/dates/${revealed.reservation.id}`, as: me });
    expectExactFields(one.json(), memberDateSchema);
    const stats = await t.request({ method: "GET", url: "/api/dates/stats", as: me });
    expectExactFields(stats.json(), dashboardStatsSchema);
  });
});

describe("POST /api/dates/:id/confirm", () => {
  it("is refused before the reveal and after the 24-hour cut-off, allowed in between", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(72) });
    const url = `/api/dates/${d.reservation.id}/confirm`;
    const early = await t.request({ method: "POST", url, as: me });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/once the date is revealed/);
    t.clock.set(at(72 - 24));
    const late = await t.request({ method: "POST", url, as: me });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/closed 24 hours before/);
    t.clock.set(new Date(at(72 - 24).getTime() - 1));
    const ok = await t.request({ method: "POST", url, as: me });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "confirmed" });
    expect(ok.json().confirmedAt).toBeTruthy();
    // Confirming again (a double click, the partner too) answers the confirmed date.
    const again = await t.request({ method: "POST", url, as: me });
    expect(again.statusCode).toBe(200);
    expect(again.json().confirmedAt).toBe(ok.json().confirmedAt);
  });

  it("a cancelled date cannot be confirmed", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(30), status: "cancelled" });
    const res = await t.request({ method: "POST", url: `/api/dates/${d.reservation.id}/confirm`, as: me });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cancelled/);
  });
});

describe("POST /api/dates/:id/reschedule", () => {
  it("needs 48 hours' notice", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(48) });
    t.clock.set(new Date(NOW.getTime() + 1));
    const late = await t.request({
      method: "POST",
      url: `/api/dates/${d.reservation.id}/reschedule`,
      as: me,
      payload: {},
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/48 hours' notice/);
    t.clock.set(NOW);
    const ok = await t.request({
      method: "POST",
      url: `/api/dates/${d.reservation.id}/reschedule`,
      as: me,
      payload: { reason: "Work trip" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "reschedule_requested" });
    const [ticket] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reservationId, d.reservation.id));
    expect(ticket).toMatchObject({ userId: me.user.id, body: "Work trip", priority: "high" });
  });

  it("allows one free reschedule a month, then explains", async () => {
    const me = await t.member();
    const first = await arrangeDate(t.db, me.user.id, { at: at(100) });
    const second = await arrangeDate(t.db, me.user.id, { at: at(200) });
    expect(
      (await t.request({ method: "POST", url: `/api/dates/${first.reservation.id}/reschedule`, as: me }))
        .statusCode,
    ).toBe(200);
    const refused = await t.request({
      method: "POST",
      url: `/api/dates/${second.reservation.id}/reschedule`,
      as: me,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/one a month/);
    const view = await t.request({ method: "GET", url: `/api/dates/${second.reservation.id}`, as: me });
    expect(view.json().actions.reschedule).toMatchObject({ allowed: false });
    // Next calendar month (London), the allowance is back.
    t.clock.set(new Date("2026-12-01T09:00:00Z"));
    const third = await arrangeDate(t.db, me.user.id, { at: new Date("2026-12-10T19:00:00Z") });
    expect(
      (await t.request({ method: "POST", url: `/api/dates/${third.reservation.id}/reschedule`, as: me }))
        .statusCode,
    ).toBe(200);
  });

  it("two requests at once, from both partners, use the one free reschedule once", async () => {
    const a = await t.member();
    const b = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const d1 = await arrangeDate(t.db, a.user.id, { at: at(100) });
    const d2 = await arrangeDate(t.db, a.user.id, { at: at(200) });
    const answers = await Promise.all([
      t.request({ method: "POST", url: `/api/dates/${d1.reservation.id}/reschedule`, as: a }),
      t.request({ method: "POST", url: `/api/dates/${d2.reservation.id}/reschedule`, as: b }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses an over-long reason and unknown fields", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(100) });
    const url = `/api/dates/${d.reservation.id}/reschedule`;
    expect(
      (await t.request({ method: "POST", url, as: me, payload: { reason: "x".repeat(1001) } })).statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: "POST", url, as: me, payload: { status: "cancelled" } })).statusCode,
    ).toBe(400);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, d.reservation.id));
    expect(row.status).toBe("scheduled");
  });
});

describe("POST /api/dates/:id/rating", () => {
  it("rates a past date, edits it within 14 days, and refuses afterwards", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(-2) });
    const url = `/api/dates/${d.reservation.id}/rating`;
    const ok = await t.request({ method: "POST", url, as: me, payload: { rating: 4, feedback: " Lovely " } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ rating: 4, feedback: "Lovely" });
    const edit = await t.request({ method: "POST", url, as: me, payload: { rating: 5 } });
    expect(edit.json()).toMatchObject({ rating: 5, feedback: null });
    t.clock.set(new Date(at(-2).getTime() + 14 * 86_400_000 + 1));
    const closed = await t.request({ method: "POST", url, as: me, payload: { rating: 1 } });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/14 days/);
  });

  it("a future date the team marked completed is neither upcoming nor rateable before its time", async () => {
    const me = await t.member();
    const early = await arrangeDate(t.db, me.user.id, { at: at(30), status: "completed" });
    const stats = (await t.request({ method: "GET", url: "/api/dates/stats", as: me })).json();
    expect(stats).toMatchObject({ upcoming: 0, completed: 1 });
    const res = await t.request({
      method: "POST",
      url: `/api/dates/${early.reservation.id}/rating`,
      as: me,
      payload: { rating: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/once it has happened/);
  });

  it("refuses future dates and bad ratings", async () => {
    const me = await t.member();
    const future = await arrangeDate(t.db, me.user.id, { at: at(5) });
    const res = await t.request({
      method: "POST",
      url: `/api/dates/${future.reservation.id}/rating`,
      as: me,
      payload: { rating: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/once it has happened/);
    const past = await arrangeDate(t.db, me.user.id, { at: at(-5) });
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: "5" },
      {},
      { rating: 3, extra: 1 },
    ]) {
      const bad = await t.request({
        method: "POST",
        url: `/api/dates/${past.reservation.id}/rating`,
        as: me,
        payload,
      });
      expect(bad.statusCode).toBe(400);
    }
    expect(
      await t.db.select().from(dateRatings).where(eq(dateRatings.reservationId, past.reservation.id)),
    ).toEqual([]);
  });
});

describe("GET /api/dates/:id/calendar.ics", () => {
  it("holds the time without details before the reveal and fills them in after, with the same UID", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at(100) });
    const url = `/api/dates/${d.reservation.id}/calendar.ics`;
    const before = await t.request({ method: "GET", url, as: me });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toContain("text/calendar");
    expect(before.headers["content-disposition"]).toContain("attachment");
    expect(before.body).toContain("SUMMARY:Mystery date (Unveil)");
    expect(before.body).toContain("DTSTART:20261114T160000Z");
    expect(before.body).toContain("DTEND:20261114T190000Z");
    expect(before.body).not.toMatch(/Secret|Hidden Lane|LOCATION/);
    t.clock.set(at(60));
    const after = await t.request({ method: "GET", url, as: me });
    expect(after.body).toContain(`LOCATION:${d.venue.name}\\, ${d.venue.address}\\, SE1 9PX`);
    const seq = (s: string) => Number(/SEQUENCE:(\d+)/.exec(s)?.[1]);
    expect(seq(after.body)).toBeGreaterThan(seq(before.body));
    const uid = (s: string) => /UID:(.*)/.exec(s)?.[1];
    expect(uid(after.body)).toBe(uid(before.body));
    expect(after.body.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });
});

describe("the demo couple of a first start", () => {
  it("signs in and sees a rated past date, a revealed one and two mysteries", async () => {
    const { seedDemo } = await import("../../src/server/db/seed-demo.ts");
    const { seedDemoCouple } = await import("../../src/server/db/seed-member.ts");
    await seedDemo(t.db);
    const opts = {
      email: "member@demo.test",
      partnerEmail: "partner@demo.test",
      password: "demo passphrase",
      now: NOW,
    };
    expect(await seedDemoCouple(t.db, opts)).toBe(true);
    expect(await seedDemoCouple(t.db, opts)).toBe(false);
    // The dates are at 19:30, so their ideas are evening ones.
    const times = await t.db.execute<{ time_of_day: string }>(sql`
      SELECT i.time_of_day FROM date_reservations r JOIN date_ideas i ON i.id = r.date_idea_id
      JOIN users u ON u.id = r.user_id WHERE u.email = ${opts.email}`);
    expect(times.rows.map((r) => r.time_of_day)).toEqual(["evening", "evening", "evening", "evening"]);
    for (const [email, own, theirs] of [
      [opts.email, 5, 4],
      [opts.partnerEmail, 4, 5],
    ] as const) {
      const login = await t.request({
        method: "POST",
        url: "/api/login",
        payload: { email, password: opts.password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === "unveil_sid")!;
      const res = await t.request({
        method: "GET",
        url: "/api/dates/user",
        headers: { cookie: `unveil_sid=${cookie.value}` },
      });
      const dates = res.json();
      expect(dates.map((d: { revealed: boolean }) => d.revealed)).toEqual([true, true, false, false]);
      // Each partner's own rating, and both labelled with who wrote them.
      expect(dates[0]).toMatchObject({ isPast: true, rating: own });
      expect(dates[0].ratings.map((r: { by: string; rating: number }) => [r.by, r.rating])).toEqual([
        ["you", own],
        ["partner", theirs],
      ]);
      expect(dates.slice(2).every((d: { venue: unknown }) => d.venue === null)).toBe(true);
    }
    // The demo's dates ahead keep the rulebook: each on a day the couple chose, at a venue open that evening.
    const { recheckCoupleDates } = await import("../../src/server/modules/rulebook/recheck.ts");
    const [member] = await t.db.select().from(users).where(eq(users.email, opts.email));
    t.clock.set(NOW);
    await recheckCoupleDates(t.deps, [member.id]);
    const ahead = await t.db.execute<{ rule_problems: string[] | null }>(sql`
      SELECT rule_problems FROM date_reservations WHERE user_id = ${member.id} AND scheduled_date > ${NOW}`);
    expect(ahead.rows).toHaveLength(3);
    expect(ahead.rows.map((r) => r.rule_problems ?? [])).toEqual([[], [], []]);
  });
});
