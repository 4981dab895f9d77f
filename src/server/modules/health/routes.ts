import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/api/health", async (_req, reply) => {
    const started = performance.now();
    try {
      await deps.db.$client.query("SELECT 1");
      return { status: "ok", database: "up", databaseLatencyMs: Math.round(performance.now() - started) };
    } catch {
      return reply.code(503).send({ status: "degraded", database: "down", message: "Database unreachable" });
    }
  });
}
