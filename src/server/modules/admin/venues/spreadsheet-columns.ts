import type { VenueSheetColumn } from "../../../../shared/admin/venue-sync.ts";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS } from "../../../../shared/constants.ts";
import { formatHoursCell, type OpeningHours, parseHoursCell } from "../../../../shared/venue-hours.ts";
import type { Sheet, SheetColumn } from "../spreadsheet.ts";
import { CLOSURES_CELL_EXAMPLE, formatClosuresCell } from "./sync/closures-cell.ts";

type Row = Pick<
  AdminVenue,
  | "name"
  | "address"
  | "city"
  | "type"
  | "priceLevel"
  | "experienceBlurb"
  | "features"
  | "accessibilityFeatures"
  | "dietaryAccommodations"
  | "contactInfo"
  | "bookingEmail"
  | "bookingPhone"
  | "bookingContactName"
  | "openingHours"
  | "capacity"
  | "closures"
  | "opensOnHolidays"
  | "status"
> & { id: number | null };

const list = (items: string[]) => items.join(", ");

/** The spreadsheet columns (spec section 3's, then the booking ones), in order, with their widths. */
const COLUMNS: Record<VenueSheetColumn, SheetColumn<Row>> = {
  ID: { header: "ID", width: 8, value: (v) => v.id ?? "" },
  Name: { header: "Name", width: 30, value: (v) => v.name },
  Address: { header: "Address", width: 32, value: (v) => v.address ?? "" },
  City: { header: "City", width: 14, value: (v) => v.city },
  Type: { header: "Type", width: 12, value: (v) => v.type },
  "Price Level": { header: "Price Level", width: 12, value: (v) => v.priceLevel },
  "Experience Description": {
    header: "Experience Description",
    width: 48,
    value: (v) => v.experienceBlurb ?? "",
  },
  Features: { header: "Features", width: 32, value: (v) => list(v.features) },
  "Accessibility Features": {
    header: "Accessibility Features",
    width: 32,
    value: (v) => list(v.accessibilityFeatures),
  },
  "Dietary Accommodations": {
    header: "Dietary Accommodations",
    width: 32,
    value: (v) => list(v.dietaryAccommodations),
  },
  Phone: { header: "Phone", width: 16, value: (v) => v.contactInfo.phone ?? "" },
  Website: { header: "Website", width: 30, value: (v) => v.contactInfo.website ?? "" },
  "Booking Email": { header: "Booking Email", width: 28, value: (v) => v.bookingEmail ?? "" },
  "Booking Phone": { header: "Booking Phone", width: 16, value: (v) => v.bookingPhone ?? "" },
  "Booking Contact": { header: "Booking Contact", width: 20, value: (v) => v.bookingContactName ?? "" },
  "Opening Hours": {
    header: "Opening Hours",
    width: 44,
    value: (v) => formatHoursCell(v.openingHours as OpeningHours | null),
  },
  Capacity: { header: "Capacity", width: 10, value: (v) => v.capacity },
  Closures: { header: "Closures", width: 40, value: (v) => formatClosuresCell(v.closures) },
  "Opens On Holidays": {
    header: "Opens On Holidays",
    width: 18,
    value: (v) => (v.opensOnHolidays ? "Yes" : "No"),
  },
  Status: { header: "Status", width: 10, value: (v) => (v.status === "archived" ? "Archived" : "Active") },
};

export function venueSheet(rows: Iterable<Row>): Sheet<Row> {
  return { name: "Venues", columns: Object.values(COLUMNS), rows };
}

const EXAMPLE_HOURS = "Tue-Thu 18:00-23:00; Fri-Sat 18:00-00:30; Sun 12:00-16:00";
const exampleHours = parseHoursCell(EXAMPLE_HOURS);

/**
 * The template's example row: a new venue (no ID), every column filled the way the sync reads it, and valid
 * by the venue schema (needs in the members' own words), so the untouched template syncs without a problem.
 */
