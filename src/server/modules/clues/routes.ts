import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId } from "../../../shared/admin/common.ts";
import { type AdminClues, adminCluesSchema, putCluesSchema } from "../../../shared/clues.ts";
import type { Deps } from "../../deps.ts";
import { etagOf, ifMatchOf } from "../audit/etag.ts";
import { actorOf } from "../audit/record.ts";
import { cluesVersion, getClues, saveClues } from "./admin.ts";

/** Sends a date's clues with the ETag of their version (admin.ts: the unlock times of a moved date aside). */
function tagged(reply: FastifyReply, clues: AdminClues): AdminClues {
  reply.header("ETag", etagOf(cluesVersion(clues)));
  return clues;
}

/** The clue editor in an assignment's details. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminCluesRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ assignmentId: adminId });

  r.get(
    "/api/admin/assignments/:assignmentId/clues",
    {
      schema: {
        summary: "A date's teaser clues, derived and edited, with their unlock times",
        params,
        response: { 200: adminCluesSchema },
      },
    },
    async (req, reply) => tagged(reply, await getClues(deps, req.params.assignmentId)),
  );

  r.put(
    "/api/admin/assignments/:assignmentId/clues",
    {
      schema: {
        summary:
          "Save the team's clues for a date (an empty list resets to the derived ones; If-Match: refused when another admin saved them since)",
        params,
        body: putCluesSchema,
        response: { 200: adminCluesSchema },
        errors: [412, 422],
      },
    },
    async (req, reply) =>
      tagged(
        reply,
        await saveClues(deps, req.params.assignmentId, req.body.clues, req.user!.id, {
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      ),
  );
}
