import type { FastifyInstance, FastifyReply } from "fastify";
import type { AdminClues } from "../../../shared/clues.ts";
import { cluesApi as api } from "../../../shared/contract/clues.ts";
import type { Deps } from "../../deps.ts";
import { route } from "../../route.ts";
import { etagOf, guardedChangeOf } from "../audit/etag.ts";
import { cluesVersion, getClues, saveClues } from "./admin.ts";

/** Sends a date's clues with the ETag of their version (admin.ts: the unlock times of a moved date aside). */
function tagged(reply: FastifyReply, clues: AdminClues): AdminClues {
  reply.header("ETag", etagOf(cluesVersion(clues)));
  return clues;
}

/** The clue editor in an assignment's details. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminCluesRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.read, {}, async (req, reply) =>
    tagged(reply, await getClues(deps, req.params.assignmentId)),
  );

  route(app, api.save, {}, async (req, reply) =>
    tagged(
      reply,
      await saveClues(deps, req.params.assignmentId, req.body.clues, req.user!.id, guardedChangeOf(req)),
    ),
  );
}
