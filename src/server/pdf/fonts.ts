/**
 * Fonts for the PDFs we make (receipts, gift cards), so that every name prints: pdfkit's built-in Helvetica and
 * Times know only Windows-1252, which garbles "Łukasz", "Ελένη", "李明" or an emoji.
 *
 * Each face is a chain of embedded Noto fonts (all from npm packages, so `npm install` brings them): Noto Sans or
 * Noto Serif for Latin, Greek and Cyrillic, then Noto Sans SC (Chinese, and Japanese kana), Noto Sans KR (Hangul)
 * and Noto Emoji (monochrome: pdfkit cannot draw colour emoji). Text is cut into runs by grapheme, each run in the
 * first font of the chain that has every character of it, so a line with a Latin name and a Chinese one uses both.
 * The files are read once per process, on first use; pdfkit embeds only the glyphs a document uses. text.ts
 * writes such text.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";

const FILES = {
  "NotoSans-Regular": "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  "NotoSans-Bold": "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  "NotoSerif-Regular": "@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf",
  "NotoSerif-Bold": "@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf",
  "NotoSerif-Italic": "@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf",
  "NotoSansSC-Regular": "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  "NotoSansSC-Bold": "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  "NotoSansKR-Regular": "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
  "NotoSansKR-Bold": "@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf",
  "NotoEmoji-Regular": "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
  "NotoEmoji-Bold": "@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf",
} as const;

export type FontId = keyof typeof FILES;

/** The styles the documents use; each was a built-in font before (Helvetica, Helvetica-Bold, Times-*). */
export type Face = "sans" | "sansBold" | "serif" | "serifBold" | "serifItalic";

const REGULAR_FALLBACK: FontId[] = ["NotoSansSC-Regular", "NotoSansKR-Regular", "NotoEmoji-Regular"];
const BOLD_FALLBACK: FontId[] = ["NotoSansSC-Bold", "NotoSansKR-Bold", "NotoEmoji-Bold"];

/** The fonts tried for each face, in order (CJK has no serif or italic here: its sans is the nearest). */
export const FACE_CHAINS: Record<Face, readonly FontId[]> = {
  sans: ["NotoSans-Regular", ...REGULAR_FALLBACK],
  sansBold: ["NotoSans-Bold", ...BOLD_FALLBACK],
  serif: ["NotoSerif-Regular", ...REGULAR_FALLBACK],
  serifBold: ["NotoSerif-Bold", ...BOLD_FALLBACK],
  serifItalic: ["NotoSerif-Italic", ...REGULAR_FALLBACK],
};

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes a parsed fontkit font as well as a file (its font factory checks for `layout`). */
      registerFont(name: string, src: Font): this;
    }
  }
}

const require = createRequire(import.meta.url);
const loaded = new Map<FontId, Font>();

/**
 * A font, read and parsed on first use and kept for the life of the process. Documents share it: pdfkit keeps
 * what each document uses (its subset) apart, and parsing the tables again for each document cost ~0.3 s.
 */
function load(id: FontId): Font {
  const had = loaded.get(id);
  if (had) return had;
  let path: string;
  try {
    path = require.resolve(FILES[id]);
  } catch {
    throw new Error(`The font ${id} (${FILES[id]}) is not installed: run npm install.`);
  }
  const parsed = create(readFileSync(path));
  if (!("hasGlyphForCodePoint" in parsed))
    throw new Error(`${FILES[id]} is a font collection, not one font.`);
  loaded.set(id, parsed);
  return parsed;
}

/** Joiners, variation selectors and tag characters: part of an emoji sequence, drawn by none on their own. */
const IGNORABLE = (cp: number) =>
  cp === 0x200d || cp === 0xfe0e || cp === 0xfe0f || (cp >= 0xe0000 && cp <= 0xe007f);
/** A grapheme shown as an emoji: one that is by default, asks to be (U+FE0F), or is a flag. */
const EMOJI_LOOK = /\p{Emoji_Presentation}|\u{FE0F}|\p{Regional_Indicator}/u;
const TEXT_LOOK = /\u{FE0E}/u;
const BLANK = /^\s+$/u;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

function covers(id: FontId, grapheme: string): boolean {
  const font = load(id);
  for (const ch of grapheme) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!IGNORABLE(cp) && !font.hasGlyphForCodePoint(cp)) return false;
  }
  return true;
}

export interface TextRun {
  text: string;
  font: FontId;
}

/**
 * Cuts text into runs of one font each. A grapheme goes to the first font of the face's chain that has all its
 * characters (an emoji to the emoji font first); blanks stay with the run before them. A grapheme no font has
 * stays in the face's first font, where it shows as an empty box and still reads back as itself.
 */
export function textRuns(text: string, face: Face = "sans"): TextRun[] {
  const chain = FACE_CHAINS[face];
  const emojiFont = chain[chain.length - 1];
  const runs: TextRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const last = runs[runs.length - 1];
    let font: FontId | undefined;
    if (last && BLANK.test(segment) && last.font !== emojiFont && covers(last.font, segment))
      font = last.font;
    else {
      const order =
        EMOJI_LOOK.test(segment) && !TEXT_LOOK.test(segment) ? [emojiFont, ...chain.slice(0, -1)] : chain;
      font = order.find((id) => covers(id, segment)) ?? chain[0];
    }
    if (last && last.font === font) last.text += segment;
    else runs.push({ text: segment, font });
  }
  return runs.length ? runs : [{ text: "", font: chain[0] }];
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<FontId>>();

/** Selects a font in the document, embedding it (as a subset, when the document ends) on its first use. */
export function selectFont(doc: PDFKit.PDFDocument, id: FontId): PDFKit.PDFDocument {
  let ids = registered.get(doc);
  if (!ids) {
    ids = new Set();
    registered.set(doc, ids);
  }
  if (!ids.has(id)) {
    doc.registerFont(id, load(id));
    ids.add(id);
  }
  return doc.font(id);
}
