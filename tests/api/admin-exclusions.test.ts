/**
 * Exclusions are only the members' own choices: the member page lists the couple's, and an operator can
 * remove one with a reason, kept on record (who, when, why); the engine then offers the venue again.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users, userVenueExclusions } from "../../src/server/db/schema.ts";
import { EXCLUSION_MSG } from "../../src/shared/admin/member-couple.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
let admin: SignedIn;
beforeAll(async () => {
  t.clock.set(new Date("2026-12-01T09:00:00Z"));
  admin = await t.admin();
});

const remove = (userId: number, venueId: number | string, payload: unknown, as: SignedIn | null = admin) =>
  t.request({
    method: "DELETE",
    url: `/api/admin/users/${userId}/exclusions/${venueId}`,
    as: as ?? undefined,
    payload: payload as object,
  });

describe("the couple's venue exclusions", () => {
  it("are listed on the member page and removed with a reason on record; the venue is offered again", async () => {
    const m = await t.member();
    const p = await t.member();
    await t.db.update(users).set({ partnerId: p.user.id }).where(eq(users.id, m.user.id));
    await t.db.update(users).set({ partnerId: m.user.id }).where(eq(users.id, p.user.id));
    await givePreferences(t.db, m.user.id);
    const { venue } = await matchVenue(t.db, { name: "Not Again Bar" });
    // The partner's own choice.
    await t.db.insert(userVenueExclusions).values({ userId: p.user.id, venueId: venue.id, reason: "member" });
    const couple = await t.request({ method: "GET", url: `/api/admin/users/${m.user.id}/couple`, as: admin });
    expect(couple.json().exclusions).toEqual([
      expect.objectContaining({
        userId: p.user.id,
        venueId: venue.id,
        venueName: "Not Again Bar",
        reason: "member",
      }),
    ]);
    const refusedAuto = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${m.user.id}`,
      as: admin,
    });
    expect(refusedAuto.statusCode).toBe(422);

    expect((await remove(m.user.id, venue.id, {})).json().message).toBe(EXCLUSION_MSG.reasonRequired);
    expect((await remove(m.user.id, venue.id, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await remove(m.user.id, "abc", { reason: "Asked by phone" })).statusCode).toBe(400);
    expect((await remove(m.user.id, venue.id, { reason: "Asked by phone" }, null)).statusCode).toBe(401);
    expect((await remove(m.user.id, venue.id, { reason: "Asked by phone" }, m)).statusCode).toBe(403);
    const stillThere = await t.db
      .select()
      .from(userVenueExclusions)
      .where(eq(userVenueExclusions.userId, p.user.id));
    expect(stillThere[0].removedAt).toBeNull();

    const res = await remove(m.user.id, venue.id, { reason: "They asked us by phone to try it again" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().exclusions).toEqual([]);
    const [row] = await t.db
      .select()
      .from(userVenueExclusions)
      .where(eq(userVenueExclusions.userId, p.user.id));
    expect(row).toMatchObject({
      removedBy: admin.user.id,
      removedReason: "They asked us by phone to try it again",
    });
    expect(row.removedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await remove(m.user.id, venue.id, { reason: "Again" })).statusCode).toBe(404);
    const auto = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${m.user.id}`,
      as: admin,
    });
    expect(auto.statusCode, auto.body).toBe(201);
    expect(auto.json().venueId).toBe(venue.id);
  });

  it("another couple's member id finds nothing to remove", async () => {
    const a = await t.member();
    const b = await t.member();
    const { venue } = await matchVenue(t.db, { name: "Theirs Only" });
    await t.db.insert(userVenueExclusions).values({ userId: a.user.id, venueId: venue.id, reason: "member" });
    const res = await remove(b.user.id, venue.id, { reason: "Wrong couple" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(EXCLUSION_MSG.notFound);
  });
});
