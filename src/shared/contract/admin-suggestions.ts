/** AI Suggestions tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import {
  adminAiSuggestionSchema,
  memberNeedingDatesSchema,
  needingDatesQuerySchema,
  suggestionListQuerySchema,
  updateSuggestionSchema,
} from "../admin/suggestions.ts";
import { endpoint } from "./endpoint.ts";

const params = z.strictObject({ id: adminId });
/** Body-less POSTs: nothing, null or an empty object. */
const noBody = z.strictObject({}).nullish();

export const adminSuggestionsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/ai-suggestions",
    answerHeaders: ["X-Total-Count"],
    summary: "AI suggestions, one searched page",
    query: suggestionListQuerySchema,
    responses: { 200: z.array(adminAiSuggestionSchema) },
  }),
  /**
   * The id is a member's id: the matching engine's three best dates for them, with a written note (201); or
   * their pending suggestion, when they have one (200).
   */
  suggest: endpoint({
    method: "POST",
    path: "/api/admin/ai-suggestions/:id",
    summary: "Suggest dates for a member (or their pending suggestion)",
    params,
    body: noBody,
    responses: { 200: adminAiSuggestionSchema, 201: adminAiSuggestionSchema },
    errors: [409, 422],
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/ai-suggestions/:id",
    summary: "Approve, reject or mark a suggestion booked",
    params,
    body: updateSuggestionSchema,
    responses: { 200: adminAiSuggestionSchema },
    errors: [409],
  }),
  /** Create Booking. */
  book: endpoint({
    method: "POST",
    path: "/api/admin/ai-suggestions/:id/book",
    summary: "Create Booking from an approved suggestion",
    params,
    body: noBody,
    responses: { 200: adminAiSuggestionSchema },
    errors: [409, 422],
  }),
  needingDates: endpoint({
    method: "GET",
    path: "/api/admin/members-needing-dates",
    answerHeaders: ["X-Total-Count"],
    summary: "Members with fewer dates planned than their plan includes",
    query: needingDatesQuerySchema,
    responses: { 200: z.array(memberNeedingDatesSchema) },
  }),
} as const;
