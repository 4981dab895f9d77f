/**
 * The venue spreadsheet (template, export and sync) in the back office: its columns, the limits of an upload,
 * the sync's messages and the answers of preview and apply.
 */
import { z } from "zod";
import { VENUE_MSG } from "./venues.ts";

/**
 * The columns of the venue spreadsheet, in order: template, export and sync. The first twelve are spec section
 * 3's; the booking columns follow (a file without them still syncs: the venues keep those values).
 */
export const VENUE_SHEET_COLUMNS = [
  "ID",
  "Name",
  "Address",
  "City",
  "Type",
  "Price Level",
  "Experience Description",
  "Features",
  "Accessibility Features",
  "Dietary Accommodations",
  "Phone",
  "Website",
  "Booking Email",
  "Booking Phone",
  "Booking Contact",
  "Opening Hours",
  "Capacity",
  "Closures",
  "Opens On Holidays",
  "Status",
] as const;
export type VenueSheetColumn = (typeof VENUE_SHEET_COLUMNS)[number];

/** Limits of a sync upload: checked by the client before sending and enforced by the server. */
export const VENUE_SYNC = {
  /**
   * The largest upload: a .csv of `maxRows` venues as full as the template's example is about 9 MB (an .xlsx of
   * them about 1.5 MB), so a sheet at the row limit is never refused for its size.
   */
  maxBytes: 16 * 1024 * 1024,
  /** Venue rows a sheet may have; its header row is not one of them (20,000 rows plus the header are fine). */
  maxRows: 20_000,
  /** An .xlsx is a zip: the most its parts may unpack to, and the most parts it may have. */
  maxUnpackedBytes: 32 * 1024 * 1024,
  maxZipEntries: 500,
  /** Cells in all of an .xlsx's worksheets (20,000 rows of the 20 columns fit with room to spare). */
  maxCells: 500_000,
  /**
   * The sum of the column numbers of an .xlsx's cells: a cell in column XFD costs 16,384 (the workbook library
   * walks each row up to its rightmost cell). 20,000 rows of 30 columns stay well below.
   */
  maxCellSpan: 10_000_000,
  /** <row> elements in all of an .xlsx's worksheets (empty formatted rows included). */
  maxRowElements: 100_000,
  /** Longest lists of names a preview carries (the counts are always complete). */
  listLimit: 500,
  problemLimit: 1_000,
  /** A problem list longer than this collapses to "N issues occurred. Check console for details." */
  collapseProblemsAbove: 5,
  accept: ".xlsx,.xls,.csv",
  /**
   * A file is read in a worker thread with these caps, so a hostile one (a zip bomb, 200,000 rows) is
   * refused without freezing the server: its heap (MB) and its wall-clock time (ms).
   */
  workerHeapMb: 256,
  workerTimeMs: 15_000,
} as const;

/** A sync removing more than this many venues, or more than this share of them, is a mass removal. */
export const MASS_REMOVAL = { count: 10, share: 0.25 } as const;
export const isMassRemoval = (removed: number, venueCount: number) =>
  removed > MASS_REMOVAL.count || (removed > 0 && removed > venueCount * MASS_REMOVAL.share);

export const SYNC_MSG = {
  readFailed: "Failed to read file",
  processFailed: "Failed to process file",
  syncFailed: "Sync Error: Failed to sync venues",
  fileType: "Please choose an .xlsx, .xls or .csv file",
  tooLarge: `The file is too large (at most ${VENUE_SYNC.maxBytes / 1024 / 1024} MB)`,
  empty: "The file is empty",
  mismatch: (ext: string) => `The file's content is not a valid ${ext} file`,
  notSpreadsheet: "The file is not a spreadsheet (.xlsx, .xls or .csv)",
  unpackedTooLarge: "The workbook unpacks to too much data; it may be damaged or a zip bomb",
  tooManyCells: `The workbook has more than ${VENUE_SYNC.maxCells.toLocaleString("en-GB")} cells; keep only the venue sheet's columns and rows`,
  tooWide:
    "The workbook has cells far to the right of the venue columns; keep only the venue sheet's columns and rows",
  damaged: "The workbook is damaged or not a valid spreadsheet",
  encrypted: "The workbook is password-protected; save it without a password and try again",
  oldExcel: "Excel 5.0/95 workbooks are not supported; save the file as .xlsx and try again",
  noSheet: "The workbook has no worksheet",
  tooHeavy: (why: string) => `This file is too large to read: ${why}; split it into smaller files`,
  heavyMemory: "it needs more memory than a venue sheet should",
  heavyTime: `reading it took more than ${VENUE_SYNC.workerTimeMs / 1000} seconds`,
  unreadable: "The file could not be read; save it again as .xlsx or .csv and try again",
  busy: "Another venue sync is running; try again when it has finished",
  tooManyRows: `The file has more than ${VENUE_SYNC.maxRows.toLocaleString("en-GB")} rows; split it into smaller files`,
  noRows: "The file has no venue rows below its header",
  missingColumns: (cols: string[]) =>
    `The first row must name the template's columns; missing: ${cols.join(", ")}`,
  missingFields: (row: number) => `Row ${row}: Missing required fields (Name, City, Type)`,
  badId: (row: number, id: string) => `Row ${row}: ID "${id}" is not a venue ID`,
  unknownId: (row: number, id: number) => `Row ${row}: No venue has ID ${id}`,
  ambiguous: (row: number, name: string) =>
    `Row ${row}: Several venues are called ${name} at that address; add the ID column to choose one`,
  duplicate: (row: number, first: number) =>
    `Row ${row}: Same venue as row ${first}; only row ${first} is used`,
  rowInvalid: (row: number, message: string) => `Row ${row}: ${message}`,
  /** A cell of a column whose value the venue schema does not name: "Closures: ...". */
  inColumn: (column: string, message: string) => `${column}: ${message}`,
  cannotDelete: VENUE_MSG.cannotDelete,
  manyIssues: (n: number) => `${n} issues occurred. Check console for details.`,
  planChanged:
    "The venues changed since this preview (someone else saved or synced). Review the new preview and confirm again.",
  planRequired: "Preview the file before applying it",
  applyFailed: "Failed to sync venues; nothing was changed",
  massRemoval: (removed: number, venueCount: number) =>
    `This will remove ${removed.toLocaleString("en-GB")} of ${venueCount.toLocaleString("en-GB")} venues — venues not in your file are removed`,
  confirmRemoval: (removed: number) =>
    `Yes, remove these ${removed.toLocaleString("en-GB")} ${removed === 1 ? "venue" : "venues"}`,
  dateIdeasUnlinked: (n: number) =>
    `${n.toLocaleString("en-GB")} ${n === 1 ? "date idea" : "date ideas"} will lose ${n === 1 ? "its" : "their"} venue`,
} as const;

