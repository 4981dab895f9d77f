import type { Db } from "../../src/server/db/client.ts";
import { dateIdeas, dateRatings, dateReservations, venues } from "../../src/server/db/schema.ts";
import type { MemberDateStatus } from "../../src/shared/schemas/dates.ts";
import { BOOKABLE_VENUE } from "./bookable-venue.ts";

let n = 0;
/** A planned date for `userId` at `at`, with its own venue and idea (secret details easy to search for). */
export async function arrangeDate(
  db: Db,
  userId: number,
  opts: {
    at: Date;
    status?: MemberDateStatus;
    category?: string;
    rating?: number | null;
    feedback?: string | null;
    venueName?: string;
  },
) {
  n++;
  const [venue] = await db
    .insert(venues)
    .values({
      ...BOOKABLE_VENUE,
      name: opts.venueName ?? `Secret Venue ${n}`,
      address: `${n} Hidden Lane`,
      city: "London",
      postcode: "SE1 9PX",
      type: "restaurant",
      latitude: "51.5055000",
      longitude: "-0.0910000",
      contactInfo: { phone: "020 7946 0000", website: "https://venue.example" },
    })
    .returning();
  const [idea] = await db
    .insert(dateIdeas)
    .values({
      title: `Secret Idea ${n}`,
      description: `Secret description ${n}`,
      category: opts.category ?? "culinary",
      duration: 3,
      dressCode: `Secret dress ${n}`,
      venueId: venue.id,
    })
    .returning();
  const [reservation] = await db
    .insert(dateReservations)
    .values({
      userId,
      dateIdeaId: idea.id,
      venueId: venue.id,
      scheduledDate: opts.at,
      status: opts.status ?? "scheduled",
    })
    .returning();
  if (opts.rating != null)
    await db.insert(dateRatings).values({
      reservationId: reservation.id,
      userId,
      rating: opts.rating,
      feedback: opts.feedback ?? null,
      ratedAt: opts.at,
    });
  return { reservation, venue, idea };
}

export const hours = (h: number) => h * 3_600_000;
