import {
  SYNC_MSG,
  VENUE_SHEET_COLUMNS,
  VENUE_SYNC,
  type VenueInput,
  type VenueSheetColumn,
  venueCreateSchema,
} from "../../../../../shared/admin/venues.ts";
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
const cellValue = (text: string) => unescapeCell(text).trim();

/** Finds the header row (the first row) and maps each data row's cells to the template's columns. */
export function sheetRows(grid: GridRow[]): { columns: Set<VenueSheetColumn>; rows: SheetRow[] } {
  const [header, ...data] = grid;
  if (!header) throw badRequest(SYNC_MSG.noRows);
  if (data.length > VENUE_SYNC.maxRows) throw badRequest(SYNC_MSG.tooManyRows);
  const indexOf = new Map<VenueSheetColumn, number>();
  header.cells.forEach((text, i) => {
    const key = text.toLowerCase().replace(/[^a-z]/g, "");
    const column = VENUE_SHEET_COLUMNS.find((c) => HEADER_ALIASES[c].includes(key));
    if (column && !indexOf.has(column)) indexOf.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !indexOf.has(c));
  if (missing.length > 0) throw badRequest(SYNC_MSG.missingColumns(missing));
  if (data.length === 0) throw badRequest(SYNC_MSG.noRows);
  const rows = data.map((r) => {
    const cells: SheetRow["cells"] = {};
    for (const [column, i] of indexOf) cells[column] = cellValue(r.cells[i] ?? "");
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
