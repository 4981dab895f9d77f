/**
 * Receipts and gift cards for every name: Latin with accents, Polish, Greek, Cyrillic, Chinese, Japanese, Korean
 * and emoji. Each PDF is read back as a person would (pdftotext for the words, pdffonts for the fonts, pdftoppm
 * for the picture, left in test-results/pdf/ to look at); poppler-utils missing fails these tests.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import type { BillingOverview } from "../../src/shared/member-api.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { giftShop } from "../helpers/gifts.ts";
import { pdfFonts, pdfToPng, pdfToText, pngSize } from "../helpers/pdf.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp();
beforeEach(() => t.clock.set(new Date("2026-10-16T10:00:00Z")));

/** pdftotext ends lines where the PDF does; a name is one line here, so lines are compared whole. */
const lines = (pdf: Buffer) =>
  pdfToText(pdf)
    .split("\n")
    .map((l) => l.trim());
const fontNames = (pdf: Buffer) => pdfFonts(pdf).map((f) => f.name);

/** Every font but the gift code's Courier is embedded, as a subset. */
function expectEmbeddedSubsets(pdf: Buffer) {
  for (const font of pdfFonts(pdf).filter((f) => f.name !== "Courier-Bold"))
    expect(font, font.name).toMatchObject({ embedded: true, subset: true });
}

/** Renders the first page; pdftoppm must draw it without a complaint about a font. */
function expectRenders(pdf: Buffer, name: string, size: { width: number; height: number }) {
  const { png, warnings } = pdfToPng(pdf, name);
  expect(warnings).toBe("");
  const drawn = pngSize(png);
  // pdftoppm rounds a page's edges to whole pixels its own way: within a pixel.
  expect(Math.abs(drawn.width - size.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(drawn.height - size.height)).toBeLessThanOrEqual(1);
}

/** A member's session started now (a month on, the one from before has expired). */
const fresh = async (me: SignedIn): Promise<SignedIn> => ({
  ...me,
  cookie: `unveil_sid=${await createSession(t.db, me.user.id, t.clock.now())}`,
});

/** The receipt of the member's first payment, a month after they subscribed. */
async function receiptOf(member: SignedIn): Promise<Buffer> {
  await subscribe(t, member, "gold");
  t.clock.set(new Date("2026-11-20T10:00:00Z"));
  const m = await fresh(member);
  const overview = await t.request({ method: "GET", url: "/api/billing", as: m });
  expect(overview.statusCode, overview.body).toBe(200);
  const row = (overview.json() as BillingOverview).history.find((h) => h.receiptAvailable)!;
  const res = await t.request({ method: "GET", url: `/api/billing/receipts/${row.id}.pdf`, as: m });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  return res.rawPayload;
}

// A4 portrait and landscape at 60 dpi.
const PORTRAIT = { width: 496, height: 702 };
const LANDSCAPE = { width: 702, height: 496 };

describe("a receipt for every name", () => {
  it("prints a name in Latin, Greek, Cyrillic, Chinese, Japanese, Korean and an emoji, each in its font", async () => {
    const m = await t.member({ firstName: "Zoë Ελένη Дмитрий", lastName: "李明 さくら 김민지 Łukasz 💜" });
    const pdf = await receiptOf(m);
    expect(lines(pdf)).toContain("Zoë Ελένη Дмитрий 李明 さくら 김민지 Łukasz 💜");
    expect(lines(pdf)).toContain("Billed to");
    expect(fontNames(pdf)).toEqual(
      expect.arrayContaining([
        "NotoSans-Regular",
        "NotoSans-Bold",
        "NotoSansSC-Regular",
        "NotoSansKR-Regular",
        "NotoEmoji-Regular",
      ]),
    );
    expectEmbeddedSubsets(pdf);
    // Subsets: the Chinese and Korean fonts are 10 MB and 6 MB whole.
    expect(pdf.length).toBeLessThan(60_000);
    expectRenders(pdf, "receipt-every-script", PORTRAIT);
  });

  it("embeds only the fonts a receipt uses: a Latin name needs no Chinese, Korean or emoji font", async () => {
    const m = await t.member({ firstName: "Zoë", lastName: "Łukasz" });
    const pdf = await receiptOf(m);
    expect(lines(pdf)).toContain("Zoë Łukasz");
    expect(fontNames(pdf).sort()).toEqual(["NotoSans-Bold", "NotoSans-Regular"]);
    expectEmbeddedSubsets(pdf);
    expectRenders(pdf, "receipt-latin", PORTRAIT);
  });
});

describe("a gift card for every name", () => {
  const shop = giftShop(t, {
    buyerName: "Дмитрий 💜",
    recipientNames: "李明 & さくら & 김민지",
    message: "Για την Ελένη, με αγάπη — Łukasz 🎉",
  });

  it("prints the names and the message, in the card's download and in the buyer's e-mail", async () => {
    t.clock.set(new Date("2026-11-26T09:00:00Z"));
    const { token } = await shop.buyGift();
    const res = await t.request({ method: "GET", url: `/api/gifts/manage/card?token=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const download = res.rawPayload;
    const mailed = t.mail.find((mail) => mail.type === "gift_receipt" && mail.to === shop.order.buyerEmail)!
      .attachments![0].content;
    for (const pdf of [download, Buffer.from(mailed)]) {
      const text = lines(pdf);
      expect(text).toContain("For 李明 & さくら & 김민지");
      expect(text).toContain("From Дмитрий 💜");
      expect(text).toContain("“Για την Ελένη, με αγάπη — Łukasz 🎉”");
      expect(text).toContain("Gold · 3 months");
      expect(fontNames(pdf)).toEqual(
        expect.arrayContaining([
          "NotoSerif-Bold",
          "NotoSerif-Regular",
          "NotoSerif-Italic",
          "NotoSans-Regular",
          "NotoSans-Bold",
          "NotoSansSC-Bold",
          "NotoSansKR-Bold",
          "NotoEmoji-Regular",
          "Courier-Bold",
        ]),
      );
      expectEmbeddedSubsets(pdf);
      expect(pdf.length).toBeLessThan(80_000);
    }
    expectRenders(download, "gift-card-every-script", LANDSCAPE);
  });
});
