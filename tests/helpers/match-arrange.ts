/** Small, explicit matching worlds for API tests of the engine's uses (auto-assign, suggestions, planning). */
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { dateIdeas, userPreferences, users, venues } from "../../src/server/db/schema.ts";
import { NO_STATE, type PlanState, saveState } from "../../src/server/modules/plan-account/state.ts";
import type { VenueType } from "../../src/shared/admin/venues.ts";
import { DAYS_OF_WEEK } from "../../src/shared/constants.ts";
import { BOOKABLE_VENUE } from "./bookable-venue.ts";

let n = 0;

/** Columns of the users row, and the plan account's own state (plan_accounts, plan-account/state.ts). */
export type UserAndState = Partial<typeof users.$inferInsert> & Partial<PlanState>;

/** Sets columns of a users row and of its plan state beside it. */
export async function setUserAndState(db: Db, userId: number, set: UserAndState): Promise<void> {
  const row: Partial<typeof users.$inferInsert> = {};
  const state: Partial<PlanState> = {};
  for (const [k, v] of Object.entries(set)) Object.assign(k in NO_STATE ? state : row, { [k]: v });
  if (Object.keys(row).length > 0) await db.update(users).set(row).where(eq(users.id, userId));
  await saveState(db, userId, state);
}

/** Every week of the month on every day: any slot of the window is one of the member's choices. */
export const ANY_DAY = [1, 2, 3, 4].flatMap((weekOfMonth) =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({ weekOfMonth, dayOfWeek })),
);

/** Gives an existing user an active Gold subscription, onboarding done, and preferences near London Bridge. */
export async function givePreferences(
  db: Db,
  userId: number,
  prefs: Partial<typeof userPreferences.$inferInsert> = {},
  user: UserAndState = {},
): Promise<void> {
  await setUserAndState(db, userId, {
    subscriptionStatus: "active",
    subscriptionTier: "gold",
    onboardingCompleted: true,
    ...user,
  });
  await db.insert(userPreferences).values({
    userId,
    postcode: "SE1 9PX",
    travelRadius: 10,
    dateSpend: "££",
    dateTypePreferences: [
      { type: "restaurants", rank: 1 },
      { type: "culture", rank: 2 },
    ],
    timePreferences: [{ time: "evenings", rank: 1 }],
    schedulingPreferences: ANY_DAY,
    dietaryRestrictions: [],
    accessibilityNeeds: [],
    alcoholOk: true,
    openToTrying: false,
    ...prefs,
  });
}

/** A venue near London Bridge with one evening idea (culinary unless told). */
export async function matchVenue(
  db: Db,
  opts: {
    name?: string;
    type?: VenueType;
    category?: string;
    priceLevel?: string;
    dietary?: string[];
    latitude?: string;
    longitude?: string;
    ideaTitle?: string;
    withIdea?: boolean;
  } = {},
) {
  n++;
  const [venue] = await db
    .insert(venues)
    .values({
      ...BOOKABLE_VENUE,
      name: opts.name ?? `Matched Venue ${n}-${process.pid}`,
      address: `${n} Borough High Street`,
      city: "London",
      postcode: "SE1 9PX",
      type: opts.type ?? "restaurant",
      priceLevel: opts.priceLevel ?? "medium",
      latitude: opts.latitude ?? "51.5055000",
      longitude: opts.longitude ?? "-0.0910000",
      dietaryAccommodations: opts.dietary ?? [],
    })
    .returning();
  const idea =
    opts.withIdea === false
      ? null
      : (
          await db
            .insert(dateIdeas)
            .values({
              title: opts.ideaTitle ?? `Chef's Table ${n}`,
              category: opts.category ?? "culinary",
              priceLevel: opts.priceLevel ?? "medium",
              timeOfDay: "evening",
              season: "any",
              venueId: venue.id,
            })
            .returning()
        )[0];
  return { venue, idea };
}
