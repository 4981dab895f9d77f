/** The contract layer's addresses and cache matching (shared/contract/endpoint.ts, client/lib/api.ts). */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callIfMatch, callTagged, invalidate, keyOf, readsUnder } from "../../src/client/lib/api.ts";
import { endpoint, pathOf, queryStringOf, urlOf } from "../../src/shared/contract/endpoint.ts";

const one = endpoint({
  method: "GET",
  path: "/api/things/:id/parts",
  params: z.object({ id: z.string() }),
  query: z.object({ q: z.string().optional(), tag: z.array(z.string()).optional() }),
  responses: { 200: z.object({ ok: z.boolean() }) },
});
const all = endpoint({ method: "GET", path: "/api/things", responses: { 200: z.array(z.number()) } });

describe("addresses", () => {
  it("fills and encodes path parameters, numbers included", () => {
    expect(pathOf(one, { id: 12 })).toBe("/api/things/12/parts");
    expect(pathOf(one, { id: "a/b c" })).toBe("/api/things/a%2Fb%20c/parts");
  });

  it("refuses a missing parameter rather than calling a wrong address", () => {
    expect(() => pathOf(one, {})).toThrow(/no value for :id/);
    expect(() => pathOf(one, { id: "" })).toThrow(/no value for :id/);
  });

  it("writes a query without unset values, repeating arrays", () => {
    expect(queryStringOf({ q: "ada", empty: "", none: null, gone: undefined, tag: ["a", "b"] })).toBe(
      "q=ada&tag=a&tag=b",
    );
    expect(urlOf(one, { params: { id: 3 }, query: { q: "x y" } })).toBe("/api/things/3/parts?q=x+y");
    expect(urlOf(all)).toBe("/api/things");
  });

  it("keys a read by its address", () => {
    expect(keyOf(one, { params: { id: 3 }, query: { q: "z" } })).toEqual(["/api/things/3/parts?q=z"]);
    expect(keyOf(all)).toEqual(["/api/things"]);
  });
});

describe("invalidation", () => {
  const matches = (ep: typeof one | typeof all, params: { id: number } | undefined, key: unknown[]) =>
    readsUnder(ep, params as never).predicate({ queryKey: key });

  it("reaches reads at or under an address, new keys and old part-style keys alike", () => {
    expect(matches(all, undefined, ["/api/things"])).toBe(true);
    expect(matches(all, undefined, ["/api/things?page=2"])).toBe(true);
    expect(matches(all, undefined, ["/api/things/3/parts"])).toBe(true);
    expect(matches(all, undefined, ["/api/things", "3", "parts"])).toBe(true);
    expect(matches(all, undefined, ["/api/thingsmore"])).toBe(false);
    expect(matches(all, undefined, ["gift-quote", "gold"])).toBe(false);
  });

  it("reaches one record's reads with params, any record's without", () => {
    expect(matches(one, { id: 3 }, ["/api/things/3/parts?q=z"])).toBe(true);
    expect(matches(one, { id: 3 }, ["/api/things/4/parts"])).toBe(false);
    expect(matches(one, undefined, ["/api/things/4/parts"])).toBe(true);
    expect(matches(one, undefined, ["/api/things"])).toBe(false);
  });

  it("marks exactly those reads stale in a real cache", async () => {
    const client = new QueryClient();
    client.setQueryData(["/api/things/3/parts"], { ok: true });
    client.setQueryData(["/api/things/4/parts"], { ok: true });
    await invalidate(client, one, { id: 3 });
    expect(client.getQueryState(["/api/things/3/parts"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["/api/things/4/parts"])?.isInvalidated).toBe(false);
  });
});

describe("versions read and sent only where the declaration says so (checked by the type check)", () => {
  const versioned = endpoint({
    method: "GET",
    path: "/api/records/:id",
    params: z.object({ id: z.number() }),
    responses: { 200: z.object({ name: z.string() }) },
    answerHeaders: ["ETag"],
  });
  const guarded = endpoint({
    method: "PUT",
    path: "/api/records/:id",
    params: z.object({ id: z.number() }),
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({ name: z.string() }) },
    errors: [409, 412],
    answerHeaders: ["ETag"],
  });
  const plainRead = endpoint({ method: "GET", path: "/api/plain", responses: { 200: z.object({}) } });
  const unguarded = endpoint({
    method: "PUT",
    path: "/api/plain",
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({}) },
    errors: [409],
  });
  // Never called: each line is checked by `tsc` (npm run typecheck), which fails if an expected error is absent.
  const compiled = () => [
    callTagged(versioned, { params: { id: 1 } }),
    callIfMatch(guarded, { params: { id: 1 }, body: { name: "x" } }, "W/1"),
    // @ts-expect-error a read whose answers carry no ETag has no version to read
    callTagged(plainRead),
    // @ts-expect-error an endpoint that never answers 412 ignores If-Match
    callIfMatch(unguarded, { body: { name: "x" } }, "W/1"),
  ];

  it("are declared on the endpoints the screens read versions from", () => {
    expect(typeof compiled).toBe("function");
  });
});
