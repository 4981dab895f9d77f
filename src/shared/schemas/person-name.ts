import { z } from "zod";
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from "../constants.ts";

/** What a name may not carry: it goes into e-mail subjects and greetings, where a link or markup would phish. */
export const NAME_NO_LINKS = "Names can't contain web addresses, links or < > characters";

const LINKISH = [
  /[<>]/, // markup
  /[\p{Cc}\u2028\u2029]/u, // line breaks and other control characters (header injection)
  /:\/\//, // any scheme: http://, https://, ftp://
  /\bwww\./i,
  // A bare domain: a label, a dot, then a common top-level domain ("evil.example", "claim-prize.com").
  /[\p{L}\p{N}-]+\.(?:com|net|org|info|biz|io|co|uk|me|app|dev|xyz|top|link|click|ly|ru|cn|online|site|shop|example)\b/iu,
];

/** True when a name looks like a link, a web address or markup rather than a person's name. */
export function nameLooksLikeLink(name: string): boolean {
  return LINKISH.some((re) => re.test(name));
}

/**
 * At least NAME_MIN_LENGTH characters once trimmed, as a pattern on the text as sent (so the document says it:
 * "  a" passes a `minLength: 2`, then the trimming leaves one character).
 */
const LONG_ENOUGH = new RegExp(`\\S[\\s\\S]{${NAME_MIN_LENGTH - 2},}\\S`);

/** Letters of a case-insensitive source spelled out as [aA] classes, for a pattern that carries no flags. */
const caseless = (source: string) =>
  source.replace(/\\p\{[^}]+\}|\\.|[A-Za-z]/g, (c) =>
    c.length === 1 ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c,
  );

/**
 * The same rule as nameLooksLikeLink, as one pattern the document can show (JSON Schema patterns have no
 * flags; Unicode classes are read in Unicode mode, as ajv and zod both do): nothing link-like anywhere.
 */
export const NO_LINKS = new RegExp(
  `^(?![\\s\\S]*(?:${LINKISH.map((re) => (re.flags.includes("i") ? caseless(re.source) : re.source)).join("|")}))`,
  "u",
);

/** A first or last name: trimmed, 2-80 characters, and no links or markup; each message names which name. */
export const personName = (minMessage: string, maxMessage: string) =>
  z
    .string({ error: minMessage })
    .regex(LONG_ENOUGH, minMessage)
    .trim()
    .max(NAME_MAX_LENGTH, maxMessage)
    .regex(NO_LINKS, NAME_NO_LINKS);
