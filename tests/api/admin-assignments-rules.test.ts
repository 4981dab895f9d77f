/**
 * The rulebook on manual Assign: each hard rule broken on its own gives exactly its message,
 * a fitting date none; a couple that may not have dates is refused without override; an override is stored
 * with the date and shown in the assignment's details and on the member page.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  dateReservations,
  userMonthlyQuotas,
  userPreferences,
  users,
  userVenueExclusions,
} from "../../src/server/db/schema.ts";
import { createAssignment } from "../../src/server/modules/admin/assignments/service.ts";
import type { AdminAssignment } from "../../src/shared/admin/assignments.ts";
import { OVERRIDE_REASON_MAX, RULE_MSG, type RulebookCheck } from "../../src/shared/admin/rulebook.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { givePreferences, matchVenue, type UserAndState } from "../helpers/match-arrange.ts";

const t = await createTestApp();
// Thursday 10 July 2031, 10:00 in London (summer time).
t.clock.set("2031-07-10T09:00:00Z");
const admin = await t.admin();
/** Sunday 20 July 2031, 19:00 in London: an evening on a chosen day, 10 days ahead. */
const FIT = "2031-07-20T19:00";

let n = 0;
/** A couple on Gold: the member (plan holder, preferences near London Bridge) and a covered partner. */
async function couple(
  prefs: Partial<typeof userPreferences.$inferInsert> = {},
  partnerPrefs: Partial<typeof userPreferences.$inferInsert> = {},
  user: UserAndState = {},
) {
  n++;
  const m = await t.member({ firstName: "Hana", lastName: `Holder${n}` });
  const p = await t.member({ firstName: "Pip", lastName: `Partner${n}` });
  await t.db.update(users).set({ partnerId: p.user.id }).where(eq(users.id, m.user.id));
  await t.db.update(users).set({ partnerId: m.user.id }).where(eq(users.id, p.user.id));
  await givePreferences(t.db, m.user.id, prefs, user);
  await t.db.insert(userPreferences).values({
    userId: p.user.id,
    dietaryRestrictions: [],
    accessibilityNeeds: [],
    alcoholOk: true,
    ...partnerPrefs,
  });
  return { m, p, hana: `Hana Holder${n}`, pip: `Pip Partner${n}` };
}

function call(url: string, payload: unknown, as: SignedIn | null = admin) {
  return t.request({ method: "POST", url, as: as ?? undefined, payload: payload as object });
}
const check = (payload: unknown, as?: SignedIn | null) => call("/api/admin/assignments/check", payload, as);
const assign = (payload: unknown, as?: SignedIn | null) => call("/api/admin/assignments", payload, as);

async function datesOf(userId: number) {
  return t.db.select().from(dateReservations).where(eq(dateReservations.userId, userId));
}

/** The check's broken rules, and that Assign without an override refuses with them (nothing stored). */
async function brokenBy(body: {
  userId: number;
  venueId: number;
  scheduledDate: string;
  dateIdeaId?: number | null;
}) {
  const res = await check(body);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as RulebookCheck;
  expect(answer.eligible).toBe(true);
  const before = (await datesOf(body.userId)).length;
  const refused = await assign(body);
  if (answer.broken.length > 0) {
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      message: RULE_MSG.broken(answer.broken),
      eligible: true,
      rules: answer.broken,
    });
    expect(await datesOf(body.userId)).toHaveLength(before);
  } else {
    expect(refused.statusCode, refused.body).toBe(201);
  }
  return answer.broken;
}

