import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE } from "../../../../shared/admin/back-office.ts";
import type {
  AdminVenue,
  ContactInfo,
  VenueInput,
  VenueListQuery,
  VenueUpdate,
} from "../../../../shared/admin/venues.ts";
import { notBookableReasons, VENUE_MSG } from "../../../../shared/admin/venues.ts";
import { emptyHours, type OpeningHours } from "../../../../shared/venue-hours.ts";
import type { Db, Tx } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { dateIdeas, dateReservations, venues } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { conflict, HttpError, notFound } from "../../../http-error.ts";
import { type Actor, diffFields, recordAudit } from "../../audit/record.ts";
import { locatePostcode } from "../../matching/geo/index.ts";
import { recheckVenueDates } from "../../rulebook/recheck.ts";
import { assertVenueFresh, present, VENUE_AUDIT_IGNORED } from "./version.ts";

type VenueRow = typeof venues.$inferSelect;

// The outer table is named in full: drizzle leaves one-table columns unqualified.
/** How many dates this venue has had (any status); the wire calls it `reservationCount`. */
const dateCount = sql<number>`(select count(*)::int from ${dateReservations} r where r.venue_id = "venues"."id")`;
const dateIdeaCount = sql<number>`(select count(*)::int from ${dateIdeas} d where d.venue_id = "venues"."id")`;
/** By name in natural order ("Venue 2" before "Venue 10", case aside; migration 0009), then by id. */
const byName = [sql`${venues.name} collate "venue_natural"`, venues.id];

const num = (d: string | null) => (d === null ? null : Number(d));
const dec = (n: number | null | undefined) => (n === null || n === undefined ? n : n.toFixed(7));

export function toAdminVenue(v: VenueRow & { dateCount?: number; dateIdeaCount?: number }): AdminVenue {
  const reasons = notBookableReasons(v);
  return {
    id: v.id,
    name: v.name,
    address: v.address,
    city: v.city,
    postcode: v.postcode,
    latitude: num(v.latitude),
    longitude: num(v.longitude),
    type: v.type as AdminVenue["type"],
    priceLevel: v.priceLevel as AdminVenue["priceLevel"],
    experienceBlurb: v.experienceBlurb,
    features: v.features,
    accessibilityFeatures: v.accessibilityFeatures,
    dietaryAccommodations: v.dietaryAccommodations,
    contactInfo: (v.contactInfo ?? {}) as ContactInfo,
    bookingEmail: v.bookingEmail,
    bookingPhone: v.bookingPhone,
    bookingContactName: v.bookingContactName,
    openingHours: v.openingHours ? { ...emptyHours(), ...(v.openingHours as Partial<OpeningHours>) } : null,
    capacity: v.capacity,
    closures: v.closures ?? [],
    opensOnHolidays: v.opensOnHolidays,
    status: v.status === "archived" ? "archived" : "active",
    bookable: reasons.length === 0,
    notBookableReasons: reasons,
    createdAt: v.createdAt.toISOString(),
    reservationCount: v.dateCount ?? 0,
    dateIdeaCount: v.dateIdeaCount ?? 0,
  };
}

const counted = { venue: venues, dateCount, dateIdeaCount };
const fromRow = (r: { venue: VenueRow; dateCount: number; dateIdeaCount: number }) =>
  toAdminVenue({ ...r.venue, dateCount: r.dateCount, dateIdeaCount: r.dateIdeaCount });

/** Every venue, by name: the export and GET /api/admin/venues without paging parameters (spec). */
export async function listVenues(deps: Pick<Deps, "db">): Promise<AdminVenue[]> {
  const rows = await deps.db
    .select(counted)
    .from(venues)
    .orderBy(...byName);
  return rows.map(fromRow);
}

/** One page of venues whose name, city or address contains `search` (case-insensitive), by name. */
export async function searchVenues(
  deps: Pick<Deps, "db">,
  q: VenueListQuery,
): Promise<{ rows: AdminVenue[]; total: number }> {
  let where: SQL | undefined;
  if (q.search) {
    const p = containsPattern(q.search);
    where = or(ilike(venues.name, p), ilike(venues.city, p), ilike(venues.address, p));
  }
  if (q.status) where = and(where, eq(venues.status, q.status));
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(counted)
      .from(venues)
      .where(where)
      .orderBy(...byName)
      .limit(q.limit ?? ADMIN_PAGE.defaultLimit)
      .offset(q.offset ?? 0),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(venues).where(where),
  ]);
  return { rows: rows.map(fromRow), total };
}

