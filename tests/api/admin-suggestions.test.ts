import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  aiDateSuggestions,
  dateReservations,
  userMonthlyQuotas,
  users,
  venues,
} from "../../src/server/db/schema.ts";
import { ASSIGNMENT_MSG } from "../../src/shared/admin/assignments.ts";
import {
  adminAiSuggestionSchema,
  AI_SUGGESTION_MSG as M,
  memberNeedingDatesSchema,
  suggestedVenueSchema,
} from "../../src/shared/admin/suggestions.ts";
import { londonInstant, londonParts } from "../../src/shared/london-time.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp, type MemberOverrides, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { BOOKABLE_VENUE } from "../helpers/bookable-venue.ts";
import { givePreferences } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();
const later = (h: number) => new Date(t.clock.now().getTime() + hours(h));
/** 19:00 in London on a day 5 or more days ahead, on days 1-28 (a slot every chosen day covers). */
function fitSlot(): Date {
  for (let d = 5; ; d++) {
    const p = londonParts(later(24 * d));
    if (p.day <= 28) return londonInstant(p.year, p.month, p.day, 19, 0);
  }
}

type Caller = SignedIn | null;
const req = (method: "GET" | "POST" | "PATCH", url: string, as: Caller = admin, payload?: unknown) =>
  t.request({
    method,
    url,
    as: as ?? undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let venueN = 0;
async function venue(name = `Suggested Venue ${++venueN}`) {
  const [v] = await t.db
    .insert(venues)
    .values({
      ...BOOKABLE_VENUE,
      name,
      address: `${venueN} Market Row`,
      city: "London",
      type: "restaurant",
      postcode: "SE1 9PX",
      latitude: "51.5055000",
      longitude: "-0.0910000",
    })
    .returning();
  return v;
}

async function suggestion(
  userId: number,
  opts: {
    status?: string;
    venues?: unknown;
    reservationId?: number | null;
    text?: string;
    createdAt?: Date;
  } = {},
) {
  const [row] = await t.db
    .insert(aiDateSuggestions)
    .values({
      userId,
      suggestion: opts.text ?? "A candlelit supper by the river, then a walk along the South Bank.",
      suggestedVenues: (opts.venues ?? []) as unknown[],
      status: opts.status ?? "pending",
      reservationId: opts.reservationId ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  return row;
}

async function bookable(userId: number, at = later(24 * 7)) {
  const v = await venue();
  const s = await suggestion(userId, {
    status: "approved",
    venues: [
      { id: v.id, name: v.name, type: "restaurant", address: v.address, suggestedDate: at.toISOString() },
    ],
  });
  return { venue: v, suggestion: s, at };
}

async function stored(id: number) {
  const [row] = await t.db.select().from(aiDateSuggestions).where(eq(aiDateSuggestions.id, id));
  return row;
}
async function reservationsOf(userId: number) {
  return t.db.select().from(dateReservations).where(eq(dateReservations.userId, userId));
}

describe("who may use the AI suggestion endpoints", () => {
  it("a visitor gets 401 and a member 403 on each, and nothing changes", async () => {
    const s = await suggestion(member.user.id);
    const calls: Array<["GET" | "POST" | "PATCH", string, unknown?]> = [
      ["GET", "/api/admin/ai-suggestions"],
      ["POST", `/api/admin/ai-suggestions/${member.user.id}`],
      ["PATCH", `/api/admin/ai-suggestions/${s.id}`, { status: "approved" }],
      ["POST", `/api/admin/ai-suggestions/${s.id}/book`],
      ["GET", "/api/admin/members-needing-dates"],
    ];
    for (const [method, url, body] of calls) {
      expect((await req(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await req(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await stored(s.id)).status).toBe("pending");
  });
});

/** What a stored venue entry without the engine's fields reads as. */
const noEngine = { dateIdeaId: null, dateIdeaTitle: null, distanceMiles: null, reasons: [] };

describe("GET /api/admin/ai-suggestions", () => {
  it("answers suggestions newest first with their member and readable venues", async () => {
    const who = await t.member({ firstName: "Priya", lastName: "Listed" });
    const v = await venue("The Riverside Table");
    const older = await suggestion(who.user.id, { createdAt: later(-2) });
    const newer = await suggestion(who.user.id, {
      createdAt: later(-1),
      venues: [
        {
          id: v.id,
          name: v.name,
          type: "restaurant",
          address: "1 Riverside",
          suggestedDate: "2030-06-01T18:30:00Z",
        },
        "not an object",
      ],
    });
    const res = await req("GET", "/api/admin/ai-suggestions?search=priya listed");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("2");
    const rows = res.json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    expect(rows[0]).toEqual({
      id: newer.id,
      userId: who.user.id,
      user: { id: who.user.id, email: who.user.email, firstName: "Priya", lastName: "Listed" },
      suggestion: newer.suggestion,
      suggestedVenues: [
        {
          id: v.id,
          name: "The Riverside Table",
          type: "restaurant",
          address: "1 Riverside",
          suggestedDate: "2030-06-01T18:30:00.000Z",
          ...noEngine,
        },
        { id: null, name: null, type: null, address: null, suggestedDate: null, ...noEngine },
      ],
      status: "pending",
      reservationId: null,
      createdAt: newer.createdAt.toISOString(),
    });
    expect(rows[1].suggestedVenues).toEqual([]);
  });

  it("filters by status, pages, and refuses a bad query", async () => {
    const who = await t.member({ firstName: "Quentin", lastName: "Paged" });
    for (let i = 0; i < 3; i++)
      await suggestion(who.user.id, { status: "rejected", createdAt: later(-10 - i) });
    await suggestion(who.user.id, { status: "approved" });
    const page = await req(
      "GET",
      "/api/admin/ai-suggestions?search=quentin&status=rejected&limit=2&offset=0",
    );
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json()).toHaveLength(2);
    expect(page.json().every((r: { status: string }) => r.status === "rejected")).toBe(true);
    const all = await req("GET", "/api/admin/ai-suggestions?search=quentin&status=");
    expect(all.headers["x-total-count"]).toBe("4");
    for (const q of ["status=done", "limit=0", "limit=abc", "offset=-1"]) {
      const bad = await req("GET", `/api/admin/ai-suggestions?${q}`);
      expect(bad.statusCode, q).toBe(400);
    }
  });
});

describe("POST /api/admin/ai-suggestions/:userId (generate)", () => {
  it("a member without preferences gets 422 with a clear message, whatever the (empty) body", async () => {
    const before = (await t.db.select({ n: count() }).from(aiDateSuggestions))[0].n;
    for (const body of [undefined, {}, null]) {
      const res = await t.request({
        method: "POST",
        url: `/api/admin/ai-suggestions/${member.user.id}`,
        as: admin,
        ...(body === undefined
          ? {}
          : { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(M.noPreferences);
    }
    expect((await t.db.select({ n: count() }).from(aiDateSuggestions))[0].n).toBe(before);
  });

  it("an unknown or deleted member is 404; a malformed id or body is 400", async () => {
    expect((await req("POST", "/api/admin/ai-suggestions/987654")).json()).toEqual({
      message: M.memberNotFound,
    });
    const gone = await t.member({ deletedAt: new Date() });
    expect((await req("POST", `/api/admin/ai-suggestions/${gone.user.id}`)).statusCode).toBe(404);
    for (const id of ["abc", "0", "-3", "1e3"])
      expect((await req("POST", `/api/admin/ai-suggestions/${id}`)).statusCode).toBe(400);
    expect(
      (await req("POST", `/api/admin/ai-suggestions/${member.user.id}`, admin, { userId: 1 })).statusCode,
    ).toBe(400);
  });
});

describe("PATCH /api/admin/ai-suggestions/:id", () => {
  it("approves and rejects pending suggestions", async () => {
    const a = await suggestion(member.user.id);
    const b = await suggestion(member.user.id);
    const approved = await req("PATCH", `/api/admin/ai-suggestions/${a.id}`, admin, { status: "approved" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: a.id, status: "approved", reservationId: null });
    const rejected = await req("PATCH", `/api/admin/ai-suggestions/${b.id}`, admin, {
      status: "rejected",
      reservationId: null,
    });
    expect(rejected.json().status).toBe("rejected");
    // The same status again (a second click) changes nothing and is no error.
    expect(
      (await req("PATCH", `/api/admin/ai-suggestions/${a.id}`, admin, { status: "approved" })).statusCode,
    ).toBe(200);
  });

  it.each([
    ["rejected", "approved"],
    ["rejected", "pending"],
    ["approved", "pending"],
    ["booked", "approved"],
    ["booked", "pending"],
    ["pending", "booked"],
  ])("refuses %s -> %s with 409 and a message", async (from, to) => {
    const s = await suggestion(member.user.id, { status: from });
    const res = await req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, { status: to });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.transition(from as "pending", to as "pending"));
    expect((await stored(s.id)).status).toBe(from);
  });

  it("rejects an approved suggestion that has no date yet (it may break a rule now), not one with a date", async () => {
    const s = await suggestion(member.user.id, { status: "approved" });
    const res = await req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, { status: "rejected" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("rejected");
    expect((await stored(s.id)).status).toBe("rejected");
  });

  it("marks an approved suggestion booked with a date of the member or their partner", async () => {
    const me = await t.member();
    const partner = await t.member({ partnerId: me.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
    const mine = await arrangeDate(t.db, me.user.id, { at: later(100) });
    const theirs = await arrangeDate(t.db, partner.user.id, { at: later(200) });
    const s1 = await suggestion(me.user.id, { status: "approved" });
    const s2 = await suggestion(me.user.id, { status: "approved" });
    const res = await req("PATCH", `/api/admin/ai-suggestions/${s1.id}`, admin, {
      status: "booked",
      reservationId: mine.reservation.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "booked", reservationId: mine.reservation.id });
    const viaPartner = await req("PATCH", `/api/admin/ai-suggestions/${s2.id}`, admin, {
      status: "booked",
      reservationId: theirs.reservation.id,
    });
    expect(viaPartner.statusCode, viaPartner.body).toBe(200);
    // Again with the same reservation: nothing to do. With another: refused.
    expect(
      (
        await req("PATCH", `/api/admin/ai-suggestions/${s1.id}`, admin, {
          status: "booked",
          reservationId: mine.reservation.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await req("PATCH", `/api/admin/ai-suggestions/${s1.id}`, admin, {
          status: "booked",
          reservationId: theirs.reservation.id,
        })
      ).statusCode,
    ).toBe(409);
  });

  it("refuses a booking without a usable reservation, changing nothing", async () => {
    const me = await t.member();
    const stranger = await t.member();
    const strangers = await arrangeDate(t.db, stranger.user.id, { at: later(50) });
    const cancelled = await arrangeDate(t.db, me.user.id, { at: later(60), status: "cancelled" });
    const taken = await arrangeDate(t.db, me.user.id, { at: later(70) });
    await suggestion(me.user.id, { status: "booked", reservationId: taken.reservation.id });
    const s = await suggestion(me.user.id, { status: "approved" });
    const cases: Array<[unknown, number, string]> = [
      [{ status: "booked" }, 400, M.bookedNeedsDate],
      [{ status: "booked", reservationId: null }, 400, M.bookedNeedsDate],
      [{ status: "booked", reservationId: 987654 }, 400, M.dateNotFound],
      [{ status: "booked", reservationId: strangers.reservation.id }, 400, M.dateOtherMember],
      [{ status: "booked", reservationId: cancelled.reservation.id }, 400, M.dateCancelled],
      [{ status: "booked", reservationId: taken.reservation.id }, 409, M.dateTaken],
      [{ status: "approved", reservationId: taken.reservation.id }, 400, M.dateOnlyWhenBooked],
    ];
    for (const [body, status, message] of cases) {
      const res = await req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await stored(s.id)).toMatchObject({ status: "approved", reservationId: null });
  });

  it("two suggestions marked booked with one reservation at the same moment: one is refused", async () => {
    // Before: both checks ran before either update, and one date ended up linked to two suggestions.
    for (let round = 0; round < 6; round++) {
      const me = await t.member();
      const { reservation } = await arrangeDate(t.db, me.user.id, { at: later(80 + round) });
      const pair = [
        await suggestion(me.user.id, { status: "approved" }),
        await suggestion(me.user.id, { status: "approved" }),
      ];
      const results = await Promise.all(
        pair.map((s) =>
          req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, {
            status: "booked",
            reservationId: reservation.id,
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const linked = await t.db
        .select({ n: count() })
        .from(aiDateSuggestions)
        .where(eq(aiDateSuggestions.reservationId, reservation.id));
      expect(linked[0].n).toBe(1);
    }
  });

  it("validates the body and the id", async () => {
    const s = await suggestion(member.user.id);
    const cases: Array<[unknown, string]> = [
      [{}, M.status],
      [{ status: "done" }, M.status],
      [{ status: 1 }, M.status],
      [{ status: "booked", reservationId: "12" }, M.reservationId],
      [{ status: "booked", reservationId: 1.5 }, M.reservationId],
      [{ status: "booked", reservationId: 0 }, M.reservationId],
      [{ status: "booked", reservationId: 99999999999 }, M.reservationId],
    ];
    for (const [body, message] of cases) {
      const res = await req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const extra = await req("PATCH", `/api/admin/ai-suggestions/${s.id}`, admin, {
      status: "approved",
      userId: 5,
    });
    expect(extra.statusCode).toBe(400);
    const broken = await t.request({
      method: "PATCH",
      url: `/api/admin/ai-suggestions/${s.id}`,
      as: admin,
      headers: { "content-type": "application/json" },
      payload: '{"status": "approved"',
    });
    expect(broken.json().message).toBe(MSG.malformedJson);
    expect(
      (await req("PATCH", "/api/admin/ai-suggestions/987654", admin, { status: "approved" })).json(),
    ).toEqual({
      message: M.notFound,
    });
    expect(
      (await req("PATCH", "/api/admin/ai-suggestions/x1", admin, { status: "approved" })).statusCode,
    ).toBe(400);
    expect((await stored(s.id)).status).toBe("pending");
  });
});

describe("POST /api/admin/ai-suggestions/:id/book (Create Booking)", () => {
  it("creates the date from the first venue and its date and marks the suggestion booked", async () => {
    // A couple the suggested date fits: Create Booking asks the rulebook and never overrides.
    const me = await t.member();
    await givePreferences(t.db, me.user.id);
    const { venue: v, suggestion: s, at } = await bookable(me.user.id, fitSlot());
    const res = await req("POST", `/api/admin/ai-suggestions/${s.id}/book`);
    expect(res.statusCode, res.body).toBe(200);
    const [reservation] = await reservationsOf(me.user.id);
    expect(reservation).toMatchObject({
      venueId: v.id,
      status: "scheduled",
      aiSuggestion: s.suggestion,
    });
    expect(reservation.scheduledDate.toISOString()).toBe(at.toISOString());
    expect(res.json()).toMatchObject({ id: s.id, status: "booked", reservationId: reservation.id });
    expect(await stored(s.id)).toMatchObject({ status: "booked", reservationId: reservation.id });
    const [quota] = await t.db
      .select()
      .from(userMonthlyQuotas)
      .where(eq(userMonthlyQuotas.userId, me.user.id));
    expect(quota).toMatchObject({ quotaAllowed: 2, quotaUsed: 1 });
    // Asked again: the same booking, no second date.
    const again = await req("POST", `/api/admin/ai-suggestions/${s.id}/book`);
    expect(again.statusCode).toBe(200);
    expect(again.json().reservationId).toBe(reservation.id);
    expect(await reservationsOf(me.user.id)).toHaveLength(1);
  });

  it("a burst of clicks makes exactly one date", async () => {
    const me = await t.member();
    await givePreferences(t.db, me.user.id, {}, { subscriptionTier: "platinum" });
    const { suggestion: s } = await bookable(me.user.id, fitSlot());
    const results = await Promise.all(
      Array.from({ length: 5 }, () => req("POST", `/api/admin/ai-suggestions/${s.id}/book`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const dates = await reservationsOf(me.user.id);
    expect(dates).toHaveLength(1);
    for (const r of results) expect(r.json().reservationId).toBe(dates[0].id);
  });

  it.each([
    ["no venues", []],
    ["a first venue without an id", [{ name: "Nameless", suggestedDate: "2031-01-01T19:00:00Z" }]],
    ["a first venue without a date", "no-date"],
    ["a first venue with an unreadable date", "bad-date"],
    ["a first entry that is not an object", ["Somewhere nice"]],
  ])(
    "%s: 'Missing venue or date information in AI suggestion', nothing booked",
    async (_name, venuesValue) => {
      const me = await t.member();
      const v = await venue();
      const list =
        venuesValue === "no-date"
          ? [{ id: v.id, name: v.name }]
          : venuesValue === "bad-date"
            ? [{ id: v.id, name: v.name, suggestedDate: "next Friday" }]
            : venuesValue;
      const s = await suggestion(me.user.id, { status: "approved", venues: list });
      const res = await req("POST", `/api/admin/ai-suggestions/${s.id}/book`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: M.missingVenueOrDate });
      expect(await stored(s.id)).toMatchObject({ status: "approved", reservationId: null });
      expect(await reservationsOf(me.user.id)).toHaveLength(0);
    },
  );

  it("the assignment rules apply; a refusal leaves the suggestion approved", async () => {
    const me = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    const gone = await venue();
    const s1 = await suggestion(me.user.id, {
      status: "approved",
      venues: [{ id: 987654, name: "Closed", suggestedDate: later(48).toISOString() }, { id: gone.id }],
    });
    const missingVenue = await req("POST", `/api/admin/ai-suggestions/${s1.id}/book`);
    expect(missingVenue.statusCode).toBe(404);
    expect(missingVenue.json().message).toBe(ASSIGNMENT_MSG.venueNotFound);
    const { suggestion: past } = await bookable(me.user.id, later(-1));
    const inPast = await req("POST", `/api/admin/ai-suggestions/${past.id}/book`);
    expect(inPast.statusCode).toBe(400);
    expect(inPast.json().message).toBe(ASSIGNMENT_MSG.dateInPast);
    for (const s of [s1, past])
      expect(await stored(s.id)).toMatchObject({ status: "approved", reservationId: null });
    expect(await reservationsOf(me.user.id)).toHaveLength(0);
  });

  it("only approved suggestions can be booked; unknown or malformed ids are 4xx", async () => {
    for (const status of ["pending", "rejected"]) {
      const { suggestion: s } = await bookable(member.user.id);
      await t.db.update(aiDateSuggestions).set({ status }).where(eq(aiDateSuggestions.id, s.id));
      const res = await req("POST", `/api/admin/ai-suggestions/${s.id}/book`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.bookOnlyApproved(status as "pending"));
    }
    expect((await req("POST", "/api/admin/ai-suggestions/987654/book")).json()).toEqual({
      message: M.notFound,
    });
    expect((await req("POST", "/api/admin/ai-suggestions/abc/book")).statusCode).toBe(400);
    const { suggestion: s } = await bookable(member.user.id);
    expect(
      (await req("POST", `/api/admin/ai-suggestions/${s.id}/book`, admin, { venueId: 1 })).statusCode,
    ).toBe(400);
    expect((await stored(s.id)).status).toBe("approved");
  });
});

describe("GET /api/admin/members-needing-dates", () => {
  let n = 0;
  /** An active, onboarded member; `tag` keeps this test's rows apart from the rest of the file. */
  const subscriber = (tag: string, overrides: MemberOverrides = {}) =>
    t.member({
      firstName: `${tag}${String(++n).padStart(3, "0")}`,
      lastName: "Needing",
      subscriptionStatus: "active",
      subscriptionTier: "silver",
      onboardingCompleted: true,
      ...overrides,
    });

  async function needing(tag: string, qs = "limit=200") {
    const res = await req("GET", `/api/admin/members-needing-dates?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{
      user: { id: number; firstName: string };
      required: number;
      scheduled: number;
      needed: number;
    }>;
    return {
      rows: rows.filter((r) => r.user.firstName?.startsWith(tag)),
      total: Number(res.headers["x-total-count"]),
    };
  }

  it("lists only active members who finished onboarding, with their tier's requirement", async () => {
    const silver = await subscriber("Rules");
    const gold = await subscriber("Rules", { subscriptionTier: "gold" });
    const platinum = await subscriber("Rules", { subscriptionTier: "platinum" });
    const noTier = await subscriber("Rules", { subscriptionTier: null });
    for (const subscriptionStatus of ["cancelled", "past_due", "paused", null] as const)
      await subscriber("Rules", { subscriptionStatus });
    await subscriber("Rules", { onboardingCompleted: false });
    await subscriber("Rules", { deletedAt: new Date() });
    const { rows } = await needing("Rules");
    const byId = new Map(rows.map((r) => [r.user.id, r]));
    expect(rows).toHaveLength(4);
    expect(byId.get(silver.user.id)).toMatchObject({ required: 1, scheduled: 0, needed: 1 });
    expect(byId.get(gold.user.id)).toMatchObject({ required: 2, scheduled: 0, needed: 2 });
    expect(byId.get(platinum.user.id)).toMatchObject({ required: 4, scheduled: 0, needed: 4 });
    expect(byId.get(noTier.user.id)).toMatchObject({ required: 1, needed: 1 });
    expect(byId.get(platinum.user.id)?.user).toEqual({
      id: platinum.user.id,
      email: platinum.user.email,
      firstName: platinum.user.firstName,
      lastName: "Needing",
      subscriptionTier: "platinum",
    });
  });

  it("counts dates from now to 30 days ahead, not cancelled ones, and the partner's", async () => {
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const day = 86_400_000;
    const edge = await subscriber("Window", { subscriptionTier: "platinum" });
    await arrangeDate(t.db, edge.user.id, { at: at(30 * day) }); // counted: the window's last instant
    await arrangeDate(t.db, edge.user.id, { at: at(0) }); // counted: now
    await arrangeDate(t.db, edge.user.id, { at: at(30 * day + 1) }); // just outside
    await arrangeDate(t.db, edge.user.id, { at: at(-1) }); // just past
    await arrangeDate(t.db, edge.user.id, { at: at(5 * day), status: "cancelled" });
    await arrangeDate(t.db, edge.user.id, { at: at(6 * day), status: "confirmed" }); // counted
    const done = await subscriber("Window");
    await arrangeDate(t.db, done.user.id, { at: at(2 * day) });
    const couple = await subscriber("Window", { subscriptionTier: "gold" });
    const partner = await t.member({ partnerId: couple.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, couple.user.id));
    await arrangeDate(t.db, partner.user.id, { at: at(3 * day) });
    const { rows } = await needing("Window");
    const byId = new Map(rows.map((r) => [r.user.id, r]));
    expect(byId.get(edge.user.id)).toMatchObject({ required: 4, scheduled: 3, needed: 1 });
    expect(byId.has(done.user.id)).toBe(false);
    expect(byId.get(couple.user.id)).toMatchObject({ required: 2, scheduled: 1, needed: 1 });
  });

  it("sorts by greatest need, then by name; pages with a total", async () => {
    const b = await subscriber("Order", { firstName: "Orderbeth", subscriptionTier: "gold" });
    const a = await subscriber("Order", { firstName: "Orderann", subscriptionTier: "gold" });
    const p = await subscriber("Order", { firstName: "Orderzed", subscriptionTier: "platinum" });
    const s = await subscriber("Order", { firstName: "Orderamy" });
    await arrangeDate(t.db, p.user.id, { at: later(24) });
    const { rows } = await needing("Order");
    expect(rows.map((r) => [r.user.id, r.needed])).toEqual([
      [p.user.id, 3],
      [a.user.id, 2],
      [b.user.id, 2],
      [s.user.id, 1],
    ]);
    const all = await needing("", "limit=200");
    const first = await req("GET", "/api/admin/members-needing-dates?limit=1");
    expect(first.json()).toHaveLength(1);
    expect(Number(first.headers["x-total-count"])).toBe(all.rows.length);
    const past = await req("GET", "/api/admin/members-needing-dates?limit=5&offset=100000");
    expect(past.json()).toEqual([]);
    expect(Number(past.headers["x-total-count"])).toBe(all.rows.length);
    const needs = all.rows.map((r) => r.needed);
    expect(needs).toEqual([...needs].sort((x, y) => y - x));
    for (const q of ["limit=0", "limit=201", "offset=x"])
      expect((await req("GET", `/api/admin/members-needing-dates?${q}`)).statusCode).toBe(400);
  });
});

describe("response contract", () => {
  const keysOf = (o: object) => Object.keys(o).sort();

  it("suggestions and members needing dates leave with exactly their schema's fields", async () => {
    const who = await t.member({
      firstName: "Contract",
      lastName: "Keys",
      subscriptionStatus: "active",
      subscriptionTier: "gold",
      onboardingCompleted: true,
    });
    const v = await venue();
    // A stored venue entry with a field of the engine's own that the tab must not show.
    await suggestion(who.user.id, {
      venues: [{ id: v.id, name: v.name, type: "restaurant", internalScore: 0.93, reasons: ["Close by"] }],
    });
    const list = (await req("GET", "/api/admin/ai-suggestions?search=contract keys")).json();
    expect(list).toHaveLength(1);
    expect(keysOf(list[0])).toEqual(keysOf(adminAiSuggestionSchema.shape));
    expect(keysOf(list[0].user)).toEqual(keysOf(adminAiSuggestionSchema.shape.user.shape));
    expect(keysOf(list[0].suggestedVenues[0])).toEqual(keysOf(suggestedVenueSchema.shape));

    const needing = (await req("GET", "/api/admin/members-needing-dates?limit=200")).json();
    const row = needing.find((r: { user: { id: number } }) => r.user.id === who.user.id);
    expect(keysOf(row)).toEqual(keysOf(memberNeedingDatesSchema.shape));
    expect(keysOf(row.user)).toEqual(keysOf(memberNeedingDatesSchema.shape.user.shape));
  });
});
