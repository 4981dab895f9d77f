/**
 * The dress code is part of the reveal: no clue carries it or a paraphrase of it before then, in the date
 * answers or the data export, and the team cannot write one (nor a clue naming the venue's street). After the
 * reveal the date's details carry the dress code, as they always did. The clue push: jobs-clues-senders.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dateClues, dateIdeas, dateReservations, users, venues } from "../../src/server/db/schema.ts";
import { adminCluesSchema, CLUE_MSG } from "../../src/shared/clues.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
const DATE_AT = new Date("2026-11-20T19:30:00Z");
const atHoursBefore = (h: number) => new Date(DATE_AT.getTime() - hours(h));
/** The arranged dress code and the note about clothes, anywhere in an answer. */
const TOLD = /smart casual|clothes/i;
/** The words a clue would tell a dress code in. */
const DRESS = /\b(dress|casual|smart|attire|wear|clothes)\b/i;

beforeEach(() => t.clock.set(NOW));

async function couple(): Promise<[SignedIn, SignedIn]> {
  const a = await t.member();
  const b = await t.member({ partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [a, b];
}

async function arrange(userId: number) {
  const d = await arrangeDate(t.db, userId, { at: DATE_AT });
  await t.db
    .update(dateIdeas)
    .set({ dressCode: "Smart casual", requirements: ["Bring photo ID", "Bring a change of clothes"] })
    .where(eq(dateIdeas.id, d.idea.id));
  return d;
}

async function answers(id: number, as: SignedIn) {
  const one = await t.request({ method: "GET", url: `/api/dates/${id}`, as });
  const list = await t.request({ method: "GET", url: "/api/dates/user", as });
  const exported = await t.request({ method: "GET", url: "/api/account/export", as });
  for (const res of [one, list, exported]) expect(res.statusCode).toBe(200);
  return { one: one.json(), list: list.json(), exported: exported.json(), bodies: [one, list, exported] };
}

describe("the dress code before and after the reveal", () => {
  it("no date answer or export carries it before the reveal, at 72 hours or after; the revealed date does", async () => {
    const [a, b] = await couple();
    const d = await arrange(a.user.id);
    const id = d.reservation.id;
    for (const h of [72, 60, 49]) {
      t.clock.set(atHoursBefore(h));
      for (const who of [a, b]) {
        const { one, exported, bodies } = await answers(id, who);
        for (const res of bodies) expect(res.body).not.toMatch(TOLD);
        expect(JSON.stringify(exported.dates.map((x: { clues: unknown }) => x.clues))).not.toMatch(DRESS);
        expect(one.revealed).toBe(false);
        expect(one.dressCode).toBeNull();
        // The 72-hour clue is what to know before going, without the note about clothes.
        expect(one.clues).toContainEqual({
          slot: "bring",
          text: "Before you go: bring photo ID.",
          unlockedAt: atHoursBefore(72).toISOString(),
        });
        expect(one.clues.map((c: { slot: string }) => c.slot)).not.toContain("dress");
        const mine = exported.dates.find((x: { id: number }) => x.id === id);
        expect(mine.clues).toEqual(one.clues);
      }
    }
    // At the reveal the details carry it, on the date page and in the export alike.
    t.clock.set(atHoursBefore(47));
    for (const who of [a, b]) {
      const { one, list, exported } = await answers(id, who);
      expect(one).toMatchObject({ revealed: true, dressCode: "Smart casual" });
      expect(list.find((x: { id: number }) => x.id === id).dressCode).toBe("Smart casual");
      expect(exported.dates.find((x: { id: number }) => x.id === id).dressCode).toBe("Smart casual");
      // The clues still do not: the dress code has its own place.
      expect(JSON.stringify(one.clues)).not.toMatch(DRESS);
    }
  });

  it("a clue the team saved in the old dress-code slot never reaches members", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    await t.db.insert(dateClues).values({
      reservationId: d.reservation.id,
      slot: "dress",
      text: "Dress code: Smart casual.",
      hoursBefore: 72,
      hidden: false,
      updatedBy: null,
    });
    t.clock.set(atHoursBefore(50));
    const { one, bodies } = await answers(d.reservation.id, me);
    for (const res of bodies) expect(res.body).not.toMatch(TOLD);
    expect(one.clues.map((c: { slot: string }) => c.slot)).toEqual(["time", "kind", "bring", "area"]);
  });
});

describe("PUT /api/admin/assignments/:id/clues refuses the dress code and the street", () => {
  const url = (id: number) => `/api/admin/assignments/${id}/clues`;
  const ok = { slot: "extra-1", text: "A fine clue.", hoursBefore: 100 };

  async function put(id: number, as: SignedIn, clues: object[]) {
    return t.request({ method: "PUT", url: url(id), as, payload: { clues } });
  }

  it("refuses the date's dress code or a paraphrase, with the word, and saves nothing", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    // The date's own dress code wins over the idea's; its words are refused as well as the vocabulary's.
    await t.db
      .update(dateReservations)
      .set({ dressCode: "Floral prints and sandals" })
      .where(eq(dateReservations.id, d.reservation.id));
    const admin = await t.admin();
    const cases: Array<[string, string]> = [
      ["Dress code: Smart casual.", "dress"],
      ["Something smart, but not too much", "smart"],
      ["Keep it CASUAL", "casual"],
      ["Think black tie", "black tie"],
      ["Cocktail attire, darling", "attire"],
      ["What will you wear?", "wear"],
      ["Leave the trainers at home", "trainers"],
      ["Something floral", "floral"],
      ["Sandal weather", "sandal"],
    ];
    for (const [text, word] of cases) {
      const res = await put(d.reservation.id, admin, [ok, { ...ok, slot: "extra-2", text }]);
      expect(res.statusCode, text).toBe(422);
      expect(res.json().message).toBe(CLUE_MSG.givesDressAway(word));
      expect(res.json().errors).toEqual([{ path: "clues.1.text", message: CLUE_MSG.givesDressAway(word) }]);
    }
    // The old dress-code slot is the team's to rewrite or remove, never to fill with the dress code.
    const old = await put(d.reservation.id, admin, [
      { slot: "dress", text: "Dress code: Floral prints.", hoursBefore: 72 },
    ]);
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe(CLUE_MSG.givesDressAway("dress"));
    expect(await t.db.select().from(dateClues).where(eq(dateClues.reservationId, d.reservation.id))).toEqual(
      [],
    );
    // Words that say nothing of clothes are fine, in the old slot too.
    const fine = await put(d.reservation.id, admin, [
      { slot: "dress", text: "Bring your best smile.", hoursBefore: 72 },
      { ...ok, text: "A black cab might help this evening." },
    ]);
    expect(fine.statusCode).toBe(200);
    const saved = adminCluesSchema.parse(fine.json());
    expect(saved.clues.find((c) => c.slot === "dress")).toMatchObject({ source: "added", derived: null });
    // The editor never offers a derived dress-code clue.
    const read = adminCluesSchema.parse(
      (await t.request({ method: "GET", url: url(d.reservation.id), as: admin })).json(),
    );
    expect(read.clues.filter((c) => c.derived && DRESS.test(c.derived.text))).toEqual([]);
  });

  it("refuses a clue naming the venue's street, as it does its name and postcode", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    await t.db.update(venues).set({ address: "21 Upper Ground" }).where(eq(venues.id, d.venue.id));
    const admin = await t.admin();
    for (const [text, word] of [
      ["Near Upper Ground", "upper ground"],
      ["near upper ground, if you must know", "upper ground"],
      ["Think Secret venues", "secret"],
      ["Near se1", "se1"],
    ]) {
      const res = await put(d.reservation.id, admin, [{ ...ok, text }]);
      expect(res.statusCode, text).toBe(422);
      expect(res.json().errors).toEqual([{ path: "clues.0.text", message: CLUE_MSG.givesAway(word) }]);
    }
    // Its generic words alone name no street.
    const fine = await put(d.reservation.id, admin, [{ ...ok, text: "Upper deck, then the ground floor." }]);
    expect(fine.statusCode).toBe(200);
  });

  it("visitors and members cannot save clues at all", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    const clues = [{ ...ok, text: "Near Upper Ground" }];
    expect(
      (await t.request({ method: "PUT", url: url(d.reservation.id), payload: { clues } })).statusCode,
    ).toBe(401);
    expect((await put(d.reservation.id, me, clues)).statusCode).toBe(403);
  });
});