describe("a fitting date", () => {
  it("breaks nothing: the check says so with the couple's plan, allowance and needs, and Assign books it", async () => {
    const c = await couple({}, { dietaryRestrictions: ["Halal"] });
    const { venue, idea } = await matchVenue(t.db, { dietary: ["Halal"] });
    const res = await check({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RulebookCheck;
    expect(body).toMatchObject({
      eligible: true,
      broken: [],
      dateIdea: { id: idea!.id, title: idea!.title },
    });
    expect(body.reason).toBeUndefined();
    expect(body.member).toMatchObject({
      memberId: c.m.user.id,
      partner: { id: c.p.user.id },
      plan: { holderId: c.m.user.id, tier: "gold", status: "active" },
      allowance: { year: 2031, month: 7, allowed: 2, used: 0, remaining: 2 },
      needs: { postcode: "SE1 9PX", dietary: [{ need: "Halal", userIds: [c.p.user.id] }] },
    });
    const made = await assign({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ dateIdeaId: idea!.id, override: null });
  });

  it("a date booked for the covered partner asks the same couple", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db);
    expect(await brokenBy({ userId: c.p.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([]);
  });
});

describe("each hard rule on its own gives exactly its message", () => {
  it("a partner's dietary need", async () => {
    const c = await couple({}, { dietaryRestrictions: ["Halal"] });
    const { venue } = await matchVenue(t.db, { name: `The Oyster Bar ${n}` });
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      `${c.pip} needs Halal food: The Oyster Bar ${n} does not offer it`,
    ]);
  });

  it("two needs of one partner are named together", async () => {
    const c = await couple({ dietaryRestrictions: ["Halal", "Kosher"] });
    const { venue } = await matchVenue(t.db, { name: `Oysters ${n}` });
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      `${c.hana} needs Halal and Kosher food: Oysters ${n} does not offer them`,
    ]);
  });

  it("an access need", async () => {
    const c = await couple({}, { accessibilityNeeds: ["Step-free access"] });
    const { venue } = await matchVenue(t.db, { name: `Cellar ${n}` });
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      `${c.pip} needs Step-free access: Cellar ${n} does not have it`,
    ]);
  });

  it("an alcohol-led idea for someone who does not drink", async () => {
    const c = await couple({ alcoholOk: false });
    const { venue, idea } = await matchVenue(t.db, { ideaTitle: "Champagne and oysters" });
    expect(
      await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT, dateIdeaId: idea!.id }),
    ).toEqual([`The idea is alcohol-led and ${c.hana} does not drink`]);
  });

  it("outside the couple's radius", async () => {
    const c = await couple({ travelRadius: 5 });
    // About 7 miles north of London Bridge.
    const { venue } = await matchVenue(t.db, { latitude: "51.6070000", longitude: "-0.0910000" });
    const broken = await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT });
    expect(broken).toHaveLength(1);
    expect(broken[0]).toBe("Outside their 5-mile radius (7.4 miles)");
  });

  it("a price above or below their budget", async () => {
    const c = await couple();
    const { venue: dear } = await matchVenue(t.db, { priceLevel: "high" });
    expect(await brokenBy({ userId: c.m.user.id, venueId: dear.id, scheduledDate: FIT })).toEqual([
      "Price £££ is above their ££",
    ]);
    const d = await couple({ dateSpend: "£££" });
    const { venue: cheap } = await matchVenue(t.db, { priceLevel: "low" });
    expect(await brokenBy({ userId: d.m.user.id, venueId: cheap.id, scheduledDate: FIT })).toEqual([
      "Price £ is below their £££",
    ]);
  });

  it("a venue the couple asked to avoid", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db, { name: `Avoided ${n}` });
    await t.db.insert(userVenueExclusions).values({ userId: c.p.user.id, venueId: venue.id });
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      `They asked not to go to Avoided ${n}`,
    ]);
  });

  it("a venue they had a date at within 6 months", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db);
    await t.db.insert(dateReservations).values({
      userId: c.p.user.id,
      venueId: venue.id,
      scheduledDate: new Date("2031-06-03T18:00:00Z"),
      status: "completed",
    });
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      "They had a date at this venue on 3 June (within 6 months)",
    ]);
  });

  it("not one of their chosen days", async () => {
    const c = await couple({ schedulingPreferences: [{ weekOfMonth: 3, dayOfWeek: "saturday" }] });
    const { venue } = await matchVenue(t.db);
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      RULE_MSG.notDay,
    ]);
  });

  it("not one of their chosen times (a venue without ideas)", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db, { withIdea: false });
    expect(
      await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: "2031-07-20T10:30" }),
    ).toEqual([RULE_MSG.notTime]);
  });

  it("an evening idea in the morning", async () => {
    const c = await couple({
      timePreferences: [
        { time: "evenings", rank: 1 },
        { time: "mornings", rank: 2 },
      ],
    });
    const { venue, idea } = await matchVenue(t.db);
    expect(
      await brokenBy({
        userId: c.m.user.id,
        venueId: venue.id,
        scheduledDate: "2031-07-20T10:30",
        dateIdeaId: idea!.id,
      }),
    ).toEqual(["The idea is for evenings"]);
  });

  it("less than 72 hours ahead", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db);
    expect(
      await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: "2031-07-12T19:00" }),
    ).toEqual([RULE_MSG.lead]);
  });

  it("a clash with the couple's other date that day", async () => {
    const c = await couple();
    await arrangeDate(t.db, c.p.user.id, { at: new Date("2031-07-20T17:00:00Z") });
    const { venue } = await matchVenue(t.db);
    expect(
      await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: "2031-07-20T21:00" }),
    ).toEqual(["Clashes with their date on Sunday 20 July at 18:00"]);
  });

  it("the month's allowance used up", async () => {
    const c = await couple();
    await arrangeDate(t.db, c.m.user.id, { at: new Date("2031-07-15T18:00:00Z") });
    await arrangeDate(t.db, c.p.user.id, { at: new Date("2031-07-25T18:00:00Z") });
    const { venue } = await matchVenue(t.db);
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      "Allowance for July used up (2 of 2)",
    ]);
  });

  it("a paused plan, and a payment that failed", async () => {
    const c = await couple({}, {}, { pausedUntil: new Date("2031-08-01T00:00:00Z") });
    const { venue } = await matchVenue(t.db);
    expect(await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).toEqual([
      "The plan is paused until 1 August",
    ]);
    const d = await couple({}, {}, { subscriptionStatus: "past_due" });
    expect(
      await brokenBy({ userId: d.m.user.id, venueId: venue.id, scheduledDate: "2031-07-21T19:00" }),
    ).toEqual([RULE_MSG.pastDue]);
  });

  it("an idea out of season", async () => {
    const c = await couple();
    const { venue, idea } = await matchVenue(t.db);
    const { dateIdeas } = await import("../../src/server/db/schema.ts");
    await t.db.update(dateIdeas).set({ season: "winter" }).where(eq(dateIdeas.id, idea!.id));
    expect(
      await brokenBy({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT, dateIdeaId: idea!.id }),
    ).toEqual(["The idea is for winter"]);
  });

  it("several at once, each named", async () => {
    const c = await couple({ alcoholOk: false }, { dietaryRestrictions: ["Halal"] });
    const { venue, idea } = await matchVenue(t.db, {
      name: `Oyster Bar ${n}`,
      priceLevel: "high",
      ideaTitle: "Oysters and champagne",
    });
    expect(
      await brokenBy({
        userId: c.m.user.id,
        venueId: venue.id,
        scheduledDate: "2031-07-12T19:00",
        dateIdeaId: idea!.id,
      }),
    ).toEqual([
      `${c.pip} needs Halal food: Oyster Bar ${n} does not offer it`,
      `The idea is alcohol-led and ${c.hana} does not drink`,
      "Price £££ is above their ££",
      RULE_MSG.lead,
    ]);
  });

  it("with no idea chosen, Assign takes the venue's idea that breaks fewest rules", async () => {
    const c = await couple({ alcoholOk: false });
    const { venue } = await matchVenue(t.db, { ideaTitle: "Wine flight" });
    const { dateIdeas } = await import("../../src/server/db/schema.ts");
    const [sober] = await t.db
      .insert(dateIdeas)
      .values({ title: "Tasting menu", category: "culinary", venueId: venue.id, timeOfDay: "evening" })
      .returning();
    const res = (await check({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT })).json();
    expect(res).toMatchObject({ broken: [], dateIdea: { id: sober.id } });
  });
});

