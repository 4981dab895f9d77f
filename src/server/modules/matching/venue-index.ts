/**
 * The venue index of the matching engine: venues prepared once per venue list (normalised labels, alcohol
 * flags, bit masks of needs and categories) with a spatial grid and per-place distance lists, so that the
 * rule funnel and the ranking only look at venues near the couple. Pure: no database, no clock.
 */
import { distanceMiles } from "./geo/index.ts";
import { isAlcoholLed, norm, venueTypeCategory } from "./rules.ts";
import type { IdeaCandidate, LatLng, VenueCandidate } from "./types.ts";

export interface PreparedIdea {
  idea: IdeaCandidate;
  alcohol: boolean;
  timeOfDay: string;
  season: string;
  price: string;
  category: string;
  /** 0 low, 1 medium, 2 high, -1 unknown. */
  step: number;
  catId: number;
  /** 0 morning, 1 afternoon, 2 evening, -1 other (never fits a slot). */
  tod: number;
  /** 0 any season; 1-4 spring..winter; -1 unknown (never fits). */
  seasonCode: number;
}

export interface PreparedVenue {
  v: VenueCandidate;
  dietary: Set<string>;
  accessibility: Set<string>;
  price: string;
  /** Active ideas; empty: the venue is matched as itself. */
  ideas: PreparedIdea[];
  ownCategory: string;
  typeNorm: string;
  step: number;
  dietMask: number;
  accessMask: number;
  ownCatId: number;
  /** Position in the venue list (for per-call marks). */
  pos: number;
  /** Bits of the categories the venue's dates can have (its ideas', or its own). */
  catMask: number;
}

export interface VenueIndex {
  all: PreparedVenue[];
  located: PreparedVenue[];
  /** Grid of located venues: key lat-cell * 10000 + lng-cell. */
  grid: Map<number, PreparedVenue[]>;
  /** Distances from places members live, nearest first. */
  near: Map<string, Near>;
  /** Per-call marks (venue evaluated in this call). */
  seen: Int32Array;
  /** Label -> bit of the venues' dietary and accessibility masks; null when there are too many labels. */
  dietBits: Map<string, number> | null;
  accessBits: Map<string, number> | null;
  /** Category -> id (bit of catMask; masks are used only while there are at most 30). */
  catIds: Map<string, number>;
}

const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const stepOf = (level: string) => STEP[norm(level)] ?? -1;

function bitsFor(sets: Iterable<Set<string>>): Map<string, number> | null {
  const bits = new Map<string, number>();
  for (const set of sets) for (const l of set) if (!bits.has(l)) bits.set(l, bits.size);
  return bits.size <= 30 ? bits : null;
}

export function maskOf(bits: Map<string, number> | null, labels: Iterable<string>): number {
  if (!bits) return 0;
  let m = 0;
  for (const l of labels) {
    const b = bits.get(l);
    if (b === undefined) return -1;
    m |= 1 << b;
  }
  return m;
}

const CELL_LAT = 0.1; // ~6.9 miles
const CELL_LNG = 0.15; // ~6.4 miles at London's latitude
const cellKey = (la: number, ln: number) => la * 10000 + ln;

const indexes = new WeakMap<readonly VenueCandidate[], VenueIndex>();

export function prepare(venues: readonly VenueCandidate[]): VenueIndex {
  const cached = indexes.get(venues);
  if (cached) return cached;
  const all: PreparedVenue[] = venues.map((v) => ({
    v,
    dietary: new Set(v.dietary.map(norm)),
    accessibility: new Set(v.accessibility.map(norm)),
    price: norm(v.priceLevel),
    ownCategory: venueTypeCategory(v.type),
    typeNorm: norm(v.type),
    step: stepOf(v.priceLevel),
    dietMask: 0,
    accessMask: 0,
    ownCatId: 0,
    pos: 0,
    catMask: 0,
    ideas: v.ideas.map((idea) => ({
      idea,
      alcohol: isAlcoholLed(idea),
      timeOfDay: norm(idea.timeOfDay),
      season: norm(idea.season),
      price: norm(idea.priceLevel),
      category: norm(idea.category),
      step: stepOf(idea.priceLevel),
      catId: 0,
      tod: TOD_CODE[norm(idea.timeOfDay)] ?? -1,
      seasonCode: SEASON_CODE[norm(idea.season)] ?? -1,
    })),
  }));
  const catIds = new Map<string, number>();
  const catId = (c: string) => {
    let id = catIds.get(c);
    if (id === undefined) {
      id = catIds.size;
      catIds.set(c, id);
    }
    return id;
  };
  all.forEach((p, i) => {
    p.pos = i;
  });
  for (const p of all) {
    p.ownCatId = catId(p.ownCategory);
    for (const i of p.ideas) i.catId = catId(i.category);
  }
  for (const p of all) {
    p.catMask =
      catIds.size > 30
        ? -1
        : p.ideas.length === 0
          ? 1 << p.ownCatId
          : p.ideas.reduce((m, i) => m | (1 << i.catId), 0);
  }
  const dietBits = bitsFor(all.map((p) => p.dietary));
  const accessBits = bitsFor(all.map((p) => p.accessibility));
  for (const p of all) {
    p.dietMask = maskOf(dietBits, p.dietary);
    p.accessMask = maskOf(accessBits, p.accessibility);
  }
  const located = all.filter((p) => p.v.location !== null);
  const grid = new Map<number, PreparedVenue[]>();
  for (const p of located) {
    const loc = p.v.location as LatLng;
    const k = cellKey(Math.floor(loc.lat / CELL_LAT), Math.floor(loc.lng / CELL_LNG));
    const list = grid.get(k);
    if (list) list.push(p);
    else grid.set(k, [p]);
  }
  const index: VenueIndex = {
    all,
    located,
    grid,
    near: new Map(),
    seen: new Int32Array(all.length),
    dietBits,
    accessBits,
    catIds,
  };
  indexes.set(venues, index);
  return index;
}

