/**
 * The sync's row limit (issue 32, item 8): a sheet of exactly VENUE_SYNC.maxRows venues plus its header is
 * accepted, as .csv and .xlsx, even with every column filled as in the template's example (its size fits the
 * upload limit); one more venue row is refused with the row limit's message.
 */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { TEMPLATE_EXAMPLE, venueSheet } from "../../src/server/modules/admin/venues/spreadsheet-columns.ts";
import { unpackZip } from "../../src/server/modules/admin/venues/sync/zip-guard.ts";
import { SYNC_MSG, VENUE_SYNC } from "../../src/shared/admin/venue-sync.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const admin = await t.admin();

const preview = (file: Buffer, fileName: string) =>
  t.request({
    method: "POST",
    url: `/api/admin/venues/sync/preview?filename=${fileName}`,
    as: admin,
    headers: { "content-type": "application/octet-stream" },
    payload: file,
  });

/** A .csv cell as Excel writes it. */
const cell = (v: unknown) => {
  const text = String(v ?? "");
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The template's columns, and `count` rows each as full as its example (names and addresses differ). */
function fullCsv(count: number): Buffer {
  const { columns } = venueSheet([]);
  const lines = [columns.map((c) => cell(c.header)).join(",")];
  for (let i = 1; i <= count; i++) {
    const row = {
      ...TEMPLATE_EXAMPLE,
      name: `${TEMPLATE_EXAMPLE.name} ${i}`,
      address: `${i} Example Street, London W1D 4HS`,
    };
    lines.push(columns.map((c) => cell(c.value(row))).join(","));
  }
  return Buffer.from(lines.join("\r\n"));
}

const shortCsv = (count: number) => {
  const lines = ["Name,City,Type"];
  for (let i = 1; i <= count; i++) lines.push(`Venue ${i},London,wellness`);
  return Buffer.from(lines.join("\n"));
};

describe("a sheet at the row limit", { timeout: 120_000 }, () => {
  it(`a .csv of exactly ${VENUE_SYNC.maxRows} venues, every column filled, plus its header is previewed`, async () => {
    const file = fullCsv(VENUE_SYNC.maxRows);
    // Bigger than the old 5 MB limit: such a sheet was refused for its size.
    expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(file.length).toBeLessThan(VENUE_SYNC.maxBytes);
    const res = await preview(file, "venues.csv");
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({
      rows: VENUE_SYNC.maxRows,
      counts: { new: VENUE_SYNC.maxRows, problems: 0 },
    });
  });

  it("one venue row more is refused with the row limit's message (the header is not counted)", async () => {
    const ok = await preview(shortCsv(VENUE_SYNC.maxRows), "venues.csv");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rows).toBe(VENUE_SYNC.maxRows);
    const over = await preview(shortCsv(VENUE_SYNC.maxRows + 1), "venues.csv");
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(SYNC_MSG.tooManyRows);
    expect(SYNC_MSG.tooManyRows).toBe("The file has more than 20,000 rows; split it into smaller files");
  });

  it(`an .xlsx of exactly ${VENUE_SYNC.maxRows} venue rows plus its header is previewed; one more is refused`, async () => {
    const xlsx = async (count: number) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet("Venues");
      ws.addRow(["Name", "City", "Type"]);
      for (let i = 1; i <= count; i++) ws.addRow([`Venue ${i}`, "London", "wellness"]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const ok = await preview(await xlsx(VENUE_SYNC.maxRows), "venues.xlsx");
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.json().rows).toBe(VENUE_SYNC.maxRows);
    const over = await preview(await xlsx(VENUE_SYNC.maxRows + 1), "venues.xlsx");
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(SYNC_MSG.tooManyRows);
  });
});

/** An .xlsx of `count` short venue rows under a header, written by exceljs's streaming writer. */
async function streamedXlsx(count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const ws = wb.addWorksheet("Venues");
  ws.addRow(["Name", "City", "Type"]).commit();
  for (let i = 1; i <= count; i++) ws.addRow([`Venue ${i}`, "London", "wellness"]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe("a sheet far past the row limit", { timeout: 120_000 }, () => {
  it("a 200,000-row .xlsx is told the row limit, as a .csv is, not that it may be a zip bomb", async () => {
    const file = await streamedXlsx(200_000);
    expect(file.length).toBeLessThan(VENUE_SYNC.maxBytes);
    // Too big to unpack whole: the size check alone would call it damaged or a bomb.
    expect(() => unpackZip(file)).toThrow(SYNC_MSG.unpackedTooLarge);
    const res = await preview(file, "venues.xlsx");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SYNC_MSG.tooManyRows);
  });
});
