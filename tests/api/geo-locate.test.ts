import http from "node:http";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../src/server/db/client.ts";
import { postcodeLocations, venues } from "../../src/server/db/schema.ts";
import {
  districtCentroid,
  knownDistricts,
  locateMany,
  locatePostcode,
} from "../../src/server/modules/matching/geo/index.ts";
import { loadProfiles } from "../../src/server/modules/matching/load.ts";
import { createTestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { givePreferences } from "../helpers/match-arrange.ts";

/**
 * A postcodes.io stand-in on loopback: GET /postcodes/:pc and POST /postcodes (bulk), with postcodes that
 * misbehave in each way a real service can.
 */
const KNOWN: Record<string, { latitude: number; longitude: number }> = {
  "SW1A 1AA": { latitude: 51.501009, longitude: -0.141588 },
  "EC1A 1BB": { latitude: 51.520225, longitude: -0.097807 },
  "N1C 4AG": { latitude: 51.535, longitude: -0.1252 },
  "SE1 9SG": { latitude: 51.5045, longitude: -0.0865 },
  "E14 5AB": { latitude: 51.5054, longitude: -0.0235 },
  "W2 1HB": { latitude: 51.5154, longitude: -0.1755 },
  "NW3 2QG": { latitude: 51.5567, longitude: -0.1781 },
};
type Behaviour = "404" | "500" | "slow" | "garbage" | "abroad" | "html";
const MISBEHAVING: Record<string, Behaviour> = {
  "E1 6AN": "404",
  "N1 9GU": "500",
  "SE1 7PB": "slow",
  "W1D 3QU": "garbage",
  "NW1 4RY": "abroad",
  "WC2H 7LA": "html",
};

const requests: { method: string; path: string; body: unknown }[] = [];
let bulkMode: "ok" | "500" | "garbage" = "ok";

const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => {
    raw += c;
  });
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: req.method ?? "", path: decodeURIComponent(url.pathname), body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method === "POST" && url.pathname === "/postcodes") {
      if (bulkMode === "500") return json(500, { status: 500, error: "Down" });
      if (bulkMode === "garbage") return json(200, { status: 200, result: "nope" });
      const list = (body as { postcodes: string[] }).postcodes;
      return json(200, {
        status: 200,
        result: list.map((q) => ({ query: q, result: KNOWN[q] ? { postcode: q, ...KNOWN[q] } : null })),
      });
    }
    const m = /^\/postcodes\/(.+)$/.exec(url.pathname);
    if (req.method !== "GET" || !m) return json(404, { status: 404, error: "Resource not found" });
    const pc = decodeURIComponent(m[1]);
    if (KNOWN[pc]) return json(200, { status: 200, result: { postcode: pc, ...KNOWN[pc] } });
    switch (MISBEHAVING[pc]) {
      case "500":
        return json(500, { status: 500, error: "Internal" });
      case "slow":
        // Never answers: only the app's own timeout ends the wait.
        return;
      case "garbage":
        return json(200, { status: 200, result: { latitude: "north", longitude: null } });
      case "abroad":
        return json(200, { status: 200, result: { latitude: 40.7128, longitude: -74.006 } });
      case "html":
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>maintenance</html>");
        return;
      default:
        return json(404, { status: 404, error: "Postcode not found" });
    }
  });
});
const port = await freePort();
await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
afterAll(
  () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
);

