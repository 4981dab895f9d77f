/**
 * The spoiler guard: before the reveal a clue must never carry a word of the venue's name, address or
 * postcode, the name of its street, or a word of the idea's title; nor the date's dress code or anything that
 * paraphrases a dress code, which arrives with the reveal. Words are compared whole and without case or
 * accents ("Nonna's" is "nonna").
 *
 * Two strengths. Derived clues are checked strictly: every word of the secrets counts but a few function
 * words ("the", "and"), so a requirement that happens to share a word is dropped. The team's own wording is
 * checked leniently: the generic words of an address ("Street", "London", a house number) are allowed, so "the
 * best view in London" is not refused for a venue on "1 High Street, London"; but the street's name as a whole
 * ("Upper Ground" of "21 Upper Ground") is not. The dress checks are the same at both strengths.
 */

export interface ClueSecrets {
  venueName: string | null;
  address: string | null;
  postcode: string | null;
  ideaTitle: string | null;
  /** The date's dress code (the date's own, else the idea's). */
  dressCode?: string | null;
}

/** What a clue is checked against, made once per date by `secretWords`. */
export interface Secrets {
  /** Single words of the venue, address, postcode and title. */
  words: Set<string>;
  /** The street names of the address, as word sequences ("upper ground"). */
  streets: ReadonlyArray<readonly string[]>;
  /** The distinctive words of this date's dress code, as stems (the vocabulary of all dress codes aside). */
  dress: Set<string>;
}

/** Why a clue was refused: the word (or street) it gave away, and what it belongs to. */
export interface Spoiler {
  word: string;
  what: "place" | "dress";
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
 * The words in which dress codes are written and paraphrased, whatever the date's own: its register (smart,
 * casual, formal, black tie, cocktail attire), what dressing is called (dress, wear, outfit, clothes) and the
 * kinds of clothing the demo dress codes name (trainers, swimwear, sportswear, wetsuits, robes). Singular and
 * plural both count. A word that is only sometimes about clothes ("warm", "layers", "comfy", "scarf") counts
 * when the date's own dress code uses it.
 */
const DRESS_VOCABULARY = [
  "dress",
  "dresses",
  "dressed",
  "dressy",
  "dressing",
  "dresscode",
  "wear",
  "wearing",
  "worn",
  "attire",
  "outfit",
  "clothes",
  "clothing",
  "garb",
  "wardrobe",
  "smart",
  "casual",
  "casually",
  "formal",
  "formally",
  "informal",
  "semi",
  "glam",
  "glamorous",
  "dapper",
  "blazer",
  "jacket",
  "heels",
  "trainers",
  "sneakers",
  "shoes",
  "footwear",
  "barefoot",
  "jeans",
  "denim",
  "swimwear",
  "swimsuit",
  "swimsuits",
  "bikini",
  "trunks",
  "sportswear",
  "activewear",
  "gymwear",
  "eveningwear",
  "partywear",
  "loungewear",
  "beachwear",
  "outerwear",
  "knitwear",
  "wetsuit",
  "robe",
  "robes",
  "slippers",
];

/** Dress phrases whose words alone say nothing ("black", "tie"). */
const DRESS_PHRASES = [
  ["black", "tie"],
  ["white", "tie"],
  ["lounge", "suit"],
  ["bare", "feet"],
  ["closed", "toe"],
  ["glad", "rags"],
  ["sunday", "best"],
  ["come", "as", "you", "are"],
];

/**
 * Words of a dress code that give nothing away on their own: "Swimwear; bring a towel" makes "towel" a dress
 * word of that date, not "bring"; "Relaxed weekend wear" does not refuse "evening" or "weekend" in a clue.
 */
const DRESS_COMMON = new Set([
  ...FUNCTION_WORDS,
  "bring",
  "provided",
  "required",
  "requested",
  "recommended",
  "needed",
  "essential",
  "optional",
  "please",
  "must",
  "mind",
  "getting",
  "get",
  "don",
  "t",
  "not",
  "no",
  "only",
  "any",
  "if",
  "just",
  "some",
  "something",
  "be",
  "is",
  "are",
  "it",
  "that",
  "this",
  "as",
  "up",
  "out",
  "all",
  "very",
  "good",
  "come",
  "day",
  "night",
  "evening",
  "morning",
  "afternoon",
  "weekend",
  "standing",
  "walking",
]);

/** "trainers" and "trainer", "wetsuits" and "wetsuit" are one word here ("dress" keeps its double s). */
const stem = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);

const DRESS_STEMS: ReadonlySet<string> = new Set(DRESS_VOCABULARY.map(stem));

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

const HOUSE_NUMBER = /^\d+[a-z]?$/;

/**
 * The street names of an address: each comma-separated part that starts with a house number, without it
 * ("21 Upper Ground, London" -> ["upper", "ground"]); an address without a number gives its first part when
 * that has two words or more ("Upper Ground"), never a lone "London".
 */
export function streetNames(address: string | null): string[][] {
  const parts = (address ?? "").split(/[,\n]/).map((p) => words(p));
  const numbered = parts
    .filter((p) => p.length > 1 && HOUSE_NUMBER.test(p[0]))
    .map((p) => p.slice(p.findIndex((w) => !HOUSE_NUMBER.test(w))))
    .filter((p) => p.length > 0);
  if (numbered.length) return numbered;
  const first = parts.find((p) => p.length > 0);
  return first && first.length > 1 && !first.some((w) => HOUSE_NUMBER.test(w)) ? [[...first]] : [];
}

export function secretWords(s: ClueSecrets, strength: "strict" | "lenient"): Secrets {
  const out = new Set<string>();
  const add = (text: string | null, generic: (w: string) => boolean) => {
    for (const w of words(text ?? "")) if (!FUNCTION_WORDS.has(w) && !generic(w)) out.add(w);
  };
  const never = () => false;
  add(s.venueName, never);
  add(s.ideaTitle, never);
  add(s.postcode, never);
  add(s.address, strength === "strict" ? never : (w) => GENERIC_ADDRESS_WORDS.has(w) || HOUSE_NUMBER.test(w));
  const dress = new Set<string>();
  for (const w of words(s.dressCode ?? "")) if (!DRESS_COMMON.has(w)) dress.add(stem(w));
  // Strictly, every word of the address is a secret already, so its street is too.
  return { words: out, streets: strength === "lenient" ? streetNames(s.address) : [], dress };
}

/** Where `phrase` occurs in `ws` as whole consecutive words, or -1. */
function indexOfPhrase(ws: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  for (let i = 0; i + phrase.length <= ws.length; i++) if (phrase.every((p, j) => ws[i + j] === p)) return i;
  return -1;
}

/** What in `text` gives the venue, the idea or the dress code away, or null when the clue is safe. */
export function spoilerOf(text: string, secret: Secrets): Spoiler | null {
  const ws = words(text);
  const place = ws.find((w) => secret.words.has(w));
  if (place) return { word: place, what: "place" };
  for (const street of secret.streets)
    if (indexOfPhrase(ws, street) >= 0) return { word: street.join(" "), what: "place" };
  const dress = ws.find((w) => {
    const st = stem(w);
    return DRESS_STEMS.has(st) || secret.dress.has(st);
  });
  if (dress) return { word: dress, what: "dress" };
  for (const phrase of DRESS_PHRASES)
    if (indexOfPhrase(ws, phrase) >= 0) return { word: phrase.join(" "), what: "dress" };
  return null;
}

/** The first word of `text` that gives something away, or null when the clue is safe. */
export function spoilerWord(text: string, secret: Secrets): string | null {
  return spoilerOf(text, secret)?.word ?? null;
}
