import { sql } from "drizzle-orm";
import { postcodeInText } from "../../../../../shared/postcode.ts";
import { emptyHours, type OpeningHours } from "../../../../../shared/venue-hours.ts";
import type { Db } from "../../../../db/client.ts";
import { type GeoDeps, locateMany } from "../../../matching/geo/index.ts";
import type { StoredVenue, SyncPlan, VenueValues } from "./plan.ts";

type Executor = Pick<Db, "execute">;

/** Rows per statement: one JSON parameter each, so 10,000 rows are a handful of round trips. */
const CHUNK = 2_500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Every venue with what the sync compares, and whether it has dates (one query). */
export async function storedVenues(db: Executor): Promise<StoredVenue[]> {
  const res = await db.execute<{
    id: number;
    name: string;
    address: string | null;
    city: string;
    type: string;
    price_level: string;
    experience_blurb: string | null;
    features: string[];
    accessibility_features: string[];
    dietary_accommodations: string[];
    contact_info: StoredVenue["contactInfo"] | null;
    booking_email: string | null;
    booking_phone: string | null;
    booking_contact_name: string | null;
    opening_hours: Partial<OpeningHours> | null;
    capacity: number;
    closures: StoredVenue["closures"] | null;
    opens_on_holidays: boolean;
    status: string;
    booked: boolean;
    date_ideas: number;
  }>(sql`
    select v.id, v.name, v.address, v.city, v.type, v.price_level, v.experience_blurb, v.features,
      v.accessibility_features, v.dietary_accommodations, v.contact_info, v.booking_email, v.booking_phone,
      v.booking_contact_name, v.opening_hours, v.capacity, v.closures, v.opens_on_holidays, v.status,
      exists (select 1 from date_reservations r where r.venue_id = v.id) as booked,
      (select count(*)::int from date_ideas d where d.venue_id = v.id) as date_ideas
    from venues v order by v.id`);
  return res.rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    city: r.city,
    type: r.type,
    priceLevel: r.price_level,
    experienceBlurb: r.experience_blurb,
    features: r.features,
    accessibilityFeatures: r.accessibility_features,
    dietaryAccommodations: r.dietary_accommodations,
    contactInfo: r.contact_info ?? {},
    bookingEmail: r.booking_email,
    bookingPhone: r.booking_phone,
    bookingContactName: r.booking_contact_name,
    openingHours: r.opening_hours ? { ...emptyHours(), ...r.opening_hours } : null,
    capacity: r.capacity,
    closures: r.closures ?? [],
    opensOnHolidays: r.opens_on_holidays,
    status: r.status === "archived" ? "archived" : "active",
    booked: r.booked,
    dateIdeas: r.date_ideas,
  }));
}

const doc = (v: VenueValues) => ({
  name: v.name,
  address: v.address,
  city: v.city,
  type: v.type,
  price_level: v.priceLevel,
  experience_blurb: v.experienceBlurb,
  features: v.features,
  accessibility_features: v.accessibilityFeatures,
  dietary_accommodations: v.dietaryAccommodations,
  contact_info: v.contactInfo,
  booking_email: v.bookingEmail,
  booking_phone: v.bookingPhone,
  booking_contact_name: v.bookingContactName,
  opening_hours: v.openingHours,
  capacity: v.capacity,
  closures: v.closures,
  opens_on_holidays: v.opensOnHolidays,
  status: v.status,
  // The spreadsheet has no postcode column (spec section 3): a postcode written in the address places the venue
  // (the matching engine uses its district until coordinates are set in the venue form).
  postcode: postcodeInText(v.address),
});

/**
 * As the venue form's relocation: a new address whose postcode differs from the stored one (none included)
 * moves the venue, so its coordinates (pointing at the old place) are cleared and placed again after the
 * commit (placeVenues). A postcode found in an unchanged address only fills a missing one, keeping coordinates.
 * The sheet has no coordinate columns, so a row never gives coordinates of its own.
 */
const MOVES = sql.raw(`(e.doc ->> 'postcode' is not null and v.address is distinct from e.doc ->> 'address'
  and v.postcode is distinct from e.doc ->> 'postcode')`);
const FILLS = sql.raw(`(e.doc ->> 'postcode' is not null and v.postcode is null)`);

/** The booking columns and how each is read from a row's JSON document (a JSON null is SQL null). */
const BOOKING: Array<[column: string, value: string]> = [
  ["booking_email", "e.doc ->> 'booking_email'"],
  ["booking_phone", "e.doc ->> 'booking_phone'"],
  ["booking_contact_name", "e.doc ->> 'booking_contact_name'"],
  ["opening_hours", "nullif(e.doc -> 'opening_hours', 'null'::jsonb)"],
  ["capacity", "(e.doc ->> 'capacity')::int"],
  ["closures", "e.doc -> 'closures'"],
  ["opens_on_holidays", "(e.doc ->> 'opens_on_holidays')::boolean"],
  ["status", "e.doc ->> 'status'"],
];
const BOOKING_SET = sql.raw(BOOKING.map(([c, v]) => `${c} = ${v}`).join(",\n        "));
const BOOKING_COLUMNS = sql.raw(BOOKING.map(([c]) => c).join(", "));
const BOOKING_VALUES = sql.raw(BOOKING.map(([, v]) => v).join(", "));

