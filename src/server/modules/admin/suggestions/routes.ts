import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  adminAiSuggestionSchema,
  memberNeedingDatesSchema,
  needingDatesQuerySchema,
  suggestionListQuerySchema,
  updateSuggestionSchema,
} from "../../../../shared/admin/suggestions.ts";
import type { Deps } from "../../../deps.ts";
import { actorOf } from "../../audit/record.ts";
import { generateSuggestion } from "./generate.ts";
import { membersNeedingDates } from "./needing-dates.ts";
import { bookSuggestion, listSuggestions, updateSuggestion } from "./service.ts";

const params = z.strictObject({ id: adminId });
/** Body-less POSTs: nothing, null or an empty object. */
const noBody = z.strictObject({}).nullish();

/** AI Suggestions tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminSuggestionsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/ai-suggestions",
    {
      schema: {
        summary: "AI suggestions, one searched page",
        querystring: suggestionListQuerySchema,
        response: { 200: z.array(adminAiSuggestionSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listSuggestions(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );

  /**
   * The id is a member's id: the matching engine's three best dates for them, with a written note (201); or
   * their pending suggestion, when they have one (200).
   */
  r.post(
    "/api/admin/ai-suggestions/:id",
    {
      schema: {
        summary: "Suggest dates for a member (or their pending suggestion)",
        params,
        body: noBody,
        response: { 200: adminAiSuggestionSchema, 201: adminAiSuggestionSchema },
        errors: [409, 422],
      },
    },
    async (req, reply) => {
      const { suggestion, created } = await generateSuggestion(deps, req.params.id);
      return reply.code(created ? 201 : 200).send(suggestion);
    },
  );

  r.patch(
    "/api/admin/ai-suggestions/:id",
    {
      schema: {
        summary: "Approve, reject or mark a suggestion booked",
        params,
        body: updateSuggestionSchema,
        response: { 200: adminAiSuggestionSchema },
        errors: [409],
      },
    },
    async (req) => updateSuggestion(deps, req.params.id, req.body),
  );

  /** Create Booking. */
  r.post(
    "/api/admin/ai-suggestions/:id/book",
    {
      schema: {
        summary: "Create Booking from an approved suggestion",
        params,
        body: noBody,
        response: { 200: adminAiSuggestionSchema },
        errors: [409, 422],
      },
    },
    async (req) => bookSuggestion(deps, req.params.id, actorOf(req.user!)),
  );

  r.get(
    "/api/admin/members-needing-dates",
    {
      schema: {
        summary: "Members with fewer dates planned than their plan includes",
        querystring: needingDatesQuerySchema,
        response: { 200: z.array(memberNeedingDatesSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await membersNeedingDates(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
}
