/**
 * The engine's fix of a date that breaks a rule now: Accept fix moves it in place to the proposal (same
 * evening, same id, the undo window, on the audit record); Keep with reason keeps it with the rules overridden.
 * 400 for a missing reason, 404 for an unknown date, 409 without a proposal or when it is stale, 422 when the
 * proposal no longer fits; admins only.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, dateReservations, userPreferences, venues } from "../../src/server/db/schema.ts";
import { recheckCoupleDates } from "../../src/server/modules/rulebook/recheck.ts";
import { RULE_MSG } from "../../src/shared/admin/rulebook.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-12-01T09:00:00Z");
let admin: SignedIn;

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin({ firstName: "Olive", lastName: "Operator" });
});

/** A member booked at a venue without vegan food, who then turns vegan: flagged, the vegan venue proposed. */
async function flagged() {
  const m = await t.member({ firstName: "Vera", lastName: "Green" });
  await givePreferences(t.db, m.user.id);
  const meat = await matchVenue(t.db, { name: `Meat Hall ${m.user.id}` });
  const veg = await matchVenue(t.db, {
    name: `Leaf House ${m.user.id}`,
    dietary: ["Vegan"],
    ideaTitle: "Leafy supper",
  });
  const res = await t.request({
    method: "POST",
    url: "/api/admin/assignments",
    as: admin,
    payload: { userId: m.user.id, venueId: meat.venue.id, scheduledDate: "2026-12-11T19:00" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().id;
  await t.db
    .update(userPreferences)
    .set({ dietaryRestrictions: ["Vegan"] })
    .where(eq(userPreferences.userId, m.user.id));
  await recheckCoupleDates(t.deps, [m.user.id]);
  const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
  expect(row.ruleProblems).toEqual([`Vera Green needs Vegan food: Meat Hall ${m.user.id} does not offer it`]);
  return { m, id, meat, veg, row };
}

const accept = (id: number, as?: SignedIn) =>
  t.request({ method: "POST", url: `/api/admin/assignments/${id}/fix/accept`, as, payload: {} });
const keep = (id: number, payload: unknown, as?: SignedIn) =>
  t.request({
    method: "POST",
    url: `/api/admin/assignments/${id}/fix/override`,
    as,
    payload: payload as object,
  });

describe("POST /api/admin/assignments/:id/fix/accept", () => {
  it("moves the date in place to the proposal, same evening, clears the flag, offers Undo and is on the record", async () => {
    const { id, veg, row, m } = await flagged();
    expect(row.fixProposal).toMatchObject({ scheduledDate: "2026-12-11T19:00:00.000Z" });
    // Whichever vegan venue the engine liked best; make it this one for the assertions.
    await t.db
      .update(dateReservations)
      .set({
        fixProposal: {
          venueId: veg.venue.id,
          dateIdeaId: veg.idea!.id,
          scheduledDate: "2026-12-11T19:00:00.000Z",
          venueName: veg.venue.name,
          ideaTitle: "Leafy supper",
        },
      })
      .where(eq(dateReservations.id, id));
    const res = await accept(id, admin);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      id,
      venueId: veg.venue.id,
      dateIdeaId: veg.idea!.id,
      scheduledDate: "2026-12-11T19:00:00.000Z",
      ruleProblems: [],
      fixProposal: null,
      override: null,
    });
    const [after] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(after.undoState).toMatchObject({ kind: "moved" });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const row2 = audit.find((x) => x.action === "fix_accepted")!;
    expect(row2).toMatchObject({ entity: "assignment", actorId: admin.user.id, subjectUserId: m.user.id });
    expect((row2.changes ?? []).map((c) => c.field)).toEqual(
      expect.arrayContaining(["venueId", "ruleProblems"]),
    );
    // Nothing left to accept.
    const again = await accept(id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RULE_MSG.noFix);
  });

  it("409 when the date moved since the proposal; 422 with the rules when the proposal no longer fits", async () => {
    const { id, row, veg } = await flagged();
    await t.db
      .update(dateReservations)
      .set({ fixProposal: { ...(row.fixProposal as object), scheduledDate: "2026-12-12T19:00:00.000Z" } })
      .where(eq(dateReservations.id, id));
    const stale = await accept(id, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RULE_MSG.fixStale);
    await t.db
      .update(dateReservations)
      .set({
        fixProposal: {
          venueId: veg.venue.id,
          dateIdeaId: veg.idea!.id,
          scheduledDate: "2026-12-11T19:00:00.000Z",
          venueName: veg.venue.name,
          ideaTitle: "Leafy supper",
        },
      })
      .where(eq(dateReservations.id, id));
    // The venue stopped serving vegan food meanwhile.
    await t.db.update(venues).set({ dietaryAccommodations: [] }).where(eq(venues.id, veg.venue.id));
    const gone = await accept(id, admin);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().rules).toEqual([`Vera Green needs Vegan food: ${veg.venue.name} does not offer it`]);
    const [still] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(still.venueId).toBe(row.venueId);
  });

  it("409 for a date that breaks nothing; 404 for an unknown one; 400 for a malformed id", async () => {
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const v = await matchVenue(t.db, { name: "Fine Place" });
    const ok = await t.request({
      method: "POST",
      url: "/api/admin/assignments",
      as: admin,
      payload: { userId: m.user.id, venueId: v.venue.id, scheduledDate: "2026-12-12T19:00" },
    });
    const res = await accept(ok.json().id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RULE_MSG.noFix);
    expect((await accept(999_999, admin)).statusCode).toBe(404);
    expect((await accept(Number.NaN, admin)).statusCode).toBe(400);
  });

  it("admins only", async () => {
    const { id } = await flagged();
    expect((await accept(id)).statusCode).toBe(401);
    const member = await t.member();
    expect((await accept(id, member)).statusCode).toBe(403);
  });
});

describe("POST /api/admin/assignments/:id/fix/override", () => {
  it("keeps the date with its rules overridden (reason, who, when), the flag gone, on the record", async () => {
    const { id, row, m } = await flagged();
    const res = await keep(id, { reason: "  They asked for this one by name  " }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      venueId: row.venueId,
      ruleProblems: [],
      fixProposal: null,
      override: {
        rules: row.ruleProblems,
        reason: "They asked for this one by name",
        byId: admin.user.id,
        by: "Olive Operator",
        at: NOW.toISOString(),
      },
    });
    // A later re-check does not flag the kept rules again.
    await recheckCoupleDates(t.deps, [m.user.id]);
    const [after] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(after.ruleProblems).toBeNull();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.find((x) => x.action === "fix_overridden")).toMatchObject({
      entity: "assignment",
      subjectUserId: m.user.id,
    });
    // Nothing to keep any more.
    const again = await keep(id, { reason: "again" }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RULE_MSG.nothingToKeep);
  });

  it("400 'Give a reason for keeping this date' for an empty, blank or missing reason; 404; admins only", async () => {
    const { id } = await flagged();
    for (const body of [{ reason: "" }, { reason: "   " }, {}]) {
      const res = await keep(id, body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RULE_MSG.keepReasonRequired);
    }
    const long = await keep(id, { reason: "x".repeat(501) }, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(RULE_MSG.overrideReasonTooLong);
    expect((await keep(999_999, { reason: "ok" }, admin)).statusCode).toBe(404);
    expect((await keep(id, { reason: "ok" })).statusCode).toBe(401);
    expect((await keep(id, { reason: "ok" }, await t.member())).statusCode).toBe(403);
    const [row] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
    expect(row.ruleProblems).toHaveLength(1);
  });
});
