/**
 * How long a text is on the network. A text in the GSM 03.38 alphabet packs 160 characters into one segment
 * (153 per segment once it is split, the rest carries the join header); the extension table's characters
 * (€ [ ] { } \ ~ ^ | and form feed) take two. A single character outside the alphabet (a curly quote, an
 * emoji, an accented capital) turns the whole text into UCS-2: 70 per segment, 67 when split. Every text we send
 * is kept within SMS_MAX_SEGMENTS, in plain GSM characters.
 */

/** The most segments a text of ours may take (each is billed as one text). */
export const SMS_MAX_SEGMENTS = 2;

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "\f^{}\\[~]|€";

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** The encoding, length and segment count of a text. An empty text is one segment. */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extended.has(ch)) septets += 2;
    else {
      const units = text.length;
      return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : ucs2Segments(text) };
    }
  }
  return { encoding: "GSM-7", units: septets, segments: septets <= 160 ? 1 : gsmSegments(text) };
}

/** A split GSM text: 153 septets per segment, and an extension character (two septets) is never split. */
function gsmSegments(text: string): number {
  let segments = 1;
  let used = 0;
  for (const ch of text) {
    const w = extended.has(ch) ? 2 : 1;
    if (used + w > 153) {
      segments++;
      used = 0;
    }
    used += w;
  }
  return segments;
}

/** A split UCS-2 text: 67 code units per segment, and a surrogate pair (an emoji) is never split. */
function ucs2Segments(text: string): number {
  let segments = 1;
  let used = 0;
  for (const ch of text) {
    const w = ch.length;
    if (used + w > 67) {
      segments++;
      used = 0;
    }
    used += w;
  }
  return segments;
}

/** Typography that would force UCS-2, and its plain GSM stand-in. */
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u2009": " ",
  "\u202F": " ",
  "\u2022": "-",
  "\u00B7": "-",
  "\t": " ",
};

/**
 * The text in GSM characters: curly quotes, dashes and ellipses made plain, accents dropped where the GSM
 * alphabet lacks the letter ("Café" keeps its é, "Crêperie" becomes "Creperie"), anything else (emoji)
 * removed.
 */
export function toGsm(text: string): string {
  let out = "";
  for (const ch of text) {
    if (basic.has(ch) || extended.has(ch)) out += ch;
    else if (PLAIN[ch] !== undefined) out += PLAIN[ch];
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      if ([...bare].every((c) => basic.has(c))) out += bare;
    }
  }
  return out.replace(/ {2,}/g, " ");
}

/** The most GSM septets a text of `segments` segments holds. */
export function gsmCapacity(segments: number): number {
  return segments <= 1 ? 160 : segments * 153;
}

/**
 * Shortens a variable part (a venue's or an idea's name) to at most `max` characters, at a word where it can,
 * marked with "...".
 */
export function shorten(part: string, max: number): string {
  const s = part.trim();
  if (s.length <= max) return s;
  if (max <= 3) return s.slice(0, Math.max(0, max));
  const cut = s.slice(0, max - 3);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/**
 * The text made GSM and cut to fit `segments` (a last resort: builders shorten their variable parts first, so
 * that links and times stay whole).
 */
export function fitSms(text: string, segments = SMS_MAX_SEGMENTS): string {
  const plain = toGsm(text);
  if (smsLength(plain).segments <= segments) return plain;
  let s = plain;
  // Each pass drops at least the overshoot (extension characters count double, so it may take two).
  while (smsLength(`${s}...`).segments > segments) {
    const over = smsLength(`${s}...`).units - gsmCapacity(segments);
    s = s.slice(0, s.length - Math.max(1, over)).trimEnd();
  }
  return `${s}...`;
}

/**
 * Builds a text from fixed wording and variable parts (names), shortening the longest part until the whole
 * fits `segments`; the fixed wording (times, links) is never cut unless the parts alone cannot make room.
 */
export function composeSms(
  build: (parts: string[]) => string,
  parts: string[],
  segments = SMS_MAX_SEGMENTS,
): string {
  const v = parts.map((p) => toGsm(p).trim());
  for (;;) {
    const text = toGsm(build(v));
    const len = smsLength(text);
    if (len.segments <= segments) return text;
    let i = 0;
    for (let j = 1; j < v.length; j++) if (v[j].length > v[i].length) i = j;
    if (v.length === 0 || v[i].length <= 12) return fitSms(text, segments);
    const over = len.units - gsmCapacity(segments);
    v[i] = shorten(v[i], Math.max(12, v[i].length - Math.max(over, 1)));
  }
}
