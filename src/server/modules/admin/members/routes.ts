import type { FastifyInstance } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { adminMembersApi as api } from "../../../../shared/contract/admin-members.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { requireAdmin } from "../../../plugins/auth-context.ts";
import { route } from "../../../route.ts";
import { destroyUserSessions, listSessions } from "../../auth/sessions.ts";
import { removeAllDevices } from "../../push/devices.ts";
import { recentTexts } from "../../sms/history.ts";
import { coupleView, removeExclusion } from "./couple-view.ts";
import { memberExportColumns, memberExportRows } from "./export.ts";
import { demoteUser, getUser, listUsers, promoteUser, userDates } from "./service.ts";
import { streamedWorkbookDownload } from "./stream-workbook.ts";
import { adminMemberWorkspaceRoutes } from "./workspace-routes.ts";

/** Members tab, Users tab and the member page. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminMembersRoutes(app: FastifyInstance, deps: Deps): void {
  adminMemberWorkspaceRoutes(app, deps);

  route(app, api.list, {}, async (req, reply) => {
    const { rows, total } = await listUsers(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  // Registered before /:userId so "export" is never read as an id.
  route(app, api.export, {}, async (_req, reply) =>
    sendDownload(
      reply,
      streamedWorkbookDownload(
        "members",
        deps.now(),
        { name: "Members", columns: memberExportColumns },
        memberExportRows(deps),
      ),
    ),
  );

  route(app, api.get, {}, async (req) => getUser(deps, req.params.userId));

  route(app, api.dates, {}, async (req) => userDates(deps, req.params.userId));

  route(app, api.couple, {}, async (req) => coupleView(deps, req.params.userId, req.query.month));

  route(app, api.removeExclusion, {}, async (req) =>
    removeExclusion(deps, req.params.userId, req.params.venueId, req.body.reason, req.user!.id),
  );

  route(app, api.sessions, {}, async (req) => {
    await getUser(deps, req.params.userId);
    return listSessions(deps.db, req.params.userId, null, deps.now(), deps.config.sessionIdle);
  });

  route(app, api.texts, {}, async (req) => {
    await getUser(deps, req.params.userId);
    return recentTexts(deps, req.params.userId);
  });

  route(app, api.endSessions, {}, async (req) => {
    await getUser(deps, req.params.userId);
    const n = await destroyUserSessions(deps.db, req.params.userId);
    await removeAllDevices(deps.db, req.params.userId);
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
  });

  route(app, api.promote, {}, async (req) => promoteUser(deps, requireAdmin(req), req.params.id));

  route(app, api.demote, {}, async (req) => demoteUser(deps, requireAdmin(req), req.params.id));
}
