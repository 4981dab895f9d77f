import { createHash } from "node:crypto";
import {
  SYNC_MSG,
  type SyncVenueRef,
  type VenueSheetColumn,
} from "../../../../../shared/admin/venue-sync.ts";
import type { ContactInfo, VenueInput } from "../../../../../shared/admin/venues.ts";
import {
  type Closure,
  emptyHours,
  type OpeningHours,
  WEEKDAY_KEYS,
} from "../../../../../shared/venue-hours.ts";
import { type SheetRow, validateRow } from "./rows.ts";

/** A venue as the sync sees it (read in one query; `booked` when it has any date). */
export interface StoredVenue {
  id: number;
  name: string;
  address: string | null;
  city: string;
  type: string;
  priceLevel: string;
  experienceBlurb: string | null;
  features: string[];
  accessibilityFeatures: string[];
  dietaryAccommodations: string[];
  contactInfo: ContactInfo;
  bookingEmail: string | null;
  bookingPhone: string | null;
  bookingContactName: string | null;
  openingHours: OpeningHours | null;
  capacity: number;
  closures: Closure[];
  opensOnHolidays: boolean;
  status: "active" | "archived";
  booked: boolean;
  /** Date ideas pointing at the venue (they lose it when the venue is removed). */
  dateIdeas: number;
}

/** The values a sync writes: the spreadsheet's columns (postcode and coordinates are not in it). */
export type VenueValues = Omit<StoredVenue, "id" | "booked" | "dateIdeas">;

