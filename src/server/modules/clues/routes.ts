import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId } from "../../../shared/admin/common.ts";
import { adminCluesSchema, putCluesSchema } from "../../../shared/clues.ts";
import type { Deps } from "../../deps.ts";
import { getClues, saveClues } from "./admin.ts";

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
    async (req) => getClues(deps, req.params.assignmentId),
  );

  r.put(
    "/api/admin/assignments/:assignmentId/clues",
    {
      schema: {
        summary: "Save the team's clues for a date (an empty list resets to the derived ones)",
        params,
        body: putCluesSchema,
        response: { 200: adminCluesSchema },
        errors: [422],
      },
    },
    async (req) => saveClues(deps, req.params.assignmentId, req.body.clues, req.user!.id),
  );
}
