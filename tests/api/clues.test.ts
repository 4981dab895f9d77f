import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dateClues, dateIdeas, users } from "../../src/server/db/schema.ts";
import { adminCluesSchema, CLUE_MSG } from "../../src/shared/clues.ts";
import { memberDateListSchema, memberDateSchema } from "../../src/shared/schemas/dates.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
/** The date is a week and a half ahead, at 19:30 London time. */
const DATE_AT = new Date("2026-11-20T19:30:00Z");
const atHoursBefore = (h: number) => new Date(DATE_AT.getTime() - hours(h));

beforeEach(() => t.clock.set(NOW));

/** The arranged venue, address, postcode, contact and idea all carry one of these. */
const SECRET = /Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/;

async function couple(): Promise<[SignedIn, SignedIn]> {
  const a = await t.member();
  const b = await t.member({ partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [a, b];
}

async function arrange(userId: number) {
  const d = await arrangeDate(t.db, userId, { at: DATE_AT });
  // A dress code (never a clue: it is part of the reveal) and a note that becomes a clue at 72 hours.
  await t.db
    .update(dateIdeas)
    .set({ dressCode: "Smart casual", requirements: ["Bring photo ID", "Advance booking required"] })
    .where(eq(dateIdeas.id, d.idea.id));
  return d;
}

async function views(id: number, who: SignedIn[]) {
  const out: string[] = [];
  for (const as of who) {
    const one = await t.request({ method: "GET", url: `/api/dates/${id}`, as });
    expect(one.statusCode).toBe(200);
    memberDateSchema.parse(one.json());
    const list = await t.request({ method: "GET", url: "/api/dates/user", as });
    memberDateListSchema.parse(list.json());
    out.push(one.body, list.body);
  }
  return out;
}

const EXPECTED = [
  { slot: "time", hours: 168, text: "Keep the whole evening free: plan on about three hours together." },
  { slot: "kind", hours: 120, text: "Come hungry." },
  { slot: "bring", hours: 72, text: "Before you go: bring photo ID." },
  { slot: "area", hours: 60, text: "South of the river, in the south-east." },
];

describe("clues in the member's date answer", () => {
  it("no answer carries a clue before its time; both partners see the same; none carries a secret before 48 hours", async () => {
    const [a, b] = await couple();
    const d = await arrange(a.user.id);
    for (const clue of EXPECTED) {
      t.clock.set(new Date(atHoursBefore(clue.hours).getTime() - 1));
      for (const body of await views(d.reservation.id, [a, b])) {
        expect(body).not.toContain(clue.text);
        expect(body).not.toMatch(SECRET);
      }
      t.clock.set(atHoursBefore(clue.hours));
      const [mine, , theirs] = await views(d.reservation.id, [a, b]);
      const one = JSON.parse(mine);
      expect(one.clues).toContainEqual({
        slot: clue.slot,
        text: clue.text,
        unlockedAt: atHoursBefore(clue.hours).toISOString(),
      });
      expect(JSON.parse(theirs).clues).toEqual(one.clues);
    }
    // Just before the reveal: every clue, in unlock order, nothing more to come, and still no secret.
    t.clock.set(new Date(atHoursBefore(48).getTime() - 1));
    const last = (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: a })).json();
    expect(last.clues.map((c: { text: string }) => c.text)).toEqual(EXPECTED.map((c) => c.text));
    expect(last.nextClueAt).toBeNull();
    expect(JSON.stringify(last)).not.toMatch(SECRET);
    // After the reveal the clues stay beside the details.
    t.clock.set(atHoursBefore(47));
    const revealed = (
      await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: b })
    ).json();
    expect(revealed.revealed).toBe(true);
    expect(revealed.clues).toHaveLength(EXPECTED.length);
  });

  it("says when the next clue comes; a cancelled date has none", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    t.clock.set(atHoursBefore(200));
    let res = (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: me })).json();
    expect(res).toMatchObject({ clues: [], nextClueAt: atHoursBefore(168).toISOString() });
    t.clock.set(atHoursBefore(100));
    res = (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: me })).json();
    expect(res.clues).toHaveLength(2);
    expect(res.nextClueAt).toBe(atHoursBefore(72).toISOString());

    const gone = await arrangeDate(t.db, me.user.id, { at: DATE_AT, status: "cancelled" });
    res = (await t.request({ method: "GET", url: `/api/dates/${gone.reservation.id}`, as: me })).json();
    expect(res).toMatchObject({ clues: [], nextClueAt: null });
  });
});

