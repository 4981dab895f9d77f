/**
 * Declined means re-planned, not forgotten. A date whose venue declined is moved by the engine to another
 * venue on the same evening (same time) that passes every rule, and the new venue is asked; the couple is told
 * nothing (their evening stands and stays a surprise) and never learns which venue declined. When nothing fits,
 * the declined request is handed to the operators (escalated) with its reason.
 */
import { sql } from "drizzle-orm";
import { londonMonthKey } from "../../../shared/london-time.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http-error.ts";
import { moveDateIn } from "../admin/assignments/move.ts";
import { findMatches } from "../matching/engine.ts";
import { loadProfiles, loadVenues } from "../matching/load.ts";

interface DeclinedRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  scheduled_date: Date;
  venue_id: number | null;
  declined: number[];
}

const BATCH = 50;

export async function replanDeclined(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db.execute<DeclinedRow>(sql`
    select r.id, r.user_id, r.scheduled_date, r.venue_id,
      array(select b.venue_id from venue_bookings b where b.reservation_id = r.id and b.status = 'declined') as declined
    from date_reservations r
    where r.venue_status = 'declined' and r.status not in ('cancelled', 'completed') and r.scheduled_date > ${now}
      and not exists (select 1 from venue_bookings b where b.reservation_id = r.id and b.status = 'declined'
        and b.escalated_at is not null and b.id = (select max(id) from venue_bookings where reservation_id = r.id))
    order by r.scheduled_date limit ${BATCH}
  `);
  if (due.rows.length === 0) return 0;
  const venues = await loadVenues(deps);
  let handled = 0;
  for (const d of due.rows) {
    const at = new Date(d.scheduled_date);
    const declined = new Set(d.declined);
    const [loaded] = await loadProfiles(deps, sql`u.id = ${d.user_id}`);
    let moved = false;
    if (loaded?.complete) {
      const ym = londonMonthKey(at);
      const profile = {
        ...loaded.profile,
        // The date itself is being replaced: not a clash, and its month's date is its own.
        history: loaded.profile.history.filter((h) => h.reservationId !== d.id),
        quotaRemaining: (key: string) => (key === ym ? 1 : 0),
      };
      const result = findMatches(
        profile,
        venues.filter((v) => !declined.has(v.id)),
        { now, from: at, to: at, limit: 3 },
      );
      for (const m of result.matches) {
        if (m.scheduledDate.getTime() !== at.getTime()) continue;
        try {
          await deps.db.transaction((tx) =>
            moveDateIn(
              deps,
              tx,
              d.id,
              {
                scheduledDate: at,
                venueId: m.venueId,
                dateIdeaId: m.dateIdeaId,
                matchReasons: [`Re-planned after the first venue declined`, ...m.reasons],
                expect: { venueId: d.venue_id, scheduledDate: at, venueStatus: "declined" },
              },
              { undo: false, mayOverride: false },
            ),
          );
          moved = true;
          break;
        } catch (e) {
          // The rulebook refused it at write time (something changed since the read): try the next one.
          if (!(e instanceof HttpError)) throw e;
        }
      }
    }
    if (!moved) {
      await deps.db.execute(sql`
        update venue_bookings set escalated_at = ${now}
        where id = (select max(id) from venue_bookings where reservation_id = ${d.id}) and escalated_at is null
      `);
    }
    handled++;
  }
  return handled;
}