const t = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/` } });
const admin = await t.admin();
const noGeocoder = { db: t.db, config: { ...t.config, geocoderUrl: undefined } };

const cached = async (postcodes: string[]) =>
  t.db.select().from(postcodeLocations).where(inArray(postcodeLocations.postcode, postcodes));

beforeEach(() => {
  requests.length = 0;
  bulkMode = "ok";
});

describe("locatePostcode with a geocoder", () => {
  it("geocodes a postcode, caches it, and answers the second lookup from the cache", async () => {
    const at = await locatePostcode(t.deps, "sw1a1aa");
    expect(at).toEqual({ lat: 51.501009, lng: -0.141588 });
    expect(requests).toEqual([{ method: "GET", path: "/postcodes/SW1A 1AA", body: undefined }]);
    const [row] = await cached(["SW1A 1AA"]);
    expect(row).toMatchObject({ latitude: "51.5010090", longitude: "-0.1415880", source: "geocoder" });

    expect(await locatePostcode(t.deps, "SW1A 1AA")).toEqual(at);
    expect(await locatePostcode(noGeocoder, " sw1a 1aa ")).toEqual(at);
    expect(requests).toHaveLength(1);
  });

  it("falls back to the district for an unknown postcode (404) and remembers it", async () => {
    expect(await locatePostcode(t.deps, "E1 6AN")).toEqual(districtCentroid("E1"));
    expect((await cached(["E1 6AN"]))[0]).toMatchObject({ source: "district" });
    expect(await locatePostcode(t.deps, "E1 6AN")).toEqual(districtCentroid("E1"));
    expect(requests).toHaveLength(1);
  });

  it("asks again about a postcode remembered at its district a month ago", async () => {
    const c = districtCentroid("SE1")!;
    await t.db.insert(postcodeLocations).values({
      postcode: "SE1 9SG",
      latitude: c.lat.toFixed(7),
      longitude: c.lng.toFixed(7),
      source: "district",
      fetchedAt: new Date(Date.now() - 31 * 24 * 3600_000),
    });
    expect(await locatePostcode(t.deps, "SE1 9SG")).toEqual({ lat: 51.5045, lng: -0.0865 });
    expect(requests).toHaveLength(1);
    expect((await cached(["SE1 9SG"]))[0]).toMatchObject({ source: "geocoder" });
    await t.db.delete(postcodeLocations).where(eq(postcodeLocations.postcode, "SE1 9SG"));
  });

  it.each([
    ["a server error", "N1 9GU", "N1"],
    ["a garbage answer", "W1D 3QU", "W1D"],
    ["an answer outside the UK", "NW1 4RY", "NW1"],
    ["a page that is not JSON", "WC2H 7LA", "WC2H"],
  ])("falls back to the district on %s, and asks again next time", async (_, pc, district) => {
    expect(await locatePostcode(t.deps, pc)).toEqual(districtCentroid(district));
    expect(await cached([pc])).toEqual([]);
    expect(await locatePostcode(t.deps, pc)).toEqual(districtCentroid(district));
    expect(requests).toHaveLength(2);
  });

  it("gives up after 2 seconds and answers the district", async () => {
    const started = Date.now();
    expect(await locatePostcode(t.deps, "SE1 7PB")).toEqual(districtCentroid("SE1"));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(2500);
    expect(await cached(["SE1 7PB"])).toEqual([]);
  });

  it("answers a district given alone from the table, and null for what cannot be placed, without asking", async () => {
    expect(await locatePostcode(t.deps, "sw1a")).toEqual(districtCentroid("SW1A"));
    expect(await locatePostcode(t.deps, "not a postcode")).toBeNull();
    expect(await locatePostcode(t.deps, "")).toBeNull();
    expect(await locatePostcode(t.deps, null)).toBeNull();
    expect(requests).toEqual([]);
  });

  it("answers null when neither the geocoder nor the table knows the postcode", async () => {
    expect(await locatePostcode(t.deps, "M1 1AE")).toBeNull();
    expect(requests).toHaveLength(1);
  });
});

describe("locatePostcode without a geocoder", () => {
  it("answers the district centroid and asks nobody", async () => {
    expect(await locatePostcode(noGeocoder, "EC1A 1BB")).toEqual(districtCentroid("EC1A"));
    expect(await locatePostcode(noGeocoder, "M1 1AE")).toBeNull();
    expect(requests).toEqual([]);
    expect(await cached(["EC1A 1BB"])).toEqual([]);
  });
});

describe("locateMany", () => {
  it("reads the cache once, asks the geocoder in bulk for the misses only, caches the answers", async () => {
    await t.db
      .insert(postcodeLocations)
      .values({ postcode: "E14 9XX", latitude: "51.5000000", longitude: "-0.0200000", source: "geocoder" });
    const input = [
      "E14 9XX",
      "ec1a1bb",
      "N1C 4AG",
      "SE1 9ZZ",
      "SW1",
      "EC2",
      "nonsense",
      "M1 1AE",
      "EC1A 1BB",
    ];
    const found = await locateMany(t.deps, [...input, null, undefined]);
    expect([...found.keys()]).toEqual(input);
    expect(found.get("E14 9XX")).toEqual({ lat: 51.5, lng: -0.02 });
    expect(found.get("ec1a1bb")).toEqual({ lat: 51.520225, lng: -0.097807 });
    expect(found.get("EC1A 1BB")).toEqual({ lat: 51.520225, lng: -0.097807 });
    expect(found.get("N1C 4AG")).toEqual({ lat: 51.535, lng: -0.1252 });
    expect(found.get("SE1 9ZZ")).toEqual(districtCentroid("SE1"));
    expect(found.get("SW1")).toEqual(districtCentroid("SW1"));
    expect(found.get("EC2")).toEqual(districtCentroid("EC2"));
    expect(found.get("nonsense")).toBeNull();
    expect(found.get("M1 1AE")).toBeNull();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "POST", path: "/postcodes" });
    expect((requests[0].body as { postcodes: string[] }).postcodes.sort()).toEqual([
      "EC1A 1BB",
      "M1 1AE",
      "N1C 4AG",
      "SE1 9ZZ",
    ]);
    const rows = await cached(["EC1A 1BB", "N1C 4AG", "SE1 9ZZ", "M1 1AE"]);
    expect(Object.fromEntries(rows.map((r) => [r.postcode, r.source]))).toEqual({
      "EC1A 1BB": "geocoder",
      "N1C 4AG": "geocoder",
      "SE1 9ZZ": "district",
    });

    // Everything known is now cached: no request at all.
    requests.length = 0;
    const again = await locateMany(t.deps, ["EC1A 1BB", "N1C 4AG", "SE1 9ZZ"]);
    expect(again.get("N1C 4AG")).toEqual({ lat: 51.535, lng: -0.1252 });
    expect(requests).toEqual([]);
  });

  it("inside a transaction, reads and writes the cache on the caller's connection, never a second one", async () => {
    // One connection in all: a lookup that took a second from the pool would wait for ever. (Five admins
    // booking one suggestion at once held every connection of the app's pool, four of them queued on the
    // suggestion's lock, while the first waited for one to read this cache.)
    const single = createDb(t.config.databaseUrl as string, 1);
    try {
      const found = await single.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return locateMany({ db: tx, config: t.config }, ["W2 1HB", "NW3 2QG"]);
      });
      expect(found.get("W2 1HB")).toEqual({ lat: 51.5154, lng: -0.1755 });
      expect(
        Object.fromEntries((await cached(["W2 1HB", "NW3 2QG"])).map((r) => [r.postcode, r.source])),
      ).toEqual({ "W2 1HB": "geocoder", "NW3 2QG": "geocoder" });
    } finally {
      await single.$client.end();
    }
  });

  it("a member's profile read inside a booking's transaction looks the postcode up on that transaction", async () => {
    const me = await t.member();
    await givePreferences(t.db, me.user.id, { postcode: "NW3 2QG" });
    // The app's pool cut to the one connection the transaction holds: a second one would never come.
    const single = createDb(t.config.databaseUrl as string, 1);
    try {
      const [loaded] = await single.transaction((tx) =>
        loadProfiles({ ...t.deps, db: single }, sql`u.id = ${me.user.id}`, tx),
      );
      expect(loaded.profile.location).toEqual({ lat: 51.5567, lng: -0.1781 });
    } finally {
      await single.$client.end();
    }
  });

  it("sends at most 100 postcodes per request", async () => {
    const many = Array.from({ length: 250 }, (_, i) => `SE${(i % 28) + 1} ${i % 10}AB`);
    const unique = [...new Set(many)];
    await locateMany(t.deps, many);
    const sizes = requests.map((r) => (r.body as { postcodes: string[] }).postcodes.length);
    expect(sizes.every((n) => n <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(unique.length);
  });

  it.each([
    ["a server error", "500"],
    ["a garbage answer", "garbage"],
  ] as const)("falls back to districts on %s", async (_, mode) => {
    bulkMode = mode;
    const found = await locateMany(t.deps, ["SE1 9SG", "E14 5AB"]);
    expect(found.get("SE1 9SG")).toEqual(districtCentroid("SE1"));
    expect(found.get("E14 5AB")).toEqual(districtCentroid("E14"));
    expect(requests).toHaveLength(1);
    expect(await cached(["SE1 9SG", "E14 5AB"])).toEqual([]);
  });

  it("places 10,000 members without a geocoder in one quick pass", async () => {
    const districts = knownDistricts();
    const letters = "ABDEFGHJLNPQRSTUWXYZ";
    const n = districts.length;
    // Unique: district, then digit, then a letter pair (fresh, never seen by the tests above: "…YZ" onwards).
    const postcodes = Array.from({ length: 10_000 }, (_, i) => {
      const k = Math.floor(i / (n * 10));
      return `${districts[i % n]} ${Math.floor(i / n) % 10}${letters[19 - (k % 20)]}${letters[19 - Math.floor(k / 20)]}`;
    });
    expect(new Set(postcodes).size).toBe(10_000);
    // A tenth of them already geocoded (cached), at a recognisable point.
    await t.db.insert(postcodeLocations).values(
      postcodes
        .filter((_, i) => i % 10 === 0)
        .map((postcode) => ({
          postcode,
          latitude: "51.4000000",
          longitude: "-0.3000000",
          source: "geocoder",
        })),
    );
    await locateMany(noGeocoder, postcodes.slice(0, 100)); // warm up
    const started = performance.now();
    const found = await locateMany(noGeocoder, postcodes);
    const took = performance.now() - started;
    expect(found.size).toBe(10_000);
    expect([...found.values()].every((p) => p !== null)).toBe(true);
    expect(found.get(postcodes[0])).toEqual({ lat: 51.4, lng: -0.3 });
    expect(found.get(postcodes[9990])).toEqual({ lat: 51.4, lng: -0.3 });
    expect(found.get(postcodes[9991])).toEqual(districtCentroid(postcodes[9991]));
    expect(requests).toEqual([]);
    console.log(`locateMany: 10,000 postcodes without a geocoder in ${took.toFixed(0)} ms`);
    expect(took).toBeLessThan(1000);
  });
});

describe("the venue form", () => {
  const create = (payload: Record<string, unknown>) =>
    t.request({
      method: "POST",
      url: "/api/admin/venues",
      as: admin,
      payload: { name: `Geo venue ${Math.random()}`, city: "London", type: "restaurant", ...payload },
    });
  const update = (id: number, payload: Record<string, unknown>) =>
    t.request({ method: "PUT", url: `/api/admin/venues/${id}`, as: admin, payload });

  it("places a venue given a postcode and no coordinates at the postcode", async () => {
    const res = await create({ postcode: "n1c 4ag" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ postcode: "N1C 4AG", latitude: 51.535, longitude: -0.1252 });
  });

  it("keeps coordinates the admin typed", async () => {
    const res = await create({ postcode: "N1C 4AG", latitude: 51.6, longitude: -0.2 });
    expect(res.json()).toMatchObject({ latitude: 51.6, longitude: -0.2 });
    expect(requests).toEqual([]);
  });

  it("uses the district when the geocoder does not know the postcode, and leaves a venue without postcode alone", async () => {
    const c = districtCentroid("E1")!;
    expect((await create({ postcode: "E1 6AN" })).json()).toMatchObject({
      latitude: Number(c.lat.toFixed(7)),
      longitude: Number(c.lng.toFixed(7)),
    });
    expect((await create({})).json()).toMatchObject({ latitude: null, longitude: null });
  });

  it("moves the venue when its postcode changes without new coordinates, and fills cleared coordinates", async () => {
    const v = (await create({ postcode: "SW1A 1AA" })).json();
    expect(v).toMatchObject({ latitude: 51.501009, longitude: -0.141588 });

    const moved = await update(v.id, { postcode: "EC1A 1BB" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ postcode: "EC1A 1BB", latitude: 51.520225, longitude: -0.097807 });

    const typed = await update(v.id, { latitude: 51.52, longitude: -0.1 });
    expect(typed.json()).toMatchObject({ latitude: 51.52, longitude: -0.1 });
    const renamed = await update(v.id, { name: "Still here", postcode: "EC1A 1BB" });
    expect(renamed.json()).toMatchObject({ latitude: 51.52, longitude: -0.1 });

    const cleared = await update(v.id, { latitude: null, longitude: null });
    expect(cleared.json()).toMatchObject({ latitude: 51.520225, longitude: -0.097807 });

    const noPostcode = await update(v.id, { postcode: null, latitude: null, longitude: null });
    expect(noPostcode.json()).toMatchObject({ postcode: null, latitude: null, longitude: null });
  });

  it("still answers 404 for an unknown venue", async () => {
    const res = await update(999_999, { postcode: "SW1A 1AA" });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(venues).where(eq(venues.id, 999_999))).toEqual([]);
  });
});
