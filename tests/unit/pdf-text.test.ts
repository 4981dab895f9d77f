import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { moveDown, writeText } from "../../src/server/pdf/text.ts";
import { pdfFonts, pdfToText } from "../helpers/pdf.ts";

/** A document to write in, and its bytes once ended. */
function page() {
  const doc = new PDFDocument({ size: "A4", margin: 56 });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  return {
    doc,
    end: () => {
      doc.end();
      return bytes;
    },
  };
}

const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

// Helvetica's line height with gap at 10 pt: the sans face keeps it.
const LINE_10PT = 11.56;

describe("writeText", () => {
  it("sets one line of mixed scripts on one baseline and moves down one Helvetica line", async () => {
    const { doc, end } = page();
    writeText(doc, "sans", "Billed to Zoë and 李明 김민지 💜", { size: 10, x: 56, y: 100 });
    expect(doc.y).toBeCloseTo(100 + LINE_10PT, 5);
    expect(doc.x).toBe(56);
    const pdf = await end();
    expect(linesOf(pdfToText(pdf))).toEqual(["Billed to Zoë and 李明 김민지 💜"]);
  });

  it("starts a new line at each newline, a blank line included", async () => {
    const { doc, end } = page();
    writeText(doc, "serifItalic", "Dear 李明,\n\nwith love — Ελένη 💜", {
      size: 10,
      x: 56,
      y: 100,
      width: 400,
    });
    expect(doc.y).toBeCloseTo(100 + 3 * 11, 5); // Times-Italic's 1.1
    expect(linesOf(pdfToText(await end()))).toEqual(["Dear 李明,", "with love — Ελένη 💜"]);
  });

  it("wraps at the width between words and between ideographs, never losing a character", async () => {
    const { doc, end } = page();
    const text = "Zoë Łukasz 李明さくら김민지 Дмитрий Ελένη 💜 ".repeat(6).trim();
    writeText(doc, "sans", text, { size: 10, x: 56, y: 100, width: 150 });
    const lines = Math.round((doc.y - 100) / LINE_10PT);
    expect(lines).toBeGreaterThan(4);
    const read = linesOf(pdfToText(await end()));
    expect(read).toHaveLength(lines);
    expect(read.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });

  it("stops at the height with an ellipsis, and nothing is drawn below it", async () => {
    const { doc, end } = page();
    writeText(doc, "sans", "one\ntwo\nthree\nfour\nfive", { size: 10, x: 56, y: 100, height: 3 * LINE_10PT });
    expect(doc.y).toBeCloseTo(100 + 3 * LINE_10PT, 5);
    expect(linesOf(pdfToText(await end()))).toEqual(["one", "two", "three…"]);
  });

  it("aligns right within the width, and an empty text takes no room", async () => {
    const { doc, end } = page();
    writeText(doc, "sans", "", { size: 10, x: 56, y: 100 });
    expect(doc.y).toBe(100);
    writeText(doc, "sans", "Valid until 26 November 2028", {
      size: 9,
      x: 300,
      y: 100,
      width: 180,
      align: "right",
    });
    moveDown(doc, 2);
    expect(doc.y).toBeCloseTo(100 + 3 * 9 * 1.156, 5);
    const pdf = await end();
    expect(linesOf(pdfToText(pdf))).toEqual(["Valid until 26 November 2028"]);
    expect(pdfFonts(pdf).map((f) => f.name)).toEqual(["NotoSans-Regular"]);
  });
});
