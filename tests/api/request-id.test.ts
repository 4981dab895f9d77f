import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/app/server/app.ts";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { url, drop } = await createTestDatabase(inject("pgBaseUrl"));
const db = createDb(url, 2);

type Line = Record<string, unknown> & {
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};

async function appWith(env: Record<string, string>): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DATABASE_URL: url, ...env });
  const app = await buildApp(createDeps(config, db, { transport: outboxTransport(null) }), {
    serveClient: false,
    logStream: { write: (l) => void lines.push(JSON.parse(l)) },
  });
  app.get("/api/test-boom", async () => {
    throw new Error("kaboom");
  });
  return { app, lines };
}

const direct = await appWith({});
const behindProxy = await appWith({ TRUST_PROXY: "1" });
afterAll(async () => {
  await direct.app.close();
  await behindProxy.app.close();
  await db.$client.end();
  await drop();
});

describe("request ids", () => {
  it("gives every request a random UUID, echoes it and logs one completed line with it", async () => {
    const a = await direct.app.inject({ method: "GET", url: "/api/health" });
    const b = await direct.app.inject({ method: "GET", url: "/api/verify-email?token=S3cretTok&x=1" });
    const idA = String(a.headers["x-request-id"]);
    const idB = String(b.headers["x-request-id"]);
    expect(idA).toMatch(UUID);
    expect(idB).toMatch(UUID);
    expect(idA).not.toBe(idB);

    const done = direct.lines.filter((l) => l.reqId === idA && l.msg === "request completed");
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ req: { method: "GET", url: "/api/health" }, res: { statusCode: 200 } });
    expect(typeof done[0].responseTime).toBe("number");

    const doneB = direct.lines.find((l) => l.reqId === idB && l.msg === "request completed");
    expect(doneB?.req?.url).toBe("/api/verify-email?token=[redacted]&x=1");
    expect(doneB?.res?.statusCode).toBe(b.statusCode);
    expect(JSON.stringify(direct.lines)).not.toContain("S3cretTok");
  });

  it("puts the id on error lines and on error answers", async () => {
    const res = await direct.app.inject({ method: "GET", url: "/api/test-boom" });
    expect(res.statusCode).toBe(500);
    const id = String(res.headers["x-request-id"]);
    expect(id).toMatch(UUID);
    const mine = direct.lines.filter((l) => l.reqId === id);
    expect(mine.find((l) => l.msg === "unhandled error")).toMatchObject({ level: 50 });
    expect(mine.find((l) => l.msg === "request completed")).toMatchObject({
      req: { method: "GET", url: "/api/test-boom" },
      res: { statusCode: 500 },
    });
    // A 404 and a refused cross-site POST carry it too.
    const notFound = await direct.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(String(notFound.headers["x-request-id"])).toMatch(UUID);
    const bad = await direct.app.inject({ method: "GET", url: "/api/%E0%A4%A" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "Malformed address" });
    expect(String(bad.headers["x-request-id"])).toMatch(UUID);
  });

  it("ignores an incoming X-Request-Id when no proxy is trusted", async () => {
    const res = await direct.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "forged-by-client" },
    });
    expect(res.headers["x-request-id"]).toMatch(UUID);
    expect(direct.lines.some((l) => l.reqId === "forged-by-client")).toBe(false);
  });

  it("honours a sane X-Request-Id from a trusted proxy and replaces anything else", async () => {
    const ok = await behindProxy.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-1700000000.abc_DEF" },
    });
    expect(ok.headers["x-request-id"]).toBe("lb-1700000000.abc_DEF");
    expect(
      behindProxy.lines.find((l) => l.reqId === "lb-1700000000.abc_DEF" && l.msg === "request completed"),
    ).toBeTruthy();

    for (const insane of ["a".repeat(65), "has space", 'quote"d', "{json}", "x/y", ""]) {
      const res = await behindProxy.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": insane },
      });
      expect(res.headers["x-request-id"], insane).toMatch(UUID);
    }
    const longest = "b".repeat(64);
    const res = await behindProxy.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": longest },
    });
    expect(res.headers["x-request-id"]).toBe(longest);
  });
});
