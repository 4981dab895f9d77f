import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dateIdeas, dateReservations, userMonthlyQuotas, users, venues } from "../../src/server/db/schema.ts";
import { createAssignment } from "../../src/server/modules/admin/assignments/service.ts";
import { updateAssignmentStatus } from "../../src/server/modules/admin/assignments/status.ts";
import { deleteDateIdea } from "../../src/server/modules/admin/venues/date-ideas/service.ts";
import { deleteVenue } from "../../src/server/modules/admin/venues/service.ts";
import { ASSIGNMENT_MSG } from "../../src/shared/admin/assignments.ts";
import { RULE_MSG } from "../../src/shared/admin/rulebook.ts";
import { createTestApp } from "../helpers/app.ts";
import { hours } from "../helpers/arrange.ts";
import { BOOKABLE_VENUE } from "../helpers/bookable-venue.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
// A fixed clock in the middle of a London month, so "in N days" stays in the same month.
t.clock.set("2031-03-10T12:00:00Z");
const later = (h: number) => new Date(t.clock.now().getTime() + hours(h));
// These tests are about booking mechanics (allowance, clashes, races); the arranged members have no
// preferences, so their dates break the rulebook's rules and are booked with an operator's override
// unless a test is about a refusal. tests/api/admin-assignments-rules.test.ts covers the rules themselves.
const admin = await t.admin();
const override = { reason: "Arranged by the test", by: admin.user.id };

let n = 0;
async function venue(withIdea = true) {
  n++;
  const [v] = await t.db
    .insert(venues)
    .values({ ...BOOKABLE_VENUE, name: `Service Venue ${n}`, city: "London", type: "restaurant" })
    .returning();
  const idea = withIdea
    ? (
        await t.db
          .insert(dateIdeas)
          .values({ title: `Service Idea ${n}`, category: "culinary", venueId: v.id })
          .returning()
      )[0]
    : null;
  return { venue: v, idea };
}

async function quota(userId: number) {
  return t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, userId));
}

const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { statusCode?: number; message: string }) => e.statusCode,
  );

