import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_DATE_IDEAS } from "../../src/server/db/seed-data/date-ideas.ts";
import { DEMO_VENUES } from "../../src/server/db/seed-data/venues.ts";
import { areaFromPosition, areaFromPostcode } from "../../src/server/modules/clues/area.ts";
import { type ClueSource, deriveClues, timeClue } from "../../src/server/modules/clues/derive.ts";
import { secretWords, spoilerOf, spoilerWord } from "../../src/server/modules/clues/guard.ts";
import { effectiveClues, memberClues } from "../../src/server/modules/clues/view.ts";
import { CLUE } from "../../src/shared/clues.ts";

/**
 * The test's own idea of a "token": any run of letters or digits, compared without case, apart from a handful
 * of function words that every English sentence has. Kept independent of guard.ts on purpose.
 */
const FUNCTION = new Set([
  "a",
  "an",
  "and",
  "at",
  "by",
  "for",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
  "you",
  "your",
  "our",
]);
const tokens = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FUNCTION.has(w));

function expectNoSecretToken(source: ClueSource) {
  const secret = new Set([
    ...tokens(source.venue?.name),
    ...tokens(source.venue?.address),
    ...tokens(source.venue?.postcode),
    ...tokens(source.idea?.title),
  ]);
  for (const clue of deriveClues(source)) {
    const leaked = tokens(clue.text).filter((w) => secret.has(w));
    expect(leaked, `${clue.slot}: "${clue.text}"`).toEqual([]);
    expect(clue.text.length).toBeLessThanOrEqual(CLUE.textMax);
    expect(clue.hoursBefore).toBeGreaterThanOrEqual(CLUE.minHoursBefore);
    expect(clue.hoursBefore).toBeLessThanOrEqual(CLUE.maxHoursBefore);
  }
}

const EVENING = new Date("2026-12-04T19:30:00Z");
/** Words that tell what to wear, kept independent of guard.ts's list. */
const DRESS_TALK = [
  "dress",
  "code",
  "wear",
  "smart",
  "casual",
  "clothes",
  "attire",
  "tie",
  "formal",
  "outfit",
];
/** Words of the demo dress codes that say nothing of clothes alone. */
const SAYS_NOTHING = ["required", "provided", "bring", "don", "t", "mind", "getting", "standing"];

function source(over: Partial<ClueSource> = {}): ClueSource {
  return {
    scheduledDate: EVENING,
    dressCode: null,
    idea: {
      title: "Chef's Table Tasting Menu",
      category: "culinary",
      duration: 3,
      dressCode: "Smart casual",
      requirements: ["Advance booking required", "Over 18s only"],
    },
    venue: {
      name: "The Gilded Fig",
      address: "42 Dean Street",
      postcode: "W1D 4PZ",
      latitude: "51.5134",
      longitude: "-0.1318",
    },
    ...over,
  };
}

