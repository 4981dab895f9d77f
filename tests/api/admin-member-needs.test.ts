/**
 * A member's needs edited on their behalf (decision 0074): the read and its ETag, the member's own validation,
 * the 412 of a stale save from a second admin, the audit row with before and after, and the re-check that
 * flags a date ahead which no longer fits.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, dateReservations, userPreferences } from "../../src/server/db/schema.ts";
import { MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import { ONBOARDING_MSG } from "../../src/shared/schemas/onboarding.ts";
import { PARTNER_JOIN_MSG } from "../../src/shared/schemas/partner.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";

const t = await createTestApp();
t.clock.set("2031-05-14T09:00:00Z");
const ada = await t.admin({ firstName: "Ada", lastName: "Operator" });
const bob = await t.admin({ firstName: "Bob", lastName: "Second" });
const member = await t.member({
  firstName: "Sam",
  lastName: "Needs",
  subscriptionTier: "gold",
  subscriptionStatus: "active",
  currentPeriodEnd: new Date("2031-06-10T00:00:00Z"),
  onboardingCompleted: true,
});
const url = `/api/admin/users/${member.user.id}/needs`;
const good = {
  dietaryRestrictions: ["Vegan"],
  accessibilityNeeds: ["Wheelchair accessible"],
  alcoholOk: false,
  postcode: "se1 9px",
  travelRadius: 10,
};

function call(method: "GET" | "PUT", as?: SignedIn, body?: unknown, ifMatch?: string, to = url) {
  return t.request({
    method,
    url: to,
    as,
    headers: ifMatch ? { "if-match": ifMatch } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe("who may call", () => {
  it("visitor 401, member 403 (even for their own needs)", async () => {
    for (const method of ["GET", "PUT"] as const) {
      expect((await call(method, undefined, good)).statusCode).toBe(401);
      expect((await call(method, member, good)).statusCode).toBe(403);
    }
  });
});

describe("GET and PUT /api/admin/users/:userId/needs", () => {
  it("reads the defaults before anything is answered, then saves, audits and re-checks the couple's dates", async () => {
    const first = await call("GET", ada);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      userId: member.user.id,
      answered: false,
      dietaryRestrictions: [],
      accessibilityNeeds: [],
      alcoholOk: true,
      postcode: null,
      travelRadius: 25,
      placeFromPartnerId: null,
    });
    expect(first.headers.etag).toMatch(/^"/);

    // A date ahead at a venue that offers nothing vegan and has no step-free access.
    const { reservation } = await arrangeDate(t.db, member.user.id, {
      at: new Date("2031-05-30T18:30:00Z"),
      venueName: "Smokehouse",
    });
    const saved = await call("PUT", ada, good, first.headers.etag as string);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...good, postcode: "SE1 9PX", answered: true });
    expect(saved.headers.etag).not.toBe(first.headers.etag);
    expect((await call("GET", bob)).headers.etag).toBe(saved.headers.etag);

    const [date] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, reservation.id));
    expect(date.ruleProblems).toEqual(
      expect.arrayContaining([
        "Sam Needs needs Vegan food: Smokehouse does not offer it",
        "Sam Needs needs Wheelchair accessible: Smokehouse does not have it",
      ]),
    );

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "member"), eq(auditLog.action, "needs_update")));
    expect(row).toMatchObject({
      actorName: "Ada Operator",
      entityId: String(member.user.id),
      subjectUserId: member.user.id,
      summary: "Needs of Sam Needs edited on their behalf",
    });
    expect(row.changes).toEqual(
      expect.arrayContaining([
        { field: "dietaryRestrictions", before: [], after: ["Vegan"] },
        { field: "alcoholOk", before: true, after: false },
        { field: "postcode", before: null, after: "SE1 9PX" },
        { field: "travelRadius", before: 25, after: 10 },
      ]),
    );
    // The member's own questionnaire reads what the operator saved.
    const [prefs] = await t.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, member.user.id));
    expect(prefs.dietaryRestrictions).toEqual(["Vegan"]);
  });

  it("a stale save from a second admin gets 412 naming who saved, and changes nothing", async () => {
    const tagA = (await call("GET", ada)).headers.etag as string;
    const tagB = (await call("GET", bob)).headers.etag as string;
    const a = await call("PUT", ada, { ...good, dietaryRestrictions: ["Vegan", "Nut Allergies"] }, tagA);
    expect(a.statusCode).toBe(200);
    const b = await call("PUT", bob, { ...good, dietaryRestrictions: [] }, tagB);
    expect(b.statusCode).toBe(412);
    expect(b.json().message).toMatch(/^Changed by Ada Operator at .+: reload to see their change$/);
    expect((await call("GET", ada)).json().dietaryRestrictions).toEqual(["Vegan", "Nut Allergies"]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "member"), eq(auditLog.action, "needs_update")))
      .orderBy(asc(auditLog.id));
    expect(audits.map((r) => r.actorName)).toEqual(["Ada Operator", "Ada Operator"]);
    // Saving the same needs again writes no audit row.
    const tag = (await call("GET", ada)).headers.etag as string;
    await call("PUT", ada, { ...good, dietaryRestrictions: ["Vegan", "Nut Allergies"] }, tag);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "member"), eq(auditLog.action, "needs_update"))),
    ).toHaveLength(2);
  });

  it("checks the needs as the member's own questionnaire does", async () => {
    for (const [patch, message] of [
      [{ dietaryRestrictions: ["Carnivore"] }, PARTNER_JOIN_MSG.dietary],
      [{ dietaryRestrictions: ["Vegan", "Vegan"] }, PARTNER_JOIN_MSG.duplicate],
      [{ accessibilityNeeds: ["Jetpack"] }, PARTNER_JOIN_MSG.access],
      [{ alcoholOk: "maybe" }, PARTNER_JOIN_MSG.alcohol],
      [{ postcode: "NOWHERE" }, ONBOARDING_MSG.postcode],
      [{ postcode: undefined }, ONBOARDING_MSG.postcode],
      [{ travelRadius: 0 }, ONBOARDING_MSG.radius],
      [{ travelRadius: 501 }, ONBOARDING_MSG.radius],
      [{ travelRadius: 2.5 }, ONBOARDING_MSG.radius],
    ] as const) {
      const res = await call("PUT", ada, { ...good, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call("PUT", ada, { ...good, dateSpend: "£" })).statusCode).toBe(400);
    const missing = await call("GET", ada, undefined, undefined, "/api/admin/users/999999/needs");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MEMBERS_MSG.notFound);
    expect((await call("PUT", ada, good, undefined, "/api/admin/users/999999/needs")).statusCode).toBe(404);
  });

  it("says when the couple's place comes from the partner's answers", async () => {
    const holder = await t.member({
      firstName: "Hana",
      subscriptionTier: "gold",
      subscriptionStatus: "active",
    });
    const covered = await t.member({ firstName: "Cal", partnerId: holder.user.id });
    await t.db.$client.query("update users set partner_id = $1 where id = $2", [
      covered.user.id,
      holder.user.id,
    ]);
    await t.db.insert(userPreferences).values({
      userId: holder.user.id,
      postcode: "SW11 1AA",
      timePreferences: [{ time: "evening", rank: 1 }],
      schedulingPreferences: [{ weekOfMonth: 1, dayOfWeek: "Friday" }],
    });
    const res = await call("GET", ada, undefined, undefined, `/api/admin/users/${covered.user.id}/needs`);
    expect(res.json().placeFromPartnerId).toBe(holder.user.id);
  });
});
