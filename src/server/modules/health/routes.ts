import type { FastifyInstance } from "fastify";
import { healthApi as api } from "../../../shared/contract/health.ts";
import { DATABASE_RETRY_AFTER_S } from "../../db/unavailable.ts";
import type { Deps } from "../../deps.ts";
import { route } from "../../route.ts";

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.health, {}, async (_req, reply) => {
    const started = performance.now();
    try {
      await deps.db.$client.query("SELECT 1");
      return {
        status: "ok" as const,
        database: "up" as const,
        databaseLatencyMs: Math.round(performance.now() - started),
      };
    } catch {
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .send({ status: "degraded", database: "down", message: "Database unreachable" });
    }
  });
}