export interface SyncPlan {
  inserts: Array<{ line: number; values: VenueValues }>;
  updates: Array<{ line: number; id: number; values: VenueValues; changes: VenueSheetColumn[] }>;
  removals: SyncVenueRef[];
  /** Venues missing from the file left in place because removeMissing is off. */
  kept: number;
  /** Date ideas of the removed venues. */
  dateIdeasUnlinked: number;
  unchanged: number;
  /** Rows and venues left alone because of a problem. */
  skipped: number;
  problems: string[];
  /** Names this exact plan (a digest of every change and problem). */
  planId: string;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Hours compared day by day, Monday first ("" for a closed day); null when not given. */
const hoursKey = (h: OpeningHours | null) =>
  h ? WEEKDAY_KEYS.map((d) => (h[d] ?? []).join(",")).join("|") : null;
const closuresKey = (list: Closure[]) => JSON.stringify(list.map((c) => [c.from, c.to, c.reason]));

/** How each column reads and compares a value; only columns the sheet has take part. */
const FIELDS: Array<{ column: VenueSheetColumn; get: (v: VenueValues) => string | null | string[] }> = [
  { column: "Name", get: (v) => v.name },
  { column: "Address", get: (v) => v.address ?? null },
  { column: "City", get: (v) => v.city },
  { column: "Type", get: (v) => v.type },
  { column: "Price Level", get: (v) => v.priceLevel },
  { column: "Experience Description", get: (v) => v.experienceBlurb ?? null },
  { column: "Features", get: (v) => v.features },
  { column: "Accessibility Features", get: (v) => v.accessibilityFeatures },
  { column: "Dietary Accommodations", get: (v) => v.dietaryAccommodations },
  { column: "Phone", get: (v) => v.contactInfo.phone ?? null },
  { column: "Website", get: (v) => v.contactInfo.website ?? null },
  { column: "Booking Email", get: (v) => v.bookingEmail },
  { column: "Booking Phone", get: (v) => v.bookingPhone },
  { column: "Booking Contact", get: (v) => v.bookingContactName },
  { column: "Opening Hours", get: (v) => hoursKey(v.openingHours) },
  { column: "Capacity", get: (v) => String(v.capacity) },
  { column: "Closures", get: (v) => closuresKey(v.closures) },
  { column: "Opens On Holidays", get: (v) => String(v.opensOnHolidays) },
  { column: "Status", get: (v) => v.status },
];

const equal = (a: string | null | string[], b: string | null | string[]) =>
  Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b;

/** Name plus address, trimmed and case-insensitive: how a row without an ID finds its venue. */
export const matchKey = (name: string | undefined | null, address: string | undefined | null) =>
  `${(name ?? "").trim().toLowerCase()}\u0000${(address ?? "").trim().toLowerCase()}`;

/** The row's values over the stored ones: a column the sheet lacks keeps what is stored. */
function merged(stored: VenueValues | null, input: VenueInput, columns: Set<VenueSheetColumn>): VenueValues {
  const has = (c: VenueSheetColumn) => columns.has(c) || !stored;
  const base: VenueValues = stored ?? {
    name: input.name,
    address: null,
    city: input.city,
    type: input.type,
    priceLevel: "medium",
    experienceBlurb: null,
    features: [],
    accessibilityFeatures: [],
    dietaryAccommodations: [],
    contactInfo: {},
    bookingEmail: null,
    bookingPhone: null,
    bookingContactName: null,
    openingHours: null,
    capacity: 1,
    closures: [],
    opensOnHolidays: false,
    status: "active",
  };
  const phone = has("Phone") ? input.contactInfo?.phone : base.contactInfo.phone;
  const website = has("Website") ? input.contactInfo?.website : base.contactInfo.website;
  const contactInfo: ContactInfo = { ...(phone ? { phone } : {}), ...(website ? { website } : {}) };
  return {
    name: input.name,
    address: has("Address") ? (input.address ?? null) : base.address,
    city: input.city,
    type: input.type,
    priceLevel: has("Price Level") ? input.priceLevel : base.priceLevel,
    experienceBlurb: has("Experience Description") ? (input.experienceBlurb ?? null) : base.experienceBlurb,
    features: has("Features") ? (input.features ?? []) : base.features,
    accessibilityFeatures: has("Accessibility Features")
      ? (input.accessibilityFeatures ?? [])
      : base.accessibilityFeatures,
    dietaryAccommodations: has("Dietary Accommodations")
      ? (input.dietaryAccommodations ?? [])
      : base.dietaryAccommodations,
    contactInfo,
    bookingEmail: has("Booking Email") ? (input.bookingEmail ?? null) : base.bookingEmail,
    bookingPhone: has("Booking Phone") ? (input.bookingPhone ?? null) : base.bookingPhone,
    bookingContactName: has("Booking Contact") ? (input.bookingContactName ?? null) : base.bookingContactName,
    openingHours: has("Opening Hours")
      ? input.openingHours
        ? { ...emptyHours(), ...input.openingHours }
        : null
      : base.openingHours,
    // An empty cell is the default, as for a new venue.
    capacity: has("Capacity") ? (input.capacity ?? 1) : base.capacity,
    closures: has("Closures") ? (input.closures ?? []) : base.closures,
    opensOnHolidays: has("Opens On Holidays") ? (input.opensOnHolidays ?? false) : base.opensOnHolidays,
    status: has("Status") ? (input.status ?? "active") : base.status,
  };
}

/**
 * Compares the sheet with the stored venues (spec section 4): rows match by ID when given, otherwise by name
 * plus address; a matched row with any differing column is an update; stored venues no row matches are
 * removed. A row with a problem changes nothing and protects the venue it points at from removal; a venue
 * with dates is never removed.
 */
export function planSync(
  rows: SheetRow[],
  columns: Set<VenueSheetColumn>,
  stored: StoredVenue[],
  opts: { removeMissing: boolean } = { removeMissing: true },
): SyncPlan {
  const byId = new Map(stored.map((v) => [v.id, v]));
  const byKey = new Map<string, StoredVenue[]>();
  for (const v of stored) {
    const k = matchKey(v.name, v.address);
    byKey.set(k, [...(byKey.get(k) ?? []), v]);
  }
  const claimedBy = new Map<number, number>();
  const newKeys = new Map<string, number>();
  const plan: SyncPlan = {
    inserts: [],
    updates: [],
    removals: [],
    kept: 0,
    dateIdeasUnlinked: 0,
    unchanged: 0,
    skipped: 0,
    problems: [],
    planId: "",
  };
  const flag = (problem: string) => {
    plan.problems.push(problem);
    plan.skipped++;
  };

  for (const row of rows) {
    const idText = row.cells.ID ?? "";
    const key = matchKey(row.cells.Name, row.cells.Address);
    let match: StoredVenue | undefined;
    let problem: string | undefined;
    const candidates = row.cells.Name ? (byKey.get(key) ?? []) : [];
    if (idText) {
      const id = /^\d{1,9}(\.0+)?$/.test(idText) ? Number.parseInt(idText, 10) : 0;
      if (id < 1) problem = SYNC_MSG.badId(row.line, idText.slice(0, 40));
      else if (!byId.has(id)) problem = SYNC_MSG.unknownId(row.line, id);
      else match = byId.get(id);
    } else if (candidates.length > 1) {
      problem = SYNC_MSG.ambiguous(row.line, (row.cells.Name ?? "").slice(0, 120));
    } else match = candidates[0];
    // A flagged row still protects the venues its name and address point at from removal.
    if (problem) for (const v of candidates) if (!claimedBy.has(v.id)) claimedBy.set(v.id, row.line);
    if (match) {
      const first = claimedBy.get(match.id);
      if (first !== undefined) problem ??= SYNC_MSG.duplicate(row.line, first);
      else claimedBy.set(match.id, row.line);
    }
    if (problem) {
      flag(problem);
      continue;
    }
    const checked = validateRow(row);
    if ("problem" in checked) {
      flag(checked.problem);
      continue;
    }
    if (!match) {
      const first = newKeys.get(key);
      if (first !== undefined) {
        flag(SYNC_MSG.duplicate(row.line, first));
        continue;
      }
      newKeys.set(key, row.line);
      plan.inserts.push({ line: row.line, values: merged(null, checked.venue, columns) });
      continue;
    }
    const values = merged(match, checked.venue, columns);
    const changes = FIELDS.filter((f) => columns.has(f.column) && !equal(f.get(values), f.get(match))).map(
      (f) => f.column,
    );
    if (changes.length > 0) plan.updates.push({ line: row.line, id: match.id, values, changes });
    else plan.unchanged++;
  }

  for (const v of stored) {
    if (claimedBy.has(v.id)) continue;
    if (!opts.removeMissing) plan.kept++;
    else if (v.booked) flag(SYNC_MSG.cannotDelete(v.name));
    else {
      plan.removals.push({ id: v.id, name: v.name, city: v.city, dateIdeas: v.dateIdeas });
      plan.dateIdeasUnlinked += v.dateIdeas;
    }
  }

  plan.planId = createHash("sha256")
    .update(
      JSON.stringify([
        opts.removeMissing,
        plan.inserts.map((i) => i.values),
        plan.updates.map((u) => [u.id, u.values]),
        plan.removals.map((r) => r.id),
        plan.problems,
      ]),
    )
    .digest("hex");
  return plan;
}