describe("GET/PUT /api/admin/assignments/:id/clues", () => {
  const url = (id: number | string) => `/api/admin/assignments/${id}/clues`;

  it("refuses visitors (401) and members (403); an unknown or malformed id is a 4xx", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    expect((await t.request({ method: "GET", url: url(d.reservation.id) })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: url(d.reservation.id), as: me })).statusCode).toBe(403);
    const put = { method: "PUT" as const, url: url(d.reservation.id), payload: { clues: [] } };
    expect((await t.request(put)).statusCode).toBe(401);
    expect((await t.request({ ...put, as: me })).statusCode).toBe(403);
    const admin = await t.admin();
    expect((await t.request({ method: "GET", url: url(999_999), as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: url("abc"), as: admin })).statusCode).toBe(400);
    expect((await t.request({ ...put, url: url(999_999), as: admin })).statusCode).toBe(404);
  });

  it("shows the derived clues with their unlock times", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    const admin = await t.admin();
    const res = await t.request({ method: "GET", url: url(d.reservation.id), as: admin });
    expect(res.statusCode).toBe(200);
    const body = adminCluesSchema.parse(res.json());
    expect(body.assignmentId).toBe(d.reservation.id);
    expect(body.clues.map((c) => [c.slot, c.text, c.hoursBefore, c.unlockAt, c.source])).toEqual(
      EXPECTED.map((c) => [c.slot, c.text, c.hours, atHoursBefore(c.hours).toISOString(), "derived"]),
    );
  });

  it("edits, moves, hides and adds clues; members get the team's version; an empty list resets", async () => {
    const [a, b] = await couple();
    const d = await arrange(a.user.id);
    const admin = await t.admin({ firstName: "Ada", lastName: "Planner" });
    const res = await t.request({
      method: "PUT",
      url: url(d.reservation.id),
      as: admin,
      payload: {
        clues: [
          { slot: "kind", text: "  Skip lunch that day.  ", hoursBefore: 100 },
          { slot: "bring", text: "Before you go: bring photo ID.", hoursBefore: 72, hidden: true },
          { slot: "extra-1", text: "Bring a warm scarf.", hoursBefore: 150 },
          // Sent back unchanged: stays derived, no row.
          { slot: "time", text: EXPECTED[0].text, hoursBefore: 168 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = adminCluesSchema.parse(res.json());
    const bySlot = Object.fromEntries(saved.clues.map((c) => [c.slot, c]));
    expect(bySlot.kind).toMatchObject({
      text: "Skip lunch that day.",
      hoursBefore: 100,
      source: "edited",
      derived: { text: "Come hungry.", hoursBefore: 120 },
      updatedBy: { id: admin.user.id, name: "Ada Planner" },
    });
    expect(bySlot.bring).toMatchObject({ hidden: true, source: "edited" });
    expect(bySlot["extra-1"]).toMatchObject({
      source: "added",
      derived: null,
      unlockAt: atHoursBefore(150).toISOString(),
    });
    expect(bySlot.time).toMatchObject({ source: "derived", updatedBy: null });
    const rows = await t.db.select().from(dateClues).where(eq(dateClues.reservationId, d.reservation.id));
    expect(rows.map((r) => r.slot).sort()).toEqual(["bring", "extra-1", "kind"]);
    expect(rows.every((r) => r.updatedBy === admin.user.id)).toBe(true);

    // The member's answers follow: the added clue at 150 h, the edited one at 100 h, never the hidden one.
    t.clock.set(new Date(atHoursBefore(100).getTime() - 1));
    for (const body of await views(d.reservation.id, [a, b])) {
      expect(body).toContain("Bring a warm scarf.");
      expect(body).not.toContain("Skip lunch");
      expect(body).not.toContain("Come hungry");
    }
    t.clock.set(atHoursBefore(49));
    for (const body of await views(d.reservation.id, [a, b])) {
      expect(body).toContain("Skip lunch that day.");
      expect(body).not.toContain("photo ID");
      expect(body).not.toContain("Smart casual");
    }

    const reset = await t.request({
      method: "PUT",
      url: url(d.reservation.id),
      as: admin,
      payload: { clues: [] },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().clues.every((c: { source: string }) => c.source === "derived")).toBe(true);
    expect(await t.db.select().from(dateClues).where(eq(dateClues.reservationId, d.reservation.id))).toEqual(
      [],
    );
    const member = (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: a })).json();
    expect(member.clues.map((c: { text: string }) => c.text)).toEqual(EXPECTED.map((c) => c.text));
  });

  it("refuses each invalid clue with its message, and changes nothing", async () => {
    const me = await t.member();
    const d = await arrange(me.user.id);
    const admin = await t.admin();
    const ok = { slot: "extra-1", text: "A fine clue.", hoursBefore: 100 };
    const cases: Array<[object, number, string]> = [
      [{ clues: [{ ...ok, text: "x".repeat(201) }] }, 400, CLUE_MSG.textTooLong],
      [{ clues: [{ ...ok, text: "   " }] }, 400, CLUE_MSG.textRequired],
      [{ clues: [{ ...ok, hoursBefore: 47 }] }, 400, CLUE_MSG.hoursRange],
      [{ clues: [{ ...ok, hoursBefore: 169 }] }, 400, CLUE_MSG.hoursRange],
      [{ clues: [{ ...ok, hoursBefore: 60.5 }] }, 400, CLUE_MSG.hoursWhole],
      [{ clues: [{ ...ok, hoursBefore: "60" }] }, 400, CLUE_MSG.hoursRange],
      [{ clues: [{ ...ok, slot: "venue" }] }, 400, CLUE_MSG.slotInvalid],
      [{ clues: [ok, ok] }, 400, CLUE_MSG.slotTwice],
      [
        {
          clues: ["time", "kind", "dress", "bring", "area", 1, 2, 3, 4, 5, 5].map((s) => ({
            ...ok,
            slot: typeof s === "number" ? `extra-${s}` : s,
          })),
        },
        400,
        CLUE_MSG.tooMany,
      ],
      [{ clues: [{ ...ok, text: "Think secret venues" }] }, 422, CLUE_MSG.givesAway("secret")],
      [
        { clues: [ok, { ...ok, slot: "extra-2", text: "Down a HIDDEN lane" }] },
        422,
        CLUE_MSG.givesAway("hidden"),
      ],
      [{ clues: [{ ...ok, text: "Near se1, if you must know" }] }, 422, CLUE_MSG.givesAway("se1")],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.request({ method: "PUT", url: url(d.reservation.id), as: admin, payload });
      const said = [
        res.json().message,
        ...(res.json().errors ?? []).map((e: { message: string }) => e.message),
      ];
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(said).toContain(message);
    }
    const spoiler = await t.request({
      method: "PUT",
      url: url(d.reservation.id),
      as: admin,
      payload: { clues: [ok, { ...ok, slot: "extra-2", text: "Secret stuff" }] },
    });
    expect(spoiler.json().errors).toEqual([{ path: "clues.1.text", message: CLUE_MSG.givesAway("secret") }]);
    // The generic words of an address are the team's to use.
    const fine = await t.request({
      method: "PUT",
      url: url(d.reservation.id),
      as: admin,
      payload: { clues: [{ ...ok, text: "The best lane in London? Maybe." }] },
    });
    expect(fine.statusCode).toBe(200);
    await t.request({ method: "PUT", url: url(d.reservation.id), as: admin, payload: { clues: [] } });

    for (const payload of ["{not json", "[]", '{"clues": "all"}', "null"]) {
      const res = await t.request({
        method: "PUT",
        url: url(d.reservation.id),
        as: admin,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
    expect(await t.db.select().from(dateClues).where(eq(dateClues.reservationId, d.reservation.id))).toEqual(
      [],
    );
  });
});
