/**
 * Our segment count (src/shared/sms-text.ts) against Twilio's own calculator (sms-segments-calculator): the same
 * encoding and number of segments for any text. Ours stays in the product because it is about 250 times faster
 * (composeSms and fitSms count a text again on every pass; decision 0082), so the library is only the oracle.
 */
import fc from "fast-check";
import { SegmentedMessage } from "sms-segments-calculator";
import { describe, expect, it } from "vitest";
import { smsLength } from "../../src/shared/sms-text.ts";

/** Mostly GSM text, with the extension table's characters and a few that force UCS-2. */
const character = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(..."abcdefghij ABC 0123.,!?@£$è\n") },
  { weight: 4, arbitrary: fc.constantFrom(..."€[]{}\\~^|") },
  { weight: 1, arbitrary: fc.constantFrom("\u2019", "😀", "Ê", "ç", "\u2014", "…", "中") },
);

describe("segments as Twilio counts them", () => {
  it("the same encoding and segment count for any text up to three segments and more", () => {
    fc.assert(
      fc.property(fc.array(character, { maxLength: 480 }), (chars) => {
        const text = chars.join("");
        const ours = smsLength(text);
        const theirs = new SegmentedMessage(text);
        expect([ours.encoding, ours.segments]).toEqual([theirs.encodingName, theirs.segmentsCount]);
      }),
      { numRuns: 200, seed: 82 },
    );
  });

  it("at the edges: 160 and 161 GSM characters, 70 and 71 in UCS-2, an extension character across a split", () => {
    for (const text of [
      "a".repeat(160),
      "a".repeat(161),
      "é".repeat(306),
      "é".repeat(307),
      `${"a".repeat(152)}€b`,
    ])
      expect(smsLength(text).segments, text.length.toString()).toBe(new SegmentedMessage(text).segmentsCount);
    for (const text of ["\u2019".repeat(70), "\u2019".repeat(71), `${"a".repeat(66)}😀`])
      expect(smsLength(text).segments, text.length.toString()).toBe(new SegmentedMessage(text).segmentsCount);
  });
});
