import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userPreferences, users } from "../../src/server/db/schema.ts";
import { publicUserSchema } from "../../src/shared/api-types.ts";
import { ONBOARDING_MSG, savedPreferencesSchema } from "../../src/shared/schemas/onboarding.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { storedMember } from "../helpers/stored-member.ts";

const t = await createTestApp();

const valid = () => ({
  postcode: "sw1a1aa",
  travelRadius: 25,
  dateSpend: "££",
  dateTypePreferences: [
    { type: "live_music", rank: 1 },
    { type: "restaurants", rank: 2 },
  ],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "friday" },
    { weekOfMonth: 2, dayOfWeek: "saturday" },
    { weekOfMonth: 3, dayOfWeek: "friday" },
  ],
  timePreferences: [{ time: "evenings", rank: 1 }],
  dietaryRestrictions: ["Vegetarian", "Halal"],
  accessibilityNeeds: ["Step-free access"],
  alcoholOk: false,
  openToTrying: true,
  marketingOptOut: true,
  termsAccepted: true,
});

const save = (as: SignedIn | undefined, payload: unknown) =>
  t.request({
    method: "POST",
    url: "/api/onboarding/preferences",
    as,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

describe("POST /api/onboarding/preferences", () => {
  it("saves the answers, normalises the postcode and completes onboarding in one go", async () => {
    const m = await t.member();
    const res = await save(m, valid());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      onboardingCompleted: true,
      termsAccepted: true,
      marketingOptOut: true,
    });
    expect(body.user.preferences).toMatchObject({ postcode: "SW1A 1AA", travelRadius: 25 });
    expect(body.preferences).toMatchObject({
      postcode: "SW1A 1AA",
      dateSpend: "££",
      alcoholOk: false,
      openToTrying: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    const [p] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, m.user.id));
    expect(p.dayPreferences).toEqual(["friday", "saturday"]);
    expect(p.dietaryRestrictions).toEqual(["Vegetarian", "Halal"]);
    const me = await t.request({ method: "GET", url: "/api/auth/user", as: m });
    expect(me.json().onboardingCompleted).toBe(true);
  });

  it("updates the saved answers on a second save and GET shows them", async () => {
    const m = await t.member();
    await save(m, valid());
    const firstAccepted = (await t.db.select().from(users).where(eq(users.id, m.user.id)))[0].termsAcceptedAt;
    t.clock.advance(60_000);
    const res = await save(m, {
      ...valid(),
      postcode: "e1 6ql",
      dateSpend: "£££",
      marketingOptOut: false,
      dietaryRestrictions: [],
    });
    expect(res.statusCode).toBe(200);
    const got = await t.request({ method: "GET", url: "/api/onboarding/preferences", as: m });
    expect(got.json().preferences).toMatchObject({
      postcode: "E1 6QL",
      dateSpend: "£££",
      marketingOptOut: false,
      dietaryRestrictions: [],
    });
    expect(await t.db.$count(userPreferences, eq(userPreferences.userId, m.user.id))).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.termsAcceptedAt).toEqual(firstAccepted);
  });

  it("GET answers null before the questionnaire", async () => {
    const m = await t.member();
    const got = await t.request({ method: "GET", url: "/api/onboarding/preferences", as: m });
    expect(got.json()).toEqual({ preferences: null });
  });

  it("never touches another member's answers", async () => {
    const a = await t.member();
    const b = await t.member();
    await save(a, valid());
    await save(b, { ...valid(), postcode: "N1 9GU" });
    const [pa] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, a.user.id));
    expect(pa.postcode).toBe("SW1A 1AA");
  });

  it.each([
    ["postcode too short", { postcode: "SW1" }, ONBOARDING_MSG.postcode],
    ["postcode not a UK format", { postcode: "12345" }, ONBOARDING_MSG.postcode],
    ["radius zero", { travelRadius: 0 }, ONBOARDING_MSG.radius],
    ["radius not whole", { travelRadius: 2.5 }, ONBOARDING_MSG.radius],
    ["radius too big", { travelRadius: 501 }, ONBOARDING_MSG.radius],
    ["no budget", { dateSpend: undefined }, ONBOARDING_MSG.budget],
    ["unknown budget", { dateSpend: "££££" }, ONBOARDING_MSG.budget],
    ["no date types", { dateTypePreferences: [] }, ONBOARDING_MSG.dateTypes],
    [
      "duplicate date type",
      {
        dateTypePreferences: [
          { type: "bars", rank: 1 },
          { type: "bars", rank: 2 },
        ],
      },
      ONBOARDING_MSG.duplicate,
    ],
    [
      "ranks with a gap",
      {
        dateTypePreferences: [
          { type: "bars", rank: 1 },
          { type: "active", rank: 3 },
        ],
      },
      ONBOARDING_MSG.ranks,
    ],
    [
      "two scheduling options",
      {
        schedulingPreferences: [
          { weekOfMonth: 1, dayOfWeek: "monday" },
          { weekOfMonth: 2, dayOfWeek: "monday" },
        ],
      },
      ONBOARDING_MSG.scheduling,
    ],
    [
      "repeated scheduling option",
      {
        schedulingPreferences: [
          { weekOfMonth: 1, dayOfWeek: "monday" },
          { weekOfMonth: 1, dayOfWeek: "monday" },
          { weekOfMonth: 2, dayOfWeek: "monday" },
        ],
      },
      ONBOARDING_MSG.duplicate,
    ],
    ["no times", { timePreferences: [] }, ONBOARDING_MSG.times],
    ["terms not accepted", { termsAccepted: false }, ONBOARDING_MSG.terms],
  ])("refuses %s with the right message and saves nothing", async (_name, override, message) => {
    const m = await t.member();
    const res = await save(m, { ...valid(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.$count(userPreferences, eq(userPreferences.userId, m.user.id))).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.onboardingCompleted).toBe(false);
  });

  it("refuses unknown options, week 5 and fields a member may not set", async () => {
    const m = await t.member();
    for (const override of [
      { dietaryRestrictions: ["Carnivore"] },
      { accessibilityNeeds: ["Jetpack"] },
      {
        schedulingPreferences: [
          { weekOfMonth: 5, dayOfWeek: "monday" },
          { weekOfMonth: 1, dayOfWeek: "monday" },
          { weekOfMonth: 2, dayOfWeek: "monday" },
        ],
      },
      { isAdmin: true },
      { subscriptionStatus: "active" },
    ]) {
      const res = await save(m, { ...valid(), ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
    }
    const row = await storedMember(t.db, m.user.id);
    expect(row).toMatchObject({ isAdmin: false, subscriptionStatus: null, onboardingCompleted: false });
  });

  it("refuses visitors with 401, even with a bad body", async () => {
    expect((await save(undefined, valid())).statusCode).toBe(401);
    expect((await save(undefined, { nonsense: true })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/onboarding/preferences" })).statusCode).toBe(401);
  });

  it("admins save their own answers like members", async () => {
    const a = await t.admin();
    expect((await save(a, valid())).statusCode).toBe(200);
  });
});

describe("the response contract of the questionnaire", () => {
  it("answers exactly the schemas' keys: the saved answers (no row id or user id) and the member", async () => {
    const m = await t.member();
    const saved = await save(m, valid());
    expect(saved.statusCode).toBe(200);
    expect(Object.keys(saved.json()).sort()).toEqual(["preferences", "user"]);
    expectExactFields(saved.json().user, publicUserSchema);
    expect(saved.json().user.preferences).not.toBeNull();
    expectExactFields(saved.json().preferences, savedPreferencesSchema);
    const got = await t.request({ method: "GET", url: "/api/onboarding/preferences", as: m });
    expect(Object.keys(got.json())).toEqual(["preferences"]);
    expectExactFields(got.json().preferences, savedPreferencesSchema);
    expect(got.json().preferences).not.toHaveProperty("userId");
    expect(got.json().preferences).not.toHaveProperty("id");
  });
});
