/**
 * Requests generated from the contract: for every operation of /api/docs/openapi.json, fast-check builds
 * path parameters, query and JSON body from the document's own schemas (tests/helpers/schema-arbitrary.ts),
 * with some malformed ones among them (a hostile path id, a broken body), and sends them as a visitor, a
 * member and an administrator. Each answer must be no 5xx, a status the operation lists, with the documented
 * media type and a body matching its documented schema (the document check every test app runs, which
 * throws from t.request on a mismatch).
 *
 * Each operation gets fresh accounts, so signing out, revoking sessions or deleting the account spoils no
 * other operation's run. Ids are drawn from the schema and from records that exist (the caller's date and
 * ticket, a venue, an idea), so some requests reach the handler's rules rather than a 404. FUZZ_RUNS raises
 * the runs per operation.
 */
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import type { DocOperation, OpenApiDoc } from "../helpers/document-check.ts";
import { arbitraryOf, type Components, type JsonSchema } from "../helpers/schema-arbitrary.ts";
import { anyValue, FUZZ_RATE_LIMITS, idText } from "../security/fuzz-arbitraries.ts";

const INBOUND_SECRET = "contract-fuzz-inbound-secret-0123456789";
const t = await createTestApp({
  rateLimits: FUZZ_RATE_LIMITS,
  env: { SUPPORT_INBOUND_SECRET: INBOUND_SECRET },
});
const NOW = new Date("2026-11-10T12:00:00Z");
t.clock.set(NOW);

const doc: OpenApiDoc = JSON.parse(JSON.stringify(t.app.swagger()));
const components = ((doc.components ?? {}) as { schemas?: Components }).schemas ?? {};

/** Runs per operation for the role it is meant for, and for a role that is refused at the door. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const REFUSED_RUNS = 1;

/**
 * Operations sent fewer requests, and why: each builds a workbook or a month's plan (hundreds of
 * milliseconds a request); their inputs are the same few filters as their list's.
 */
const SLOW = /\/export$|\/template$|\/planning\/run$|\/export-emails$/;

const METHOD = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE" } as const;
type Method = keyof typeof METHOD;
const isMethod = (m: string): m is Method => m in METHOD;
/** Requests made wholly from the schemas that a handler still refused as malformed (FUZZ_REPORT=file writes them). */
const refusedByShape: string[] = [];
afterAll(() => {
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, refusedByShape.join("\n"));
});

/**
 * Known failures the fuzz found and that are not fixed yet, one line each with what it is, skipped so the
 * suite stays a gate for the rest; each is a bug to fix, then its line goes. Empty.
 */
const KNOWN_FAILURES = new Set<string>([]);

type Role = "visitor" | "member" | "admin";
interface Op {
  method: Method;
  path: string;
  op: DocOperation;
}
const ops: Op[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) => (isMethod(method) ? [{ method, path, op }] : [])),
);

/**
 * Operations that end or change the caller's own session or rights (sign out, delete the account, revoke
 * sessions, change the password or two-step sign-in, demote): each of them gets fresh accounts, so
 * they spoil no other operation's caller. Everything else shares one member and one administrator.
 */
const SPOILS_CALLER =
  /\/logout$|\/auth\/user$|\/account\/sessions|\/account\/password$|\/account\/2fa\/|\/partner$|\/demote$|\/sessions$/;

/** The records a caller's generated ids may name, beside whatever the schema yields. */
async function newCaller(role: Role): Promise<{ who?: SignedIn; ids: number[] }> {
  if (role === "visitor") return { ids: [1, 2] };
  const who = role === "admin" ? await t.admin() : await t.member();
  const { reservation, venue, idea } = await arrangeDate(t.db, who.user.id, {
    at: new Date(NOW.getTime() + hours(100)),
  });
  return { who, ids: [reservation.id, venue.id, idea.id, who.user.id] };
}
const shared = new Map<Role, Promise<{ who?: SignedIn; ids: number[] }>>();
const callerFor = (role: Role, path: string) => {
  if (SPOILS_CALLER.test(path)) return newCaller(role);
  if (!shared.has(role)) shared.set(role, newCaller(role));
  return shared.get(role) as Promise<{ who?: SignedIn; ids: number[] }>;
};

