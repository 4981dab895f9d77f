/** The clue editor in an assignment's details. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import { adminCluesSchema, putCluesSchema } from "../clues.ts";
import { endpoint } from "./endpoint.ts";

const params = z.object({ assignmentId: adminId });

export const cluesApi = {
  /** With the ETag of the clues' version (the unlock times of a moved date aside). */
  read: endpoint({
    method: "GET",
    path: "/api/admin/assignments/:assignmentId/clues",
    answerHeaders: ["ETag"],
    summary: "A date's teaser clues, derived and edited, with their unlock times",
    params,
    responses: { 200: adminCluesSchema },
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/admin/assignments/:assignmentId/clues",
    answerHeaders: ["ETag"],
    summary:
      "Save the team's clues for a date (an empty list resets to the derived ones; If-Match: refused when another admin saved them since)",
    params,
    body: putCluesSchema,
    responses: { 200: adminCluesSchema },
    errors: [412, 422],
  }),
} as const;
