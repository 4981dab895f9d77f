import type { AdminVenue, VenueSheetColumn } from "../../../../shared/admin/venues.ts";
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
  address: "12 Example Street",
  city: "London",
  type: "restaurant",
  priceLevel: "medium",
  experienceBlurb: "A candlelit six-course tasting menu in a hidden dining room.",
  features: ["Tasting menu", "Private booths"],
  accessibilityFeatures: ["Step-free access", "Accessible toilet"],
  dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
  contactInfo: { phone: "020 7946 0000", website: "https://example.com" },
};
