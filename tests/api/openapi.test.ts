import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app/server/app.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

type Operation = {
  tags?: string[];
  summary?: string;
  "x-access"?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
  responses?: Record<string, unknown>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

async function fetchDoc(): Promise<Doc> {
  const res = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/application\/json/);
  return res.json();
}

const bodyOf = (doc: Doc, path: string, method: string) =>
  doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema;

describe("OpenAPI document", () => {
  it("is an OpenAPI 3 document in shape", async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      expect(path, "Fastify's :param syntax must be converted").not.toMatch(/:/);
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS.has(method), `${method} ${path}`).toBe(true);
        const codes = Object.keys(op.responses ?? {});
        expect(
          codes.some((c) => c.startsWith("2") || c.startsWith("3")),
          `${method} ${path} declares its success answer`,
        ).toBe(true);
        expect(op.tags, `${method} ${path}`).toHaveLength(1);
        expect(["public", "member", "admin", "signature"]).toContain(op["x-access"]);
        // Every {param} in the path is declared as a path parameter.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          const p = op.parameters?.find((x) => x.in === "path" && x.name === name);
          expect(p?.required, `${method} ${path} {${name}}`).toBe(true);
        }
      }
    }
  });

  it("lists every route of the route table, schema or not, and nothing else", async () => {
    const doc = await fetchDoc();
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = t.app.routeTable.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`);
    expect(routes.length).toBeGreaterThan(90);
    expect(new Set(documented)).toEqual(new Set(routes));
    // A route without a schema is listed too, with its path parameter.
    expect(doc.paths["/api/health"].get).toBeTruthy();
    expect(doc.paths["/api/partner-invite/{token}"].get.parameters?.[0]).toMatchObject({ name: "token" });
  });

  it("every operation documents 503 (the database out of reach) with the error body", async () => {
    const doc = await fetchDoc();
    const missing = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses?: Record<string, unknown> }>)
        .filter(([, op]) => !op.responses?.["503"])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it("carries the request body schemas of known routes", async () => {
    const doc = await fetchDoc();
    const register = bodyOf(doc, "/api/register", "post");
    expect(Object.keys(register?.properties ?? {})).toEqual(
      expect.arrayContaining(["email", "password", "firstName", "lastName"]),
    );
    expect(register?.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(bodyOf(doc, "/api/login", "post")?.properties).toHaveProperty("password");
    expect(bodyOf(doc, "/api/account/password", "post")?.required).toEqual(
      expect.arrayContaining(["currentPassword", "newPassword"]),
    );
    // Deleting the account asks for the password (and the two-step code when on).
    const deletion = bodyOf(doc, "/api/auth/user", "delete");
    expect(deletion?.required).toEqual(["password"]);
    expect(Object.keys(deletion?.properties ?? {})).toEqual(["password", "code"]);
    expect(doc.paths["/api/auth/user/deletion-preview"].get["x-access"]).toBe("member");
    expect(Object.keys(bodyOf(doc, "/api/admin/venues", "post")?.properties ?? {}).length).toBeGreaterThan(3);
  });

  it("tags operations by module and says who may call them", async () => {
    const doc = await fetchDoc();
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op("/api/register", "post")).toMatchObject({ tags: ["auth"], "x-access": "public" });
    expect(op("/api/auth/user", "patch")).toMatchObject({ tags: ["auth"], "x-access": "member" });
    expect(op("/api/account/sessions", "get")).toMatchObject({ tags: ["account"], "x-access": "member" });
    expect(op("/api/dates/user", "get")).toMatchObject({ tags: ["dates"], "x-access": "member" });
    expect(op("/api/admin/venues/{id}", "put")).toMatchObject({
      tags: ["admin/venues"],
      "x-access": "admin",
    });
    expect(op("/api/admin/stats", "get")).toMatchObject({ tags: ["admin"], "x-access": "admin" });
    expect(op("/api/webhooks/payments", "post")["x-access"]).toBe("signature");
    // Role checked in the handler: the member's own "who am I" and the admins' ticket update.
    expect(op("/api/auth/user", "get")["x-access"]).toBe("member");
    expect(op("/api/support/tickets/{id}", "put")["x-access"]).toBe("admin");
    expect(op("/api/health", "get")["x-access"]).toBe("public");
    expect(op("/api/admin/users", "get").security).toEqual([{ session: [] }]);
    // Public operations say so (no scheme); server-to-server ones name theirs.
    expect(op("/api/register", "post").security).toEqual([]);
    expect(op("/api/webhooks/payments", "post").security).toEqual([{ webhookSignature: [] }]);
    expect(op("/api/support/inbound", "post").security).toEqual([{ inboundSecret: [] }]);
  });

  it("gives every operation a unique operationId and its error answers", async () => {
    const doc = await fetchDoc();
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item) as Array<
        [string, Operation & { operationId?: string }]
      >) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        ids.push(op.operationId as string);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    const dateRead = doc.paths["/api/dates/{id}"].get as Operation & { operationId: string };
    expect(dateRead.operationId).toBe("getDatesById");
    // Input -> 400, a session -> 401, a resource -> 404; admins' routes and browser writes -> 403.
    expect(Object.keys(dateRead.responses ?? {})).toEqual(expect.arrayContaining(["400", "401", "404"]));
    expect(Object.keys(doc.paths["/api/admin/venues"].post.responses ?? {})).toEqual(
      expect.arrayContaining(["400", "401", "403"]),
    );
    expect(doc.paths["/api/dates/{id}"].get.responses?.["404"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  });
});

describe("/api/docs page and access", () => {
  it("serves a self-contained HTML page of every operation, without scripts", async () => {
    const res = await t.request({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!localhost)/i);
    expect(res.body).toContain('href="/api/docs/openapi.json"');
    const doc = await fetchDoc();
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(res.body.match(/<tr><td><span class="m /g)).toHaveLength(operations);
    expect(res.body).toContain("/api/admin/venues/{id}");
    expect(res.body).toContain("email*, password*, firstName*, lastName*");
  });

  it("is public outside production and admin-only in production", async () => {
    const member = await t.member();
    const admin = await t.admin();
    const prod = await buildApp(
      { ...t.deps, config: { ...t.config, env: "production" } },
      { serveClient: false },
    );
    try {
      for (const url of ["/api/docs", "/api/docs/openapi.json"]) {
        expect((await t.request({ method: "GET", url })).statusCode, url).toBe(200);
        expect((await prod.inject({ method: "GET", url })).statusCode, url).toBe(401);
        expect(
          (await prod.inject({ method: "GET", url, headers: { cookie: member.cookie } })).statusCode,
          url,
        ).toBe(403);
        expect(
          (await prod.inject({ method: "GET", url, headers: { cookie: admin.cookie } })).statusCode,
          url,
        ).toBe(200);
      }
      const prodDoc = (
        await prod.inject({ url: "/api/docs/openapi.json", headers: { cookie: admin.cookie } })
      ).json();
      expect(prodDoc.paths["/api/docs"].get["x-access"]).toBe("admin");
    } finally {
      await prod.close();
    }
  });
});
