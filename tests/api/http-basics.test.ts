import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { PERMISSIONS_POLICY } from "../../src/server/plugins/security.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();

describe("cross-site requests", () => {
  const body = { email: "csrf@example.com", password: "long-enough", firstName: "Cr", lastName: "Sf" };

  it("refuses a mutating request from another origin and changes nothing", async () => {
    const before = await t.db.$count(users);
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      headers: { "content-type": "application/json", origin: "https://evil.example", host: "localhost:5000" },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.crossOrigin);
    expect(await t.db.$count(users)).toBe(before);
  });

  it("refuses a signed-in member's logout forged from another site", async () => {
    const m = await t.member();
    const res = await t.request({ method: "POST", url: "/api/logout", as: m, headers: { origin: "null" } });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: m })).statusCode).toBe(200);
  });

  it("refuses a browser request marked cross-site without an Origin header", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the app's own origin and same-host requests", async () => {
    const own = await t.request({
      method: "POST",
      url: "/api/forgot-password",
      headers: { "content-type": "application/json", origin: "http://localhost:5000" },
      payload: JSON.stringify({ email: "a@example.com" }),
    });
    expect(own.statusCode).toBe(200);
    const sameHost = await t.request({
      method: "POST",
      url: "/api/forgot-password",
      headers: {
        "content-type": "application/json",
        origin: "http://127.0.0.1:8123",
        host: "127.0.0.1:8123",
      },
      payload: JSON.stringify({ email: "a@example.com" }),
    });
    expect(sameHost.statusCode).toBe(200);
  });
});

describe("malformed input", () => {
  it.each([
    ["{not json", MSG.malformedJson],
    ['{"email": "a@b.co", "password": ', MSG.malformedJson],
  ])("answers 400 JSON for a broken body %s", async (payload, message) => {
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"hello"'],
    ["null", "null"],
    ["wrong types", JSON.stringify({ email: 42, password: ["x"] })],
    ["a prototype key", '{"__proto__": {"isAdmin": true}, "email": "a@b.co", "password": "x"}'],
    [
      "a constructor key",
      '{"constructor": {"prototype": {"isAdmin": true}}, "email": "a@b.co", "password": "x"}',
    ],
  ])("answers 4xx, never 5xx, for %s", async (_name, payload) => {
    for (const url of ["/api/login", "/api/register", "/api/forgot-password", "/api/reset-password"]) {
      const res = await t.request({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe("string");
    }
  });

  it("answers 400 for an empty JSON body and 415 for form posts", async () => {
    const empty = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(400);
    const form = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a",
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe("Unsupported content type");
  });

  it("answers 413 for a huge body", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it("answers 404 JSON for unknown API paths and methods", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/auth/user/extra"],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.notFound });
    }
  });
});

describe("GET /api/health", () => {
  it("reports the database as up", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "up" });
    // The response schema's keys and nothing else.
    expect(Object.keys(res.json()).sort()).toEqual(["database", "databaseLatencyMs", "status"]);
  });
});

describe("security headers", () => {
  it("sets CSP, nosniff, no-referrer and no-store on API answers", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("encoded paths", () => {
  it("cannot sidestep the origin check or the admin guard", async () => {
    const m = await t.member();
    const forged = await t.request({
      method: "POST",
      url: "/%61pi/logout",
      as: m,
      headers: { origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: m })).statusCode).toBe(200);
    const admin = await t.request({ method: "GET", url: "/api/%61dmin/anything", as: m });
    expect(admin.statusCode).toBe(403);
    const visitor = await t.request({ method: "GET", url: "/%61pi/%61dmin/anything" });
    expect(visitor.statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/%E0%A4%A" })).statusCode).toBe(400);
  });
});

describe("security headers on every answer, early errors included", () => {
  const expectSecurityHeaders = (headers: Record<string, string | string[] | number | undefined>) => {
    expect(headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
  };

  it("an answer, a 404 and a malformed address each carry them, Permissions-Policy included", async () => {
    for (const url of ["/api/health", "/api/no-such-route", "/api/%E0%A4%A"]) {
      const res = await t.request({ method: "GET", url });
      expectSecurityHeaders(res.headers);
    }
  });

  it("a request Node refuses before routing (headers too large, a broken request line) carries them too", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => socket.write(request));
        let answer = "";
        socket.on("data", (d) => {
          answer += d.toString();
        });
        socket.on("end", () => resolve(answer));
        socket.on("error", reject);
      });
    const parse = (answer: string) => {
      const [head, body] = answer.split("\r\n\r\n");
      const [status, ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      return { status, headers, body: JSON.parse(body) as { message: string } };
    };
    const huge = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    );
    expect(huge.status).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(huge.body.message).toBe("The request's headers are too large.");
    expectSecurityHeaders(huge.headers);
    const broken = parse(await raw("GET /api/health HTTP/9.9 nonsense\r\n\r\n"));
    expect(broken.status).toBe("HTTP/1.1 400 Bad Request");
    expectSecurityHeaders(broken.headers);
    await t.app.close();
  });
});
