/**
 * The API described as OpenAPI 3, generated from the routes themselves (@fastify/swagger collects every route;
 * fastify-type-provider-zod turns their zod schemas into JSON Schema). Served at GET /api/docs/openapi.json,
 * with a plain server-rendered page at GET /api/docs (no script, no remote assets: the CSP forbids them).
 *
 * Access: public in development and test, admin-only in production. The document names admin routes and
 * their fields, which helps an attacker little (every /api/admin path refuses anyone but an admin), but a
 * live site has no reason to publish its internals; developers read it on their own machine.
 *
 * Each operation carries its module as tag (from the path: auth, account, dates, admin/venues...), and
 * "x-access": public, member, admin or signature (server-to-server, authenticated by a signature).
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE } from "../../shared/constants.ts";
import type { AnswerHeader } from "../../shared/contract/endpoint.ts";
// Also registers the "Error" component every error answer refers to.
import { fileResponse } from "../../shared/schemas/responses.ts";
import { memberOnly, requireAdmin } from "./auth-context.ts";
import { ORIGIN_EXEMPT_PREFIXES } from "./security.ts";

export const DOCS_PATH = "/api/docs";
export const OPENAPI_PATH = "/api/docs/openapi.json";

export type Access = "public" | "member" | "admin" | "signature";

/** Paths of the sign-in family that live at the root of /api rather than under /api/auth. */
const AUTH_PATHS = new Set([
  "register",
  "login",
  "logout",
  "forgot-password",
  "reset-password",
  "verify-email",
  "resend-verification",
]);
const SUBSCRIPTION_PATHS = new Set([
  "billing",
  "create-subscription",
  "complete-subscription",
  "cancel-subscription",
  "reactivate-subscription",
  "validate-offer-code",
]);

/** The module a path belongs to: "admin/venues", "dates", "auth", ... */
export function tagOf(url: string): string {
  const [first = "", second] = url.replace(/^\/api\/?/, "").split("/");
  if (!url.startsWith("/api/")) return first || "pages";
  if (first === "admin")
    return second && !second.startsWith(":") && second !== "stats" ? `admin/${second}` : "admin";
  if (AUTH_PATHS.has(first) || first === "auth") return "auth";
  if (SUBSCRIPTION_PATHS.has(first)) return "subscription";
  if (first === "partner-invite") return "partner";
  return first;
}

function hooks(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preHandler].flat().filter(Boolean);
}

/** Routes whose handler checks the role itself (no memberOnly hook, outside /api/admin). */
const ADMIN_ELSEWHERE = new Set(["PUT /api/support/tickets/:id"]);
const MEMBER_IN_HANDLER = new Set(["GET /api/auth/user"]);

export function accessOf(route: RouteOptions, docsAdminOnly: boolean): Access {
  const url = route.url;
  const key = `${[route.method].flat()[0]} ${url}`;
  if (url === "/api/admin" || url.startsWith("/api/admin/") || ADMIN_ELSEWHERE.has(key)) return "admin";
  if (MEMBER_IN_HANDLER.has(key)) return "member";
  if (url === DOCS_PATH || url === OPENAPI_PATH) return docsAdminOnly ? "admin" : "public";
  if (ORIGIN_EXEMPT_PREFIXES.some((p) => url.startsWith(p))) return "signature";
  if (hooks(route).includes(memberOnly)) return "member";
  return "public";
}

/** A readable default summary from the path when the route's schema has none: "users › sessions". */
function pathSummary(url: string): string {
  const words = url
    .replace(/^\/api\/(admin\/)?/, "")
    .split("/")
    .filter((s) => s && !s.startsWith(":"))
    .map((s) => s.replaceAll("-", " "));
  return words.join(" › ") || url;
}

declare module "fastify" {
  interface FastifySchema {
    /**
     * The error statuses a route answers beyond those its access and inputs imply (409, 410, 422, 429...),
     * for the document only: error bodies are never re-encoded (errorBodySchema describes them all).
     */
    errors?: readonly number[];
  }
}

