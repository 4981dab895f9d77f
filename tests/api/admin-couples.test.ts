/**
 * The back office sees couples: both names and the plan holder in the Members list and
 * export, the couple (partner, plan, allowance, needs, both ratings) on the member page, and counts of
 * members that leave the admins out.
 */
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { dateRatings, userMonthlyQuotas, userPreferences, users } from "../../src/server/db/schema.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { allowanceText, schedulingText } from "../../src/shared/admin/member-couple.ts";
import { type AdminUser, coveredBy, MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import type { TierId } from "../../src/shared/constants.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { givePreferences } from "../helpers/match-arrange.ts";

const t = await createTestApp();
// 10:00 on Monday 15 December 2031 in London.
t.clock.set("2031-12-15T10:00:00Z");
const admin = await t.admin();
const member = await t.member();

const get = (url: string, as: SignedIn = admin) => t.request({ method: "GET", url, as });

/** Two members linked to each other; the first holds a plan when `tier` is given. */
async function couple(names: [string, string], tier: TierId | null = "gold"): Promise<[SignedIn, SignedIn]> {
  const a = await t.member({
    firstName: names[0],
    lastName: "Holder",
    subscriptionTier: tier,
    subscriptionStatus: tier ? "active" : null,
  });
  const b = await t.member({ firstName: names[1], lastName: "Covered", partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [{ ...a, user: { ...a.user, partnerId: b.user.id } }, b];
}

const ref = (s: SignedIn, tier: string | null = null, status: string | null = null) => ({
  id: s.user.id,
  email: s.user.email,
  firstName: s.user.firstName,
  lastName: s.user.lastName,
  subscriptionTier: tier,
  subscriptionStatus: status,
});

async function listRow(s: SignedIn): Promise<AdminUser> {
  const rows: AdminUser[] = (await get(`/api/admin/users?search=${encodeURIComponent(s.user.email)}`)).json();
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("who may call", () => {
  it.each([
    `/api/admin/users/${member.user.id}/couple`,
    `/api/admin/users/${member.user.id}/couple?month=2031-12`,
  ])("GET %s: visitor 401, member 403, admin 200", async (url) => {
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await get(url, member)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe("Members list, member by id and export name the partner and the plan holder", () => {
  it("the plan holder and the covered partner each name the other; the partner is covered by the holder", async () => {
    const [a, b] = await couple(["Alma", "Bram"]);
    const rowA = await listRow(a);
    const rowB = await listRow(b);
    expect(rowA).toMatchObject({ partner: ref(b), planHolderId: a.user.id, hasPartner: true });
    expect(rowB).toMatchObject({
      partner: ref(a, "gold", "active"),
      planHolderId: a.user.id,
      subscriptionTier: null,
      subscriptionStatus: null,
    });
    expect(coveredBy(rowB)?.id).toBe(a.user.id);
    expect(coveredBy(rowA)).toBeNull();
    // The member page reads the same fields.
    expect((await get(`/api/admin/users/${b.user.id}`)).json()).toMatchObject({
      partner: ref(a, "gold", "active"),
      planHolderId: a.user.id,
    });
  });

  it("a couple without a plan has no holder; a paused plan still covers", async () => {
    const [a, b] = await couple(["Cleo", "Dov"], null);
    expect(await listRow(b)).toMatchObject({ partner: ref(a), planHolderId: null });
    await saveState(t.db, b.user.id, { subscriptionTier: "silver", subscriptionStatus: "paused" });
    expect(await listRow(a)).toMatchObject({ planHolderId: b.user.id });
    expect(coveredBy(await listRow(a))?.firstName).toBe("Dov");
  });

  it("a one-sided link, or a deleted partner, is no couple: no partner, the member's own plan only", async () => {
    const holder = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const oneSided = await t.member({ partnerId: holder.user.id });
    expect(await listRow(oneSided)).toMatchObject({
      partnerId: holder.user.id,
      hasPartner: false,
      partner: null,
      planHolderId: null,
    });
    const [a, b] = await couple(["Edie", "Finn"]);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, a.user.id));
    expect(await listRow(b)).toMatchObject({ partner: null, planHolderId: null });
  });

  it("the export has the partner's name and the plan holder's", async () => {
    const [a, b] = await couple(["Gwen", "Hal"]);
    const res = await get("/api/admin/users/export");
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(col("Partner")).toBeGreaterThan(0);
    expect(col("Plan Holder")).toBeGreaterThan(0);
    const seen = new Map<number, [unknown, unknown]>();
    ws.eachRow((row) =>
      seen.set(row.getCell(1).value as number, [
        row.getCell(col("Partner")).value,
        row.getCell(col("Plan Holder")).value,
      ]),
    );
    expect(seen.get(a.user.id)).toEqual(["Hal Covered", "Gwen Holder"]);
    expect(seen.get(b.user.id)).toEqual(["Gwen Holder", "Gwen Holder"]);
    expect(seen.get(member.user.id)).toEqual([null, null]);
  });
});

describe("GET /api/admin/users/:userId/couple", () => {
  it("plan, the couple's allowance this month and both partners' needs, merged and labelled", async () => {
    const [a, b] = await couple(["Iris", "Jude"]);
    await givePreferences(t.db, a.user.id, {
      dateTypePreferences: [
        { type: "culture", rank: 2 },
        { type: "restaurants", rank: 1 },
      ],
      schedulingPreferences: [
        { weekOfMonth: 1, dayOfWeek: "saturday" },
        { weekOfMonth: 3, dayOfWeek: "saturday" },
        { weekOfMonth: 2, dayOfWeek: "friday" },
      ],
      dietaryRestrictions: ["Vegetarian"],
      accessibilityNeeds: ["Step-free access"],
    });
    // The partner answered only what is theirs.
    await t.db.insert(userPreferences).values({
      userId: b.user.id,
      dietaryRestrictions: ["Vegetarian", "Nut Allergies"],
      accessibilityNeeds: [],
      alcoholOk: false,
    });
    // One of Gold's two December dates is used, counted on the plan holder's row.
    await t.db.insert(userMonthlyQuotas).values({
      userId: a.user.id,
      year: 2031,
      month: 12,
      subscriptionTier: "gold",
      quotaAllowed: 2,
      quotaUsed: 1,
      quotaRemaining: 1,
    });

    for (const who of [a, b]) {
      const res = await get(`/api/admin/users/${who.user.id}/couple`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        memberId: who.user.id,
        partner: who === a ? ref(b) : ref(a, "gold", "active"),
        planHolderId: a.user.id,
        plan: { holderId: a.user.id, tier: "gold", status: "active", creditMonths: 0 },
        allowance: {
          ownerId: a.user.id,
          tier: "gold",
          year: 2031,
          month: 12,
          allowed: 2,
          used: 1,
          remaining: 1,
        },
        needs: {
          sharedFromId: a.user.id,
          postcode: "SE1 9PX",
          travelRadius: 10,
          dateSpend: "££",
          dateTypes: ["restaurants", "culture"],
          times: ["evenings"],
        },
      });
      expect(body.people.map((p: { id: number; answered: boolean }) => [p.id, p.answered])).toEqual(
        who === a
          ? [
              [a.user.id, true],
              [b.user.id, true],
            ]
          : [
              [b.user.id, true],
              [a.user.id, true],
            ],
      );
      expect(allowanceText(body.allowance)).toBe("1 of 2 dates in December 2031");
      expect(schedulingText(body.needs.scheduling)).toBe("Fridays (2nd) · Saturdays (1st, 3rd)");
      const people = who === a ? [a, b] : [b, a];
      const ids = (...s: SignedIn[]) => s.map((x) => x.user.id);
      expect(body.needs.dietary).toEqual(
        who === a
          ? [
              { need: "Vegetarian", userIds: ids(a, b) },
              { need: "Nut Allergies", userIds: ids(b) },
            ]
          : [
              { need: "Vegetarian", userIds: ids(b, a) },
              { need: "Nut Allergies", userIds: ids(b) },
            ],
      );
      expect(body.needs.accessibility).toEqual([{ need: "Step-free access", userIds: ids(a) }]);
      expect(body.needs.alcohol).toEqual(people.map((p) => ({ userId: p.user.id, alcoholOk: p === a })));
    }
  });

  it("the allowance counts the couple's dates of the month, whichever partner they were booked for", async () => {
    const [a, b] = await couple(["Ines", "Joss"]);
    const now = t.clock.now().getTime();
    await arrangeDate(t.db, b.user.id, { at: new Date(now + hours(48)) });
    await arrangeDate(t.db, a.user.id, { at: new Date(now + hours(72)), status: "cancelled" });
    await arrangeDate(t.db, a.user.id, { at: new Date("2032-01-10T19:00:00Z") });
    for (const who of [a, b])
      expect((await get(`/api/admin/users/${who.user.id}/couple`)).json().allowance).toMatchObject({
        ownerId: a.user.id,
        year: 2031,
        month: 12,
        allowed: 2,
        used: 1,
        remaining: 1,
      });
  });

  it("?month= reads that month's allowance; a month without a row is the tier's, untouched", async () => {
    const [a, b] = await couple(["Kit", "Lars"], "platinum");
    const res = await get(`/api/admin/users/${b.user.id}/couple?month=2032-01`);
    expect(res.json().allowance).toEqual({
      ownerId: a.user.id,
      tier: "platinum",
      year: 2032,
      month: 1,
      allowed: 4,
      used: 0,
      remaining: 4,
    });
  });

  it("a member who answered nothing, with no partner and no plan: empty needs, the trial's allowance", async () => {
    const solo = await t.member();
    const body = (await get(`/api/admin/users/${solo.user.id}/couple`)).json();
    expect(body).toMatchObject({
      partner: null,
      planHolderId: null,
      plan: { holderId: null, tier: null, status: null },
      allowance: { ownerId: solo.user.id, tier: null, allowed: 1, used: 0 },
      people: [{ id: solo.user.id, answered: false }],
      needs: {
        sharedFromId: null,
        postcode: null,
        dateTypes: [],
        scheduling: [],
        dietary: [],
        accessibility: [],
        alcohol: [],
      },
      ratings: [],
    });
  });

  it("each of the couple's dates carries both partners' ratings, labelled with who wrote them", async () => {
    const [a, b] = await couple(["Mina", "Noor"]);
    const now = t.clock.now().getTime();
    // Booked for the covered partner: still the couple's date, on both members' pages.
    const past = await arrangeDate(t.db, b.user.id, { at: new Date(now - hours(72)), status: "completed" });
    const next = await arrangeDate(t.db, a.user.id, { at: new Date(now + hours(96)) });
    const other = await arrangeDate(t.db, member.user.id, {
      at: new Date(now - hours(50)),
      status: "completed",
    });
    await t.db.insert(dateRatings).values([
      {
        reservationId: past.reservation.id,
        userId: a.user.id,
        rating: 5,
        feedback: "Perfect",
        ratedAt: new Date(now - hours(40)),
      },
      {
        reservationId: past.reservation.id,
        userId: b.user.id,
        rating: 2,
        ratedAt: new Date(now - hours(30)),
      },
      { reservationId: other.reservation.id, userId: member.user.id, rating: 3, ratedAt: new Date(now) },
    ]);
    for (const who of [a, b]) {
      const body = (await get(`/api/admin/users/${who.user.id}/couple`)).json();
      expect(body.ratings).toEqual([
        {
          reservationId: past.reservation.id,
          userId: a.user.id,
          author: "Mina Holder",
          rating: 5,
          feedback: "Perfect",
          ratedAt: new Date(now - hours(40)).toISOString(),
        },
        {
          reservationId: past.reservation.id,
          userId: b.user.id,
          author: "Noor Covered",
          rating: 2,
          feedback: null,
          ratedAt: new Date(now - hours(30)).toISOString(),
        },
      ]);
      const dates = await get(`/api/admin/users/${who.user.id}/dates`);
      expect(dates.statusCode, dates.body).toBe(200);
      expect(dates.json().map((d: { id: number; userId: number }) => [d.id, d.userId])).toEqual([
        [past.reservation.id, b.user.id],
        [next.reservation.id, a.user.id],
      ]);
    }
  });

  it.each(["2031-13", "2031-1", "december", "1999-12", "2031-12-01"])(
    "refuses ?month=%s with 400",
    async (m) => {
      const res = await get(`/api/admin/users/${member.user.id}/couple?month=${m}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("Month must be YYYY-MM");
    },
  );

  it("404 for an unknown or deleted member, 400 for a bad id, never 5xx", async () => {
    const gone = await t.member({ deletedAt: new Date() });
    for (const id of ["999999", String(gone.user.id)]) {
      const res = await get(`/api/admin/users/${id}/couple`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MEMBERS_MSG.notFound });
    }
    expect((await get("/api/admin/users/abc/couple")).statusCode).toBe(400);
  });
});

describe("counts are of members, not admins", () => {
  it("Total Members leaves the admins out", async () => {
    const before = (await get("/api/admin/stats")).json().totalMembers;
    const [{ n }] = (
      await t.db.$client.query(
        "select count(*)::int as n from users where deleted_at is null and not is_admin",
      )
    ).rows;
    expect(before).toBe(n);
    await t.admin();
    expect((await get("/api/admin/stats")).json().totalMembers).toBe(before);
    await t.member();
    expect((await get("/api/admin/stats")).json().totalMembers).toBe(before + 1);
  });

  it("analytics: sign-ups, cancelled members and recent sign-ups leave the admins out", async () => {
    const thisMonth = async () =>
      (await get("/api/admin/analytics/churn")).json().newSignups.at(-1) as { month: string; count: number };
    const cancelled = async () => (await get("/api/admin/analytics/churn")).json().totalCancelled as number;
    const before = await thisMonth();
    const beforeCancelled = await cancelled();
    t.clock.advance(60_000);
    const newAdmin = await t.admin({ createdAt: t.clock.now(), subscriptionStatus: "cancelled" });
    expect(await thisMonth()).toEqual(before);
    expect(await cancelled()).toBe(beforeCancelled);
    const ops = (await get("/api/admin/analytics/operational")).json();
    expect(ops.recentActivity.map((x: { userId: number }) => x.userId)).not.toContain(newAdmin.user.id);
    t.clock.advance(60_000);
    const joined = await t.member({ createdAt: t.clock.now(), subscriptionStatus: "cancelled" });
    expect(await thisMonth()).toEqual({ month: before.month, count: before.count + 1 });
    expect(await cancelled()).toBe(beforeCancelled + 1);
    const after = (await get("/api/admin/analytics/operational")).json();
    expect(after.recentActivity[0]).toMatchObject({ type: "signup", userId: joined.user.id });
  });
});
