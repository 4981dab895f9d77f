/** The Today tab's queue of what needs a person (admin only, like every /api/admin path). */
import { attentionResponseSchema } from "../admin/attention.ts";
import { endpoint } from "./endpoint.ts";

export const adminAttentionApi = {
  queue: endpoint({
    method: "GET",
    path: "/api/admin/attention",
    summary: "Everything that needs a person now, soonest deadline first, with the actions that resolve it",
    responses: { 200: attentionResponseSchema },
  }),
} as const;
