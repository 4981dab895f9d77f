import type { FastifyInstance } from "fastify";
import type { Deps } from "../../../deps.ts";

/** Back-office routes of this slice (issue #5). Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminAssignmentsRoutes(_app: FastifyInstance, _deps: Deps): void {}
