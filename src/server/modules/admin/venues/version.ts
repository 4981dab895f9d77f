/**
 * The versions of the venues tab's records behind their ETags (decision 0070): a venue or date idea as the API
 * shows it, less what changes without anyone editing it (how many dates and ideas a venue has, the name of an
 * idea's venue). A booking made meanwhile is not an edit, so it never makes an operator's save stale.
 */
import type { FastifyReply } from "fastify";
import type { AdminDateIdea, AdminVenue } from "../../../../shared/admin/venues.ts";
import type { Tx } from "../../../db/client.ts";
import { assertFresh, etagOf } from "../../audit/etag.ts";

/** A venue's version: everything but its counts. */
export function venueVersion(v: AdminVenue): Omit<AdminVenue, "reservationCount" | "dateIdeaCount"> {
  const { reservationCount: _dates, dateIdeaCount: _ideas, ...rest } = v;
  return rest;
}

/** A date idea's version: everything but its venue's name (the venue's own record). */
export function dateIdeaVersion(d: AdminDateIdea): Omit<AdminDateIdea, "venueName"> {
  const { venueName: _name, ...rest } = d;
  return rest;
}

/** Fields of a venue left out of its audit rows (counts, not edits). */
export const VENUE_AUDIT_IGNORED = ["reservationCount", "dateIdeaCount"] as const;

/** Sends a venue with the ETag of its version. */
export function sendVenue(reply: FastifyReply, v: AdminVenue): AdminVenue {
  reply.header("ETag", etagOf(venueVersion(v)));
  return v;
}

/** Sends a date idea with the ETag of its version. */
export function sendDateIdea(reply: FastifyReply, d: AdminDateIdea): AdminDateIdea {
  reply.header("ETag", etagOf(dateIdeaVersion(d)));
  return d;
}

/** 412 when If-Match is given and is not the venue's current version (read with its row locked). */
export function assertVenueFresh(tx: Tx, id: number, ifMatch: string | null, current: AdminVenue) {
  return assertFresh(tx, { entity: "venue", entityId: id, ifMatch, current: venueVersion(current) });
}

/** 412 when If-Match is given and is not the date idea's current version (read with its row locked). */
export function assertDateIdeaFresh(tx: Tx, id: number, ifMatch: string | null, current: AdminDateIdea) {
  return assertFresh(tx, { entity: "date_idea", entityId: id, ifMatch, current: dateIdeaVersion(current) });
}

/** A record with its empty fields left out: what an audit row of its creation or deletion lists. */
export function present<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, v]) => {
      if (v === null || v === undefined || v === "") return false;
      if (Array.isArray(v)) return v.length > 0;
      if (typeof v === "object") return Object.keys(v).length > 0;
      return true;
    }),
  ) as Partial<T>;
}