/** One venue as the list shows it (GET /api/admin/venues/:id); 404 when there is none. */
export async function getVenue(deps: { db: Db | Tx }, id: number): Promise<AdminVenue> {
  const [row] = await deps.db.select(counted).from(venues).where(eq(venues.id, id));
  if (!row) throw notFound(VENUE_MSG.notFound);
  return fromRow(row);
}

/** The venue's row locked for the change (its transaction) and shown as the API shows it. */
async function lockVenue(tx: Tx, id: number): Promise<AdminVenue> {
  const [row] = await tx.select(counted).from(venues).where(eq(venues.id, id)).for("update", { of: venues });
  if (!row) throw notFound(VENUE_MSG.notFound);
  return fromRow(row);
}

/** Who changes a record and the version they saw (If-Match; null keeps the spec's last-write-wins). */
export interface ChangeBy {
  actor: Actor | null;
  ifMatch?: string | null;
}

const SYSTEM: ChangeBy = { actor: null, ifMatch: null };

function toColumns(input: VenueUpdate): Partial<typeof venues.$inferInsert> {
  const out: Partial<typeof venues.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.address !== undefined) out.address = input.address;
  if (input.city !== undefined) out.city = input.city;
  if (input.postcode !== undefined) out.postcode = input.postcode;
  if (input.latitude !== undefined) out.latitude = dec(input.latitude);
  if (input.longitude !== undefined) out.longitude = dec(input.longitude);
  if (input.type !== undefined) out.type = input.type;
  if (input.priceLevel !== undefined) out.priceLevel = input.priceLevel;
  if (input.experienceBlurb !== undefined) out.experienceBlurb = input.experienceBlurb;
  if (input.features !== undefined) out.features = input.features;
  if (input.accessibilityFeatures !== undefined) out.accessibilityFeatures = input.accessibilityFeatures;
  if (input.dietaryAccommodations !== undefined) out.dietaryAccommodations = input.dietaryAccommodations;
  if (input.contactInfo !== undefined) out.contactInfo = input.contactInfo;
  if (input.bookingEmail !== undefined) out.bookingEmail = input.bookingEmail;
  if (input.bookingPhone !== undefined) out.bookingPhone = input.bookingPhone;
  if (input.bookingContactName !== undefined) out.bookingContactName = input.bookingContactName;
  if (input.openingHours !== undefined) out.openingHours = input.openingHours;
  if (input.capacity !== undefined) out.capacity = input.capacity;
  if (input.closures !== undefined) out.closures = input.closures;
  if (input.opensOnHolidays !== undefined) out.opensOnHolidays = input.opensOnHolidays;
  if (input.status !== undefined) out.status = input.status;
  return out;
}

const missing = (n: number | null | undefined) => n === null || n === undefined;

/** The postcode's location as the venue's coordinates (the geocoder when set, else the district centre). */
async function coordinatesFor(
  deps: Pick<Deps, "db" | "config">,
  postcode: string,
): Promise<{ latitude: string; longitude: string } | null> {
  const at = await locatePostcode(deps, postcode);
  return at ? { latitude: dec(at.lat) as string, longitude: dec(at.lng) as string } : null;
}

/** A venue given a postcode and no latitude/longitude is placed at its postcode. */
export async function createVenue(
  deps: Pick<Deps, "db" | "config">,
  input: VenueInput,
  by: ChangeBy = SYSTEM,
): Promise<AdminVenue> {
  const located =
    input.postcode && missing(input.latitude) && missing(input.longitude)
      ? await coordinatesFor(deps, input.postcode)
      : null;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(venues)
      .values({ ...toColumns(input), ...located, name: input.name, city: input.city, type: input.type })
      .returning();
    const after = toAdminVenue(row);
    await recordAudit(tx, {
      actor: by.actor,
      entity: "venue",
      entityId: after.id,
      action: "create",
      summary: `Venue "${after.name}" added`,
      after: present(after),
      ignore: VENUE_AUDIT_IGNORED,
    });
    return after;
  });
}

/**
 * Coordinates to set when the update leaves the venue with a postcode and no latitude/longitude, or changes its
 * postcode without giving coordinates (the old ones would point at the old address).
 */
