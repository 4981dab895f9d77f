/**
 * The spoiler guard: a clue must never carry a word of the venue's name, address or postcode, or of the
 * idea's title. Words are compared whole and without case or accents ("Nonna's" is "nonna").
 *
 * Two strengths. Derived clues are checked strictly: every word of the secrets counts but a few function
 * words ("the", "and"), so a dress code or requirement that happens to share a word is dropped. The team's
 * own wording is checked leniently: the generic words of an address ("Street", "London", a house number) are
 * allowed, so "the best view in London" is not refused for a venue on "1 High Street, London".
 */

export interface ClueSecrets {
  venueName: string | null;
  address: string | null;
  postcode: string | null;
  ideaTitle: string | null;
}

/** Words too common to give anything away, in any of the secrets. */
const FUNCTION_WORDS = new Set([
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
  "your",
  "you",
  "our",
]);

/** Words of an address that name no particular place (only for the team's wording). */
const GENERIC_ADDRESS_WORDS = new Set([
  "street",
  "st",
  "road",
  "rd",
  "lane",
  "avenue",
  "ave",
  "place",
  "square",
  "court",
  "close",
  "way",
  "walk",
  "row",
  "terrace",
  "gardens",
  "park",
  "hill",
  "high",
  "upper",
  "lower",
  "north",
  "south",
  "east",
  "west",
  "london",
  "greater",
  "unit",
  "floor",
  "ground",
  "first",
  "building",
  "house",
]);

/**
 * The words of texts seen lately. Every date answer checks its clues against its venue's and idea's words,
 * and the same few hundred texts come back on every request: the Unicode work was about an eighth of
 * GET /api/dates/user's time. Bounded; emptied when full.
 */
const wordCache = new Map<string, readonly string[]>();
const WORD_CACHE_MAX = 5000;

/** Lower-case words without accents or possessives: "Nonna's Lantern" -> ["nonna", "lantern"]. */
export function words(text: string): readonly string[] {
  const known = wordCache.get(text);
  if (known) return known;
  const found =
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/['’]s\b/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(text, found);
  return found;
}

export function secretWords(s: ClueSecrets, strength: "strict" | "lenient"): Set<string> {
  const out = new Set<string>();
  const add = (text: string | null, generic: (w: string) => boolean) => {
    for (const w of words(text ?? "")) if (!FUNCTION_WORDS.has(w) && !generic(w)) out.add(w);
  };
  const never = () => false;
  add(s.venueName, never);
  add(s.ideaTitle, never);
  add(s.postcode, never);
  add(
    s.address,
    strength === "strict" ? never : (w) => GENERIC_ADDRESS_WORDS.has(w) || /^\d+[a-z]?$/.test(w),
  );
  return out;
}

/** The first word of `text` that is one of the secrets' words, or null when the clue is safe. */
export function spoilerWord(text: string, secret: Set<string>): string | null {
  return words(text).find((w) => secret.has(w)) ?? null;
}
