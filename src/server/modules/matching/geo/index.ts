/**
 * Where things are: great-circle distances, postcode-district centroids shipped with the app
 * (postcode-districts.csv, Open Government Licence data; see its header) and exact postcode locations from an
 * optional postcodes.io-compatible geocoder (GEOCODER_URL), cached in postcode_locations.
 *
 * Nothing here throws on bad input or a failing geocoder: a postcode that cannot be geocoded falls back to its
 * district's centroid, and one whose district is unknown is null ("cannot be placed").
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { normalisePostcode, postcodeDistrict } from "../../../../shared/postcode.ts";
import type { Db, Tx } from "../../../db/client.ts";
import { postcodeLocations } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import type { LatLng } from "../types.ts";

export type { LatLng };

/**
 * `db` is the pool, or the caller's transaction when it asks from inside one: the postcode cache is then read
 * and written on that connection. A second connection taken from the pool while a transaction holds the first
 * can wait forever, once concurrent transactions queued on the same row lock hold every other one.
 */
export type GeoDeps = Pick<Deps, "config"> & { db: Db | Tx };

/** Mean Earth radius in miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The United Kingdom with its islands (Scilly, Channel approaches, Northern Ireland, Shetland), generously. */
export const UK_BOUNDS = { minLat: 49.8, maxLat: 60.95, minLng: -8.7, maxLng: 1.8 } as const;

export function isInUk(p: { lat: number; lng: number }): boolean {
  return (
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    p.lat >= UK_BOUNDS.minLat &&
    p.lat <= UK_BOUNDS.maxLat &&
    p.lng >= UK_BOUNDS.minLng &&
    p.lng <= UK_BOUNDS.maxLng
  );
}

// ---------------------------------------------------------------------------------------------------------
// District centroids

function loadDistricts(): Map<string, LatLng> {
  const text = readFileSync(new URL("./postcode-districts.csv", import.meta.url), "utf8");
  const map = new Map<string, LatLng>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("district,")) continue;
    const [district, lat, lng] = line.split(",");
    const p = { lat: Number(lat), lng: Number(lng) };
    if (district && isInUk(p)) map.set(district, p);
  }
  return map;
}

const DISTRICTS: ReadonlyMap<string, LatLng> = loadDistricts();

/** Every district in the table (for tests and diagnostics). */
export function knownDistricts(): string[] {
  return [...DISTRICTS.keys()];
}

const DISTRICT_ONLY = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;

/** The district ("SW1A") of a full postcode or of a district given alone; null when it is neither. */
export function districtOf(input: string): string | null {
  const pc = normalisePostcode(input);
  if (pc) return postcodeDistrict(pc);
  const d = input.toUpperCase().replace(/\s+/g, "");
  return DISTRICT_ONLY.test(d) ? d : null;
}

/** PO-box and single-building districts: not averaged into a parent district. */
const NON_GEOGRAPHIC = new Set(["EC1P", "EC2P", "EC3P", "EC4P", "N1P", "NW1W", "SE1P", "W1A"]);

/**
 * Central London districts exist only as sub-districts (EC2A, EC2M, ..., W1A-W1W): "EC2" or "W1" alone is
 * placed at the mean of its geographic sub-districts.
 */
function parentCentroids(): Map<string, LatLng> {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const [d, p] of DISTRICTS) {
    if (!/^[A-Z]{1,2}[0-9]{1,2}[A-Z]$/.test(d) || NON_GEOGRAPHIC.has(d)) continue;
    const parent = d.slice(0, -1);
    if (DISTRICTS.has(parent)) continue;
    const s = sums.get(parent) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += p.lat;
    s.lng += p.lng;
    s.n += 1;
    sums.set(parent, s);
  }
  return new Map([...sums].map(([d, s]) => [d, { lat: s.lat / s.n, lng: s.lng / s.n }]));
}

const PARENTS: ReadonlyMap<string, LatLng> = parentCentroids();

/**
 * Centroid of the postcode's district ("SW1A 1AA", "sw1a", or "EC2" for the mean of EC2A-EC2Y), or null when the
 * district is not in the table.
 */
