/**
 * The venue form's own values and the schema that checks them: text where the admin types, lists of ticked
 * needs, one text per weekday for the opening hours, and rows of closures. The schema is the shared
 * `venueCreateSchema` with the hours and closures read from the form's shape first, so the form, the API and
 * the spreadsheet give the same messages, under the same field paths (`openingHours.tue`, `closures.0.from`).
 */
import { z } from "zod";
import {
  type AdminVenue,
  closuresSchema,
  openingHoursSchema,
  VENUE_FORM_DEFAULTS,
  type VenueInput,
  venueCreateSchema,
} from "../../../../shared/admin/venues.ts";
import { canonicalNeed } from "../../../../shared/needs-vocabulary.ts";
import { WEEKDAY_KEYS, type WeekdayKey } from "../../../../shared/venue-hours.ts";

export interface ClosureRow {
  from: string;
  to: string;
  reason: string;
}

export interface VenueFormValues {
  name: string;
  address: string;
  city: string;
  postcode: string;
  latitude: string;
  longitude: string;
  type: string;
  priceLevel: string;
  experienceBlurb: string;
  features: string;
  /** The ticked items of ACCESSIBILITY_OPTIONS (and any older entry the venue still holds). */
  accessibilityFeatures: string[];
  dietaryAccommodations: string[];
  contactInfo: { phone: string; website: string };
  bookingEmail: string;
  bookingPhone: string;
  bookingContactName: string;
  capacity: string;
  opensOnHolidays: boolean;
  /** Each day's sessions as typed: "17:00-23:00, 18:00-01:00"; empty is closed. */
  openingHours: Record<WeekdayKey, string>;
  closures: ClosureRow[];
}

const closedWeek = (): Record<WeekdayKey, string> =>
  Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, ""])) as Record<WeekdayKey, string>;

export const EMPTY_VENUE_FORM: VenueFormValues = {
  name: "",
  address: "",
  city: "London",
  postcode: "",
  latitude: "",
  longitude: "",
  type: VENUE_FORM_DEFAULTS.type,
  priceLevel: VENUE_FORM_DEFAULTS.priceLevel,
  experienceBlurb: "",
  features: "",
  accessibilityFeatures: [],
  dietaryAccommodations: [],
  contactInfo: { phone: "", website: "" },
  bookingEmail: "",
  bookingPhone: "",
  bookingContactName: "",
  capacity: "1",
  opensOnHolidays: false,
  openingHours: closedWeek(),
  closures: [],
};

/**
 * The inputs' ids, in the order the form shows them: the error summary's links lead to them. Opening hours and
 * closures keep their own messages beside them (the summary names the server's words for them).
 */
export const VENUE_FIELD_IDS = {
  name: "venue-name",
  type: "venue-type",
  priceLevel: "venue-price-level",
  address: "venue-address",
  city: "venue-city",
  postcode: "venue-postcode",
  experienceBlurb: "venue-experience",
  features: "venue-features",
  dietaryAccommodations: "venue-dietary",
  accessibilityFeatures: "venue-access",
  "contactInfo.phone": "venue-phone",
  "contactInfo.website": "venue-website",
  latitude: "venue-latitude",
  longitude: "venue-longitude",
  bookingEmail: "venue-booking-email",
  bookingPhone: "venue-booking-phone",
  bookingContactName: "venue-booking-contact",
  capacity: "venue-capacity",
  // Each day's hours: a refused day is listed in the error summary and its link lands on that day.
  "openingHours.mon": "venue-hours-mon",
  "openingHours.tue": "venue-hours-tue",
  "openingHours.wed": "venue-hours-wed",
  "openingHours.thu": "venue-hours-thu",
  "openingHours.fri": "venue-hours-fri",
  "openingHours.sat": "venue-hours-sat",
  "openingHours.sun": "venue-hours-sun",
} as const;

/** A stored needs list in the members' words; an entry that is none of them is kept as it is, to be shown. */
const canonicalList = (kind: "dietary" | "access", items: readonly string[]) => [
  ...new Set(items.map((i) => canonicalNeed(kind, i) ?? i)),
];

export function venueFormValues(v: AdminVenue): VenueFormValues {
  const hours = closedWeek();
  for (const d of WEEKDAY_KEYS) hours[d] = (v.openingHours?.[d] ?? []).join(", ");
  return {
    name: v.name,
    address: v.address ?? "",
    city: v.city,
    postcode: v.postcode ?? "",
    latitude: v.latitude === null ? "" : String(v.latitude),
    longitude: v.longitude === null ? "" : String(v.longitude),
    type: v.type,
    priceLevel: v.priceLevel,
    experienceBlurb: v.experienceBlurb ?? "",
    features: v.features.join(", "),
    accessibilityFeatures: canonicalList("access", v.accessibilityFeatures),
    dietaryAccommodations: canonicalList("dietary", v.dietaryAccommodations),
    contactInfo: { phone: v.contactInfo.phone ?? "", website: v.contactInfo.website ?? "" },
    bookingEmail: v.bookingEmail ?? "",
    bookingPhone: v.bookingPhone ?? "",
    bookingContactName: v.bookingContactName ?? "",
    capacity: String(v.capacity),
    opensOnHolidays: v.opensOnHolidays,
    openingHours: hours,
    closures: v.closures.map((c) => ({ from: c.from, to: c.to === c.from ? "" : c.to, reason: c.reason })),
  };
}

/** One day's typed sessions as a list: split at commas (or semicolons), blanks dropped. */
export const sessionsOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

const formHours = z
  .record(z.enum(WEEKDAY_KEYS), z.string().max(200))
  .transform((week): z.input<typeof openingHoursSchema> => {
    const hours = Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, sessionsOf(week[d] ?? "")]));
    // No session on any day: the venue has no hours (null clears them).
    return WEEKDAY_KEYS.some((d) => hours[d].length > 0) ? hours : null;
  })
  .pipe(openingHoursSchema);

const formClosures = z
  .array(z.object({ from: z.string(), to: z.string(), reason: z.string() }))
  // A closure of one day may leave "to" empty. Rows keep their places, so a problem's path names its row.
  .transform(
    (rows): z.input<typeof closuresSchema> =>
      rows.map((r) => ({ from: r.from, to: r.to.trim() ? r.to : undefined, reason: r.reason })),
  )
  .pipe(closuresSchema);

/** The shared venue schema, reading the form's hours and closures. */
export const venueFormSchema = venueCreateSchema.extend({
  openingHours: formHours,
  closures: formClosures,
});

/** What the form gives once checked: the API's own input. */
export type VenueFormOutput = z.output<typeof venueFormSchema> & VenueInput;

/** Field paths the server may name that have a place on the form (its errors go beside them). */
export function isFormPath(path: string): boolean {
  if (TOP_PATHS.has(path)) return true;
  if (/^openingHours\.(mon|tue|wed|thu|fri|sat|sun)$/.test(path)) return true;
  return /^closures\.\d+(\.(from|to|reason))?$/.test(path);
}
const TOP_PATHS = new Set([
  ...Object.keys(EMPTY_VENUE_FORM).filter((k) => k !== "contactInfo"),
  "contactInfo.phone",
  "contactInfo.website",
]);
