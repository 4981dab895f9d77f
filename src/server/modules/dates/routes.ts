import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { memberNoShowSchema } from "../../../shared/admin/assignment-evening.ts";
import {
  dashboardStatsSchema,
  memberDateListSchema,
  memberDateSchema,
} from "../../../shared/schemas/dates.ts";
import { idParamSchema, rateDateSchema, rescheduleSchema } from "../../../shared/schemas/member.ts";
import { fileResponse } from "../../../shared/schemas/responses.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { reportNoShow } from "./no-show.ts";
import {
  confirmDate,
  dateCalendar,
  dateStats,
  getDate,
  listDates,
  rateDate,
  requestReschedule,
} from "./service.ts";

export function dateRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: idParamSchema };
  const oneDate = { 200: memberDateSchema };

  r.get(
    "/api/dates/user",
    {
      onRequest: memberOnly,
      schema: { summary: "The couple's dates, soonest first", response: { 200: memberDateListSchema } },
    },
    async (req) => listDates(deps, requireUser(req), app.authCache),
  );
  r.get(
    "/api/dates/stats",
    {
      onRequest: memberOnly,
      schema: { summary: "The dashboard's counts", response: { 200: dashboardStatsSchema } },
    },
    async (req) => dateStats(deps, requireUser(req)),
  );
  r.get(
    "/api/dates/:id",
    { onRequest: memberOnly, schema: { ...params, summary: "One of the couple's dates", response: oneDate } },
    async (req) => getDate(deps, requireUser(req), req.params.id),
  );
  r.get(
    "/api/dates/:id/calendar.ics",
    {
      onRequest: memberOnly,
      schema: {
        ...params,
        summary: "A date as a calendar file",
        response: { 200: fileResponse("text/calendar", "The date as an iCalendar event") },
      },
    },
    async (req, reply) => {
      const ics = await dateCalendar(deps, requireUser(req), req.params.id);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="unveil-date-${req.params.id}.ics"`)
        .send(ics);
    },
  );
  r.post(
    "/api/dates/:id/confirm",
    { onRequest: memberOnly, schema: { ...params, summary: "Confirm a date", response: oneDate } },
    async (req) => confirmDate(deps, requireUser(req), req.params.id),
  );
  r.post(
    "/api/dates/:id/reschedule",
    {
      onRequest: memberOnly,
      schema: {
        ...params,
        body: rescheduleSchema.nullish(),
        summary: "Ask to move a date",
        response: oneDate,
      },
    },
    async (req) => requestReschedule(deps, requireUser(req), req.params.id, req.body?.reason),
  );
  r.post(
    "/api/dates/:id/rating",
    {
      onRequest: memberOnly,
      // A no-show has nothing to rate (409).
      schema: { ...params, body: rateDateSchema, summary: "Rate a date", response: oneDate, errors: [409] },
    },
    async (req) => rateDate(deps, requireUser(req), req.params.id, req.body),
  );
  r.post(
    "/api/dates/:id/no-show",
    {
      onRequest: memberOnly,
      schema: {
        ...params,
        body: memberNoShowSchema.nullish(),
        summary: "Say the date did not happen (we couldn't go / nobody came)",
        response: oneDate,
        errors: [409],
      },
    },
    async (req) => reportNoShow(deps, requireUser(req), req.params.id, req.body?.note ?? null),
  );
}
