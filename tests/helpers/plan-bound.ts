/**
 * An upper bound on what the monthly planner can plan, computed with this file's own rules and none of the
 * engine's: the maximum flow of a relaxation of the month.
 *
 * The network. Source -> couple (capacity: the larger allowance left of its two members) -> (couple, day)
 * (capacity 1: two dates on one London day clash) -> (venue, slot) (capacity: the venue's capacity less its
 * booked dates covering that instant) -> sink. A (couple, day) reaches a (venue, slot) when the slot is on one of
 * the couple's chosen days (days 1-28, week of month x weekday) at a chosen time, 72 hours ahead, outside the
 * pause and the end of a gifted plan, not clashing with the couple's dates (same day, or within 4 hours); and
 * the venue passes the couple's static rules (radius, needs, price, exclusions, a recent visit) with an idea they
 * may have (alcohol, price, season, time of day; a venue without ideas is itself, at any time) that fits the
 * venue's evening: not a closure, not a holiday closure unless it opens on holidays, and the whole date (its
 * idea's duration, 2 hours without one) inside one session of that day or of the day before past midnight.
 * Archived and not bookable venues (the venue's notBookable list, as loaded) take no edge.
 *
 * Why it is a TRUE upper bound. Any plan a correct planner writes is an integral flow of this network: each
 * date is one unit source -> its couple -> its (couple, day) -> its (venue, slot) -> sink, and every capacity
 * holds because each is a rule the planner must keep: the allowance; one date per couple per day; and at a
 * slot's instant every date starting then overlaps every other starting then and every booked date covering
 * that instant, so at most `capacity - booked` new dates start there (capacity is checked at that one instant
 * per slot, not over the date's whole span: weaker, so still a relaxation). Every edge condition is a rule the
 * planner must keep too. So the plan's size <= the maximum flow. Rules left out (spacing is a preference, the
 * revisit rule inside the month, capacity between slots of different start times, the order of couples) only
 * make the bound larger. A couple (two members linked both ways) is one node: its dates are all
 * booked for one of them, the one the planner documents (src/server/modules/matching/plan.ts, unitsOf: complete
 * preferences first, then the greater need, then the lower id), and each date is held to that member's rules.
 *
 * How it is computed: augmenting paths, one unit at a time (Ford-Fulkerson). A couple's next unit first tries a
 * free slot directly (a path of length 3), else a breadth-first search of the residual network (moving other
 * couples to other slots or days). A couple whose unit finds no path stops: by the usual argument (Kuhn's), no
 * later augmentation gives it one, so the flow found is maximum. A search that grows past SEARCH_LIMIT nodes is
 * given up and the couple's remaining units are counted as placed (`optimistic`): that can only raise the bound.
 * A couple's edges are enumerated lazily, venue by venue, so most couples never look at every venue.
 *
 * planBound(profiles, venues, { now, month }) -> { bound, couples, optimistic }
 */
import { distanceMiles } from "../../src/server/modules/matching/geo/index.ts";
import type { MemberProfile, VenueCandidate } from "../../src/server/modules/matching/types.ts";
import { holidayClosure, insideHours } from "./plan-checker.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LEAD_HOURS = 72;
const CLASH_HOURS = 4;
const REVISIT_DAYS = 184;
const DEFAULT_HOURS = 2;
const DAYS = 28;
const SLOTS = DAYS * 3;
const SEARCH_LIMIT = 200_000;
/** The member's time choices in slot order -> London wall time and the idea time of day each takes. */
const TIMES = [
  { pref: "mornings", hour: 10, minute: 30, idea: "morning" },
  { pref: "afternoons", hour: 14, minute: 0, idea: "afternoon" },
  { pref: "evenings", hour: 19, minute: 0, idea: "evening" },
] as const;
const STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };
const SPEND: Record<string, number> = { "£": 0, "££": 1, "£££": 2 };
const SEASONS = ["winter", "winter", "spring", "spring", "spring", "summer", "summer", "summer"];
const seasonOf = (month: number) => [...SEASONS, "autumn", "autumn", "autumn", "winter"][month - 1];
/** A few drink words (whole words): fewer than the engine's, so the bound never rules out more than it does. */
const DRINKS = /\b(cocktails?|wines?|beers?|gin|whisky|brewery|pubs?|spirits|champagne|prosecco)\b/i;
const key = (s: string) => s.trim().toLowerCase();
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

