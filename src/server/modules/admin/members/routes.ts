import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  adminUsersQuerySchema,
  coupleQuerySchema,
  idParamSchema,
  userIdParamSchema,
} from "../../../../shared/admin/members.ts";
import type { Deps } from "../../../deps.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { destroyUserSessions, listSessions } from "../../auth/sessions.ts";
import { coupleView } from "./couple-view.ts";
import { memberExportColumns, memberExportRows } from "./export.ts";
import { demoteUser, getUser, listUsers, promoteUser, userDates } from "./service.ts";
import { streamWorkbook } from "./stream-workbook.ts";

/** Members tab, Users tab and the member page. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminMembersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noBody = { body: z.unknown().nullish() };

  r.get("/api/admin/users", { schema: { querystring: adminUsersQuerySchema } }, async (req, reply) => {
    const { rows, total } = await listUsers(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  // Registered before /:userId so "export" is never read as an id.
  r.get("/api/admin/users/export", async (_req, reply) =>
    streamWorkbook(
      reply,
      "members",
      deps.now(),
      { name: "Members", columns: memberExportColumns },
      memberExportRows(deps),
    ),
  );

  r.get("/api/admin/users/:userId", { schema: { params: userIdParamSchema } }, async (req) =>
    getUser(deps, req.params.userId),
  );

  r.get("/api/admin/users/:userId/dates", { schema: { params: userIdParamSchema } }, async (req) =>
    userDates(deps, req.params.userId),
  );

  // The couple: partner, plan holder, plan, the allowance of a London month (default now), needs, ratings.
  r.get(
    "/api/admin/users/:userId/couple",
    { schema: { params: userIdParamSchema, querystring: coupleQuerySchema } },
    async (req) => coupleView(deps, req.params.userId, req.query.month),
  );

  // Support and incident response: an admin can see how many devices a member is signed in on and end them all.
  r.get("/api/admin/users/:userId/sessions", { schema: { params: userIdParamSchema } }, async (req) => {
    await getUser(deps, req.params.userId);
    const list = await listSessions(deps.db, req.params.userId, null, deps.now(), deps.config.sessionIdle);
    return list.map(({ current: _current, ...s }) => s);
  });

  r.delete(
    "/api/admin/users/:userId/sessions",
    { schema: { params: userIdParamSchema, ...noBody } },
    async (req) => {
      await getUser(deps, req.params.userId);
      const n = await destroyUserSessions(deps.db, req.params.userId);
      req.log.info(
        { adminId: requireAdmin(req).id, userId: req.params.userId, ended: n },
        "admin ended sessions",
      );
      return {
        message:
          n === 0
            ? "This member was not signed in anywhere."
            : `Signed the member out of ${n} ${n === 1 ? "device" : "devices"}.`,
        ended: n,
      };
    },
  );

  r.post("/api/admin/users/:id/promote", { schema: { params: idParamSchema, ...noBody } }, async (req) => {
    requireAdmin(req);
    return promoteUser(deps, req.params.id);
  });

  r.post("/api/admin/users/:id/demote", { schema: { params: idParamSchema, ...noBody } }, async (req) =>
    demoteUser(deps, requireAdmin(req), req.params.id),
  );
}
