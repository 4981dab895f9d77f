/**
 * Venues and date ideas in the back office (venues tab): the one set of rules the forms, the API
 * and the spreadsheet sync use, the answer shapes, and the messages of spec sections 5 and 8.
 */
import { z } from "zod";
import {
  ACCESSIBILITY_OPTIONS,
  DATE_IDEA_CATEGORIES,
  DIETARY_OPTIONS,
  PRICE_LEVELS,
  SEASONS,
  TIME_OF_DAY_SLOTS,
  VENUE_TYPES,
} from "../constants.ts";
import { canonicalNeed } from "../needs-vocabulary.ts";
import { normalisePostcode } from "../postcode.ts";
import { normalisePhone } from "../schemas/member.ts";
import { trimmedAtLeast } from "../schemas/text.ts";
import {
  daySessionProblems,
  HOURS_MSG,
  normaliseSession,
  type OpeningHours,
  parseHoursCell,
  sortedHours,
  WEEKDAY_KEYS,
  type WeekdayKey,
} from "../venue-hours.ts";
import { adminListQuerySchema } from "./back-office.ts";

export { NOT_BOOKABLE, notBookableReasons, venueDataQuality } from "./venue-bookable.ts";

export type VenueType = (typeof VENUE_TYPES)[number];
export type PriceLevel = (typeof PRICE_LEVELS)[number];
export type DateIdeaCategory = (typeof DATE_IDEA_CATEGORIES)[number];
export type Season = (typeof SEASONS)[number];
/** A date idea suits a part of the day, or any time. */
export const DATE_IDEA_TIMES = [...TIME_OF_DAY_SLOTS, "any"] as const;
export type DateIdeaTime = (typeof DATE_IDEA_TIMES)[number];

