import { describe, expect, it } from "vitest";
import { shortLinkLabel } from "../../src/server/modules/email/layout.ts";
import {
  mailSamples,
  REVEAL_ADDRESS_LINE,
  REVEAL_VENUE,
  revealSample,
  sampleDate,
} from "../helpers/mail-samples.ts";

const URL_RE = /https?:\/\/[^\s<>"')]+/g;
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
/** What a reader sees of the HTML: the body without tags, the hidden preheader and the link targets. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&");

describe("the reveal e-mail's plain text", () => {
  const m = revealSample();
  const lines = m.text.split("\n");

  it("opens on the venue: its name, then its address once, then a directions link", () => {
    const name = lines.indexOf(REVEAL_VENUE.name);
    expect(lines.slice(0, name)).toEqual(["Your date is revealed", "", "Hello Samantha-Josephine,", ""]);
    expect(lines[name + 1]).toBe(REVEAL_ADDRESS_LINE);
    expect(lines[name + 2]).toMatch(
      /^Get directions: https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=\S+$/,
    );
    expect(count(m.text, REVEAL_VENUE.address)).toBe(1);
    expect(count(m.text, "123 Bermondsey Street")).toBe(1);
    expect(count(m.text, REVEAL_VENUE.name)).toBe(1);
  });

  it("says when, the plan, what to wear and what to pay, each on its own line", () => {
    expect(lines).toContain("When: Saturday, 5 December 2026 at 19:30");
    expect(lines).toContain(
      "The plan: Candlelit supper. Seven small plates by candlelight, each paired with a glass chosen by the sommelier.",
    );
    expect(lines).toContain("Dress code: Smart casual");
    expect(lines.find((l) => l.startsWith("To pay: "))).toMatch(
      /covers the planning and the booking\. At the venue you pay for what you order: usually £80\+ per person \(£££\) here\./,
    );
    expect(lines).toContain("Confirm your date: https://unveil.example/dates/42");
  });

  it("keeps its subject and, without a venue or an idea, still reads", () => {
    expect(m.subject).toBe(
      "Your date is revealed: The Lantern Room at Bermondsey Street, Saturday, 5 December 2026 at 19:30",
    );
    const bare = revealSample({ ...sampleDate, venue: null, idea: null });
    expect(bare.text).toContain("Dress code: Come as you are");
    expect(bare.text).not.toContain("Get directions");
    expect(bare.text).toMatch(/At the venue you pay for what you order\./);
  });

  it("shows the address once in the HTML, after the name, with a directions button", () => {
    const seen = visibleText(m.html);
    expect(count(seen, REVEAL_VENUE.address)).toBe(1);
    expect(seen.indexOf(REVEAL_VENUE.name)).toBeLessThan(seen.indexOf(REVEAL_VENUE.address));
    expect(m.html).toMatch(
      /<a href="https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=[^"]+"[^>]*>Get directions<\/a>/,
    );
  });
});

describe("every e-mail's plain text and HTML", () => {
  for (const { name, mail } of mailSamples()) {
    it(`${name}: no line is a bare address, a line has at most one link, and no link repeats`, () => {
      const lines = mail.text.split("\n");
      for (const line of lines) {
        expect(line.trim(), line).not.toMatch(/^https?:\/\/\S+$/);
        expect((line.match(URL_RE) ?? []).length, line).toBeLessThanOrEqual(1);
      }
      const urls = mail.text.match(URL_RE) ?? [];
      expect(new Set(urls).size, urls.join("\n")).toBe(urls.length);
    });

    // A campaign's body is the operators' own HTML, shown as they wrote it.
    if (name !== "campaign")
      it(`${name}: the HTML shows no raw long link as text`, () => {
        const long = (visibleText(mail.html).match(URL_RE) ?? []).filter((u) => u.length > 32);
        expect(long).toEqual([]);
      });
  }
});

describe("short link labels", () => {
  it("keeps a short address, shortens a long one to its host", () => {
    expect(shortLinkLabel("https://unveil.example/dates/42")).toBe("unveil.example/dates/42");
    expect(shortLinkLabel(`https://unveil.example/reset?token=${"x".repeat(40)}`)).toBe("unveil.example/…");
  });
});
