/**
 * Generate Date: POST /api/admin/ai-suggestions/:userId stores the matching engine's three best
 * dates with the preferences and history used and a written note, from the built-in writer or from an LLM
 * (a fake OpenAI-compatible server on loopback) that only words the engine's choice.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiDateSuggestions, dateReservations } from "../../src/server/db/schema.ts";
import { matchAhead } from "../../src/server/modules/admin/assignments/auto.ts";
import {
  builtInSuggestion,
  LLM_TEXT_MAX,
  writeSuggestion,
} from "../../src/server/modules/admin/suggestions/writer.ts";
import { loadMember, loadVenues } from "../../src/server/modules/matching/load.ts";
import type { MemberProfile } from "../../src/server/modules/matching/types.ts";
import { AI_SUGGESTION_MSG as M } from "../../src/shared/admin/suggestions.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { type FakeLlm, startFakeLlm } from "../helpers/fake-llm.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
let admin: SignedIn;
let couple: SignedIn;
let fake: FakeLlm;
const NAMES = ["Borough Table", "Bankside Kitchen", "Southwark Supper Rooms", "Tooley Street Dining"];

beforeAll(async () => {
  t.clock.set(NOW);
  admin = await t.admin();
  couple = await t.member({ firstName: "Robin", lastName: "Generate", email: "robin.generate@example.com" });
  await givePreferences(t.db, couple.user.id);
  for (const name of NAMES) await matchVenue(t.db, { name, ideaTitle: `Tasting Menu at ${name}` });
  // Out of reach (Manchester): never suggested, never shown to the LLM.
  await matchVenue(t.db, { name: "Faraway Bistro", latitude: "53.4808000", longitude: "-2.2426000" });
  // A rated past date of the couple: part of the stored history.
  await arrangeDate(t.db, couple.user.id, {
    at: new Date("2026-10-03T18:00:00Z"),
    status: "completed",
    rating: 5,
    venueName: "Last Month's Venue",
  });
  fake = await startFakeLlm();
});

afterAll(async () => {
  t.deps.config.llm = null;
  await fake.close();
});

const generate = (userId: number, as: SignedIn | null = admin) =>
  t.request({ method: "POST", url: `/api/admin/ai-suggestions/${userId}`, as: as ?? undefined });

async function engineChoice() {
  const member = (await loadMember(t.deps, couple.user.id)) as MemberProfile;
  const venues = await loadVenues(t.deps);
  return { member, result: matchAhead(member, venues, NOW, 3) };
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

function useLlm(on: boolean) {
  t.deps.config.llm = on ? { apiKey: "test-key", baseUrl: fake.url, model: "fake-model" } : null;
}

describe("POST /api/admin/ai-suggestions/:userId, built-in writer", () => {
  it("stores the engine's three venues, the preferences and history used, and a warm note", async () => {
    useLlm(false);
    const res = await generate(couple.user.id);
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.status).toBe("pending");
    expect(s.userId).toBe(couple.user.id);
    const { result } = await engineChoice();
    expect(result.matches).toHaveLength(3);
    expect(s.suggestedVenues).toEqual(
      result.matches.map((m) => ({
        id: m.venueId,
        name: m.venueName,
        type: m.venueType,
        address: m.venueAddress,
        suggestedDate: m.scheduledDate.toISOString(),
        dateIdeaId: m.dateIdeaId,
        dateIdeaTitle: m.dateIdeaTitle,
        distanceMiles: m.distanceMiles,
        reasons: m.reasons,
      })),
    );
    expect(new Set(s.suggestedVenues.map((v: { id: number }) => v.id)).size).toBe(3);
    for (const v of s.suggestedVenues) {
      expect(NAMES).toContain(v.name);
      expect(v.reasons.length).toBeGreaterThanOrEqual(2);
    }
    // The note names the top pick and the alternatives, in 2-4 sentences.
    const [top, ...alts] = s.suggestedVenues;
    expect(s.suggestion).toContain(top.name);
    for (const a of alts) expect(s.suggestion).toContain(a.name);
    expect(sentences(s.suggestion).length).toBeGreaterThanOrEqual(2);
    expect(sentences(s.suggestion).length).toBeLessThanOrEqual(4);
    expect(s.suggestion).toMatch(/^Our top pick for Robin is /);

    const [row] = await t.db.select().from(aiDateSuggestions).where(eq(aiDateSuggestions.id, s.id));
    expect(row.preferences).toMatchObject({
      postcode: "SE1 9PX",
      travelRadiusMiles: 10,
      dateSpend: "££",
      dateTypes: ["restaurants", "culture"],
      times: ["evenings"],
    });
    expect(JSON.stringify(row.preferences)).not.toMatch(/robin|password|@/i);
    expect(row.dateHistory).toEqual([
      {
        date: "2026-10-03T18:00:00.000Z",
        venue: "Last Month's Venue",
        category: "culinary",
        status: "completed",
        rating: 5,
      },
    ]);
  });

  it("the built-in writer is deterministic and words one or two alternatives", async () => {
    const { member, result } = await engineChoice();
    expect(builtInSuggestion(member, result.matches)).toBe(builtInSuggestion(member, result.matches));
    const two = builtInSuggestion(member, result.matches.slice(0, 2));
    expect(two).toMatch(/is a lovely alternative\.$/);
    expect(sentences(builtInSuggestion(member, result.matches.slice(0, 1))).length).toBe(2);
  });

  it("Create Booking books the first venue with the engine's idea and reasons; the member then needs one date fewer", async () => {
    useLlm(false);
    const needing = async () =>
      (await t.request({ method: "GET", url: "/api/admin/members-needing-dates?limit=100", as: admin }))
        .json()
        .find((r: { user: { id: number } }) => r.user.id === couple.user.id);
    const before = await needing();
    expect(before).toMatchObject({ required: 2, scheduled: 0, needed: 2 });
    const s = (await generate(couple.user.id)).json();
    expect(await needing()).toEqual(before); // a suggestion is not a date
    const approve = await t.request({
      method: "PATCH",
      url: `/api/admin/ai-suggestions/${s.id}`,
      as: admin,
      payload: { status: "approved" },
    });
    expect(approve.statusCode).toBe(200);
    const booked = await t.request({
      method: "POST",
      url: `/api/admin/ai-suggestions/${s.id}/book`,
      as: admin,
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().status).toBe("booked");
    const [res] = await t.db
      .select()
      .from(dateReservations)
      .where(eq(dateReservations.id, booked.json().reservationId));
    const first = s.suggestedVenues[0];
    expect(res).toMatchObject({
      userId: couple.user.id,
      venueId: first.id,
      dateIdeaId: first.dateIdeaId,
      status: "scheduled",
      aiSuggestion: s.suggestion,
      matchReasons: first.reasons,
    });
    expect(res.scheduledDate.toISOString()).toBe(first.suggestedDate);
    expect(await needing()).toMatchObject({ scheduled: 1, needed: 1 });
    // The next suggestion plans around the booked date.
    const next = (await generate(couple.user.id)).json();
    expect(next.suggestedVenues[0].suggestedDate).not.toBe(first.suggestedDate);
    expect(next.suggestedVenues.map((v: { id: number }) => v.id)).not.toContain(first.id);
  });

  it("Create Booking still books when the engine's date idea was switched off meanwhile (the venue's own pick)", async () => {
    useLlm(false);
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const s = (await generate(m.user.id)).json();
    const first = s.suggestedVenues[0];
    await t.db.execute(sql`update date_ideas set is_active = false where id = ${first.dateIdeaId}`);
    await t.request({
      method: "PATCH",
      url: `/api/admin/ai-suggestions/${s.id}`,
      as: admin,
      payload: { status: "approved" },
    });
    const booked = await t.request({
      method: "POST",
      url: `/api/admin/ai-suggestions/${s.id}/book`,
      as: admin,
    });
    expect(booked.statusCode).toBe(200);
    const [res] = await t.db
      .select()
      .from(dateReservations)
      .where(eq(dateReservations.id, booked.json().reservationId));
    expect(res.venueId).toBe(first.id);
    expect(res.dateIdeaId).not.toBe(first.dateIdeaId);
    await t.db.execute(sql`update date_ideas set is_active = true where id = ${first.dateIdeaId}`);
  });

  it("no preferences: 422 with a clear message; nothing fits: 422 with the engine's reason; nothing stored", async () => {
    const count = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ai_date_suggestions`)).rows[0].n;
    const before = await count();
    const bare = await t.member();
    const none = await generate(bare.user.id);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(M.noPreferences);
    const halal = await t.member();
    await givePreferences(t.db, halal.user.id, { dietaryRestrictions: ["Halal"] });
    const noFit = await generate(halal.user.id);
    expect(noFit.statusCode).toBe(422);
    expect(noFit.json().message).toMatch(
      /^Could not create a suggestion\. No venue within 10 miles .*Halal\.$/,
    );
    expect(await count()).toBe(before);
    expect((await generate(couple.user.id, null)).statusCode).toBe(401);
    expect((await generate(couple.user.id, couple)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe("POST /api/admin/ai-suggestions/:userId, pressed twice", () => {
  const pendingIds = async (userId: number) =>
    (
      await t.db.execute<{ id: number }>(
        sql`select id from ai_date_suggestions where user_id = ${userId} and status = 'pending' order by id`,
      )
    ).rows.map((r) => r.id);

  it("answers the member's pending suggestion (200) instead of making a second", async () => {
    useLlm(false);
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const first = await generate(m.user.id);
    expect(first.statusCode).toBe(201);
    const again = await generate(m.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await pendingIds(m.user.id)).toEqual([first.json().id]);
    // Once it is no longer pending, Generate Date makes a new one.
    await t.request({
      method: "PATCH",
      url: `/api/admin/ai-suggestions/${first.json().id}`,
      as: admin,
      payload: { status: "rejected" },
    });
    const next = await generate(m.user.id);
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(first.json().id);
    expect(await pendingIds(m.user.id)).toEqual([next.json().id]);
  });

  it("two presses at once store one suggestion and both answer it", async () => {
    useLlm(false);
    const m = await t.member();
    await givePreferences(t.db, m.user.id);
    const answers = await Promise.all([generate(m.user.id), generate(m.user.id), generate(m.user.id)]);
    const ids = new Set(answers.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await pendingIds(m.user.id)).toEqual([...ids]);
  });
});

describe("POST /api/admin/ai-suggestions/:userId, with an LLM", () => {
  // Each case words a new suggestion: the couple's pending one (from the cases before) is set aside.
  beforeEach(async () => {
    await t.db.execute(
      sql`update ai_date_suggestions set status = 'rejected' where user_id = ${couple.user.id} and status = 'pending'`,
    );
  });

  it("stores the LLM's wording; the request carried only the engine's venues; the stored venues are the engine's", async () => {
    useLlm(true);
    const { result } = await engineChoice();
    const top = result.matches[0];
    const worded = `${top.venueName} is a wonderful fit for this couple: a relaxed evening close to home that plays to their love of food. ${result.matches[1].venueName} and ${result.matches[2].venueName} would be fine alternatives.`;
    fake.mode = { kind: "reply", content: worded };
    fake.requests.length = 0;
    const res = await generate(couple.user.id);
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.suggestion).toBe(worded);
    expect(
      s.suggestedVenues.map((v: { id: number; suggestedDate: string }) => [v.id, v.suggestedDate]),
    ).toEqual(result.matches.map((m) => [m.venueId, m.scheduledDate.toISOString()]));
    expect(fake.requests).toHaveLength(1);
    const [call] = fake.requests;
    expect(call.auth).toBe("Bearer test-key");
    expect(call.body.model).toBe("fake-model");
    const prompt = call.body.messages.map((m) => m.content).join("\n");
    for (const m of result.matches) {
      expect(prompt).toContain(m.venueName);
      for (const r of m.reasons) expect(prompt).toContain(r);
    }
    const others = NAMES.filter((n) => !result.matches.some((m) => m.venueName === n));
    for (const n of [...others, "Faraway Bistro", "Last Month's Venue"]) expect(prompt).not.toContain(n);
    // Nothing that identifies the member goes to the model.
    expect(prompt).not.toMatch(/Robin|Generate|robin\.generate@example\.com|SE1 9PX/);
  });

  it.each([
    ["a failing server (500)", { kind: "status", status: 500 } as const],
    ["a garbage answer", { kind: "garbage" } as const],
    ["an empty answer", { kind: "empty" } as const],
    [
      "an over-long answer",
      { kind: "reply", content: (p: string) => `${p.slice(0, 20)} ${"lovely ".repeat(200)}` } as const,
    ],
    [
      "an answer about another venue",
      {
        kind: "reply",
        content: "Faraway Bistro in Manchester is the perfect choice for them, trust us on this one.",
      } as const,
    ],
  ])("%s falls back to the built-in text", async (_label, mode) => {
    useLlm(true);
    fake.mode = mode;
    fake.requests.length = 0;
    const { member, result } = await engineChoice();
    const res = await generate(couple.user.id);
    expect(res.statusCode).toBe(201);
    expect(fake.requests.length).toBe(1);
    expect(res.json().suggestion).toBe(builtInSuggestion(member, result.matches));
    expect(res.json().suggestion.length).toBeLessThanOrEqual(LLM_TEXT_MAX);
  });

  it("a slow LLM is cut off at the timeout and the built-in text is used", async () => {
    useLlm(true);
    fake.mode = { kind: "stall" };
    const { member, result } = await engineChoice();
    const started = Date.now();
    const written = await writeSuggestion(t.deps.config, member, result.matches, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(written).toEqual({ text: builtInSuggestion(member, result.matches), source: "built-in" });
  });

  it("an unreachable LLM falls back too", async () => {
    t.deps.config.llm = { apiKey: "k", baseUrl: "http://127.0.0.1:9/v1", model: "m" };
    const res = await generate(couple.user.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().suggestion).toMatch(/^Our top pick for Robin is /);
    useLlm(false);
  });
});