export interface Near {
  /** Every located venue with its distance, nearest first. */
  list: { p: PreparedVenue; d: number }[];
  /** The same, per category id: the venues whose dates can have that category. Null without category masks. */
  byCat: { p: PreparedVenue; d: number }[][] | null;
}

/** Every located venue with its distance from `at`, nearest first (cached for a few hundred places). */
export function nearOf(index: VenueIndex, at: LatLng): Near | null {
  const key = `${at.lat},${at.lng}`;
  const hit = index.near.get(key);
  if (hit) return hit;
  if (index.near.size >= NEAR_CACHE) return null;
  const list = index.located.map((p) => ({ p, d: distanceMiles(at, p.v.location as LatLng) }));
  list.sort((a, b) => a.d - b.d || a.p.v.id - b.p.v.id);
  let byCat: Near["byCat"] = null;
  if (index.catIds.size <= 30) {
    byCat = Array.from({ length: index.catIds.size }, () => []);
    for (const c of list)
      for (let id = 0; id < byCat.length; id++) if (c.p.catMask & (1 << id)) byCat[id].push(c);
  }
  const near = { list, byCat };
  index.near.set(key, near);
  return near;
}

export function byDistance(index: VenueIndex, at: LatLng): { p: PreparedVenue; d: number }[] | null {
  return nearOf(index, at)?.list ?? null;
}

const NEAR_CACHE = 400;

/** Located venues within `radius` miles of `at` (great circle), each with its distance. */
export function venuesWithin(
  index: VenueIndex,
  at: LatLng,
  radius: number,
): { p: PreparedVenue; d: number }[] {
  const sorted = byDistance(index, at);
  if (sorted) {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].d <= radius) lo = mid + 1;
      else hi = mid;
    }
    return sorted.slice(0, lo);
  }
  const out: { p: PreparedVenue; d: number }[] = [];
  const dLat = radius / 69 + CELL_LAT;
  const cos = Math.max(0.05, Math.cos((at.lat * Math.PI) / 180));
  const dLng = radius / (69.17 * cos) + CELL_LNG;
  const la0 = Math.floor((at.lat - dLat) / CELL_LAT);
  const la1 = Math.floor((at.lat + dLat) / CELL_LAT);
  const ln0 = Math.floor((at.lng - dLng) / CELL_LNG);
  const ln1 = Math.floor((at.lng + dLng) / CELL_LNG);
  const scan = (cell: readonly PreparedVenue[]) => {
    for (const p of cell) {
      const d = distanceMiles(at, p.v.location as LatLng);
      if (d <= radius) out.push({ p, d });
    }
  };
  if ((la1 - la0 + 1) * (ln1 - ln0 + 1) > index.grid.size) scan(index.located);
  else {
    for (let la = la0; la <= la1; la++) {
      for (let ln = ln0; ln <= ln1; ln++) {
        const cell = index.grid.get(cellKey(la, ln));
        if (cell) scan(cell);
      }
    }
  }
  return out;
}

/** The nearest located venue's distance (for "the nearest is 14.2 miles away"), or null. */
export function nearestVenueMiles(venues: readonly VenueCandidate[], at: LatLng): number | null {
  let best: number | null = null;
  for (const p of prepare(venues).located) {
    const d = distanceMiles(at, p.v.location as LatLng);
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Idea time of day -> code (the index of the ranking's per-time slot lists). */
export const TOD_CODE: Record<string, number> = { morning: 0, afternoon: 1, evening: 2 };
/** 0: any season. */
export const SEASON_CODE: Record<string, number> = {
  any: 0,
  "": 0,
  spring: 1,
  summer: 2,
  autumn: 3,
  winter: 4,
};