export function districtCentroid(postcode: string): LatLng | null {
  const d = districtOf(postcode);
  const p = d ? (DISTRICTS.get(d) ?? PARENTS.get(d)) : undefined;
  return p ? { lat: p.lat, lng: p.lng } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Venues

function coordinate(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The venue's own coordinates when both are set and valid, else its postcode district's centroid, else null. */
export function venueLocation(v: {
  latitude: string | number | null;
  longitude: string | number | null;
  postcode: string | null;
}): LatLng | null {
  const lat = coordinate(v.latitude);
  const lng = coordinate(v.longitude);
  if (
    lat !== null &&
    lng !== null &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  ) {
    return { lat, lng };
  }
  return v.postcode ? districtCentroid(v.postcode) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Geocoder (postcodes.io shape) and the postcode_locations cache

export const GEOCODER_TIMEOUT_MS = 2000;
/** postcodes.io accepts at most 100 postcodes per bulk lookup. */
export const GEOCODER_BATCH = 100;
const BULK_CONCURRENCY = 4;
const BULK_TIMEOUT_MS = 5000;
/** locateMany gives the geocoder this long in all; what is left falls back to districts. */
const BULK_BUDGET_MS = 20_000;

function pointFrom(result: unknown): LatLng | null {
  if (!result || typeof result !== "object") return null;
  const r = result as { latitude?: unknown; longitude?: unknown };
  if (typeof r.latitude !== "number" || typeof r.longitude !== "number") return null;
  const p = { lat: r.latitude, lng: r.longitude };
  return isInUk(p) ? p : null;
}

type GeocodeAnswer = { kind: "found"; at: LatLng } | { kind: "unknown" } | { kind: "failed" };

/** One postcode: found, unknown to the geocoder (404), or failed (network, timeout, 5xx, garbage). */
async function geocodeOne(baseUrl: string, postcode: string): Promise<GeocodeAnswer> {
  try {
    const res = await fetch(`${baseUrl}/postcodes/${encodeURIComponent(postcode)}`, {
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return { kind: "unknown" };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { kind: "failed" };
    }
    const body = (await res.json()) as { result?: unknown };
    const at = pointFrom(body?.result);
    return at ? { kind: "found", at } : { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

/** Up to 100 postcodes in one POST /postcodes; the ones answered (found or null) are in the map. */
async function geocodeBatch(
  baseUrl: string,
  postcodes: string[],
  timeoutMs: number,
): Promise<Map<string, GeocodeAnswer>> {
  const out = new Map<string, GeocodeAnswer>();
  try {
    const res = await fetch(`${baseUrl}/postcodes`, {
      method: "POST",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ postcodes }),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return out;
    }
    const body = (await res.json()) as { result?: unknown };
    if (!Array.isArray(body?.result)) return out;
    for (const item of body.result as unknown[]) {
      if (!item || typeof item !== "object") continue;
      const { query, result } = item as { query?: unknown; result?: unknown };
      if (typeof query !== "string") continue;
      const pc = normalisePostcode(query);
      if (!pc) continue;
      if (result === null) {
        out.set(pc, { kind: "unknown" });
      } else {
        const at = pointFrom(result);
        if (at) out.set(pc, { kind: "found", at });
      }
    }
  } catch {
    // Network error, timeout, bad JSON: the batch falls back to districts.
  }
  return out;
}

const cacheRows = (rows: { postcode: string; at: LatLng; source: "geocoder" | "district" }[]) =>
  rows.map((r) => ({
    postcode: r.postcode,
    latitude: r.at.lat.toFixed(7),
    longitude: r.at.lng.toFixed(7),
    source: r.source,
  }));

async function saveToCache(
  deps: GeoDeps,
  rows: { postcode: string; at: LatLng; source: "geocoder" | "district" }[],
): Promise<void> {
  if (rows.length === 0) return;
  try {
    // In a transaction of its own, or a savepoint of the caller's: a failed write leaves the caller's
    // transaction usable.
    await deps.db.transaction(async (t) => {
      await t
        .insert(postcodeLocations)
        .values(cacheRows(rows))
        .onConflictDoUpdate({
          target: postcodeLocations.postcode,
          set: {
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            source: sql`excluded.source`,
            fetchedAt: sql`now()`,
          },
        });
    });
  } catch {
    // A cache that cannot be written is only slower next time.
  }
}

/**
 * A postcode the geocoder did not know is remembered at its district for this long, then asked about again
 * (new-build postcodes reach the public data a few months after they are issued).
 */
export const DISTRICT_CACHE_DAYS = 30;

async function readCache(deps: GeoDeps, postcodes: string[]): Promise<Map<string, LatLng>> {
  const out = new Map<string, LatLng>();
  if (postcodes.length === 0) return out;
  try {
    // One query whatever the count: the list travels as a single text[] parameter.
    const rows = await deps.db
      .select({
        postcode: postcodeLocations.postcode,
        latitude: postcodeLocations.latitude,
        longitude: postcodeLocations.longitude,
      })
      .from(postcodeLocations)
      .where(
        sql`${postcodeLocations.postcode} = any(${sql.param(postcodes)}::text[])
          and (${postcodeLocations.source} <> 'district'
            or ${postcodeLocations.fetchedAt} > now() - make_interval(days => ${DISTRICT_CACHE_DAYS}))`,
      );
    for (const r of rows) {
      const p = { lat: Number(r.latitude), lng: Number(r.longitude) };
      if (isInUk(p)) out.set(r.postcode, p);
    }
  } catch {
    // No cache: districts (and the geocoder) still answer.
  }
  return out;
}

/**
 * Where a postcode is: the cache, else the geocoder (when GEOCODER_URL is set; the answer is cached), else the
 * district centroid. A district alone ("SW1A") gives its centroid. Null when it cannot be placed. Never throws.
 */
export async function locatePostcode(
  deps: GeoDeps,
  postcode: string | null | undefined,
): Promise<LatLng | null> {
  if (!postcode) return null;
  const pc = normalisePostcode(postcode);
  if (!pc) return districtCentroid(postcode);
  const cached = (await readCache(deps, [pc])).get(pc);
  if (cached) return cached;
  const fallback = districtCentroid(pc);
  const base = deps.config.geocoderUrl;
  if (!base) return fallback;
  const answer = await geocodeOne(base, pc);
  if (answer.kind === "found") {
    await saveToCache(deps, [{ postcode: pc, at: answer.at, source: "geocoder" }]);
    return answer.at;
  }
  // The geocoder does not know it (terminated or never issued): remember the district so it is not asked again.
  if (answer.kind === "unknown" && fallback) {
    await saveToCache(deps, [{ postcode: pc, at: fallback, source: "district" }]);
  }
  return fallback;
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(runners);
}

/**
 * Many postcodes at once (the monthly planner): one cache query, districts from memory, and the misses in
 * bulk from the geocoder when one is set (100 per request, a few requests at a time, 20 s in all). Keys are the
 * strings as given, in their order; values as locatePostcode would answer. Never throws.
 */
export async function locateMany(
  deps: GeoDeps,
  postcodes: readonly (string | null | undefined)[],
): Promise<Map<string, LatLng | null>> {
  const result = new Map<string, LatLng | null>();
  const normalised = new Map<string, string>(); // input -> normalised
  for (const input of postcodes) {
    if (input === null || input === undefined || result.has(input)) continue;
    result.set(input, null); // keeps the order of the input
    const pc = normalisePostcode(input);
    if (pc) normalised.set(input, pc);
    else result.set(input, districtCentroid(input));
  }
  const unique = [...new Set(normalised.values())];
  const found = await readCache(deps, unique);

  const base = deps.config.geocoderUrl;
  const misses = unique.filter((pc) => !found.has(pc));
  if (base && misses.length > 0) {
    const batches: string[][] = [];
    for (let i = 0; i < misses.length; i += GEOCODER_BATCH) batches.push(misses.slice(i, i + GEOCODER_BATCH));
    const deadline = Date.now() + BULK_BUDGET_MS;
    const toCache: { postcode: string; at: LatLng; source: "geocoder" | "district" }[] = [];
    await inPool(batches, BULK_CONCURRENCY, async (batch) => {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const answers = await geocodeBatch(base, batch, Math.min(BULK_TIMEOUT_MS, left));
      for (const [pc, answer] of answers) {
        if (answer.kind === "found") {
          found.set(pc, answer.at);
          toCache.push({ postcode: pc, at: answer.at, source: "geocoder" });
        } else if (answer.kind === "unknown") {
          const d = districtCentroid(pc);
          if (d) toCache.push({ postcode: pc, at: d, source: "district" });
        }
      }
    });
    for (let i = 0; i < toCache.length; i += 1000) await saveToCache(deps, toCache.slice(i, i + 1000));
  }

  for (const [input, pc] of normalised) result.set(input, found.get(pc) ?? districtCentroid(pc));
  return result;
}
