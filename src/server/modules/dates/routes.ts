import type { FastifyInstance } from "fastify";
import { datesApi as api } from "../../../shared/contract/dates.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { reportNoShow } from "./no-show.ts";
import {
  confirmDate,
  dateCalendar,
  dateStats,
  getDate,
  listDatesJson,
  rateDate,
  requestReschedule,
} from "./service.ts";

const JSON_TYPE = "application/json; charset=utf-8";

export function dateRoutes(app: FastifyInstance, deps: Deps): void {
  const member = { onRequest: memberOnly };
  // Text already encoded through the list's schema (dates/list-cache.ts): a JSON string is sent as it is.
  route(app, api.list, member, async (req, reply) =>
    reply.type(JSON_TYPE).send(await listDatesJson(deps, requireUser(req), app.authCache)),
  );
  route(app, api.stats, member, async (req) => dateStats(deps, requireUser(req)));
  route(app, api.get, member, async (req) => getDate(deps, requireUser(req), req.params.id));
  route(app, api.calendar, member, async (req, reply) => {
    const ics = await dateCalendar(deps, requireUser(req), req.params.id);
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", `attachment; filename="unveil-date-${req.params.id}.ics"`)
      .send(ics);
  });
  route(app, api.confirm, member, async (req) => confirmDate(deps, requireUser(req), req.params.id));
  route(app, api.reschedule, member, async (req) =>
    requestReschedule(deps, requireUser(req), req.params.id, req.body?.reason),
  );
  route(app, api.rate, member, async (req) => rateDate(deps, requireUser(req), req.params.id, req.body));
  route(app, api.noShow, member, async (req) =>
    reportNoShow(deps, requireUser(req), req.params.id, req.body?.note ?? null),
  );
}
