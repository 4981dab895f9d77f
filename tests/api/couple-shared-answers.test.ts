/**
 * One set of shared answers per couple: place, budget, kinds of date, days and times are the plan
 * holder's (else the first partner's to answer), whichever partner the engine, the back office or the partner
 * questionnaire looks from; the other partner cannot overwrite them with a full questionnaire.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userPreferences, users } from "../../src/server/db/schema.ts";
import { loadMember } from "../../src/server/modules/matching/load.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { PARTNER_JOIN_MSG } from "../../src/shared/schemas/partner.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { ANY_DAY } from "../helpers/match-arrange.ts";

const t = await createTestApp();
let admin: SignedIn;
beforeAll(async () => {
  admin = await t.admin();
});

const full = (postcode: string) => ({
  postcode,
  travelRadius: 25,
  dateSpend: "£££",
  dateTypePreferences: [{ type: "active", rank: 1 }],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "monday" },
    { weekOfMonth: 2, dayOfWeek: "monday" },
    { weekOfMonth: 3, dayOfWeek: "monday" },
  ],
  timePreferences: [{ time: "mornings", rank: 1 }],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  alcoholOk: true,
  openToTrying: false,
  marketingOptOut: true,
  termsAccepted: true,
});

async function couple(holderAnsweredAt: Date, partnerAnsweredAt: Date | null) {
  const holder = await t.member({
    firstName: "Alex",
    subscriptionTier: "gold",
    subscriptionStatus: "active",
  });
  const partner = await t.member({ firstName: "Jordan", partnerId: holder.user.id });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  await t.db.insert(userPreferences).values({
    userId: holder.user.id,
    postcode: "E8 3PL",
    travelRadius: 5,
    dateSpend: "££",
    dateTypePreferences: [{ type: "restaurants", rank: 1 }],
    timePreferences: [{ time: "evenings", rank: 1 }],
    schedulingPreferences: ANY_DAY,
    createdAt: holderAnsweredAt,
  });
  if (partnerAnsweredAt)
    await t.db.insert(userPreferences).values({
      userId: partner.user.id,
      postcode: "SW1A 1AA",
      travelRadius: 25,
      dateSpend: "£££",
      dateTypePreferences: [{ type: "active", rank: 1 }],
      timePreferences: [{ time: "mornings", rank: 1 }],
      schedulingPreferences: [{ weekOfMonth: 1, dayOfWeek: "monday" }],
      createdAt: partnerAnsweredAt,
    });
  return { holder, partner };
}

describe("the couple's shared answers", () => {
  it("are the plan holder's from either side, even when the partner answered a full questionnaire first", async () => {
    const { holder, partner } = await couple(new Date("2026-10-02"), new Date("2026-09-01"));
    for (const id of [holder.user.id, partner.user.id]) {
      const p = await loadMember(t.deps, id);
      expect(p).toMatchObject({ postcode: "E8 3PL", travelRadiusMiles: 5, dateSpend: "££" });
      const view = await t.request({ method: "GET", url: `/api/admin/users/${id}/couple`, as: admin });
      expect(view.statusCode).toBe(200);
      expect(view.json().needs).toMatchObject({ sharedFromId: holder.user.id, postcode: "E8 3PL" });
    }
  });

  it("without a plan, the first partner to answer", async () => {
    const { holder, partner } = await couple(new Date("2026-10-02"), new Date("2026-09-01"));
    await saveState(t.db, holder.user.id, { subscriptionStatus: "cancelled" });
    for (const id of [holder.user.id, partner.user.id])
      expect(await loadMember(t.deps, id)).toMatchObject({ postcode: "SW1A 1AA" });
  });

  it("a covered partner cannot answer the full questionnaire over them: 409, and nothing changes", async () => {
    const { holder, partner } = await couple(new Date("2026-10-02"), null);
    const res = await t.request({
      method: "POST",
      url: "/api/onboarding/preferences",
      as: partner,
      payload: full("SW1A 1AA"),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PARTNER_JOIN_MSG.sharedAnswered("Alex"));
    expect(
      await t.db.select().from(userPreferences).where(eq(userPreferences.userId, partner.user.id)),
    ).toEqual([]);
    // The plan holder still answers (and changes) the couple's questions.
    const own = await t.request({
      method: "POST",
      url: "/api/onboarding/preferences",
      as: holder,
      payload: full("N1 9GU"),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await loadMember(t.deps, partner.user.id))?.postcode).toBe("N1 9GU");
  });
});