describe("createAssignment", () => {
  it("creates a scheduled date, picks the venue's active idea and starts the month's quota from the tier", async () => {
    const { user } = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const { venue: v, idea } = await venue();
    const a = await createAssignment(t.deps, {
      override,
      userId: user.id,
      venueId: v.id,
      scheduledDate: later(24),
    });
    expect(a).toMatchObject({
      userId: user.id,
      venueId: v.id,
      dateIdeaId: idea!.id,
      status: "scheduled",
      venue: { id: v.id, name: v.name, city: "London", type: "restaurant" },
      dateIdea: { title: idea!.title, category: "culinary", duration: 2, timeOfDay: "evening" },
      user: { id: user.id, email: user.email },
    });
    expect(await quota(user.id)).toMatchObject([
      { year: 2031, month: 3, subscriptionTier: "gold", quotaAllowed: 2, quotaUsed: 1, quotaRemaining: 1 },
    ]);
  });

  it("uses the London month: 00:30 on 1 April London time is still 31 March in UTC", async () => {
    const { user } = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    const { venue: v } = await venue(false);
    const a = await createAssignment(t.deps, {
      override,
      userId: user.id,
      venueId: v.id,
      scheduledDate: new Date("2031-03-31T23:30:00Z"),
    });
    expect(a.dateIdea).toBeNull();
    expect(await quota(user.id)).toMatchObject([{ year: 2031, month: 4 }]);
  });

  it("refuses when the month's allowance is used up (Silver: 1), naming the rule, and changes nothing", async () => {
    const { user } = await t.member({
      firstName: "Quinn",
      lastName: "Quota",
      subscriptionTier: "silver",
      subscriptionStatus: "active",
    });
    const { venue: v } = await venue();
    await createAssignment(t.deps, { override, userId: user.id, venueId: v.id, scheduledDate: later(24) });
    const err = await createAssignment(t.deps, {
      userId: user.id,
      venueId: v.id,
      scheduledDate: later(72),
    }).catch((e) => e);
    expect(err.statusCode).toBe(422);
    expect(err.extra.rules).toContain("Allowance for March used up (1 of 1)");
    const rows = await t.db.select().from(dateReservations).where(eq(dateReservations.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await quota(user.id)).toMatchObject([{ quotaAllowed: 1, quotaUsed: 1, quotaRemaining: 0 }]);
  });

  it("platinum allows 4 a month", async () => {
    const { user } = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const { venue: v } = await venue();
    for (const d of [1, 2, 3, 4])
      await createAssignment(t.deps, {
        override,
        userId: user.id,
        venueId: v.id,
        scheduledDate: later(24 * d),
      });
    expect(
      await statusOf(
        createAssignment(t.deps, { userId: user.id, venueId: v.id, scheduledDate: later(24 * 5) }),
      ),
    ).toBe(422);
  });

  it("refuses a second date of the member or their partner at the same time", async () => {
    const a = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const b = await t.member({
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      partnerId: a.user.id,
    });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const { venue: v } = await venue();
    await createAssignment(t.deps, { override, userId: a.user.id, venueId: v.id, scheduledDate: later(48) });
    const same = await createAssignment(t.deps, {
      userId: b.user.id,
      venueId: v.id,
      scheduledDate: later(49),
    }).catch((e) => e);
    expect(same.statusCode).toBe(422);
    expect(same.extra.rules).toContain("Clashes with their date on Wednesday 12 March at 12:00");
    // The refused attempt took nothing from the partner's allowance.
    expect(await quota(b.user.id)).toHaveLength(0);
    await createAssignment(t.deps, {
      override,
      userId: b.user.id,
      venueId: v.id,
      scheduledDate: later(48 + 24),
    });
  });

  it("two assignments at once for a one-date member: exactly one succeeds", async () => {
    // A couple the dates fit (a Silver plan: one date a month), so only the allowance can refuse one.
    const { user } = await t.member();
    await givePreferences(t.db, user.id, {}, { subscriptionTier: "silver" });
    const { venue: v } = await matchVenue(t.db);
    const { venue: w } = await matchVenue(t.db);
    const results = await Promise.allSettled([
      createAssignment(t.deps, {
        userId: user.id,
        venueId: v.id,
        scheduledDate: new Date("2031-03-20T19:00:00Z"),
      }),
      createAssignment(t.deps, {
        userId: user.id,
        venueId: w.id,
        scheduledDate: new Date("2031-03-25T19:00:00Z"),
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await quota(user.id)).toMatchObject([{ quotaUsed: 1, quotaRemaining: 0 }]);
  });

  it("a venue (or idea) deleted at the same moment: the date is made and the delete refused, or the delete wins and the date is 404; never a 500", async () => {
    // Before: the venue could go between its check and the insert (a foreign-key 500), and a delete that
    // lost the race to a new date failed on the RESTRICT key with code 23001, which was not read as a refusal.
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const { user } = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
      const { venue: v, idea } = await venue();
      const [made, removed, ideaRemoved] = await Promise.all([
        statusOf(
          createAssignment(t.deps, {
            override,
            userId: user.id,
            venueId: v.id,
            scheduledDate: later(24 + round),
          }),
        ),
        statusOf(deleteVenue(t.deps, v.id)),
        statusOf(deleteDateIdea(t.deps, idea!.id)),
      ]);
      outcomes.add(`${made}/${removed}`);
      const dates = await t.db.select().from(dateReservations).where(eq(dateReservations.userId, user.id));
      if (made === 0) {
        expect(removed).toBe(409);
        expect(dates).toHaveLength(1);
      } else {
        expect([made, removed]).toEqual([404, 0]);
        expect(dates).toHaveLength(0);
      }
      expect([0, 404, 409]).toContain(ideaRemoved);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("404s for missing members, venues and ideas; 422 for a deleted member; 400 for a past date", async () => {
    const { user } = await t.member();
    const gone = await t.member({ deletedAt: new Date() });
    const { venue: v } = await venue();
    const base = { override, userId: user.id, venueId: v.id, scheduledDate: later(24) };
    await expect(createAssignment(t.deps, { ...base, userId: 999999 })).rejects.toMatchObject({
      statusCode: 404,
      message: ASSIGNMENT_MSG.memberNotFound,
    });
    // A deleted account is not eligible for dates: 422, whatever the override.
    await expect(createAssignment(t.deps, { ...base, userId: gone.user.id })).rejects.toMatchObject({
      statusCode: 422,
      message: RULE_MSG.deleted,
    });
    await expect(createAssignment(t.deps, { ...base, venueId: 999999 })).rejects.toMatchObject({
      statusCode: 404,
      message: ASSIGNMENT_MSG.venueNotFound,
    });
    await expect(createAssignment(t.deps, { ...base, dateIdeaId: 999999 })).rejects.toMatchObject({
      statusCode: 404,
      message: ASSIGNMENT_MSG.dateIdeaNotFound,
    });
    await expect(createAssignment(t.deps, { ...base, scheduledDate: later(-1) })).rejects.toMatchObject({
      statusCode: 400,
      message: ASSIGNMENT_MSG.dateInPast,
    });
    expect(await quota(user.id)).toHaveLength(0);
  });

  it("a deleted member's dates can be cancelled or completed, never planned again", async () => {
    const { user } = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const { venue: v } = await venue();
    const a = await createAssignment(t.deps, {
      override,
      userId: user.id,
      venueId: v.id,
      scheduledDate: later(40),
    });
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    const statusNow = async () =>
      (await t.db.select().from(dateReservations).where(eq(dateReservations.id, a.id)))[0].status;
    await expect(updateAssignmentStatus(t.deps, a.id, "confirmed")).rejects.toMatchObject({
      statusCode: 409,
      message: ASSIGNMENT_MSG.memberDeleted,
    });
    expect(await statusNow()).toBe("scheduled");
    expect((await updateAssignmentStatus(t.deps, a.id, "cancelled")).status).toBe("cancelled");
    // Cancelled is where a deletion leaves them: putting one back on would book a venue for nobody.
    for (const status of ["scheduled", "revealed", "confirmed"] as const)
      await expect(updateAssignmentStatus(t.deps, a.id, status)).rejects.toMatchObject({ statusCode: 409 });
    expect(await statusNow()).toBe("cancelled");
    // The status machine: a cancelled date is never marked completed.
    await expect(updateAssignmentStatus(t.deps, a.id, "completed")).rejects.toMatchObject({
      statusCode: 409,
      message: ASSIGNMENT_MSG.reinstateOnly("completed"),
    });
  });

  it("runs in the caller's transaction when given one, keeps the given idea and AI text", async () => {
    const { user } = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const { venue: v } = await venue();
    const { idea } = await venue();
    const a = await t.db.transaction((tx) =>
      createAssignment(
        t.deps,
        {
          override,
          userId: user.id,
          venueId: v.id,
          scheduledDate: later(30),
          dateIdeaId: idea!.id,
          aiSuggestion: "Why",
        },
        tx,
      ),
    );
    const [row] = await t.db
      .select()
      .from(dateReservations)
      .where(and(eq(dateReservations.id, a.id), eq(dateReservations.userId, user.id)));
    expect(row).toMatchObject({ dateIdeaId: idea!.id, aiSuggestion: "Why", status: "scheduled" });
  });
});
