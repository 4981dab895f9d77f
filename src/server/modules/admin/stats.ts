/** GET /api/admin/stats: the three counts above the back office's tab strip. */
import { and, count, eq, isNull } from "drizzle-orm";
import type { AdminStats } from "../../../shared/admin/back-office.ts";
import { dateReservations, users, venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

/** The back office's headline figures (GET /api/admin/stats). */
export async function adminStats(deps: Pick<Deps, "db">): Promise<AdminStats> {
  const [[m], [v], [a]] = await Promise.all([
    // Members only: not the back office's admins, nor deleted accounts (anonymised tombstones).
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.isAdmin, false))),
    deps.db.select({ n: count() }).from(venues),
    deps.db.select({ n: count() }).from(dateReservations),
  ]);
  return { totalMembers: m.n, partnerVenues: v.n, totalAssignments: a.n };
}