describe("derived clues", () => {
  it("teases from a week before, notes at 72 hours, the area at 60; never the dress code", () => {
    expect(deriveClues(source())).toEqual([
      {
        slot: "time",
        text: "Keep the whole evening free: plan on about three hours together.",
        hoursBefore: 168,
      },
      { slot: "kind", text: "Come hungry.", hoursBefore: 120 },
      { slot: "bring", text: "Before you go: over 18s only.", hoursBefore: 72 },
      { slot: "area", text: "Head to the west of the city.", hoursBefore: 60 },
    ]);
  });

  it("booking notes are the team's, not the couple's; a note about clothes is the reveal's", () => {
    const clues = deriveClues(
      source({
        dressCode: "Black tie",
        idea: { ...source().idea!, requirements: ["Advance booking required"] },
      }),
    );
    expect(clues.find((c) => c.slot === "bring")).toBeUndefined();
    const wet = deriveClues(
      source({
        idea: {
          ...source().idea!,
          dressCode: "Sportswear; wetsuits provided",
          requirements: ["Must be able to swim", "Bring a change of clothes"],
        },
      }),
    );
    expect(wet.find((c) => c.slot === "bring")?.text).toBe("Before you go: must be able to swim.");
  });

  it("no derived clue carries a word of the dress code or of dressing (every demo date, either dress code)", () => {
    for (const idea of DEMO_DATE_IDEAS) {
      const venue = DEMO_VENUES.find((v) => v.name === idea.venueName);
      for (const own of [null, "Black tie", "Cocktail attire"]) {
        const s: ClueSource = {
          scheduledDate: EVENING,
          dressCode: own,
          idea: { ...idea, requirements: idea.requirements ?? [] },
          venue: venue
            ? {
                name: venue.name,
                address: venue.address ?? null,
                postcode: venue.postcode ?? null,
                latitude: venue.latitude ?? null,
                longitude: venue.longitude ?? null,
              }
            : null,
        };
        const dress = tokens(own ?? idea.dressCode).filter((w) => !SAYS_NOTHING.includes(w));
        for (const clue of deriveClues(s)) {
          expect(clue.slot).not.toBe("dress");
          expect(
            tokens(clue.text).filter((w) => dress.includes(w) || DRESS_TALK.includes(w)),
            clue.text,
          ).toEqual([]);
        }
      }
    }
  });

  it("says when, on London's clock, summer and winter", () => {
    expect(timeClue(new Date("2026-07-04T08:30:00Z"), 2)).toBe(
      "An early start, so set an alarm: plan on about two hours together.",
    );
    expect(timeClue(new Date("2026-07-04T13:00:00Z"), 4)).toMatch(/^Keep the whole afternoon free/);
    // 16:30 UTC in December is 16:30 in London (afternoon); in July it is 17:30 (evening).
    expect(timeClue(new Date("2026-12-04T16:30:00Z"), 1)).toBe(
      "Keep the afternoon free: plan on about one hour together.",
    );
    expect(timeClue(new Date("2026-07-04T16:30:00Z"), 1)).toBe(
      "Keep the evening free: plan on about one hour together.",
    );
  });

  it("places London postcodes by area, with the river splitting SW", () => {
    expect(areaFromPostcode("SE1 9PX")).toMatch(/south of the river/i);
    expect(areaFromPostcode("SW11 1AA")).toMatch(/^South of the river/);
    expect(areaFromPostcode("SW3 4AA")).toMatch(/north of the river/);
    expect(areaFromPostcode("E8 1HE")).toBe("Head to the east of the city.");
    expect(areaFromPostcode("EC2A 3AY")).toMatch(/heart of the city/);
    expect(areaFromPostcode("NW1 7PN")).toMatch(/north-west/);
    expect(areaFromPostcode("M1 1AE")).toBeNull();
    expect(areaFromPostcode(null)).toBeNull();
    // Without a postcode, the position from the centre.
    expect(areaFromPosition(51.5074, -0.128)).toMatch(/middle/);
    expect(areaFromPosition(51.47, -0.02)).toMatch(/south-east/);
    expect(areaFromPosition(53.48, -2.24)).toBeNull();
  });

  it("never carries a word of the venue's name, address or postcode, or the idea's title (every demo date)", () => {
    for (const idea of DEMO_DATE_IDEAS) {
      const venue = DEMO_VENUES.find((v) => v.name === idea.venueName);
      for (const hour of ["08:00", "13:00", "19:30"])
        expectNoSecretToken({
          scheduledDate: new Date(`2026-12-04T${hour}:00Z`),
          dressCode: null,
          idea: { ...idea, requirements: idea.requirements ?? [] },
          venue: venue
            ? {
                name: venue.name,
                address: venue.address ?? null,
                postcode: venue.postcode ?? null,
                latitude: venue.latitude ?? null,
                longitude: venue.longitude ?? null,
              }
            : null,
        });
    }
  });

  it("drops a clue that shares any word with the secrets, whatever the names (property)", () => {
    // Names built from the clues' own vocabulary, so collisions are likely and must be caught.
    const vocab = [
      "evening",
      "hungry",
      "whole",
      "free",
      "river",
      "south",
      "east",
      "west",
      "city",
      "dress",
      "code",
      "casual",
      "smart",
      "hours",
      "three",
      "alarm",
      "early",
      "inspired",
      "sip",
      "keep",
      "head",
      "middle",
      "Kitchen",
    ];
    const phrase = fc
      .array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 4 })
      .map((w) => w.join(" "));
    fc.assert(
      fc.property(
        phrase,
        phrase,
        phrase,
        phrase,
        fc.constantFrom("SE1 9PX", "E8 1HE", "SW4 7TB"),
        (name, address, title, dress, postcode) => {
          expectNoSecretToken(
            source({
              dressCode: dress,
              idea: { title, category: "culinary", duration: 3, dressCode: null, requirements: [dress] },
              venue: { name, address, postcode, latitude: null, longitude: null },
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the guard's two strengths", () => {
  const secrets = {
    venueName: "Nonna's Lantern",
    address: "156 Upper Street, London",
    postcode: "N1 1RA",
    ideaTitle: "Fresh Pasta Masterclass",
  };
  it("strict counts every word; lenient lets the generic words of an address through, not the street", () => {
    expect(spoilerWord("A lantern-lit supper", secretWords(secrets, "lenient"))).toBe("lantern");
    expect(spoilerWord("Some NONNA magic", secretWords(secrets, "lenient"))).toBe("nonna");
    expect(spoilerWord("Pasta tonight?", secretWords(secrets, "lenient"))).toBe("pasta");
    expect(spoilerWord("Think n1", secretWords(secrets, "lenient"))).toBe("n1");
    expect(spoilerWord("The best street food in London", secretWords(secrets, "lenient"))).toBeNull();
    expect(spoilerWord("The best street food in London", secretWords(secrets, "strict"))).toBe("street");
    expect(spoilerWord("Somewhere on UPPER Street", secretWords(secrets, "lenient"))).toBe("upper street");
    expect(spoilerWord("Upper deck, street food", secretWords(secrets, "lenient"))).toBeNull();
    const ground = { ...secrets, address: "21 Upper Ground, London" };
    expect(spoilerWord("Near Upper Ground", secretWords(ground, "lenient"))).toBe("upper ground");
    expect(spoilerWord("Ground floor, upper circle", secretWords(ground, "lenient"))).toBeNull();
  });

  it("refuses the date's dress code and the words of dress codes at both strengths", () => {
    const dressed = { ...secrets, dressCode: "Warm layers for the roof terrace" };
    for (const strength of ["strict", "lenient"] as const) {
      const secret = secretWords(dressed, strength);
      expect(spoilerOf("Bring your thickest layer", secret)).toEqual({ word: "layer", what: "dress" });
      expect(spoilerOf("Wrap up WARM", secret)).toEqual({ word: "warm", what: "dress" });
      expect(spoilerOf("Smart is the word", secret)).toEqual({ word: "smart", what: "dress" });
      expect(spoilerOf("Think black tie", secret)).toEqual({ word: "black tie", what: "dress" });
      expect(spoilerOf("Cocktail attire, darling", secret)).toEqual({ word: "attire", what: "dress" });
      expect(spoilerOf("Wear your trainers", secret)).toEqual({ word: "wear", what: "dress" });
      expect(spoilerOf("A trainer would help", secret)).toEqual({ word: "trainer", what: "dress" });
      expect(spoilerOf("Bring your appetite this evening", secret)).toBeNull();
      expect(spoilerOf("A black cab might help", secret)).toBeNull();
    }
  });
});

describe("edits over derived clues, and what a member sees", () => {
  const edit = (slot: string, text: string, hoursBefore: number, hidden = false) => ({
    slot,
    text,
    hoursBefore,
    hidden,
    updatedBy: 1,
    updatedAt: new Date(),
  });

  it("an edit replaces its slot, hides it, or adds beside; ordered by unlock", () => {
    const merged = effectiveClues(deriveClues(source()), [
      edit("kind", "Skip lunch.", 100),
      edit("bring", "x", 72, true),
      edit("extra-1", "Bring a scarf.", 150),
    ]);
    expect(merged.map((c) => [c.slot, c.text, c.hoursBefore, c.hidden])).toEqual([
      ["time", "Keep the whole evening free: plan on about three hours together.", 168, false],
      ["extra-1", "Bring a scarf.", 150, false],
      ["kind", "Skip lunch.", 100, false],
      ["bring", "x", 72, true],
      ["area", "Head to the west of the city.", 60, false],
    ]);
  });

  it("carries only unlocked clues, the next unlock time, nothing for a cancelled date, and no stale spoiler", () => {
    const s = { ...source(), status: "scheduled" };
    const at = (h: number) => new Date(EVENING.getTime() - h * 3_600_000);
    expect(memberClues(s, [], at(169))).toEqual({ clues: [], nextClueAt: at(168).toISOString() });
    const mid = memberClues(s, [], at(72));
    expect(mid.clues.map((c) => c.slot)).toEqual(["time", "kind", "bring"]);
    expect(mid.nextClueAt).toBe(at(60).toISOString());
    expect(memberClues(s, [], at(10))).toMatchObject({ nextClueAt: null });
    expect(memberClues({ ...s, status: "cancelled" }, [], at(10))).toEqual({ clues: [], nextClueAt: null });
    // A saved edit naming what is now the venue (the date moved venue since) never reaches the member.
    const stale = memberClues(s, [edit("extra-1", "Something gilded, and a fig", 150)], at(100));
    expect(stale.clues.map((c) => c.slot)).not.toContain("extra-1");
    // A team clue saved in the old dress-code slot never reaches the member.
    const old = memberClues(s, [edit("dress", "Dress code: Smart casual.", 72)], at(50));
    expect(old.clues.map((c) => c.slot)).toEqual(["time", "kind", "bring", "area"]);
  });
});
