/**
 * One declaration per endpoint (decision 0081): every route the app serves is registered from its shared
 * declaration (src/shared/contract) by route(), and no screen writes an /api path or names an answer's type by
 * hand. The lists below are what has not moved yet; they only shrink.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();

/** Routes that are not API endpoints: the client's files and pages, served from the build. */
const NOT_ENDPOINTS = new Set(["GET /*", "GET /"]);

/**
 * Routes still registered by hand: the API document and its page (they describe the routes, and answer what
 * the OpenAPI plugin builds), and the payment sandbox's pages (HTML and form posts outside /api, with their own
 * parsers; a params schema would document a 400 nothing sends).
 */
const PENDING_ROUTES = new Set<string>([
  "GET /api/docs",
  "GET /api/docs/openapi.json",
  "GET /sandbox/bank-payment/:ref",
  "GET /sandbox/direct-debit/:ref",
  "POST /sandbox/bank-payment/:ref",
  "POST /sandbox/direct-debit/:ref",
]);

/**
 * Client files that still write an /api path by hand: the service worker's cache rules (a declaration would
 * bring zod into its 6 kB bundle; tests/unit/sw-contract-paths.test.ts holds its one path to authApi's).
 */
const PENDING_CLIENT = new Set<string>(["sw/cache-policy.ts"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

const BY_HAND = /["'`]\/api\/|\bapi(Json|Get|GetTagged|JsonTagged)<|\buseQuery<|\breadJson<|\bparseJson</;

describe("one contract per endpoint", () => {
  it("registers every route from its declaration", () => {
    const byHand = t.app.routeTable
      .filter((r) => !r.declared)
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !NOT_ENDPOINTS.has(r));
    expect(byHand.filter((r) => !PENDING_ROUTES.has(r)).sort()).toEqual([]);
    // A route that moved leaves the pending list.
    expect([...PENDING_ROUTES].filter((r) => !byHand.includes(r))).toEqual([]);
  });

  it("calls every endpoint through its declaration in the client", () => {
    const root = path.resolve("src/client");
    const features = path.resolve("src/features");
    const featureClients = readdirSync(features)
      .map((name) => path.join(features, name, "client"))
      .filter((dir) => existsSync(dir));
    const byHand = [root, path.resolve("src/app/client"), ...featureClients]
      .flatMap(filesUnder)
      .filter((f) => BY_HAND.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(byHand.filter((f) => !PENDING_CLIENT.has(f)).sort()).toEqual([]);
    expect([...PENDING_CLIENT].filter((f) => !byHand.includes(f))).toEqual([]);
  });
});