describe("not eligible: refused whatever the reason given", () => {
  const reason = { overrideReason: "The couple phoned us" };

  it("no plan, an admin account, a deleted account, too far ahead (422); in the past (400)", async () => {
    const { venue } = await matchVenue(t.db);
    const noPlan = await t.member({ firstName: "Nell", lastName: "Noplan" });
    const adminOnly = await t.admin({ firstName: "Demo", lastName: "Admin" });
    const gone = await couple();
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.m.user.id));
    const ok = await couple();
    const cases: [number, string, string, number][] = [
      [noPlan.user.id, FIT, "Nell Noplan has no active plan", 422],
      [adminOnly.user.id, FIT, "Demo Admin is an admin account with no membership", 422],
      [gone.m.user.id, FIT, RULE_MSG.deleted, 422],
      [ok.m.user.id, "2032-07-20T19:00", RULE_MSG.tooFar, 422],
      [ok.m.user.id, "2031-07-01T19:00", RULE_MSG.inPast, 400],
    ];
    for (const [userId, scheduledDate, message, status] of cases) {
      const body = { userId, venueId: venue.id, scheduledDate };
      const c = (await check(body)).json() as RulebookCheck;
      expect(c).toMatchObject({ eligible: false, reason: message, broken: [] });
      const res = await assign({ ...body, ...reason });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await datesOf(userId)).toHaveLength(0);
    }
  });
});