/** ?filename= of a raw upload (the body is the file), and the preview's planId when applying. */
export const syncUploadQuerySchema = z.object({
  filename: z.string().trim().max(255, "The file name is too long").optional(),
  /** "false": venues missing from the file stay (default "true": they are removed, spec section 4). */
  removeMissing: z
    .enum(["true", "false"], { error: 'removeMissing must be "true" or "false"' })
    .optional()
    .transform((v) => v !== "false"),
});
export const syncApplyQuerySchema = syncUploadQuerySchema.extend({
  planId: z.string({ error: SYNC_MSG.planRequired }).regex(/^[0-9a-f]{64}$/, SYNC_MSG.planRequired),
});

export const syncVenueRefSchema = z
  .object({
    /** Spreadsheet row (the header is row 1); absent for venues found only in the database. */
    row: z.number().optional(),
    id: z.number().optional(),
    name: z.string(),
    city: z.string(),
    /** Updated rows: the columns whose values differ. */
    changes: z.array(z.string()).optional(),
    /** Removed venues: date ideas that lose their venue (set to no particular venue). */
    dateIdeas: z.number().optional(),
  })
  .meta({ id: "AdminSyncVenueRef" });
export type SyncVenueRef = z.infer<typeof syncVenueRefSchema>;

/** POST /api/admin/venues/sync/preview: what applying the file would do; nothing has changed yet. */
export const venueSyncPreviewSchema = z
  .object({
    /** Names this exact plan; applying with it fails if the file or the venues have changed since. */
    planId: z.string(),
    fileName: z.string(),
    rows: z.number(),
    /** Whether venues missing from the file are removed (the choice this plan was made with). */
    removeMissing: z.boolean(),
    /** Venues stored now (a removal warning says "N of venueCount"). */
    venueCount: z.number(),
    counts: z.object({
      new: z.number(),
      updated: z.number(),
      removed: z.number(),
      unchanged: z.number(),
      problems: z.number(),
      /** Venues missing from the file that stay because removeMissing is off. */
      kept: z.number(),
      /** Date ideas of removed venues: they lose their venue. */
      dateIdeasUnlinked: z.number(),
    }),
    /** At most VENUE_SYNC.listLimit each (the counts are complete). */
    added: z.array(syncVenueRefSchema),
    updated: z.array(syncVenueRefSchema),
    removed: z.array(syncVenueRefSchema),
    /** Each flagged row or venue, in the spec's words; at most VENUE_SYNC.problemLimit. */
    problems: z.array(z.string()),
  })
  .meta({ id: "AdminVenueSyncPreview" });
export type VenueSyncPreview = z.infer<typeof venueSyncPreviewSchema>;

/** POST /api/admin/venues/sync/apply: what was done, in one transaction. */
export const venueSyncResultSchema = z
  .object({
    created: z.number(),
    updated: z.number(),
    removed: z.number(),
    unchanged: z.number(),
    /** Rows and venues left as they were because of a problem. */
    skipped: z.number(),
    problems: z.array(z.string()),
  })
  .meta({ id: "AdminVenueSyncResult" });
export type VenueSyncResult = z.infer<typeof venueSyncResultSchema>;