const textArray = (field: string) => sql.raw(`array(select jsonb_array_elements_text(e.doc -> '${field}'))`);

/**
 * Writes a plan with set-based statements inside the caller's transaction: one DELETE, then UPDATE ... FROM
 * and INSERT ... SELECT over JSON documents in chunks (parameterised; field names are constants). Answers the
 * new venues' ids, in the order of plan.inserts.
 */
export async function applyPlan(tx: Executor, plan: SyncPlan): Promise<number[]> {
  const insertedIds: number[] = [];
  if (plan.removals.length > 0) {
    // One array parameter (drizzle would spread a JS array into a parameter per id).
    const ids = JSON.stringify(plan.removals.map((r) => r.id!));
    await tx.execute(
      sql`delete from venues where id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`,
    );
  }
  for (const part of chunks(plan.updates)) {
    const json = JSON.stringify(part.map((u) => ({ id: u.id, ...doc(u.values) })));
    await tx.execute(sql`
      update venues v set
        name = e.doc ->> 'name', address = e.doc ->> 'address', city = e.doc ->> 'city',
        type = e.doc ->> 'type', price_level = e.doc ->> 'price_level',
        experience_blurb = e.doc ->> 'experience_blurb',
        features = ${textArray("features")},
        accessibility_features = ${textArray("accessibility_features")},
        dietary_accommodations = ${textArray("dietary_accommodations")},
        contact_info = (e.doc -> 'contact_info')::json,
        ${BOOKING_SET},
        -- A postcode in the address fills a missing one; a changed address with another postcode moves the
        -- venue, so its old coordinates (pointing at the old place) are cleared. Set in one pass: every
        -- expression reads the row as it was.
        postcode = case when ${MOVES} or ${FILLS} then e.doc ->> 'postcode' else v.postcode end,
        latitude = case when ${MOVES} then null else v.latitude end,
        longitude = case when ${MOVES} then null else v.longitude end
      from jsonb_array_elements(${json}::jsonb) as e(doc)
      where v.id = (e.doc ->> 'id')::int`);
  }
  for (const part of chunks(plan.inserts)) {
    const json = JSON.stringify(part.map((i) => doc(i.values)));
    const res = await tx.execute<{ id: number }>(sql`
      insert into venues (name, address, city, type, price_level, experience_blurb, features,
        accessibility_features, dietary_accommodations, contact_info, postcode, ${BOOKING_COLUMNS})
      select e.doc ->> 'name', e.doc ->> 'address', e.doc ->> 'city', e.doc ->> 'type',
        e.doc ->> 'price_level', e.doc ->> 'experience_blurb',
        ${textArray("features")}, ${textArray("accessibility_features")},
        ${textArray("dietary_accommodations")}, (e.doc -> 'contact_info')::json, e.doc ->> 'postcode',
        ${BOOKING_VALUES}
      from jsonb_array_elements(${json}::jsonb) with ordinality as e(doc, n)
      order by e.n
      returning id`);
    insertedIds.push(...res.rows.map((r) => r.id));
  }
  return insertedIds;
}

/**
 * Venues with a postcode and no coordinates are placed at the postcode (the geocoder when set, else the district
 * centre), as the venue form does; one query to find them, one to write. Answers how many were placed.
 */
export async function placeVenues(deps: GeoDeps): Promise<number> {
  const res = await deps.db.execute<{ id: number; postcode: string }>(
    sql`select id, postcode from venues where postcode is not null and (latitude is null or longitude is null)`,
  );
  if (res.rows.length === 0) return 0;
  const at = await locateMany(
    deps,
    res.rows.map((r) => r.postcode),
  );
  const placed = res.rows.flatMap((r) => {
    const p = at.get(r.postcode);
    return p ? [{ id: r.id, lat: p.lat.toFixed(6), lng: p.lng.toFixed(6), postcode: r.postcode }] : [];
  });
  for (const part of chunks(placed)) {
    // Only where the postcode is still the one located (an edit in between wins).
    await deps.db.execute(sql`
      update venues v set latitude = (e.doc ->> 'lat')::numeric, longitude = (e.doc ->> 'lng')::numeric
      from jsonb_array_elements(${JSON.stringify(part)}::jsonb) as e(doc)
      where v.id = (e.doc ->> 'id')::int and v.postcode = e.doc ->> 'postcode' and v.latitude is null`);
  }
  return placed.length;
}
