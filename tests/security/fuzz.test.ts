import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { changedTables, settledSnapshot, snapshotTables } from "./db-snapshot.ts";
import {
  bodyChange,
  brokenBody,
  deepJson,
  FUZZ_RATE_LIMITS,
  idText,
  isHumanMessage,
  RUNS,
} from "./fuzz-arbitraries.ts";
import { classify, hasBody, key, type Route } from "./route-classes.ts";
import { validBodies } from "./valid-bodies.ts";

/**
 * Hostile JSON bodies on every members' and public route of the route table that takes a body (the back
 * office has its own fuzz, tests/api/admin-fuzz): each route's valid body broken by fast-check (wrong types,
 * huge strings, deep nesting, "__proto__"/"constructor"/"prototype" keys, unicode and NUL, missing and
 * extra fields, malformed JSON). Never a 5xx; every 4xx is JSON with a readable {message}; and a refused
 * request leaves every table of the database exactly as it was (checked after each request; sessions are
 * not touched because the test clock stands still; only rate_limits is skipped, as it counts refused attempts
 * by design, db-snapshot.ts; mail sent after an earlier success is waited for). A fuzzed body can happen to be
 * valid (a profile update to "London"): a 2xx may change data, and
 * the next request is compared with the database as it then is. FUZZ_RUNS explores longer.
 */
const INBOUND_SECRET = "fuzz-inbound-secret-0123456789abcdef";
const t = await createTestApp({
  rateLimits: FUZZ_RATE_LIMITS,
  env: { SUPPORT_INBOUND_SECRET: INBOUND_SECRET },
});
const NOW = new Date("2026-11-10T12:00:00Z");
t.clock.set(NOW);
const existing = await t.member();

/** Routes that take a JSON body; /api/admin is fuzzed by tests/api/admin-fuzz. The sandbox provider's
 * hosted page takes a form, not JSON, and answers HTML: its own tests cover it (tests/api/payments). */
const routes = t.app.routeTable.filter(
  (r) =>
    hasBody(r.method) &&
    !(classify(r) === "admin" && r.url.startsWith("/api/admin")) &&
    !r.url.startsWith("/sandbox/"),
);

const VALID = validBodies(existing.user.email);

/** Keys of other routes' bodies and of the data model, tried as extra fields everywhere. */
const KEYS = [
  ...new Set(Object.values(VALID).flatMap((v) => Object.keys(v()))),
  "id",
  "userId",
  "isAdmin",
  "partnerId",
  "subscriptionStatus",
  "subscriptionTier",
  "emailVerified",
  "__proto__",
  "constructor",
  "prototype",
];

/** Who sends each route's requests: a fresh account per route, since some sign out or delete it. */
async function caller(r: Route) {
  const cls = classify(r);
  if (cls === "public" || cls === "signed") return undefined;
  const who = cls === "admin" ? await t.admin() : await t.member();
  const { reservation } = await arrangeDate(t.db, who.user.id, { at: new Date(NOW.getTime() + hours(100)) });
  const ticket = await t.request({
    method: "POST",
    url: "/api/support/tickets",
    as: who,
    payload: VALID["POST /api/support/tickets"](),
  });
  return { who, ids: [reservation.id, ticket.json().id as number] };
}

function pathFor(url: string, own: number[] | undefined, pick: number, bad: string) {
  return url.replace(/:[A-Za-z]+/g, () => {
    if (!own || pick === 0) return bad;
    return String(url.includes("/tickets/") ? own[1] : own[0]);
  });
}

function send(r: Route, url: string, payload: string, as?: SignedIn) {
  return t.request({
    method: r.method as "POST",
    url,
    as,
    payload,
    headers: {
      "content-type": "application/json",
      ...(r.url === "/api/support/inbound" ? { authorization: `Bearer ${INBOUND_SECRET}` } : {}),
    },
  });
}

describe("members' and public routes under hostile JSON", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map(key)).toContain("POST /api/register");
    expect(routes.map(key)).toContain("PATCH /api/auth/user");
  });

  it.each(routes)("$method $url: no 5xx, a readable 4xx, nothing written when refused", async (r) => {
    const c = await caller(r);
    const valid = VALID[key(r)] ?? (() => ({}));
    let before = await settledSnapshot(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 2 }),
        idText,
        bodyChange(Object.keys(valid()), KEYS),
        async (pick, bad, change) => {
          const url = pathFor(r.url, c?.ids, pick, bad);
          const payload = brokenBody(valid(), change);
          const res = await send(r, url, payload, c?.who);
          const what = `${key(r)} ${url} ${payload.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const after = await snapshotTables(t.db);
          if (res.statusCode >= 400) {
            expect(res.headers["content-type"], what).toMatch(/^application\/json/);
            expect(isHumanMessage(res.json().message), what).toBe(true);
            expect(changedTables(before, after), what).toEqual([]);
          }
          // Mail is logged after the answer: a success may still be writing.
          before = res.statusCode < 400 ? await settledSnapshot(t.db) : after;
        },
      ),
      // Routes without a valid body here take none (sign out, pause, 2FA setup...): their body is only parsed,
      // which fewer runs cover.
      { numRuns: VALID[key(r)] ? RUNS : Math.ceil(RUNS / 3) },
    );
  });

  // The NUL check once walked the body with JSON.stringify, which overflowed the stack (a 500) at ~5,000 levels.
  it("a body nested 5,000 and 50,000 levels deep is a 400, not a 500", async () => {
    const who = await t.member();
    for (const levels of [5_000, 50_000]) {
      for (const url of ["/api/support/tickets", "/api/login"]) {
        const res = await send({ method: "POST", url }, url, `{"subject":${deepJson(levels)}}`, who);
        expect(res.statusCode, `${levels} levels ${url}: ${res.body}`).toBe(400);
        expect(isHumanMessage(res.json().message)).toBe(true);
      }
    }
  });
});
