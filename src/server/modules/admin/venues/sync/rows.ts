import {
  SYNC_MSG,
  VENUE_SHEET_COLUMNS,
  VENUE_SYNC,
  type VenueSheetColumn,
} from "../../../../../shared/admin/venue-sync.ts";
import { type VenueInput, venueCreateSchema } from "../../../../../shared/admin/venues.ts";
import { badRequest } from "../../../../http-error.ts";
import { unescapeCell } from "../../spreadsheet.ts";
import type { GridRow } from "./grid.ts";

/** Header spellings accepted for each column (compared as lowercase letters only). */
const HEADER_ALIASES: Record<VenueSheetColumn, string[]> = {
  ID: ["id", "venueid"],
  Name: ["name", "venuename", "venue"],
  Address: ["address", "streetaddress"],
  City: ["city", "town"],
  Type: ["type", "venuetype"],
  "Price Level": ["pricelevel", "price"],
  "Experience Description": ["experiencedescription", "experienceblurb", "experience", "description"],
  Features: ["features"],
  "Accessibility Features": ["accessibilityfeatures", "accessibility"],
  "Dietary Accommodations": ["dietaryaccommodations", "dietary", "dietaryoptions"],
  Phone: ["phone", "phonenumber", "telephone"],
  Website: ["website", "url", "web"],
};
const REQUIRED: VenueSheetColumn[] = ["Name", "City", "Type"];

/** One data row of the sheet: its cells by column (only the columns the sheet has). */
export interface SheetRow {
  line: number;
  cells: Partial<Record<VenueSheetColumn, string>>;
}

/**
 * Exports write formula-like text behind an apostrophe (formula injection); reading it back removes exactly
 * that apostrophe, so an exported file syncs back unchanged.
 */
function cellValue(text: string, max: number): string {
  // Far longer than any value the column accepts, even with spaces around it: only its start is kept, still
  // too long, so the row is refused with the column's message without the rest ever being walked.
  if (text.length > max + 1_000) return unescapeCell(text.slice(0, max + 1));
  return unescapeCell(text).trim();
}

/** The longest text a column may hold (a list may come as one text); longer cells are refused anyway. */
const LIST_COLUMNS = new Set<VenueSheetColumn>([
  "Features",
  "Accessibility Features",
  "Dietary Accommodations",
]);
const LIST_TEXT_MAX = 10_000;
const TEXT_MAX = 2_000;

/** Finds the header row (the first row) and maps each data row's cells to the template's columns. */
export function sheetRows(grid: GridRow[]): { columns: Set<VenueSheetColumn>; rows: SheetRow[] } {
  const [header, ...data] = grid;
  if (!header) throw badRequest(SYNC_MSG.noRows);
  if (data.length > VENUE_SYNC.maxRows) throw badRequest(SYNC_MSG.tooManyRows);
  const indexOf = new Map<VenueSheetColumn, number>();
  header.cells.forEach((text, i) => {
    // Headers are short; a long one names no column (and is not lower-cased at megabyte length).
    const key = text.length > 60 ? "" : text.toLowerCase().replace(/[^a-z]/g, "");
    const column = VENUE_SHEET_COLUMNS.find((c) => HEADER_ALIASES[c].includes(key));
    if (column && !indexOf.has(column)) indexOf.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !indexOf.has(c));
  if (missing.length > 0) throw badRequest(SYNC_MSG.missingColumns(missing));
  if (data.length === 0) throw badRequest(SYNC_MSG.noRows);
  const rows = data.map((r) => {
    const cells: SheetRow["cells"] = {};
    // A workbook's shared string (or an .xls SST entry) of megabytes can fill every cell of 20,000 rows from a
    // small file; lower-casing, trimming and comparing those took minutes. Such cells are cut (see cellValue).
    for (const [column, i] of indexOf)
      cells[column] = cellValue(r.cells[i] ?? "", LIST_COLUMNS.has(column) ? LIST_TEXT_MAX : TEXT_MAX);
    return { line: r.line, cells };
  });
  return { columns: new Set(indexOf.keys()), rows };
}

/** Excel drops a phone number's leading zero when the cell holds a number (2079460000). */
const phoneText = (text: string) => (/^[1-9]\d{9}$/.test(text) ? `0${text}` : text);

/**
 * A row's venue by the venue form's own rules, or the problem in the spec's words. Columns the sheet lacks
 * are left undefined (an update keeps the stored value).
 */
export function validateRow(row: SheetRow): { venue: VenueInput } | { problem: string } {
  const c = row.cells;
  if (!c.Name || !c.City || !c.Type) return { problem: SYNC_MSG.missingFields(row.line) };
  const hasContact = c.Phone !== undefined || c.Website !== undefined;
  const parsed = venueCreateSchema.safeParse({
    name: c.Name,
    address: c.Address,
    city: c.City,
    type: c.Type,
    priceLevel: c["Price Level"] || undefined,
    experienceBlurb: c["Experience Description"],
    features: c.Features,
    accessibilityFeatures: c["Accessibility Features"],
    dietaryAccommodations: c["Dietary Accommodations"],
    contactInfo: hasContact
      ? { phone: c.Phone === undefined ? undefined : phoneText(c.Phone), website: c.Website }
      : undefined,
  });
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    const value = (col: VenueSheetColumn) => c[col]?.slice(0, 40);
    const detailed = messages.map((m) =>
      m.startsWith("Type must")
        ? `${m} (found "${value("Type")}")`
        : m.startsWith("Price level")
          ? `${m} (found "${value("Price Level")}")`
          : m,
    );
    return { problem: SYNC_MSG.rowInvalid(row.line, detailed.join("; ")) };
  }
  return { venue: parsed.data };
}
