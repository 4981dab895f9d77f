/**
 * The printable gift card (pdfkit, in Noto Sans and Noto Serif with fallbacks for any script: see pdf/fonts.ts;
 * the code in built-in Courier, as it is only letters and digits), in the product's look: a plum card with gold
 * lettering on an ivory A4 landscape page, the code in groups.
 */
import PDFDocument from "pdfkit";
import { moveDown, writeText } from "../../../server/pdf/text.ts";
import { BRAND } from "../../../shared/brand.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { formatGiftCode } from "../shared/schemas.ts";

export interface GiftCardData {
  tier: TierId;
  months: number;
  from: string;
  to: string;
  message: string;
  code: string;
  /** "26 November 2028" */
  validUntil: string;
  redeemUrl: string;
}

const PLUM = "#3b1d3a";
const IVORY = "#faf7f2";
const GOLD = "#d8b25c";
const SOFT = "#e8dfd3";

export function giftCardPdf(data: GiftCardData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    compress: opts.compress ?? true,
    info: { Title: `${BRAND.name} gift card`, Author: BRAND.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const W = doc.page.width;
  const H = doc.page.height;
  doc.rect(0, 0, W, H).fill(IVORY);
  const m = 48;
  doc.roundedRect(m, m, W - 2 * m, H - 2 * m, 18).fill(PLUM);
  doc
    .roundedRect(m + 14, m + 14, W - 2 * m - 28, H - 2 * m - 28, 12)
    .lineWidth(1)
    .strokeColor(GOLD)
    .stroke();
  const inner = m + 48;
  const width = W - 2 * inner;
  const months = `${data.months} month${data.months === 1 ? "" : "s"}`;
  const tier = TIERS[data.tier];

  doc.fillColor(GOLD);
  writeText(doc, "serifBold", BRAND.name, { size: 30, x: inner, y: inner - 4, width });
  doc.fillColor(SOFT);
  writeText(doc, "sans", "A GIFT OF MYSTERY DATES IN LONDON", {
    size: 10,
    x: inner,
    y: inner + 34,
    width,
    characterSpacing: 2,
  });
  doc.fillColor(IVORY);
  writeText(doc, "serif", `${tier.name} · ${months}`, { size: 34, x: inner, y: inner + 76, width });
  doc.fillColor(SOFT);
  writeText(
    doc,
    "sans",
    `${tier.datesPerMonth} surprise date${tier.datesPerMonth === 1 ? "" : "s"} a month, planned for you and revealed 48 hours before.`,
    { size: 12, width },
  );
  moveDown(doc, 1.2);
  doc.fillColor(GOLD);
  writeText(doc, "sansBold", `For ${data.to}`, { size: 12, width });
  doc.fillColor(SOFT);
  writeText(doc, "sans", `From ${data.from}`, { size: 12, width });
  if (data.message) {
    moveDown(doc, 0.8);
    doc.fillColor(IVORY);
    writeText(doc, "serifItalic", `“${data.message}”`, {
      size: data.message.length > 250 ? 11 : 14,
      width: width * 0.9,
      height: 120,
    });
  }
  const codeY = H - m - 150;
  doc.roundedRect(inner, codeY, width, 78, 10).fill(IVORY);
  doc.fillColor(PLUM);
  writeText(doc, "sans", "YOUR GIFT CODE", { size: 9, x: inner + 20, y: codeY + 12, characterSpacing: 2 });
  doc
    .font("Courier-Bold")
    .fontSize(28)
    .text(formatGiftCode(data.code), inner + 20, codeY + 30, { characterSpacing: 2 });
  doc.fillColor("#67566a");
  writeText(doc, "sans", `Valid until ${data.validUntil}`, {
    size: 9,
    x: inner + width - 200,
    y: codeY + 16,
    width: 180,
    align: "right",
  });
  doc.fillColor(SOFT);
  writeText(doc, "sans", `Redeem at ${data.redeemUrl}`, { size: 10, x: inner, y: H - m - 56, width });
  doc.end();
  return done;
}