describe("an override", () => {
  it("books the date and stores the rules, reason, who and when; shown in the list, details and member page", async () => {
    const c = await couple({}, { dietaryRestrictions: ["Halal"] });
    const { venue } = await matchVenue(t.db, { name: `Override Oysters ${n}` });
    const rule = `${c.pip} needs Halal food: Override Oysters ${n} does not offer it`;
    const res = await assign({
      userId: c.m.user.id,
      venueId: venue.id,
      scheduledDate: FIT,
      overrideReason: "  The chef will cook a Halal menu for them  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const override = {
      rules: [rule],
      reason: "The chef will cook a Halal menu for them",
      byId: admin.user.id,
      by: "Ada Admin",
      at: t.clock.now().toISOString(),
    };
    const made = res.json() as AdminAssignment;
    expect(made.override).toEqual(override);
    const [row] = await datesOf(c.m.user.id);
    expect(row).toMatchObject({
      overrideRules: [rule],
      overrideReason: override.reason,
      overriddenBy: admin.user.id,
      overriddenAt: t.clock.now(),
    });
    // The tab's page (built by PostgreSQL), a searched page, and the member page's dates.
    const list = (await t.request({ method: "GET", url: "/api/admin/assignments", as: admin })).json();
    expect(list.find((a: AdminAssignment) => a.id === made.id).override).toEqual(override);
    const searched = (
      await t.request({
        method: "GET",
        url: `/api/admin/assignments?search=${encodeURIComponent(`Override Oysters ${n}`)}`,
        as: admin,
      })
    ).json();
    expect(searched[0].override).toEqual(override);
    const dates = (
      await t.request({ method: "GET", url: `/api/admin/users/${c.m.user.id}/dates`, as: admin })
    ).json();
    expect(dates[0].override).toEqual(override);
  });

  it("may book beyond the allowance: the month's row then counts more than allowed", async () => {
    const c = await couple();
    await arrangeDate(t.db, c.m.user.id, { at: new Date("2031-07-15T18:00:00Z") });
    await arrangeDate(t.db, c.m.user.id, { at: new Date("2031-07-25T18:00:00Z") });
    const { venue } = await matchVenue(t.db);
    const res = await assign({
      userId: c.m.user.id,
      venueId: venue.id,
      scheduledDate: FIT,
      overrideReason: "Anniversary gift from us",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().override.rules).toEqual(["Allowance for July used up (2 of 2)"]);
    const [q] = await t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, c.m.user.id));
    expect(q).toMatchObject({ quotaAllowed: 2, quotaUsed: 3, quotaRemaining: 0 });
  });

  it("a reason on a date that breaks nothing stores no override", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db);
    const res = await assign({
      userId: c.m.user.id,
      venueId: venue.id,
      scheduledDate: FIT,
      overrideReason: "Just in case",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().override).toBeNull();
  });

  it("an empty or too long reason is a 400 with its message; nothing is stored", async () => {
    const c = await couple({}, { dietaryRestrictions: ["Halal"] });
    const { venue } = await matchVenue(t.db);
    const body = { userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT };
    for (const [overrideReason, message] of [
      ["   ", RULE_MSG.overrideReasonRequired],
      ["x".repeat(OVERRIDE_REASON_MAX + 1), RULE_MSG.overrideReasonTooLong],
      [42, RULE_MSG.overrideReasonRequired],
    ] as const) {
      const res = await assign({ ...body, overrideReason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await datesOf(c.m.user.id)).toHaveLength(0);
  });

  it("Auto Assign and Create Booking (createAssignment without an override) refuse a broken date", async () => {
    const c = await couple({}, { dietaryRestrictions: ["Halal"] });
    const { venue } = await matchVenue(t.db, { name: `Engine Oysters ${n}` });
    const err = await createAssignment(t.deps, {
      userId: c.m.user.id,
      venueId: venue.id,
      scheduledDate: new Date("2031-07-20T18:00:00Z"),
    }).catch((e) => e);
    const rule = `${c.pip} needs Halal food: Engine Oysters ${n} does not offer it`;
    expect(err).toMatchObject({ statusCode: 422, message: RULE_MSG.brokenNoOverride([rule]) });
    expect(await datesOf(c.m.user.id)).toHaveLength(0);
  });
});

describe("the check endpoint", () => {
  it("visitor 401, member 403", async () => {
    const member = await t.member();
    const body = { userId: member.user.id, venueId: 1, scheduledDate: FIT };
    expect((await check(body, null)).statusCode).toBe(401);
    expect((await check(body, member)).statusCode).toBe(403);
  });

  it("malformed input: 400 with the field's message; unknown member, venue or idea 404", async () => {
    const c = await couple();
    const { venue } = await matchVenue(t.db);
    const bad = await t.request({
      method: "POST",
      url: "/api/admin/assignments/check",
      as: admin,
      headers: { "content-type": "application/json" },
      payload: '{"userId": 1,',
    });
    expect(bad.statusCode).toBe(400);
    expect((await check([1, 2])).statusCode).toBe(400);
    expect((await check({ venueId: venue.id, scheduledDate: FIT })).json().message).toBe(
      "Please select a member",
    );
    expect((await check({ userId: c.m.user.id, scheduledDate: FIT })).json().message).toBe(
      "Please select a venue",
    );
    expect((await check({ userId: c.m.user.id, venueId: venue.id })).json().message).toBe(
      "Please choose a date and time",
    );
    expect(
      (await check({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT, dateIdeaId: "x" })).json()
        .message,
    ).toBe("Please choose a date idea");
    expect((await check({ userId: 999999, venueId: venue.id, scheduledDate: FIT })).statusCode).toBe(404);
    expect((await check({ userId: c.m.user.id, venueId: 999999, scheduledDate: FIT })).statusCode).toBe(404);
    expect(
      (await check({ userId: c.m.user.id, venueId: venue.id, scheduledDate: FIT, dateIdeaId: 999999 }))
        .statusCode,
    ).toBe(404);
    expect(await datesOf(c.m.user.id)).toHaveLength(0);
  });
});
