/**
 * Writing text of any script in a pdfkit document: `writeText` lays the text out in lines itself (pdfkit's own
 * wrapping cannot change font inside a line without losing line breaks and height limits), each piece in the
 * font `textRuns` chose for it, on the baseline and line height of the built-in font the face stands in for.
 */
import { type Face, type FontId, selectFont, textRuns } from "./fonts.ts";

/**
 * The built-in font each face stands in for, in thousandths of the size: its ascender (from the top of a line to
 * its baseline) and its line height with gap. Text is set on those, whichever font a piece is in, so the
 * documents keep the layout they had in Helvetica and Times, and a Chinese piece sits on a Latin one's baseline.
 */
const STANDS_IN_FOR: Record<Face, { ascender: number; lineHeight: number }> = {
  sans: { ascender: 718, lineHeight: 1156 }, // Helvetica
  sansBold: { ascender: 718, lineHeight: 1190 }, // Helvetica-Bold
  serif: { ascender: 683, lineHeight: 1116 }, // Times-Roman
  serifBold: { ascender: 683, lineHeight: 1153 }, // Times-Bold
  serifItalic: { ascender: 683, lineHeight: 1100 }, // Times-Italic
};

export interface WriteOptions {
  size: number;
  /** Where the first line's top goes; the document's current position when left out. */
  x?: number;
  y?: number;
  /** The width lines wrap at: to the right margin when left out, as pdfkit does. */
  width?: number;
  /** At most this tall: the lines that do not fit are left out and the last shown ends in "…". */
  height?: number;
  align?: "left" | "center" | "right";
  characterSpacing?: number;
}

/** A piece of a line in one font, with its width; `space` is a blank that may end a line. */
interface Piece {
  text: string;
  font: FontId;
  width: number;
  space: boolean;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const BLANK = /^\s+$/u;
/** Graphemes a line may break before or after without a space: ideographs, kana, Hangul and emoji. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\p{Extended_Pictographic}/u;

type Measure = (text: string, font: FontId) => number;

/** One paragraph as words: each word a list of pieces (a word may change font), its trailing blanks included. */
function words(face: Face, text: string, measure: Measure): Piece[][] {
  const out: Piece[][] = [];
  let word: Piece[] = [];
  const flush = () => {
    if (word.length) out.push(word);
    word = [];
  };
  for (const run of textRuns(text, face)) {
    for (const { segment } of graphemes.segment(run.text)) {
      const space = BLANK.test(segment);
      const wide = WIDE.test(segment);
      if (wide || (!space && word.at(-1)?.space)) flush();
      const last = word.at(-1);
      if (last && last.font === run.font && last.space === space) last.text += segment;
      else word.push({ text: segment, font: run.font, width: 0, space });
      if (wide) flush();
    }
  }
  flush();
  for (const w of out) for (const p of w) p.width = measure(p.text, p.font);
  return out;
}

const widthOf = (pieces: Piece[]) => pieces.reduce((sum, p) => sum + p.width, 0);
const withoutTrailingBlanks = (line: Piece[]) => {
  const out = [...line];
  while (out.length && out[out.length - 1].space) out.pop();
  return out;
};

/** Fills lines greedily; a word wider than a line is cut between graphemes. */
function lines(paragraphWords: Piece[][], width: number, split: (p: Piece) => Piece[]): Piece[][] {
  const out: Piece[][] = [];
  let line: Piece[] = [];
  for (const word of paragraphWords) {
    const blank = word.every((p) => p.space);
    if (!blank && line.length && widthOf(withoutTrailingBlanks(line)) + widthOf(word) > width) {
      out.push(withoutTrailingBlanks(line));
      line = [];
    }
    if (blank && !line.length) continue;
    if (!blank && widthOf(word) > width) {
      for (const piece of word.flatMap(split)) {
        if (line.length && widthOf(line) + piece.width > width) {
          out.push(line);
          line = [];
        }
        line.push(piece);
      }
    } else line.push(...word);
  }
  out.push(withoutTrailingBlanks(line));
  return out;
}

/** Ends a line in "…" (in the face's first font), dropping what no longer fits. */
function ellipsize(face: Face, line: Piece[], width: number, measure: Measure): Piece[] {
  const dots = words(face, "…", measure)[0][0];
  let out = withoutTrailingBlanks(line);
  while (out.length && widthOf(out) + dots.width > width) {
    const last = out[out.length - 1];
    const shorter = [...graphemes.segment(last.text)]
      .slice(0, -1)
      .map((g) => g.segment)
      .join("");
    out = withoutTrailingBlanks([
      ...out.slice(0, -1),
      ...(shorter ? [{ ...last, text: shorter, width: measure(shorter, last.font) }] : []),
    ]);
  }
  return [...out, dots];
}

/** Neighbouring pieces in one font drawn as one (fewer text operators; a Chinese name stays one string). */
function joinSameFont(line: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of line) {
    const last = out.at(-1);
    if (last && last.font === p.font)
      out[out.length - 1] = { ...last, text: last.text + p.text, width: last.width + p.width };
    else out.push(p);
  }
  return out;
}

/** The line height of the last text written in each document, for `moveDown`. */
const lastLine = new WeakMap<PDFKit.PDFDocument, number>();

/**
 * Writes text of any script at `size` in the document's current colour, wrapped at `width`, and leaves the
 * position below it as pdfkit's `text` does. Newlines start new lines; nothing here adds a page.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  options: WriteOptions,
): PDFKit.PDFDocument {
  const { size, align = "left", characterSpacing = 0 } = options;
  const left = options.x ?? doc.x;
  const top = options.y ?? doc.y;
  const width = options.width ?? doc.page.width - left - doc.page.margins.right;
  const metrics = STANDS_IN_FOR[face];
  const lineHeight = (metrics.lineHeight / 1000) * size;
  const baseline = (-metrics.ascender / 1000) * size;

  const measure: Measure = (t, font) =>
    selectFont(doc, font).fontSize(size).widthOfString(t, { characterSpacing }) + characterSpacing;
  const split = (p: Piece): Piece[] =>
    [...graphemes.segment(p.text)].map(({ segment }) => ({
      ...p,
      text: segment,
      width: measure(segment, p.font),
    }));
  let all = text.length
    ? text.split(/\r?\n/).flatMap((para) => lines(words(face, para, measure), width, split))
    : [];
  if (options.height !== undefined) {
    const fit = Math.max(1, Math.floor(options.height / lineHeight + 1e-6));
    if (all.length > fit) all = [...all.slice(0, fit - 1), ellipsize(face, all[fit - 1], width, measure)];
  }

  all.forEach((line, i) => {
    const used = widthOf(line) - (line.length ? characterSpacing : 0);
    let x = left + (align === "right" ? width - used : align === "center" ? (width - used) / 2 : 0);
    for (const piece of joinSameFont(line)) {
      selectFont(doc, piece.font)
        .fontSize(size)
        .text(piece.text, x, top + i * lineHeight, { lineBreak: false, baseline, characterSpacing });
      x += piece.width;
    }
  });
  doc.x = left;
  doc.y = top + all.length * lineHeight;
  lastLine.set(doc, lineHeight);
  return doc;
}

/** `doc.moveDown` by lines of the last text written (as tall as they were in Helvetica or Times). */
export function moveDown(doc: PDFKit.PDFDocument, lines = 1): PDFKit.PDFDocument {
  doc.y += lines * (lastLine.get(doc) ?? doc.currentLineHeight(true));
  return doc;
}
