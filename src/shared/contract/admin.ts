/** The back office's own endpoint beside its tabs' areas. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
import { adminStatsSchema } from "../admin/back-office.ts";
import { endpoint } from "./endpoint.ts";

export const adminApi = {
  stats: endpoint({
    method: "GET",
    path: "/api/admin/stats",
    summary: "The back office's headline counts",
    responses: { 200: adminStatsSchema },
  }),
} as const;
