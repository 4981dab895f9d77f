import { count, desc, inArray, max, sql } from "drizzle-orm";
import type { JoinWaitlist, WaitlistCounts, WaitlistJoined } from "../../../shared/schemas/waitlist.ts";
import { inServiceArea, postcodeArea, SERVICE_AREA_MSG } from "../../../shared/service-area.ts";
import type { Db } from "../../db/client.ts";
import { type User, userPreferences, waitlistEntries } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http-error.ts";

/** Joins the waitlist for the postcode's area; the same address for the same area again changes nothing. */
export async function joinWaitlist(
  deps: Deps,
  user: User | undefined,
  input: JoinWaitlist,
): Promise<WaitlistJoined> {
  const area = postcodeArea(input.postcode);
  const inserted = await deps.db
    .insert(waitlistEntries)
    .values({
      email: input.email,
      postcode: input.postcode,
      postcodeArea: area,
      userId: user?.id ?? null,
      createdAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return { area, created: inserted.length > 0, message: SERVICE_AREA_MSG.joined(area) };
}

/** People waiting by postcode area, most first (then by area). */
export async function waitlistCounts(deps: Deps): Promise<WaitlistCounts> {
  const rows = await deps.db
    .select({
      area: waitlistEntries.postcodeArea,
      count: count(),
      latest: max(waitlistEntries.createdAt),
    })
    .from(waitlistEntries)
    .groupBy(waitlistEntries.postcodeArea)
    .orderBy(desc(count()), waitlistEntries.postcodeArea);
  const areas = rows.map((r) => ({
    area: r.area,
    count: r.count,
    latest: (r.latest ?? new Date(0)).toISOString(),
  }));
  return { total: areas.reduce((n, a) => n + a.count, 0), areas };
}

/** Every entry, oldest first, for the export. */
export async function waitlistEntriesForExport(deps: Deps) {
  return deps.db
    .select({
      email: waitlistEntries.email,
      postcode: waitlistEntries.postcode,
      area: waitlistEntries.postcodeArea,
      member: sql<boolean>`${waitlistEntries.userId} is not null`,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .orderBy(waitlistEntries.createdAt, waitlistEntries.id);
}

/**
 * The couple's home postcode for the service-area check: the member's own answer, else their linked
 * partner's (a partner who answered only their needs shares the plan holder's postcode); null when neither.
 */
export async function couplePostcode(
  db: Pick<Db, "select">,
  user: Pick<User, "id" | "partnerId">,
): Promise<string | null> {
  const ids = user.partnerId ? [user.id, user.partnerId] : [user.id];
  const rows = await db
    .select({ userId: userPreferences.userId, postcode: userPreferences.postcode })
    .from(userPreferences)
    .where(inArray(userPreferences.userId, ids));
  const own = rows.find((r) => r.userId === user.id)?.postcode;
  return own || rows.find((r) => r.userId !== user.id)?.postcode || null;
}

/**
 * Refuses to start a payment for a couple whose postcode lies outside the area served (422, saying so and
 * pointing at the waitlist). Their saved answers stay as they are.
 */
export async function assertInServiceArea(
  db: Pick<Db, "select">,
  user: Pick<User, "id" | "partnerId">,
): Promise<void> {
  const postcode = await couplePostcode(db, user);
  if (postcode && !inServiceArea(postcode))
    throw new HttpError(422, SERVICE_AREA_MSG.outside(postcodeArea(postcode)));
}