/** Words for each error status in the document. */
const ERROR_TEXT: Record<number, string> = {
  400: "The request is malformed or a field is invalid: `message` says which, `errors` lists the fields",
  401: "Not signed in (or the signature or secret is wrong)",
  403: "Signed in without the right to do this, or a write from another site",
  404: "Not found, or not yours",
  409: "It conflicts with the current state (already done, or in progress elsewhere)",
  410: "It is gone (an expired or used link)",
  412: "The record changed since it was read (If-Match is stale): `message` says who changed it and when; nothing was changed",
  413: "The body (or upload) is too large",
  414: "A path parameter is longer than the router reads (refused unread)",
  415: "The body's content type is not one this operation reads",
  422: "Understood, but a rule refuses it: `message` says why (the rulebook adds `rules`)",
  429: "Too many attempts: wait (the Retry-After header says how long)",
  498: "The webhook signature is missing or wrong",
  502: "The payment provider failed or did not answer: nothing was changed; try again",
  503: "The database cannot be reached just now: nothing was changed; try again (Retry-After says when)",
};

/** The headers an answer may carry beside its body, as the document describes them. */
const HEADER_DOC: Record<AnswerHeader | "Retry-After", { description: string; schema: object }> = {
  "X-Total-Count": {
    description: "How many rows the whole list holds (this answer is one page of them)",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  ETag: {
    description:
      "The record's version: send it back as If-Match with a save, which is refused (412) if it changed",
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
};
/** The route's own answers, each 2xx one with the headers its declaration says it carries. */
function withAnswerHeaders(responses: Record<string, object>, names: AnswerHeader[]): Record<string, object> {
  if (names.length === 0) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => [
      status,
      status.startsWith("2") ? { ...r, headers: headersDoc(names) } : r,
    ]),
  );
}

/** The headers error answers carry: when to try again; a stale save's refusal, the record's version now. */
const ERROR_HEADERS: Record<number, Record<string, object>> = {
  412: {
    ETag: {
      ...HEADER_DOC.ETag.schema,
      description: "The record's version now: read it again, or send this as If-Match to save over it",
    },
  },
  429: headersDoc(["Retry-After"]),
  503: headersDoc(["Retry-After"]),
};

/** The `headers` of a response in the route schema @fastify/swagger reads (each header's schema and words). */
function headersDoc(names: ReadonlyArray<AnswerHeader | "Retry-After">) {
  return Object.fromEntries(
    names.map((n) => [n, { ...HEADER_DOC[n].schema, description: HEADER_DOC[n].description }]),
  );
}

/**
 * The error answers of an operation: 400 when it takes input, 401 when it needs a session or a signature,
 * 403 for administrators' routes and for browser writes (the origin check), 404 (and 414 for an over-long
 * parameter) when it names a resource,
 * and whatever the route lists itself in `schema.errors`. Any method but GET and HEAD may carry a body, which
 * Fastify reads before the route runs, with or without a body schema: malformed (400), too large (413) or of
 * a type nothing reads (415).
 */
export function errorStatuses(method: string, schema: Record<string, unknown>, access: Access): number[] {
  const codes = new Set<number>();
  if (schema.body || schema.querystring || schema.params) codes.add(400);
  if (method !== "GET" && method !== "HEAD") for (const c of [400, 413, 415]) codes.add(c);
  if (access !== "public") codes.add(401);
  if (access === "admin" || (access !== "signature" && method !== "GET" && method !== "HEAD")) codes.add(403);
  // Fastify's router refuses a path parameter over maxParamLength (100 characters) before any route runs.
  if (schema.params) for (const c of [404, 414]) codes.add(c);
  for (const c of (schema.errors as number[] | undefined) ?? []) codes.add(c);
  // Every operation reads the database (a session at least): with it out of reach the answer is 503.
  codes.add(503);
  return [...codes].sort((a, b) => a - b);
}

/** A stable, URL-safe operation id from method and path: GET /api/dates/{id}/calendar.ics -> getDatesByIdCalendarIcs. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? `by-${seg.slice(1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
  return `${method.toLowerCase()}${pascal || "Root"}`;
}

/** How a server-to-server route proves who calls it. */
function signatureScheme(url: string): string {
  return url.startsWith("/api/webhooks/") ? "webhookSignature" : "inboundSecret";
}

/**
 * Drops the component schemas nothing refers to: zod's registry yields an input and an output version of
 * every named schema, and a response-only schema's input twin (or a request-only one's output twin) is noise.
 */