async function relocation(
  deps: Pick<Deps, "db" | "config">,
  id: number,
  input: VenueUpdate,
): Promise<{ latitude: string; longitude: string } | null> {
  if (input.postcode === undefined && input.latitude === undefined && input.longitude === undefined)
    return null;
  if (!missing(input.latitude) && !missing(input.longitude)) return null;
  const [current] = await deps.db
    .select({ postcode: venues.postcode, latitude: venues.latitude, longitude: venues.longitude })
    .from(venues)
    .where(eq(venues.id, id));
  if (!current) return null;
  const postcode = input.postcode !== undefined ? input.postcode : current.postcode;
  if (!postcode) return null;
  const lat = input.latitude !== undefined ? input.latitude : current.latitude;
  const lng = input.longitude !== undefined ? input.longitude : current.longitude;
  const moved = input.postcode !== undefined && input.postcode !== current.postcode;
  const givenNone = input.latitude === undefined && input.longitude === undefined;
  if (lat === null || lng === null || (moved && givenNone)) return coordinatesFor(deps, postcode);
  return null;
}

/** The venue fields a date's rules read: a change to any of them re-checks the venue's dates still ahead. */
const RULE_FIELDS: readonly (keyof VenueUpdate)[] = [
  "postcode",
  "latitude",
  "longitude",
  "priceLevel",
  "dietaryAccommodations",
  "accessibilityFeatures",
  "bookingEmail",
  "openingHours",
  "capacity",
  "closures",
  "opensOnHolidays",
  "status",
];

/** "archive" and "restore" for a change of status alone; otherwise "update". */
function actionOf(before: AdminVenue, after: AdminVenue): { action: string; summary: string } {
  if (before.status !== after.status)
    return after.status === "archived"
      ? { action: "archive", summary: `Venue "${after.name}" archived` }
      : { action: "restore", summary: `Venue "${after.name}" restored` };
  return { action: "update", summary: `Venue "${after.name}" saved` };
}

/**
 * Saves a venue: its row locked, a stale If-Match refused (412, nothing changed), an audit row of the fields
 * that changed; after the commit, a change to a rule field (archiving included) re-checks its dates ahead.
 */
export async function updateVenue(
  deps: Deps,
  id: number,
  input: VenueUpdate,
  by: ChangeBy = SYSTEM,
): Promise<AdminVenue> {
  const set = { ...toColumns(input), ...(await relocation(deps, id, input)) };
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockVenue(tx, id);
    await assertVenueFresh(tx, id, by.ifMatch ?? null, before);
    if (Object.keys(set).length === 0) return before;
    await tx.update(venues).set(set).where(eq(venues.id, id));
    const saved = await getVenue({ db: tx }, id);
    // A save that changed nothing is no change to record.
    if (diffFields(before, saved, VENUE_AUDIT_IGNORED).length === 0) return saved;
    await recordAudit(tx, {
      actor: by.actor,
      entity: "venue",
      entityId: id,
      ...actionOf(before, saved),
      before,
      after: saved,
      ignore: VENUE_AUDIT_IGNORED,
    });
    return saved;
  });
  if (Object.keys(set).length > 0 && RULE_FIELDS.some((f) => input[f] !== undefined))
    await recheckVenueDates(deps, [id]);
  return after;
}

/** 23503, or 23001 for a RESTRICT key like date_reservations.venue_id. */
const isForeignKeyViolation = (err: unknown) => {
  const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  return code === "23503" || code === "23001";
};

/** 409: the venue has dates; the answer says it can be archived instead (the dialog offers Archive). */
function archiveInstead(): HttpError {
  const err = conflict(VENUE_MSG.hasDates);
  err.extra = { canArchive: true };
  return err;
}

/** A venue with dates stays (the dates keep their history); the refusal says why. */
export async function deleteVenue(deps: Pick<Deps, "db">, id: number, by: ChangeBy = SYSTEM): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockVenue(tx, id);
      await assertVenueFresh(tx, id, by.ifMatch ?? null, before);
      if (before.reservationCount > 0) throw archiveInstead();
      await tx.delete(venues).where(eq(venues.id, id));
      await recordAudit(tx, {
        actor: by.actor,
        entity: "venue",
        entityId: id,
        action: "delete",
        summary: `Venue "${before.name}" deleted`,
        before: present(before),
        ignore: VENUE_AUDIT_IGNORED,
      });
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // A date made between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(err)) throw archiveInstead();
    throw err;
  }
}
