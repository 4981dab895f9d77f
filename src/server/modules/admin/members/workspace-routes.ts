import type { FastifyInstance } from "fastify";
import { adminMemberWorkspaceApi as api } from "../../../../shared/contract/admin-member-workspace.ts";
import type { Deps } from "../../../deps.ts";
import { route } from "../../../route.ts";
import { sendTagged } from "../../audit/etag.ts";
import { memberTickets, recentEmails } from "./activity.ts";
import { getNeeds, saveNeeds } from "./needs.ts";
import { addNote, deleteNote, editNote, getNote, listNotes } from "./notes.ts";
import { getUser } from "./service.ts";

/**
 * The member page as a workspace (decision 0074): notes, needs, e-mails and tickets (the plan paused or
 * cancelled for the member and their billing are the subscriptions feature's: features/subscriptions/server/
 * routes.ts). Every /api/admin/* path is guarded in plugins/auth-context.ts.
 */
export function adminMemberWorkspaceRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.notes, {}, async (req) => listNotes(deps, req.params.userId));
  route(app, api.addNote, {}, async (req, reply) => addNote(deps, req, reply, req.params.userId, req.body));
  route(app, api.note, {}, async (req, reply) =>
    sendTagged(reply, await getNote(deps, req.params.userId, req.params.noteId)),
  );
  route(app, api.editNote, {}, async (req, reply) => editNote(deps, req, reply, req.params, req.body));
  route(app, api.deleteNote, {}, async (req) => deleteNote(deps, req, req.params));

  route(app, api.needs, {}, async (req, reply) => getNeeds(deps, reply, req.params.userId));
  route(app, api.saveNeeds, {}, async (req, reply) =>
    saveNeeds(deps, req, reply, req.params.userId, req.body),
  );

  route(app, api.emails, {}, async (req) => {
    await getUser(deps, req.params.userId);
    return recentEmails(deps, req.params.userId);
  });
  route(app, api.tickets, {}, async (req) => {
    await getUser(deps, req.params.userId);
    return memberTickets(deps, req.params.userId);
  });
}
