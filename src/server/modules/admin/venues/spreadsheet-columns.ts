import type { VenueSheetColumn } from "../../../../shared/admin/venue-sync.ts";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import type { Sheet, SheetColumn } from "../spreadsheet.ts";

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
> & { id: number | null };

const list = (items: string[]) => items.join(", ");

/** The spreadsheet columns of spec section 3, in order, with their widths. */
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
};

export function venueSheet(rows: Iterable<Row>): Sheet<Row> {
  return { name: "Venues", columns: Object.values(COLUMNS), rows };
}

/** The template's example row: a new venue (no ID), every column filled the way the sync reads it. */
export const TEMPLATE_EXAMPLE: Row = {
  id: null,
  name: "The Example Supper Club",
  address: "12 Example Street, London W1D 4HS",
  city: "London",
  type: "restaurant",
  priceLevel: "medium",
  experienceBlurb: "A candlelit six-course tasting menu in a hidden dining room.",
  features: ["Tasting menu", "Private booths"],
  accessibilityFeatures: ["Step-free access", "Accessible toilet"],
  dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
  contactInfo: { phone: "020 7946 0000", website: "https://example.com" },
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
];

export function readmeSheet(): Sheet<string> {
  return {
    name: "Read me",
    columns: [{ header: "Read me", width: 110, value: (line) => line }],
    rows: SYNC_README_LINES,
  };
}