export function withoutUnusedSchemas<T extends object>(doc: T): T {
  const components = (doc as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return doc;
  const refsIn = (value: unknown) => {
    const names = new Set<string>();
    JSON.stringify(value, (key, v) => {
      if (key === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/"))
        names.add(v.slice("#/components/schemas/".length));
      return v;
    });
    return names;
  };
  // Follow references from the paths through the components they name (a schema may refer to another).
  const used = refsIn({ ...doc, components: { ...components, schemas: {} } });
  const queue = [...used];
  while (queue.length) {
    for (const name of refsIn(schemas[queue.pop() as string])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...components, schemas: kept } };
}

/** Client build files and the page fallback are not API: hidden from the document. */
const isClientFile = (url: string) => url === "/*" || (!url.startsWith("/api/") && /\.[a-z0-9]+$/i.test(url));

const zodTransform = createJsonSchemaTransform({});
type Transformed = ReturnType<typeof zodTransform>;

/** A route schema's parts, one level into `response`: what its JSON Schema is made from. */
function partsOf(schema: object | undefined): unknown[] {
  return Object.entries(schema ?? {}).flatMap(([key, value]) =>
    key === "response" && value && typeof value === "object"
      ? [key, ...Object.entries(value).flat()]
      : [key, value],
  );
}

/**
 * Converting every route's zod schemas to JSON Schema is most of the time the document takes (about 200 ms).
 * The schemas are module constants, so an app built again in the same process (each API test file builds one)
 * reuses the conversion of a route whose parts are the very same objects; a copy, as the document's builder
 * may change what it is given.
 */
const converted = new Map<string, { parts: unknown[]; out: Transformed }>();
function convert(doc: Parameters<typeof zodTransform>[0]): Transformed {
  const key = `${[doc.route.method].flat().join(",")} ${doc.url}`;
  const parts = partsOf(doc.schema);
  const hit = converted.get(key);
  if (hit && hit.parts.length === parts.length && hit.parts.every((p, i) => p === parts[i])) {
    return structuredClone(hit.out);
  }
  const out = zodTransform(doc);
  converted.set(key, { parts, out: structuredClone(out) });
  return out;
}

export async function registerOpenApi(app: FastifyInstance, opts: { adminOnly: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: nullable fields are JSON Schema's `type: [..., "null"]`, not 3.0's `nullable` beside a missing type.
      openapi: "3.1.0",
      info: {
        title: "Unveil API",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Unveil-Proprietary" },
        description:
          "Mystery-date subscriptions in London. Sign in with POST /api/login; the session travels in an " +
          "HttpOnly cookie. Mutating requests from a browser must come from the app's own origin.",
      },
      servers: [{ url: "/", description: "This site" }],
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The HttpOnly session cookie set by POST /api/login.",
          },
          webhookSignature: {
            type: "apiKey",
            in: "header",
            name: "Webhook-Signature",
            description:
              "HMAC-SHA256 of the raw body with the payment provider's webhook secret. The SMS webhooks " +
              "(/api/webhooks/sms/*) carry Twilio's X-Twilio-Signature instead: the base64 HMAC-SHA1, keyed " +
              "with the auth token, of the public URL followed by the sorted POST parameters.",
          },
          inboundSecret: {
            type: "http",
            scheme: "bearer",
            description:
              "The inbound-mail provider's shared secret (also accepted as the Basic password or X-Inbound-Secret).",
          },
        },
      },
    },
    transform: (doc) => {
      if (isClientFile(doc.url)) return { schema: { hide: true } as never, url: doc.url };
      const out = convert(doc);
      const access = accessOf(doc.route, opts.adminOnly);
      const { errors: _errors, answerHeaders, ...schema } = (out.schema ?? {}) as Record<string, unknown>;
      const method = [doc.route.method].flat()[0] ?? "GET";
      const errorResponses = Object.fromEntries(
        errorStatuses(method, { ...(doc.schema ?? {}) }, access).map((code) => [
          code,
          {
            description: ERROR_TEXT[code] ?? "Refused",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            ...(ERROR_HEADERS[code] ? { headers: ERROR_HEADERS[code] } : {}),
          },
        ]),
      );
      const security =
        access === "member" || access === "admin"
          ? [{ session: [] }]
          : access === "signature"
            ? [{ [signatureScheme(doc.url)]: [] }]
            : [];
      return {
        url: out.url,
        schema: {
          ...schema,
          operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, doc.url),
          tags: [tagOf(doc.url)],
          summary: (schema.summary as string | undefined) ?? pathSummary(doc.url),
          "x-access": access,
          security,
          // A route's own entry for an error status wins (a page that answers its 404 as HTML says so).
          response: {
            ...errorResponses,
            ...withAnswerHeaders(
              (schema.response as Record<string, object> | undefined) ?? {},
              (answerHeaders as AnswerHeader[] | undefined) ?? [],
            ),
          },
        },
      };
    },
    transformObject: (doc) => withoutUnusedSchemas(jsonSchemaTransformObject(doc)),
  });

  const guard = (req: FastifyRequest) => {
    if (opts.adminOnly) requireAdmin(req);
  };
  // Administrators only in production: 401 and 403 there.
  const docsErrors = [401, 403] as const;
  // Sent as text: the document is already plain JSON, and encoding it through a schema would only cost time.
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: "This document (OpenAPI 3.1)",
        errors: docsErrors,
        response: {
          200: z
            .looseObject({
              openapi: z.string(),
              info: z.looseObject({}),
              paths: z.record(z.string(), z.unknown()),
            })
            .describe("An OpenAPI 3.1 document"),
        },
      },
    },
    async (req, reply) => {
      guard(req);
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(app.swagger()));
    },
  );
  app.get(
    DOCS_PATH,
    {
      schema: {
        summary: "The API reference as a page",
        errors: docsErrors,
        response: { 200: fileResponse("text/html", "The reference page (no script)") },
      },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      guard(req);
      return reply
        .type("text/html; charset=utf-8")
        .send(renderDocsPage(app.swagger() as unknown as OpenApiDoc));
    },
  );
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  "x-access"?: Access;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ACCESS_LABEL: Record<Access, string> = {
  public: "Anyone",
  member: "Signed-in member",
  admin: "Administrator",
  signature: "Signed (server to server)",
};

