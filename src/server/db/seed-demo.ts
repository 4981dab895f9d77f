/**
 * Demo content for a fresh database: fictional London venues, date ideas linked to them, and offer codes.
 * Every venue is invented; phone numbers sit in Ofcom's drama range (020 7946 0000-0999) and websites
 * on example.co.uk. Running it again inserts nothing: existing venues (by lower(name)), date ideas
 * (by lower(title)) and offer codes (by upper(code)) are skipped.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { dateIdeas, offerCodes, venues } from "./schema.ts";
import { DEMO_DATE_IDEAS } from "./seed-data/date-ideas.ts";
import { DEMO_OFFER_CODES } from "./seed-data/offer-codes.ts";
import { DEMO_VENUES } from "./seed-data/venues.ts";

export async function seedDemo(db: Db): Promise<{ venues: number; dateIdeas: number; offerCodes: number }> {
  return db.transaction(async (tx) => {
    // Venues, skipping any whose lower(name) already exists (or repeats within the list).
    const venueKeys = DEMO_VENUES.map((v) => v.name.toLowerCase());
    const existingVenues = await tx
      .select({ key: sql<string>`lower(${venues.name})` })
      .from(venues)
      .where(inArray(sql`lower(${venues.name})`, venueKeys));
    const seenVenues = new Set(existingVenues.map((r) => r.key));
    const newVenues = DEMO_VENUES.filter((v) => {
      const key = v.name.toLowerCase();
      if (seenVenues.has(key)) return false;
      seenVenues.add(key);
      return true;
    });
    if (newVenues.length > 0) {
      await tx.insert(venues).values(newVenues.map((v) => ({ ...v, city: "London", ...demoBooking(v) })));
    }

    // Resolve every venue a date idea names to an id (the oldest row wins if names repeat).
    const venueRows = await tx
      .select({ id: venues.id, key: sql<string>`lower(${venues.name})` })
      .from(venues)
      .where(
        inArray(
          sql`lower(${venues.name})`,
          DEMO_DATE_IDEAS.map((d) => d.venueName.toLowerCase()),
        ),
      )
      .orderBy(venues.id);
    const venueIdByKey = new Map<string, number>();
    for (const row of venueRows) {
      if (!venueIdByKey.has(row.key)) venueIdByKey.set(row.key, row.id);
    }

    // Date ideas, skipping any whose title already exists.
    const ideaKeys = DEMO_DATE_IDEAS.map((d) => d.title.toLowerCase());
    const existingIdeas = await tx
      .select({ key: sql<string>`lower(${dateIdeas.title})` })
      .from(dateIdeas)
      .where(inArray(sql`lower(${dateIdeas.title})`, ideaKeys));
    const seenIdeas = new Set(existingIdeas.map((r) => r.key));
    const newIdeas = DEMO_DATE_IDEAS.filter((d) => {
      const key = d.title.toLowerCase();
      if (seenIdeas.has(key)) return false;
      seenIdeas.add(key);
      return true;
    });
    if (newIdeas.length > 0) {
      await tx.insert(dateIdeas).values(
        newIdeas.map(({ venueName, ...idea }) => ({
          ...idea,
          isActive: true,
          venueId: venueIdByKey.get(venueName.toLowerCase()) ?? null,
        })),
      );
    }

    // Offer codes, skipping any whose code already exists (compared case-insensitively).
    const codeKeys = DEMO_OFFER_CODES.map((o) => o.code.toUpperCase());
    const existingCodes = await tx
      .select({ key: sql<string>`upper(${offerCodes.code})` })
      .from(offerCodes)
      .where(inArray(sql`upper(${offerCodes.code})`, codeKeys));
    const seenCodes = new Set(existingCodes.map((r) => r.key));
    const newCodes = DEMO_OFFER_CODES.filter((o) => {
      const key = o.code.toUpperCase();
      if (seenCodes.has(key)) return false;
      seenCodes.add(key);
      return true;
    });
    if (newCodes.length > 0) {
      await tx.insert(offerCodes).values(newCodes);
    }

    return { venues: newVenues.length, dateIdeas: newIdeas.length, offerCodes: newCodes.length };
  });
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Opening hours by kind of venue: what a London place of that kind keeps (London time). */
const DEMO_HOURS: Record<string, Record<string, string[]>> = {
  restaurant: {
    mon: [],
    tue: ["12:00-15:00", "17:30-23:30"],
    wed: ["12:00-15:00", "17:30-23:30"],
    thu: ["12:00-15:00", "17:30-23:30"],
    fri: ["12:00-16:00", "17:30-00:30"],
    sat: ["11:00-16:00", "17:30-00:30"],
    sun: ["11:00-17:00"],
  },
  activity: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["10:00-23:00"]]),
  ),
  cultural: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["10:00-23:00"]]),
  ),
  adventure: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["09:00-22:00"]]),
  ),
  wellness: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["09:00-22:30"]]),
  ),
};

/** A demo venue's booking details: an e-mail on example.co.uk, a contact, its kind's hours, room for two couples. */
function demoBooking(v: { name: string; type: string }) {
  return {
    bookingEmail: `bookings@${slug(v.name)}.example.co.uk`,
    bookingContactName: "Reservations team",
    openingHours: DEMO_HOURS[v.type] ?? DEMO_HOURS.activity,
    capacity: 2,
  };
}