/** A path parameter: an existing record's id, a value of its schema, or a hostile one (`bad`). */
function paramArb(
  schema: JsonSchema | undefined,
  ids: number[],
): fc.Arbitrary<{ value: string; bad: boolean }> {
  const fromSchema = arbitraryOf(schema ?? { type: "string" }, components).map((v) => String(v));
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids.map(String)).map((value) => ({ value, bad: false })) },
    { weight: 3, arbitrary: fromSchema.filter((v) => v.length > 0).map((value) => ({ value, bad: false })) },
    { weight: 1, arbitrary: idText.map((value) => ({ value, bad: true })) },
  );
}

const jsonBody = (op: DocOperation) =>
  op.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined;

function requestArb({ op, path }: Op, ids: number[]) {
  const params = (op.parameters ?? []).filter((p) => p.in === "path");
  const query = (op.parameters ?? []).filter((p) => p.in === "query");
  const bodySchema = jsonBody(op);
  const pathArb = fc.tuple(...params.map((p) => paramArb(p.schema as JsonSchema, ids)));
  const queryArb = fc.record(
    Object.fromEntries(query.map((p) => [p.name, arbitraryOf((p.schema ?? {}) as JsonSchema, components)])),
    { requiredKeys: query.filter((p) => p.required).map((p) => p.name) },
  );
  const bodyArb: fc.Arbitrary<{ body: unknown; bad: boolean }> = bodySchema
    ? fc.oneof(
        { weight: 5, arbitrary: arbitraryOf(bodySchema, components).map((body) => ({ body, bad: false })) },
        {
          weight: 1,
          arbitrary: anyValue([...Object.keys(bodySchema.properties ?? {}), "id"]).map((body) => ({
            body,
            bad: true,
          })),
        },
      )
    : fc.constant({ body: undefined, bad: false });
  return fc.record({ values: pathArb, query: queryArb, sent: bodyArb }).map(({ values, query, sent }) => {
    let i = 0;
    const url = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++].value));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      for (const one of Array.isArray(v) ? v : [v])
        search.append(k, typeof one === "object" ? JSON.stringify(one) : String(one));
    }
    const qs = search.toString();
    const wellFormed = !sent.bad && values.every((v) => !v.bad);
    return { url: qs ? `${url}?${qs}` : url, body: sent.body, wellFormed };
  });
}

const ROLES: Role[] = ["visitor", "member", "admin"];
const mayUse = (role: Role, access: string | undefined) =>
  access === "admin" ? role === "admin" : access === "member" ? role !== "visitor" : true;

const byTag = new Map<string, Op[]>();
for (const o of ops) {
  const tag = (o.op as { tags?: string[] }).tags?.[0] ?? "other";
  byTag.set(tag, [...(byTag.get(tag) ?? []), o]);
}

describe.each(ROLES)("requests from the contract as %s", (role) => {
  it.each([...byTag.keys()].sort())("%s: no 5xx, every answer as documented", async (tag) => {
    for (const o of byTag.get(tag) ?? []) {
      if (KNOWN_FAILURES.has(`${METHOD[o.method]} ${o.path}`)) continue;
      const started = performance.now();
      const { who, ids } = await callerFor(role, o.path);
      const runs = mayUse(role, o.op["x-access"]) ? (SLOW.test(o.path) ? 1 : RUNS) : REFUSED_RUNS;
      const signature = o.op["x-access"] === "signature";
      await fc.assert(
        fc.asyncProperty(requestArb(o, ids), async ({ url, body, wellFormed }) => {
          const res = await t.request({
            method: METHOD[o.method],
            url,
            as: who,
            headers: {
              ...(body === undefined ? {} : { "content-type": "application/json" }),
              ...(signature && url.startsWith("/api/support/inbound")
                ? { "x-inbound-secret": INBOUND_SECRET }
                : {}),
            },
            payload: body === undefined ? undefined : JSON.stringify(body),
          });
          expect(res.statusCode, `${METHOD[o.method]} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (wellFormed && res.statusCode === 400 && mayUse(role, o.op["x-access"]))
            refusedByShape.push(
              `${METHOD[o.method]} ${o.path} ${JSON.stringify(body)?.slice(0, 300)} ${url} -> ${res.body.slice(0, 300)}`,
            );
        }),
        { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261129), endOnFailure: true },
      );
      if (process.env.FUZZ_TRACE)
        process.stderr.write(
          `${role} ${METHOD[o.method]} ${o.path} ${Math.round(performance.now() - started)} ms\n`,
        );
    }
  });
});