function fieldsOf(op: Operation): string {
  const schema = op.requestBody?.content?.["application/json"]?.schema;
  const params = (op.parameters ?? []).filter((p) => p.in === "query");
  const names = [
    ...Object.keys(schema?.properties ?? {}).map((n) => (schema?.required?.includes(n) ? `${n}*` : n)),
    ...params.map((p) => `?${p.name}${p.required ? "*" : ""}`),
  ];
  return names.length ? `<code>${escapeHtml(names.join(", "))}</code>` : "";
}

/** The reference page: every operation grouped by module, in a table; styles inline (allowed), no script. */
export function renderDocsPage(doc: OpenApiDoc): string {
  const byTag = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path, op }]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const sections = tags.map((tag) => {
    const rows = (byTag.get(tag) ?? [])
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map(
        ({ method, path, op }) =>
          `<tr><td><span class="m m-${method.toLowerCase()}">${method}</span></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? "")}</td><td class="a a-${op["x-access"] ?? "public"}">${ACCESS_LABEL[op["x-access"] ?? "public"]}</td><td>${fieldsOf(op)}</td></tr>`,
      )
      .join("\n");
    return `<section id="${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Who</th><th>Body and query fields (* required)</th></tr></thead><tbody>${rows}</tbody></table></section>`;
  });
  const nav = tags.map((t) => `<a href="#${escapeHtml(t)}">${escapeHtml(t)}</a>`).join(" ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(doc.info.title)} reference</title>
<style>
:root{color-scheme:light dark;--bg:#fbf8f5;--fg:#1f1a17;--muted:#6b625c;--line:#e4ddd6;--card:#fff;--accent:#9b2c4a}
@media (prefers-color-scheme:dark){:root{--bg:#171314;--fg:#f2ece8;--muted:#b3a8a2;--line:#3a3133;--card:#211b1d;--accent:#f08aa5}}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:1100px;margin:0 auto;padding:2rem 1rem}
h1{margin:0 0 .25rem}h2{margin:2rem 0 .5rem;font-size:1.2rem;color:var(--accent)}
p{color:var(--muted)}a{color:var(--accent)}a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
nav{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin:1rem 0}
table{width:100%;table-layout:fixed;border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th:nth-child(1){width:6.5em}th:nth-child(2){width:32%}th:nth-child(4){width:11em}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-word}
.m{display:inline-block;min-width:4.2em;text-align:center;font:600 12px/1.8 ui-monospace,monospace;border-radius:4px;border:1px solid currentColor}
.m-get{color:#1d6b3a}.m-post{color:#1f4f8f}.m-put,.m-patch{color:#8a5300}.m-delete{color:#a3202f}
@media (prefers-color-scheme:dark){.m-get{color:#7fd69c}.m-post{color:#8fb8f5}.m-put,.m-patch{color:#f2bd6b}.m-delete{color:#f59aa5}}
.a-admin{font-weight:600}
</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description ?? "")} The machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
<nav aria-label="Modules">${nav}</nav>
${sections.join("\n")}
</main></body></html>`;
}