const wall = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  weekday: "long",
  hourCycle: "h23",
});
function london(t: number) {
  const p = Object.fromEntries(wall.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const pad = (n: string) => n.padStart(2, "0");
  return {
    key: `${p.year}-${pad(String(p.month))}-${pad(String(p.day))}`,
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: String(p.weekday).toLowerCase(),
  };
}
/** The instant London's clock reads `day` of the month at h:mi (GMT or BST, whichever reads right). */
function londonAt(year: number, month: number, day: number, hour: number, minute: number): number {
  for (const off of [0, HOUR]) {
    const t = Date.UTC(year, month - 1, day, hour, minute) - off;
    const w = london(t);
    if (w.day === day && w.hour === hour && w.minute === minute) return t;
  }
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** One of the month's 84 slots: day d (0-27) at time ti (0-2) is slot d * 3 + ti. */
interface Slot {
  week: number;
  weekday: string;
  weekdayIndex: number;
  dayKey: string;
  t: number;
  minute: number;
}

function priceOk(m: MemberProfile, level: string): boolean {
  if (m.dateSpend === null) return true;
  const have = STEP[key(level)];
  const want = SPEND[m.dateSpend];
  if (have === undefined || want === undefined) return false;
  return Math.abs(have - want) <= (m.openToTrying ? 1 : 0);
}

interface IdeaPrep {
  drink: boolean;
  price: string;
  /** Per time of day, the days (bit d) the idea fits the venue's evening and a place is left. */
  masks: [number, number, number];
}
interface VenuePrep {
  v: VenueCandidate;
  diet: Set<string>;
  access: Set<string>;
  ideas: IdeaPrep[];
}

/** Days (bit d) at time ti on which the venue holds a date of `hours` and has a place left. */
function openDays(
  v: VenueCandidate,
  slots: Slot[],
  capLeft: Int32Array,
  base: number,
  ti: number,
  hours: number,
) {
  let mask = 0;
  for (let d = 0; d < DAYS; d++) {
    const s = slots[d * 3 + ti];
    if (capLeft[base + d * 3 + ti] <= 0) continue;
    const ev = v.evening;
    if (ev) {
      if (ev.closures.some((c) => c.from <= s.dayKey && s.dayKey <= c.to)) continue;
      if (!ev.opensOnHolidays && holidayClosure(s.dayKey)) continue;
      if (!insideHours(ev.openingHours, s.weekdayIndex, s.minute, hours * 60)) continue;
    }
    mask |= 1 << d;
  }
  return mask;
}

function prepVenues(venues: readonly VenueCandidate[], slots: Slot[], season: string, capLeft: Int32Array) {
  return venues.map((v, vi): VenuePrep => {
    const base = vi * SLOTS;
    const cap = v.capacity ?? 1_000_000;
    for (let s = 0; s < SLOTS; s++) {
      const t = slots[s].t;
      let taken = 0;
      for (const [a, b] of v.booked ?? []) if (a <= t && t < b) taken++;
      capLeft[base + s] = cap - taken;
    }
    const prep: VenuePrep = {
      v,
      diet: new Set(v.dietary.map(key)),
      access: new Set(v.accessibility.map(key)),
      ideas: [],
    };
    if ((v.notBookable?.length ?? 0) > 0 || !v.location) return prep;
    if (v.ideas.length === 0) {
      const masks = [0, 1, 2].map((ti) => openDays(v, slots, capLeft, base, ti, DEFAULT_HOURS));
      prep.ideas.push({ drink: false, price: v.priceLevel, masks: masks as [number, number, number] });
      return prep;
    }
    for (const i of v.ideas) {
      const s = key(i.season);
      if (s !== "" && s !== "any" && s !== season) continue;
      const ti = TIMES.findIndex((x) => x.idea === key(i.timeOfDay));
      if (ti < 0) continue;
      const masks: [number, number, number] = [0, 0, 0];
      masks[ti] = openDays(v, slots, capLeft, base, ti, i.duration ?? DEFAULT_HOURS);
      if (masks[ti] === 0) continue;
      const drink = key(i.category) === "bars" || DRINKS.test(i.title) || i.tags.some((g) => DRINKS.test(g));
      prep.ideas.push({ drink, price: i.priceLevel, masks });
    }
    return prep;
  });
}

interface Ctx {
  month: string;
  monthEnd: number;
  earliest: number;
  slots: Slot[];
  venues: VenuePrep[];
}

/** A member as the bound sees them: the days (bit d) per time of day they may have a date, and their filters. */
interface MemberPrep {
  m: MemberProfile;
  days: [number, number, number];
  diet: string[];
  access: string[];
  excluded: Set<number>;
  recent: Set<number>;
  cursor: number;
}

function prepMember(m: MemberProfile, ctx: Ctx): { prep: MemberPrep; left: number } | null {
  const left = m.quotaRemaining(ctx.month);
  if (left <= 0 || m.subscriptionStatus !== "active" || !m.tier || !m.location) return null;
  const chosen = new Set(m.scheduling.map((s) => `${s.weekOfMonth}:${key(s.dayOfWeek)}`));
  const times = new Set<string>(m.times);
  const pauseEnd = m.pausedUntil?.getTime() ?? null;
  const pauseStart = m.pausedFrom?.getTime() ?? null;
  const planEnd = m.planEndsAt?.getTime() ?? null;
  const dates = m.history.filter((h) => h.status !== "cancelled").map((h) => h.scheduledDate.getTime());
  const dateDays = new Set(dates.map((t) => london(t).key));
  const days: [number, number, number] = [0, 0, 0];
  ctx.slots.forEach((s, i) => {
    const ti = i % 3;
    if (!chosen.has(`${s.week}:${s.weekday}`) || !times.has(TIMES[ti].pref)) return;
    if (s.t < ctx.earliest) return;
    if (pauseEnd !== null && s.t < pauseEnd && (pauseStart === null || s.t >= pauseStart)) return;
    if (planEnd !== null && s.t >= planEnd) return;
    if (dateDays.has(s.dayKey) || dates.some((t) => Math.abs(t - s.t) < CLASH_HOURS * HOUR)) return;
    days[ti] |= 1 << Math.floor(i / 3);
  });
  if (days[0] === 0 && days[1] === 0 && days[2] === 0) return null;
  const recent = new Set<number>();
  for (const h of m.history) {
    if (
      h.venueId !== null &&
      h.status !== "cancelled" &&
      h.scheduledDate.getTime() >= ctx.monthEnd - REVISIT_DAYS * DAY
    )
      recent.add(h.venueId);
  }
  return {
    prep: {
      m,
      days,
      diet: m.dietary.map(key),
      access: m.accessibility.map(key),
      excluded: new Set(m.excludedVenueIds),
      recent,
      cursor: 0,
    },
    left,
  };
}

/** The member's edges at venue `vi` per time of day (days, bit d), or null when it has none. */
function edgesAt(p: MemberPrep, vi: number, ctx: Ctx): [number, number, number] | null {
  const vp = ctx.venues[vi];
  if (vp.ideas.length === 0) return null;
  const v = vp.v;
  const m = p.m;
  if (!v.location || !m.location || p.excluded.has(v.id) || p.recent.has(v.id)) return null;
  if (distanceMiles(m.location, v.location) > m.travelRadiusMiles) return null;
  if (!p.diet.every((d) => vp.diet.has(d)) || !p.access.every((a) => vp.access.has(a))) return null;
  if (!priceOk(m, v.priceLevel)) return null;
  let m0 = 0;
  let m1 = 0;
  let m2 = 0;
  for (const i of vp.ideas) {
    if (i.drink && !m.alcoholOk) continue;
    if (!priceOk(m, i.price)) continue;
    m0 |= i.masks[0];
    m1 |= i.masks[1];
    m2 |= i.masks[2];
  }
  m0 &= p.days[0];
  m1 &= p.days[1];
  m2 &= p.days[2];
  return m0 | m1 | m2 ? [m0, m1, m2] : null;
}

/** A couple in the network: its members, its edges found so far (venue, days per time of day), its days' slots. */
interface Couple {
  key: number;
  members: MemberPrep[];
  need: number;
  /** Flat: venue index, then the three day masks. */
  edges: number[];
  complete: boolean;
  /** The slot (venue * SLOTS + slot) each day's unit uses, -1 when the day is free. */
  at: Int32Array;
}

/** Finds the couple's edges at the next venues; false once every venue has been seen. */
function more(c: Couple, ctx: Ctx): boolean {
  const n = ctx.venues.length;
  while (!c.complete) {
    let found = false;
    let done = true;
    for (const p of c.members) {
      if (p.cursor >= n) continue;
      done = false;
      const e = edgesAt(p, p.cursor, ctx);
      if (e) {
        c.edges.push(p.cursor, e[0], e[1], e[2]);
        found = true;
      }
      p.cursor++;
    }
    if (done) c.complete = true;
    if (found) return true;
  }
  return false;
}

function all(c: Couple, ctx: Ctx) {
  while (more(c, ctx));
}

export interface PlanBound {
  bound: number;
  couples: number;
  /** Units counted without a finished search (SEARCH_LIMIT). */
  optimistic: number;
  /** One maximum flow: per couple (its lower member id), the venue and instant of each unit. */
  flow: Map<number, { venueId: number; at: number }[]>;
}

export function planBound(
  profiles: readonly MemberProfile[],
  venues: readonly VenueCandidate[],
  opts: {
    now: Date;
    month: string;
    /** Members whose preferences are complete enough to plan with (default: postcode, days and times). */
    complete?: ReadonlySet<number>;
  },
): PlanBound {
  const [year, month] = opts.month.split("-").map(Number);
  const slots: Slot[] = [];
  for (let day = 1; day <= DAYS; day++) {
    for (const at of TIMES) {
      const t = londonAt(year, month, day, at.hour, at.minute);
      const w = london(t);
      slots.push({
        week: Math.ceil(day / 7),
        weekday: w.weekday,
        weekdayIndex: WEEKDAYS.indexOf(w.weekday),
        dayKey: w.key,
        t,
        minute: w.hour * 60 + w.minute,
      });
    }
  }
  const next = month === 12 ? londonAt(year + 1, 1, 1, 0, 0) : londonAt(year, month + 1, 1, 0, 0);
  const capLeft = new Int32Array(venues.length * SLOTS);
  const ctx: Ctx = {
    month: opts.month,
    monthEnd: next - 1,
    earliest: opts.now.getTime() + LEAD_HOURS * HOUR,
    slots,
    venues: prepVenues(venues, slots, seasonOf(month), capLeft),
  };

  // Couples: two members linked both ways are one, booked for one of them (see the top of the file).
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  const complete = (p: MemberProfile) =>
    opts.complete
      ? opts.complete.has(p.userId)
      : !!p.postcode && p.scheduling.length > 0 && p.times.length > 0;
  const done = new Set<number>();
  const couples: Couple[] = [];
  let coupleCount = 0;
  for (const p of profiles) {
    if (done.has(p.userId)) continue;
    done.add(p.userId);
    coupleCount++;
    let books = p;
    const partner = p.partnerId === null ? undefined : byId.get(p.partnerId);
    if (partner && partner.partnerId === p.userId) {
      done.add(partner.userId);
      const a = p.quotaRemaining(opts.month);
      const b = partner.quotaRemaining(opts.month);
      if (complete(partner) !== complete(p)) {
        if (complete(partner)) books = partner;
      } else if (b > a || (b === a && partner.userId < p.userId)) books = partner;
    }
    const prep = prepMember(books, ctx);
    if (!prep) continue;
    couples.push({
      key: Math.min(p.userId, partner?.partnerId === p.userId ? partner.userId : p.userId),
      members: [prep.prep],
      need: prep.left,
      edges: [],
      complete: false,
      at: new Int32Array(DAYS).fill(-1),
    });
  }

  const load = new Int32Array(venues.length * SLOTS);
  /** Who uses a slot: couple index * DAYS + day. */
  const users = new Map<number, number[]>();
  const assign = (ci: number, d: number, k: number) => {
    couples[ci].at[d] = k;
    load[k]++;
    const list = users.get(k);
    if (list) list.push(ci * DAYS + d);
    else users.set(k, [ci * DAYS + d]);
  };
  const unassign = (ci: number, d: number) => {
    const k = couples[ci].at[d];
    couples[ci].at[d] = -1;
    load[k]--;
    const list = users.get(k) ?? [];
    list.splice(list.indexOf(ci * DAYS + d), 1);
  };
  const usedDays = (c: Couple) => {
    let mask = 0;
    for (let d = 0; d < DAYS; d++) if (c.at[d] >= 0) mask |= 1 << d;
    return mask;
  };

  /** A free slot on a free day among the edges from `from` on: assigned, true. */
  function direct(ci: number, from: number): boolean {
    const c = couples[ci];
    const used = usedDays(c);
    for (let e = from; e < c.edges.length; e += 4) {
      const vi = c.edges[e];
      for (let ti = 0; ti < 3; ti++) {
        let bits = c.edges[e + 1 + ti] & ~used;
        while (bits !== 0) {
          const d = 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          const k = vi * SLOTS + d * 3 + ti;
          if (load[k] < capLeft[k]) {
            assign(ci, d, k);
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Breadth-first search of the residual network from couple `root`; augments and answers true, or false. */
  function augment(root: number): boolean | "gave up" {
    // Nodes: couple ci -> "c" + ci; (couple, day) -> ci * DAYS + d in dayFrom; slot k in slotFrom.
    const coupleFrom = new Map<number, number>([[root, -1]]); // couple -> the (couple, day) it was left by
    const dayFrom = new Map<number, number>(); // (couple, day) -> slot k it was reached from, or -1 from its couple
    const slotFrom = new Map<number, number>(); // slot -> the (couple, day) that reaches it
    const queue: [kind: 0 | 1, id: number][] = [[0, root]];
    let seen = 1;
    /**
     * Applies the path that ends at free slot k, walking back: the (couple, day) that reached a slot takes it;
     * if that day used another slot (it was reached from it), that slot goes to whoever reached it; if the day
     * was free, its couple was reached by leaving another of its days (or is the root), whose slot goes on.
     */
    const finish = (k: number) => {
      let slot = k;
      for (;;) {
        const cd = slotFrom.get(slot) as number;
        const ci = Math.floor(cd / DAYS);
        const d = cd % DAYS;
        const from = dayFrom.get(cd) as number;
        if (from >= 0) {
          unassign(ci, d);
          assign(ci, d, slot);
          slot = from;
          continue;
        }
        assign(ci, d, slot);
        const left = coupleFrom.get(ci) as number;
        if (left < 0) return;
        const ld = left % DAYS;
        slot = couples[ci].at[ld];
        unassign(ci, ld);
      }
    };
    let head = 0;
    while (head < queue.length) {
      const [kind, id] = queue[head++];
      if (kind === 0) {
        // A couple: its free days.
        const c = couples[id];
        all(c, ctx);
        let days = 0;
        for (let e = 0; e < c.edges.length; e += 4) days |= c.edges[e + 1] | c.edges[e + 2] | c.edges[e + 3];
        days &= ~usedDays(c);
        while (days !== 0) {
          const d = 31 - Math.clz32(days & -days);
          days &= days - 1;
          const cd = id * DAYS + d;
          if (dayFrom.has(cd)) continue;
          dayFrom.set(cd, -1);
          queue.push([1, cd]);
          seen++;
        }
      } else {
        // A (couple, day): the slots of that day it may move to; and, when it uses one, back to its couple.
        const ci = Math.floor(id / DAYS);
        const d = id % DAYS;
        const c = couples[ci];
        all(c, ctx);
        for (let e = 0; e < c.edges.length; e += 4) {
          for (let ti = 0; ti < 3; ti++) {
            if ((c.edges[e + 1 + ti] & (1 << d)) === 0) continue;
            const k = c.edges[e] * SLOTS + d * 3 + ti;
            if (k === c.at[d] || slotFrom.has(k)) continue;
            slotFrom.set(k, id);
            seen++;
            if (load[k] < capLeft[k]) {
              finish(k);
              return true;
            }
            for (const user of users.get(k) ?? []) {
              if (dayFrom.has(user)) continue;
              dayFrom.set(user, k);
              queue.push([1, user]);
              seen++;
            }
          }
        }
        if (c.at[d] >= 0 && !coupleFrom.has(ci)) {
          coupleFrom.set(ci, id);
          queue.push([0, ci]);
          seen++;
        }
      }
      if (seen > SEARCH_LIMIT) return "gave up";
    }
    return false;
  }

  let bound = 0;
  let optimistic = 0;
  couples.forEach((c, ci) => {
    for (let placed = 0; placed < c.need; placed++) {
      let ok = direct(ci, 0);
      while (!ok && !c.complete) {
        const from = c.edges.length;
        if (!more(c, ctx)) break;
        ok = direct(ci, from);
      }
      if (!ok) {
        const r = augment(ci);
        if (r === "gave up") {
          optimistic += c.need - placed;
          break;
        }
        if (!r) break;
      }
      bound++;
    }
  });
  const flow = new Map<number, { venueId: number; at: number }[]>();
  for (const c of couples) {
    const units = [...c.at]
      .filter((k) => k >= 0)
      .map((k) => ({ venueId: venues[Math.floor(k / SLOTS)].id, at: slots[k % SLOTS].t }));
    if (units.length > 0) flow.set(c.key, units);
  }
  return { bound: bound + optimistic, couples: coupleCount, optimistic, flow };
}
