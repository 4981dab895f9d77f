import type { FastifyInstance } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { adminSuggestionsApi as api } from "../../../../shared/contract/admin-suggestions.ts";
import type { Deps } from "../../../deps.ts";
import { route } from "../../../route.ts";
import { actorOf } from "../../audit/record.ts";
import { generateSuggestion } from "./generate.ts";
import { membersNeedingDates } from "./needing-dates.ts";
import { bookSuggestion, listSuggestions, updateSuggestion } from "./service.ts";

/** AI Suggestions tab. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminSuggestionsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.list, {}, async (req, reply) => {
    const { rows, total } = await listSuggestions(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  route(app, api.suggest, {}, async (req, reply) => {
    const { suggestion, created } = await generateSuggestion(deps, req.params.id);
    return reply.code(created ? 201 : 200).send(suggestion);
  });

  route(app, api.update, {}, async (req) => updateSuggestion(deps, req.params.id, req.body));

  route(app, api.book, {}, async (req) => bookSuggestion(deps, req.params.id, actorOf(req.user!)));

  route(app, api.needingDates, {}, async (req, reply) => {
    const { rows, total } = await membersNeedingDates(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
}
