import type { FastifyInstance } from "fastify";
import { waitlistApi as api } from "../../../shared/contract/waitlist.ts";
import type { Deps } from "../../deps.ts";
import { sendDownload } from "../../http-download.ts";
import { route } from "../../route.ts";
import { fileDate, workbookDownload } from "../admin/spreadsheet.ts";
import { joinWaitlist, waitlistCounts, waitlistEntriesForExport } from "./service.ts";

/** Joins per address (IP) per rate-limit window: enough for a household, not for filling the table. */
const JOINS_PER_IP = 20;

/**
 * The waitlist of people outside the area served: anyone may join (a member's entry is linked to the account);
 * the back office reads the counts by postcode area and exports them (every /api/admin/* path is guarded in
 * plugins/auth-context.ts: visitors 401, members 403).
 */
export function waitlistRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.join, {}, async (req, reply) => {
    await deps.limiter.hit(`waitlist-ip:${req.ip}`, JOINS_PER_IP, deps.config.rateLimits.windowMinutes);
    const joined = await joinWaitlist(deps, req.user ?? undefined, req.body);
    return reply.code(joined.created ? 201 : 200).send(joined);
  });

  route(app, api.counts, {}, async () => waitlistCounts(deps));

  route(app, api.exportFile, {}, async (_req, reply) => {
    const [counts, entries] = await Promise.all([waitlistCounts(deps), waitlistEntriesForExport(deps)]);
    const file = await workbookDownload("waitlist", deps.now(), [
      {
        name: "By area",
        columns: [
          { header: "Postcode area", width: 16, value: (a: (typeof counts.areas)[number]) => a.area },
          { header: "Waiting", value: (a: (typeof counts.areas)[number]) => a.count },
          {
            header: "Latest (London)",
            width: 20,
            value: (a: (typeof counts.areas)[number]) => fileDate(new Date(a.latest)),
          },
        ],
        rows: counts.areas,
      },
      {
        name: "Entries",
        columns: [
          { header: "E-mail", width: 36, value: (e: (typeof entries)[number]) => e.email },
          { header: "Postcode", value: (e: (typeof entries)[number]) => e.postcode },
          { header: "Postcode area", width: 16, value: (e: (typeof entries)[number]) => e.area },
          { header: "Member", value: (e: (typeof entries)[number]) => (e.member ? "yes" : "no") },
          { header: "Joined", width: 14, value: (e: (typeof entries)[number]) => fileDate(e.createdAt) },
        ],
        rows: entries,
      },
    ]);
    return sendDownload(reply, file);
  });
}
