/** The monitor's check: is the service up, and its database? */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

const healthy = z.object({
  status: z.literal("ok"),
  database: z.literal("up"),
  databaseLatencyMs: z.number(),
});
/** The database cannot be reached: the monitor alerts on this status. */
const degraded = z.object({
  status: z.literal("degraded"),
  database: z.literal("down"),
  message: z.string(),
});

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    summary: "Is the service up (and its database)?",
    responses: { 200: healthy, 503: degraded },
  }),
} as const;
