/** The couple's dates: the list, the dashboard's counts, one date, its calendar file and what a member does with it. */
import { memberNoShowSchema } from "../admin/assignment-evening.ts";
import { dashboardStatsSchema, memberDateListSchema, memberDateSchema } from "../schemas/dates.ts";
import { idParamSchema, rateDateSchema, rescheduleSchema } from "../schemas/member.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const oneDate = { 200: memberDateSchema };

export const datesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/dates/user",
    summary: "The couple's dates, soonest first",
    responses: { 200: memberDateListSchema },
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/dates/stats",
    summary: "The dashboard's counts",
    responses: { 200: dashboardStatsSchema },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/dates/:id",
    summary: "One of the couple's dates",
    params: idParamSchema,
    responses: oneDate,
  }),
  calendar: endpoint({
    method: "GET",
    path: "/api/dates/:id/calendar.ics",
    summary: "A date as a calendar file",
    params: idParamSchema,
    responses: { 200: fileResponse("text/calendar", "The date as an iCalendar event") },
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/dates/:id/confirm",
    summary: "Confirm a date",
    params: idParamSchema,
    responses: oneDate,
  }),
  reschedule: endpoint({
    method: "POST",
    path: "/api/dates/:id/reschedule",
    summary: "Ask to move a date",
    params: idParamSchema,
    body: rescheduleSchema.nullish(),
    responses: oneDate,
  }),
  // A no-show has nothing to rate (409).
  rate: endpoint({
    method: "POST",
    path: "/api/dates/:id/rating",
    summary: "Rate a date",
    params: idParamSchema,
    body: rateDateSchema,
    responses: oneDate,
    errors: [409],
  }),
  noShow: endpoint({
    method: "POST",
    path: "/api/dates/:id/no-show",
    summary: "Say the date did not happen (we couldn't go / nobody came)",
    params: idParamSchema,
    body: memberNoShowSchema.nullish(),
    responses: oneDate,
    errors: [409],
  }),
} as const;