const orList = (items: readonly string[]) => `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

export const VENUE_MSG = {
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name must be at most 120 characters",
  addressMax: "Address must be at most 300 characters",
  cityRequired: "City is required",
  cityMax: "City must be at most 100 characters",
  postcode: "Please enter a valid UK postcode",
  type: `Type must be one of ${orList(VENUE_TYPES)}`,
  priceLevel: `Price level must be ${orList(PRICE_LEVELS)}`,
  blurbMax: "Experience description must be at most 2000 characters",
  latitude: "Latitude must be a number between -90 and 90",
  longitude: "Longitude must be a number between -180 and 180",
  phone: "Please enter a valid UK phone number",
  website: "Website must be a full address starting with http:// or https://",
  websiteMax: "Website must be at most 300 characters",
  notFound: "Venue not found",
  /** The delete answer; the client turns it into "Cannot delete {venue}: Has existing date assignments". */
  hasDates: "This venue has existing date reservations and cannot be deleted",
  cannotDelete: (venue: string) => `Cannot delete ${venue}: Has existing date assignments`,
  deleteFailed: "Failed to delete venue",
  saveFailed: "Failed to save venue",
  created: "Venue added",
  updated: "Venue updated",
  deleted: "Venue deleted",
  empty: "No venues added yet. Add your first partner venue above.",
  bookingEmail: "Please enter a valid booking e-mail address",
  bookingPhone: "Please enter a valid UK phone number for bookings",
  contactNameMax: "Contact name must be at most 120 characters",
  openingHours: "Opening hours must list each day's sessions as HH:MM-HH:MM",
  capacity: "Capacity must be a whole number from 1 to 500",
  closureDay: "Closure days must be dates (YYYY-MM-DD)",
  closureOrder: "A closure must end on or after the day it starts",
  closureReasonMax: "A closure's reason must be at most 200 characters",
  closuresMax: "At most 100 closures",
  opensOnHolidays: "Opens on holidays must be true or false",
  status: "Status must be active or archived",
  unknownNeed: (label: string, item: string, known: readonly string[]) =>
    `${label}: "${item}" is not one of the needs members choose (${known.join(", ")})`,
  /** The delete refusal when the venue has dates: it can be archived instead. */
  hasDatesArchive: "This venue has existing date reservations and cannot be deleted. Archive it instead.",
  archived: "Venue archived",
  restored: "Venue restored",
} as const;

export const DATE_IDEA_MSG = {
  titleMin: "Title must be at least 2 characters",
  titleMax: "Title must be at most 160 characters",
  descriptionMax: "Description must be at most 2000 characters",
  category: `Category must be one of ${orList(DATE_IDEA_CATEGORIES)}`,
  duration: "Duration must be a whole number of hours from 1 to 24",
  season: `Season must be ${orList(SEASONS)}`,
  timeOfDay: `Time of day must be ${orList(DATE_IDEA_TIMES)}`,
  dressCodeMax: "Dress code must be at most 120 characters",
  venueId: "Please choose a venue from the list",
  venueNotFound: "The chosen venue does not exist",
  isActive: "Active must be true or false",
  notFound: "Date idea not found",
  inUse: "This date idea has planned dates and cannot be deleted; make it inactive instead",
  createFailed: "Failed to create date idea",
  updateFailed: "Failed to update date idea",
  deleteFailed: "Failed to delete date idea",
  empty: "No date ideas yet. Add the first one above.",
} as const;

/** Free text: trimmed, at most `max` characters; empty means none (null). */
const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(max, message).nullable());

/**
 * A list of short texts, given as an array or as one comma-separated text (the form's input and the
 * spreadsheet cell): trimmed, empty items dropped.
 */
const listField = (label: string, maxItems: number) =>
  z
    .union([z.string().max(10_000), z.array(z.string().max(1_000)).max(1_000)], {
      error: `${label} must be a list of text`,
    })
    .transform((v) =>
      (typeof v === "string" ? v.split(",") : v).map((s) => s.trim()).filter((s) => s.length > 0),
    )
    .pipe(
      z
        .array(z.string().max(100, `Each entry of ${label} must be at most 100 characters`))
        .max(maxItems, `${label} may list at most ${maxItems} entries`),
    );

/** A coordinate given as a number or as text (form input); empty means none. */
const coordinate = (limit: number, message: string) =>
  z.union([z.number(), z.string().max(40), z.null()], { error: message }).transform((v, ctx) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    const n = typeof v === "number" ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < -limit || n > limit) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Math.round(n * 1e7) / 1e7;
  });

/** One of a fixed list, compared without regard to case or surrounding spaces. */
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(values, { error: message }));

const phone = z
  .union([z.string().max(40, VENUE_MSG.phone), z.null()], { error: VENUE_MSG.phone })
  .transform((v, ctx) => {
    const text = v?.trim() ?? "";
    if (!text) return undefined;
    if (!normalisePhone(text)) {
      ctx.addIssue({ code: "custom", message: VENUE_MSG.phone });
      return z.NEVER;
    }
    return text;
  });

export function isWebAddress(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
}

const website = z
  .union([z.string(), z.null()], { error: VENUE_MSG.website })
  .transform((v) => v?.trim() || undefined)
  .pipe(
    z
      .string()
      .max(300, VENUE_MSG.websiteMax)
      .refine((s) => isWebAddress(s), VENUE_MSG.website)
      .optional(),
  );

export const contactInfoSchema = z
  .object(
    { phone: phone.optional(), website: website.optional() },
    { error: "Contact info must be an object" },
  )
  .transform((c) => ({
    ...(c.phone ? { phone: c.phone } : {}),
    ...(c.website ? { website: c.website } : {}),
  }));
/** A venue's contact details as answers carry them: only the ones given. */
export const contactInfoOutSchema = z
  .object({ phone: z.string().optional(), website: z.string().optional() })
  .meta({ id: "AdminVenueContact" });
export type ContactInfo = z.infer<typeof contactInfoOutSchema>;

/** A needs list (as listField) mapped onto the members' vocabulary; an unknown entry is a problem, not stored. */
const needsField = (label: string, kind: "dietary" | "access") =>
  listField(label, 30).transform((items, ctx) => {
    const out: string[] = [];
    const known = kind === "dietary" ? DIETARY_OPTIONS : ACCESSIBILITY_OPTIONS;
    for (const item of items) {
      const c = canonicalNeed(kind, item);
      if (c === null) ctx.addIssue({ code: "custom", message: VENUE_MSG.unknownNeed(label, item, known) });
      else if (!out.includes(c)) out.push(c);
    }
    return out;
  });

const bookingEmail = z
  .union([z.string().max(254, VENUE_MSG.bookingEmail), z.null()], { error: VENUE_MSG.bookingEmail })
  .transform((v) => v?.trim().toLowerCase() || null)
  .pipe(z.email(VENUE_MSG.bookingEmail).nullable());

const bookingPhone = z
  .union([z.string().max(40, VENUE_MSG.bookingPhone), z.null()], { error: VENUE_MSG.bookingPhone })
  .transform((v, ctx) => {
    const text = v?.trim() ?? "";
    if (!text) return null;
    if (!normalisePhone(text)) {
      ctx.addIssue({ code: "custom", message: VENUE_MSG.bookingPhone });
      return z.NEVER;
    }
    return text;
  });

/**
 * Opening hours as an object keyed mon..sun (lists of "HH:MM-HH:MM"), or as the spreadsheet's readable cell
 * ("Tue-Fri 17:00-23:00; Sat 12:00-15:00"); null or "" clears them.
 */
export const openingHoursSchema = z
  .union(
    [
      z.null(),
      z.string().max(500, HOURS_MSG.cell),
      z
        .object(
          Object.fromEntries(
            WEEKDAY_KEYS.map((d) => [
              d,
              z
                .array(z.string().max(40), { error: VENUE_MSG.openingHours })
                .max(8, HOURS_MSG.tooMany)
                .optional(),
            ]),
          ) as Record<(typeof WEEKDAY_KEYS)[number], z.ZodOptional<z.ZodArray<z.ZodString>>>,
          { error: VENUE_MSG.openingHours },
        )
        .strict(),
    ],
    { error: VENUE_MSG.openingHours },
  )
  .transform((v, ctx): OpeningHours | null => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    if (typeof v === "string") {
      const parsed = parseHoursCell(v);
      if ("errors" in parsed) {
        for (const e of parsed.errors) ctx.addIssue({ code: "custom", message: e });
        return z.NEVER;
      }
      return parsed.hours;
    }
    const out = {} as OpeningHours;
    let bad = false;
    for (const d of WEEKDAY_KEYS) {
      const sessions = (v[d] ?? []).map((s) => normaliseSession(s) ?? s);
      for (const p of daySessionProblems(d, sessions)) {
        ctx.addIssue({ code: "custom", message: p, path: [d] });
        bad = true;
      }
      out[d] = sessions;
    }
    return bad ? z.NEVER : sortedHours(out);
  });

const isoDay = z
  .string({ error: VENUE_MSG.closureDay })
  .trim()
  .refine((s) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01";
  }, VENUE_MSG.closureDay);

export const closuresSchema = z
  .array(
    z
      .object(
        {
          from: isoDay,
          to: isoDay.optional(),
          reason: optionalText(200, VENUE_MSG.closureReasonMax).optional(),
        },
        { error: VENUE_MSG.closureDay },
      )
      .transform((c) => ({ from: c.from, to: c.to ?? c.from, reason: c.reason ?? "" }))
      .refine((c) => c.to >= c.from, VENUE_MSG.closureOrder),
    { error: VENUE_MSG.closureDay },
  )
  .max(100, VENUE_MSG.closuresMax)
  .transform((list) => [...list].sort((a, b) => a.from.localeCompare(b.from)));

const venueFields = {
  name: z
    .string({ error: VENUE_MSG.nameMin })
    .regex(trimmedAtLeast(2), VENUE_MSG.nameMin)
    .trim()
    .max(120, VENUE_MSG.nameMax),
  address: optionalText(300, VENUE_MSG.addressMax).optional(),
  city: z
    .string({ error: VENUE_MSG.cityRequired })
    .regex(trimmedAtLeast(1), VENUE_MSG.cityRequired)
    .trim()
    .max(100, VENUE_MSG.cityMax),
  postcode: z
    .union([z.string().max(20, VENUE_MSG.postcode), z.null()], { error: VENUE_MSG.postcode })
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const p = normalisePostcode(v);
      if (!p) {
        ctx.addIssue({ code: "custom", message: VENUE_MSG.postcode });
        return z.NEVER;
      }
      return p;
    })
    .optional(),
  latitude: coordinate(90, VENUE_MSG.latitude).optional(),
  longitude: coordinate(180, VENUE_MSG.longitude).optional(),
  type: choice(VENUE_TYPES, VENUE_MSG.type),
  priceLevel: choice(PRICE_LEVELS, VENUE_MSG.priceLevel),
  experienceBlurb: optionalText(2000, VENUE_MSG.blurbMax).optional(),
  features: listField("Features", 30).optional(),
  accessibilityFeatures: needsField("Accessibility features", "access").optional(),
  dietaryAccommodations: needsField("Dietary accommodations", "dietary").optional(),
  contactInfo: contactInfoSchema.optional(),
  bookingEmail: bookingEmail.optional(),
  bookingPhone: bookingPhone.optional(),
  bookingContactName: optionalText(120, VENUE_MSG.contactNameMax).optional(),
  openingHours: openingHoursSchema.optional(),
  capacity: z
    .union([z.number(), z.string().max(10)], { error: VENUE_MSG.capacity })
    .transform((v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : Number(v)) : v))
    .pipe(
      z
        .number({ error: VENUE_MSG.capacity })
        .int(VENUE_MSG.capacity)
        .min(1, VENUE_MSG.capacity)
        .max(500, VENUE_MSG.capacity),
    )
    .optional(),
  closures: closuresSchema.optional(),
  opensOnHolidays: z.boolean({ error: VENUE_MSG.opensOnHolidays }).optional(),
  status: choice(["active", "archived"] as const, VENUE_MSG.status).optional(),
};

/** POST /api/admin/venues and the Add Venue form: type and name required, price level medium by default. */
export const venueCreateSchema = z.object({
  ...venueFields,
  priceLevel: venueFields.priceLevel.default("medium"),
});
/** PUT /api/admin/venues/:id: the fields given are changed, the others stay. */
export const venueUpdateSchema = z.object(venueFields).partial();
export type VenueInput = z.output<typeof venueCreateSchema>;
export type VenueUpdate = z.output<typeof venueUpdateSchema>;
export type VenueFormInput = z.input<typeof venueCreateSchema>;

export const VENUE_FORM_DEFAULTS = { type: "restaurant", priceLevel: "medium" } as const;

/** One venue as every back-office answer gives it (list, add, save). */
export const adminVenueSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    address: z.string().nullable(),
    city: z.string(),
    postcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    type: z.enum(VENUE_TYPES),
    priceLevel: z.enum(PRICE_LEVELS),
    experienceBlurb: z.string().nullable(),
    features: z.array(z.string()),
    accessibilityFeatures: z.array(z.string()),
    dietaryAccommodations: z.array(z.string()),
    contactInfo: contactInfoOutSchema,
    bookingEmail: z.string().nullable(),
    bookingPhone: z.string().nullable(),
    bookingContactName: z.string().nullable(),
    openingHours: z
      .object(
        Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, z.array(z.string())])) as Record<
          WeekdayKey,
          z.ZodArray<z.ZodString>
        >,
      )
      .nullable()
      .meta({ id: "OpeningHours" }),
    capacity: z.number().int(),
    closures: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string() })),
    opensOnHolidays: z.boolean(),
    status: z.enum(["active", "archived"]),
    /** Whether the engine and the operators may book it; when not, why (no booking e-mail, no hours, ...). */
    bookable: z.boolean(),
    notBookableReasons: z.array(z.string()),
    createdAt: z.string(),
    /** Dates at this venue (any status): a venue with any cannot be deleted. */
    reservationCount: z.number(),
    /** Date ideas pointing at this venue: deleting the venue leaves them without one. */
    dateIdeaCount: z.number(),
  })
  .meta({ id: "AdminVenue" });
export type AdminVenue = z.infer<typeof adminVenueSchema>;

/**
 * GET /api/admin/venues: without paging parameters the full array (spec); with ?search=, ?limit= or ?offset=
 * one searched page (name, city, address), the total in x-total-count.
 */
export const venueListQuerySchema = z.object({
  search: adminListQuerySchema.shape.search,
  /** Only active or only archived venues (a paged answer). */
  status: z.enum(["active", "archived"], { error: VENUE_MSG.status }).optional(),
  limit: adminListQuerySchema.shape.limit.unwrap().optional(),
  offset: adminListQuerySchema.shape.offset.unwrap().optional(),
});
export type VenueListQuery = z.output<typeof venueListQuerySchema>;

const dateIdeaFields = {
  title: z
    .string({ error: DATE_IDEA_MSG.titleMin })
    .regex(trimmedAtLeast(2), DATE_IDEA_MSG.titleMin)
    .trim()
    .max(160, DATE_IDEA_MSG.titleMax),
  description: optionalText(2000, DATE_IDEA_MSG.descriptionMax).optional(),
  category: choice(DATE_IDEA_CATEGORIES, DATE_IDEA_MSG.category),
  duration: z
    .union([z.number(), z.string().max(10)], { error: DATE_IDEA_MSG.duration })
    .transform((v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : Number(v)) : v))
    .pipe(
      z
        .number({ error: DATE_IDEA_MSG.duration })
        .int(DATE_IDEA_MSG.duration)
        .min(1, DATE_IDEA_MSG.duration)
        .max(24, DATE_IDEA_MSG.duration),
    ),
  priceLevel: choice(PRICE_LEVELS, VENUE_MSG.priceLevel),
  season: choice(SEASONS, DATE_IDEA_MSG.season),
  timeOfDay: choice(DATE_IDEA_TIMES, DATE_IDEA_MSG.timeOfDay),
  dressCode: optionalText(120, DATE_IDEA_MSG.dressCodeMax).optional(),
  venueId: z
    .union([z.number(), z.string().max(12), z.null()], { error: DATE_IDEA_MSG.venueId })
    .transform((v, ctx) => {
      if (v === null || v === "" || v === "none") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
        ctx.addIssue({ code: "custom", message: DATE_IDEA_MSG.venueId });
        return z.NEVER;
      }
      return n;
    })
    .optional(),
  requirements: listField("Requirements", 20).optional(),
  tags: listField("Tags", 20).optional(),
  isActive: z.boolean({ error: DATE_IDEA_MSG.isActive }),
};

/** POST /api/admin/date-ideas and its form, with the defaults of spec section 2. */
export const dateIdeaCreateSchema = z.object({
  ...dateIdeaFields,
  category: dateIdeaFields.category.default("culinary"),
  duration: dateIdeaFields.duration.default(2),
  priceLevel: dateIdeaFields.priceLevel.default("medium"),
  season: dateIdeaFields.season.default("any"),
  timeOfDay: dateIdeaFields.timeOfDay.default("evening"),
  isActive: dateIdeaFields.isActive.default(true),
});
export const dateIdeaUpdateSchema = z.object(dateIdeaFields).partial();
export type DateIdeaInput = z.output<typeof dateIdeaCreateSchema>;
export type DateIdeaUpdate = z.output<typeof dateIdeaUpdateSchema>;
export type DateIdeaFormInput = z.input<typeof dateIdeaCreateSchema>;

export const DATE_IDEA_FORM_DEFAULTS = {
  category: "culinary",
  duration: 2,
  priceLevel: "medium",
  season: "any",
  timeOfDay: "evening",
  isActive: true,
} as const;

/** One date idea as the back office reads it (list, add, save). */
export const adminDateIdeaSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(DATE_IDEA_CATEGORIES),
    duration: z.number(),
    priceLevel: z.enum(PRICE_LEVELS),
    season: z.enum(SEASONS),
    timeOfDay: z.enum(DATE_IDEA_TIMES),
    dressCode: z.string().nullable(),
    venueId: z.number().nullable(),
    venueName: z.string().nullable(),
    requirements: z.array(z.string()),
    tags: z.array(z.string()),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "AdminDateIdea" });
export type AdminDateIdea = z.infer<typeof adminDateIdeaSchema>;
