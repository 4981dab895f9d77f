import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATABASE_RETRY_AFTER_S } from "../../db/unavailable.ts";
import type { Deps } from "../../deps.ts";

const healthy = z.object({
  status: z.literal("ok"),
  database: z.literal("up"),
  databaseLatencyMs: z.number(),
});
/** The database cannot be reached: the monitor alerts on this status. */
const degraded = z.object({
  status: z.literal("degraded"),
  database: z.literal("down"),
  message: z.string(),
});

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/health",
    {
      schema: {
        summary: "Is the service up (and its database)?",
        response: { 200: healthy, 503: degraded },
      },
    },
    async (_req, reply) => {
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
    },
  );
}