export const TEMPLATE_EXAMPLE: Row = {
  id: null,
  name: "The Example Supper Club",
  address: "12 Example Street, London W1D 4HS",
  city: "London",
  type: "restaurant",
  priceLevel: "medium",
  experienceBlurb: "A candlelit six-course tasting menu in a hidden dining room.",
  features: ["Tasting menu", "Private booths"],
  accessibilityFeatures: ["Step-free access", "Wheelchair accessible"],
  dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
  contactInfo: { phone: "020 7946 0000", website: "https://example.com" },
  bookingEmail: "bookings@example.com",
  bookingPhone: "020 7946 0001",
  bookingContactName: "Sam Taylor",
  openingHours: "hours" in exampleHours ? exampleHours.hours : null,
  capacity: 4,
  closures: [
    { from: "2027-01-04", to: "2027-01-10", reason: "Winter refit" },
    { from: "2027-02-14", to: "2027-02-14", reason: "Private hire" },
  ],
  opensOnHolidays: false,
  status: "active",
};

/** Lines of the "Read me" sheet after the venue sheet of the template and the export. */
export const SYNC_README_LINES = [
  "How Sync Changes reads this file",
  "Only the first sheet (Venues) is read; this sheet is ignored.",
  "Rows with an ID update that venue; rows without an ID are matched by Name and Address, else added as new venues.",
  "IMPORTANT: syncing REMOVES every venue that is not in the file (venues with date reservations stay).",
  "The example row is not a real venue: replace it with your venues, or start from Export Current to keep the existing ones.",
  'To add or update venues without removing any, untick "Remove venues that are not in the file" in the preview.',
  "Removing a venue leaves its date ideas without a venue; the preview lists how many.",
  "Name, City and Type are required; Type is restaurant, activity, cultural, adventure or wellness; Price Level is low, medium or high.",
  "Features, Accessibility Features and Dietary Accommodations are comma-separated lists.",
  "End the Address with the venue's postcode (e.g. W1D 4HS): dates are matched by distance, and a venue without a postcode or coordinates is never picked.",
  "A changed postcode in the Address moves the venue: its map position is worked out again from the new postcode.",
  `Accessibility Features use the needs members choose: ${ACCESSIBILITY_OPTIONS.join(", ")}.`,
  `Dietary Accommodations likewise: ${DIETARY_OPTIONS.join(", ")}.`,
  "Common spellings (GF, veggie, wheelchair) are read as those words; any other entry is listed as a problem and that row is left as it is.",
  "The booking columns: a venue is only booked with a Booking Email, a location and Opening Hours.",
  "Booking Email: where booking requests go (e.g. bookings@example.com). Booking Phone: a UK number for bookings. Booking Contact: who answers them.",
  `Opening Hours: one cell in London time, days then sessions, e.g. "${EXAMPLE_HOURS}". Days not named are closed; "Daily 12:00-23:00" names every day; a session may end after midnight (18:00-01:00); several sessions on a day are separated by commas. "Closed" means closed every day; an empty cell means the hours are not known (the venue is not booked).`,
  "Capacity: how many of our couples the venue takes at once, a whole number from 1 to 500 (empty means 1).",
  `Closures: days the venue is closed, e.g. "${CLOSURES_CELL_EXAMPLE}": each a day or a range of days ("2026-12-24 to 2026-12-26", dates as YYYY-MM-DD, both days included) and an optional reason, separated by semicolons. A closure must end on or after the day it starts. Empty means none.`,
  "Opens On Holidays: Yes or No (empty means No). With No the venue is closed on UK bank holidays and from 24 December to 1 January.",
  "Status: Active or Archived (empty means Active). An archived venue is kept with its history but never offered or planned.",
  "Any problem in a row (a malformed cell, a closure ending before it starts, capacity 0, an unknown need) is listed with its row and column, and nothing in that row is applied.",
  "A file without the booking columns still syncs: existing venues keep those values, new venues get the defaults.",
];

export function readmeSheet(): Sheet<string> {
  return {
    name: "Read me",
    columns: [{ header: "Read me", width: 110, value: (line) => line }],
    rows: SYNC_README_LINES,
  };
}
