import {
  SYNC_MSG,
  VENUE_SHEET_COLUMNS,
  VENUE_SYNC,
  type VenueSheetColumn,
} from "../../../../../shared/admin/venue-sync.ts";
import {
  openingHoursSchema,
  type VenueInput,
  venueCreateSchema,
} from "../../../../../shared/admin/venues.ts";
import { emptyHours } from "../../../../../shared/venue-hours.ts";
import { badRequest } from "../../../../http-error.ts";
import { unescapeCell } from "../../spreadsheet.ts";
import { type ClosureCellItem, parseClosuresCell } from "./closures-cell.ts";
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
  "Booking Email": ["bookingemail", "bookingsemail", "bookingemailaddress", "reservationemail", "email"],
  "Booking Phone": ["bookingphone", "bookingsphone", "bookingtelephone", "reservationphone"],
  "Booking Contact": ["bookingcontact", "bookingcontactname", "bookingscontact", "contactname"],
  "Opening Hours": ["openinghours", "openingtimes", "hours"],
  Capacity: ["capacity"],
  Closures: ["closures", "closeddays", "closuredays"],
  "Opens On Holidays": [
    "opensonholidays",
    "openonholidays",
    "opensonbankholidays",
    "bankholidays",
    "holidays",
  ],
  Status: ["status"],
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
  "Closures",
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

/** Which column each field of the venue schema comes from (an issue's path names the field). */
const FIELD_COLUMNS: Record<string, VenueSheetColumn> = {
  name: "Name",
  address: "Address",
  city: "City",
  type: "Type",
  priceLevel: "Price Level",
  experienceBlurb: "Experience Description",
  features: "Features",
  accessibilityFeatures: "Accessibility Features",
  dietaryAccommodations: "Dietary Accommodations",
  phone: "Phone",
  website: "Website",
  bookingEmail: "Booking Email",
  bookingPhone: "Booking Phone",
  bookingContactName: "Booking Contact",
  openingHours: "Opening Hours",
  capacity: "Capacity",
  closures: "Closures",
  opensOnHolidays: "Opens On Holidays",
  status: "Status",
};

/** Messages the sheet words its own way (the API's say "true or false"; a cell says Yes or No). */
export const SHEET_CELL_MSG = {
  yesNo: "Opens On Holidays must be Yes or No",
  status: "Status must be Active or Archived",
} as const;

/** Yes / No (also TRUE / FALSE, Y / N, 1 / 0, as spreadsheet programs write them); anything else as given. */
function yesNo(text: string | undefined): boolean | string | undefined {
  if (text === undefined || text === "") return undefined;
  const t = text.toLowerCase();
  if (["yes", "y", "true", "1"].includes(t)) return true;
  if (["no", "n", "false", "0"].includes(t)) return false;
  return text;
}

/** "Closed" is what the export writes for hours that name no session (closed every day). */
const hoursCell = (text: string | undefined) =>
  text !== undefined && /^closed$/i.test(text) ? emptyHours() : text;

/** What a cell held, for a message: cut short, in quotes. */
const found = (text: string | undefined) =>
  text === undefined ? "" : ` (found "${text.length > 40 ? `${text.slice(0, 40)}…` : text}")`;

type Checked = { venue: VenueInput } | { problem: string };

/**
 * Rows already checked: the apply plans again with the sheet the preview read (kept by the file's digest), and
 * a row's check does not depend on the stored venues.
 */
const checkedRows = new WeakMap<SheetRow, Checked>();

/**
 * An Opening Hours cell by the venue schema's own field schema (openingHoursSchema, the one venueCreateSchema
 * uses), remembered by its text: many venues of a sheet share their hours, and reading a cell is the row's
 * costliest check.
 */
const hoursByText = new Map<string, ReturnType<typeof openingHoursSchema.safeParse>>();
function checkedHours(text: string) {
  // Longer than the schema allows: refused at once, and not kept.
  if (text.length > 500) return openingHoursSchema.safeParse(text);
  let hit = hoursByText.get(text);
  if (!hit) {
    if (hoursByText.size >= 2_000) hoursByText.clear();
    hit = openingHoursSchema.safeParse(hoursCell(text));
    hoursByText.set(text, hit);
  }
  return hit;
}

