import { describe, expect, it } from "vitest";
import { type FontId, textRuns } from "../../src/server/pdf/fonts.ts";

/** The runs as [text, font] pairs, easier to read in a failure. */
const runs = (...args: Parameters<typeof textRuns>) => textRuns(...args).map((r) => [r.text, r.font]);

describe("textRuns: which embedded font draws each part of a text", () => {
  it("keeps Latin, Greek and Cyrillic in Noto Sans, in one run", () => {
    expect(runs("Zoë Łukasz, Ελένη and Дмитрий – £20.00 “paid”")).toEqual([
      ["Zoë Łukasz, Ελένη and Дмитрий – £20.00 “paid”", "NotoSans-Regular"],
    ]);
  });

  it("falls back per character: a Latin name and a Chinese one on one line use both fonts", () => {
    expect(runs("For Sam & 李明")).toEqual([
      ["For Sam & ", "NotoSans-Regular"],
      ["李明", "NotoSansSC-Regular"],
    ]);
  });

  it("draws kana with the Chinese font, Hangul with the Korean one, and a blank stays with the run before it", () => {
    expect(runs("さくら 김민지 Zoë")).toEqual([
      ["さくら ", "NotoSansSC-Regular"],
      ["김민지 ", "NotoSansKR-Regular"],
      ["Zoë", "NotoSans-Regular"],
    ]);
  });

  it("draws emoji in Noto Emoji, a joined sequence and a flag whole, so the font's ligature can draw them", () => {
    expect(runs("Sam 💜")).toEqual([
      ["Sam ", "NotoSans-Regular"],
      ["💜", "NotoEmoji-Regular"],
    ]);
    expect(runs("👩‍❤️‍👨🇬🇧")).toEqual([["👩‍❤️‍👨🇬🇧", "NotoEmoji-Regular"]]);
    // A blank after an emoji goes back to the text font (Noto Emoji's is an emoji's width).
    expect(runs("💜 x")).toEqual([
      ["💜", "NotoEmoji-Regular"],
      [" x", "NotoSans-Regular"],
    ]);
  });

  it("keeps © and ® (pictographs shown as text by default) in the text font", () => {
    expect(runs("Unveil® ©2026")).toEqual([["Unveil® ©2026", "NotoSans-Regular"]]);
  });

  it("uses each face's own fonts: bold throughout, serif and italic with the sans CJK and emoji", () => {
    expect(runs("Sam 李明 💜", "sansBold").map(([, f]) => f)).toEqual<FontId[]>([
      "NotoSans-Bold",
      "NotoSansSC-Bold",
      "NotoEmoji-Bold",
    ]);
    expect(runs("Ελένη 김민지", "serifItalic").map(([, f]) => f)).toEqual<FontId[]>([
      "NotoSerif-Italic",
      "NotoSansKR-Regular",
    ]);
    expect(runs("Gold · 3 months", "serif")).toEqual([["Gold · 3 months", "NotoSerif-Regular"]]);
  });

  it("leaves a character no font has in the face's first font (an empty box that still reads as itself)", () => {
    expect(runs("Sam ཀ")).toEqual([["Sam ཀ", "NotoSans-Regular"]]);
  });

  it("loses and reorders nothing: the runs put back together are the text", () => {
    for (const text of [
      "",
      "   ",
      "Zoë Łukasz Ελένη Дмитрий 李明 さくら 김민지 Sam 💜",
      "👨‍👩‍👧‍👦 family 1️⃣ ❤ ❤️ ☺︎",
      "e\u0301 combining, 李 明\n二行",
    ]) {
      const parts = textRuns(text);
      expect(parts.map((r) => r.text).join("")).toBe(text);
      expect(parts.length).toBeGreaterThan(0);
      // Neighbouring runs never share a font (they would be one run).
      for (let i = 1; i < parts.length; i++) expect(parts[i].font).not.toBe(parts[i - 1].font);
    }
  });
});
