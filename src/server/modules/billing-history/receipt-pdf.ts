/** A receipt as a PDF (pdfkit, in Noto Sans with fallbacks for any script: see pdf/fonts.ts). */
import PDFDocument from "pdfkit";
import { formatMoney } from "../../../shared/billing-history.ts";
import { BRAND } from "../../../shared/brand.ts";
import { moveDown, writeText } from "../../pdf/text.ts";

export interface ReceiptData {
  number: string;
  title: "Payment receipt" | "Refund receipt";
  memberName: string;
  memberEmail: string;
  /** "16 November 2026", on London's calendar. */
  date: string;
  /** The day the bank was charged, when it differs from the receipt's date. */
  chargeDate: string | null;
  description: string;
  amountPence: number;
  provider: string;
  /** The mandate, masked: "****4F2A". */
  mandate: string | null;
  testMode: boolean;
}

const INK = "#2a1838";
const MUTED = "#6b6275";
const GOLD = "#b08a3e";

/** Renders the receipt; `compress: false` leaves its streams readable, for looking into the file. */
export function receiptPdf(data: ReceiptData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: opts.compress ?? true,
    info: { Title: `${BRAND.name} ${data.title.toLowerCase()} ${data.number}`, Author: BRAND.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(INK);
  writeText(doc, "sansBold", BRAND.name, { size: 26, x: left, y: 56 });
  doc.fillColor(MUTED);
  writeText(doc, "sans", BRAND.tagline, { size: 10 });
  moveDown(doc, 2);
  doc.fillColor(GOLD);
  writeText(doc, "sansBold", data.title.toUpperCase(), { size: 10, characterSpacing: 1.5 });
  moveDown(doc, 0.4);
  doc.fillColor(INK);
  writeText(doc, "sansBold", formatMoney(data.amountPence), { size: 30 });
  doc.fillColor(MUTED);
  writeText(doc, "sans", data.description, { size: 11 });
  moveDown(doc, 1.5);

  const rows: Array<[string, string]> = [
    ["Receipt number", data.number],
    ["Date", data.date],
    ...(data.chargeDate ? ([["Charged on", data.chargeDate]] as Array<[string, string]>) : []),
    ["Billed to", data.memberName],
    ["E-mail", data.memberEmail],
    ["Paid by", "Direct Debit"],
    ["Collected through", data.provider],
    ...(data.mandate ? ([["Mandate", data.mandate]] as Array<[string, string]>) : []),
    ["Amount", formatMoney(data.amountPence)],
  ];
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor("#e4dde8")
    .lineWidth(1)
    .stroke();
  for (const [label, value] of rows) {
    const y = doc.y + 10;
    doc.fillColor(MUTED);
    writeText(doc, "sans", label, { size: 10, x: left, y, width: 160 });
    doc.fillColor(INK);
    writeText(doc, label === "Amount" ? "sansBold" : "sans", value, {
      size: 10,
      x: left + 170,
      y,
      width: width - 170,
    });
    doc
      .moveTo(left, doc.y + 8)
      .lineTo(left + width, doc.y + 8)
      .strokeColor("#eee8f1")
      .stroke();
    doc.y += 8;
  }
  moveDown(doc, 2);
  doc.fillColor(MUTED);
  writeText(
    doc,
    "sans",
    `${data.testMode ? "Test mode: this payment was simulated and no money moved. " : ""}` +
      "Payments are collected by Direct Debit and protected by the Direct Debit Guarantee. " +
      `Questions about this receipt: ${BRAND.supportEmail}.`,
    { size: 9, x: left, y: doc.y, width },
  );
  doc.end();
  return done;
}