/**
 * A row's venue by the venue schema the API uses, or its problems: each names the row and the column
 * ("Row 7: Closures: A closure must end on or after the day it starts (found ...)"). Columns the sheet lacks
 * are left undefined (an update keeps the stored value); an empty Capacity, Opens On Holidays or Status cell
 * is the default, as for a new venue.
 */
export function validateRow(row: SheetRow): Checked {
  let checked = checkedRows.get(row);
  if (!checked) {
    checked = check(row);
    checkedRows.set(row, checked);
  }
  return checked;
}

function check(row: SheetRow): Checked {
  const c = row.cells;
  if (!c.Name || !c.City || !c.Type) return { problem: SYNC_MSG.missingFields(row.line) };
  const hasContact = c.Phone !== undefined || c.Website !== undefined;
  const closuresCell = c.Closures === undefined ? undefined : parseClosuresCell(c.Closures);
  const closureItems: ClosureCellItem[] =
    closuresCell && "closures" in closuresCell ? closuresCell.closures : [];
  const hours = c["Opening Hours"] === undefined ? undefined : checkedHours(c["Opening Hours"]);
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
    bookingEmail: c["Booking Email"],
    bookingPhone: c["Booking Phone"] === undefined ? undefined : phoneText(c["Booking Phone"]),
    bookingContactName: c["Booking Contact"],
    // Checked above by the same field schema (openingHours: openingHoursSchema.optional()).
    capacity: c.Capacity || undefined,
    closures: closuresCell ? closureItems.map(({ from, to, reason }) => ({ from, to, reason })) : undefined,
    opensOnHolidays: yesNo(c["Opens On Holidays"]),
    status: c.Status || undefined,
  });
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(hours && !hours.success
      ? hours.error.issues.map((i) => ({ ...i, path: ["openingHours", ...i.path] }))
      : []),
  ];
  // Messages in the order of the sheet's columns.
  const messages: Array<{ column: number; text: string }> = [];
  if (closuresCell && "errors" in closuresCell)
    for (const e of closuresCell.errors)
      messages.push({ column: columnIndex("Closures"), text: SYNC_MSG.inColumn("Closures", e) });
  for (const issue of issues) messages.push(issueMessage(issue, c, closureItems));
  if (messages.length > 0 || !parsed.success) {
    const texts = messages.sort((a, b) => a.column - b.column).map((m) => m.text);
    return { problem: SYNC_MSG.rowInvalid(row.line, [...new Set(texts)].join("; ")) };
  }
  return { venue: hours?.success ? { ...parsed.data, openingHours: hours.data } : parsed.data };
}

const columnIndex = (column: VenueSheetColumn | undefined) =>
  column ? VENUE_SHEET_COLUMNS.indexOf(column) : VENUE_SHEET_COLUMNS.length;

/** One schema issue as the sheet shows it: the column named, and the cell's value where it helps. */
function issueMessage(
  issue: { message: string; path: PropertyKey[] },
  c: SheetRow["cells"],
  closures: ClosureCellItem[],
): { column: number; text: string } {
  const field = String(issue.path[0] === "contactInfo" ? issue.path[1] : issue.path[0]);
  const column: VenueSheetColumn | undefined = FIELD_COLUMNS[field];
  if (!column) return { column: columnIndex(column), text: issue.message };
  let message = issue.message;
  if (column === "Opens On Holidays") message = SHEET_CELL_MSG.yesNo + found(c[column]);
  else if (column === "Status") message = SHEET_CELL_MSG.status + found(c[column]);
  else if (column === "Type" || column === "Price Level" || column === "Capacity")
    message += found(c[column]);
  else if (column === "Closures" && typeof issue.path[1] === "number")
    message += found(closures[issue.path[1]]?.text);
  const named = message.toLowerCase().startsWith(column.toLowerCase());
  return { column: columnIndex(column), text: named ? message : SYNC_MSG.inColumn(column, message) };
}
