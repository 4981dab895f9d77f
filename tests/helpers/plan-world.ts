/**
 * A generated world for the planner (tests and bench:planning): active, onboarded members around London with
 * varied preferences, partners, dietary and accessibility needs, and venues with date ideas. Deterministic
 * for a seed. Inserted with a few bulk statements.
 *
 * Venues also get booking rules (venueRules below, from a second random stream of the seed, so everything else
 * in the world is as it was before venues had them): a booking e-mail (about 2% without one, so the not-bookable
 * rule is exercised; about 1% archived), opening hours by venue type (all-day, lunch and dinner, evening-only,
 * daytime, a few sessions past midnight), capacities 1-4 (mostly 1-2), a few closures inside the planned month,
 * holiday opening for about half; and each idea a duration of 1-3 hours (mostly 2).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { districtCentroid, knownDistricts } from "../../src/server/modules/matching/geo/index.ts";
import {
  ACCESSIBILITY_OPTIONS,
  DATE_TYPES,
  DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  TIMES_OF_DAY,
} from "../../src/shared/constants.ts";
import { normalisePostcode } from "../../src/shared/postcode.ts";

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LONDON = { minLat: 51.38, maxLat: 51.62, minLng: -0.35, maxLng: 0.12 };

/** Postcodes in districts whose centroid lies in the London box. */
export function londonPostcodes(): string[] {
  return knownDistricts()
    .map((d) => normalisePostcode(`${d}1AA`))
    .filter((pc): pc is string => {
      if (!pc) return false;
      const at = districtCentroid(pc);
      return (
        !!at &&
        at.lat > LONDON.minLat &&
        at.lat < LONDON.maxLat &&
        at.lng > LONDON.minLng &&
        at.lng < LONDON.maxLng
      );
    })
    .sort();
}

export interface WorldOptions {
  members: number;
  venues: number;
  seed?: number;
  /** Prefix of e-mails and names, unique per world. */
  tag?: string;
  /** Some members get a rated past date at this time (revisits, variety, ratings). */
  pastDate?: Date;
  /** Some members already have a date at this time (clashes, quotas). */
  plannedDate?: Date;
  /**
   * The month planned ("YYYY-MM"): some venues close a few days of it (and of the month after). Default: the
   * London month of plannedDate, else 2026-12.
   */
  month?: string;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
function sample<T>(r: () => number, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

const IDEA_TITLES: Record<string, string[]> = {
  culinary: [
    "Chef's table supper",
    "Pasta-making class",
    "Tasting menu",
    "Dim sum brunch",
    "Street food crawl",
  ],
  active: ["Climbing taster", "Crazy golf", "Bowling night", "Table tennis social"],
  adventure: ["Escape room", "Axe throwing", "Go-karting", "Kayak on the canal"],
  live_music: ["Jazz club evening", "Acoustic set", "Piano bar night"],
  bars: ["Cocktail masterclass", "Rooftop bar", "Speakeasy evening"],
  cultural: ["Late gallery tour", "Theatre backstage", "Museum lates", "Poetry reading"],
  wellness: ["Couples massage", "Sound bath", "Sunrise yoga"],
};
const DRINK_TITLES = ["Wine tasting", "Gin distillery tour", "Craft beer flight", "Whisky evening"];
const TYPE_CATEGORIES: Record<string, string[]> = {
  restaurant: ["culinary", "culinary", "bars", "live_music"],
  activity: ["active", "live_music", "bars"],
  cultural: ["cultural", "cultural", "live_music"],
  adventure: ["adventure", "active"],
  wellness: ["wellness"],
};

export interface World {
  memberIds: number[];
  venueIds: number[];
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
type Hours = Record<(typeof DAYS)[number], string[]>;
/** Hours with `sessions` on every day, then the days in `except` as given. */
function week(sessions: string[], except: Partial<Hours> = {}): Hours {
  const out = {} as Hours;
  for (const d of DAYS) out[d] = except[d] ?? [...sessions];
  return out;
}
const EVENINGS = week(["17:00-23:30"], { mon: [] });
/** Opening hours by venue type, each with its share. */
const HOURS_BY_TYPE: Record<string, [number, Hours][]> = {
  restaurant: [
    [0.45, week(["12:00-23:00"])],
    [0.25, week(["12:00-15:00", "17:30-23:00"], { sun: ["12:00-16:00"] })],
    [0.2, EVENINGS],
    [0.1, week(["12:00-23:00"], { fri: ["12:00-01:00"], sat: ["12:00-01:00"] })],
  ],
  activity: [
    [0.6, week(["10:00-23:00"])],
    [0.25, week(["12:00-23:00"], { fri: ["12:00-02:00"], sat: ["10:00-02:00"] })],
    [0.15, EVENINGS],
  ],
  cultural: [
    [0.5, week(["10:00-18:00"], { fri: ["10:00-22:00"] })],
    [0.3, week(["12:00-23:00"])],
    [0.2, EVENINGS],
  ],
  adventure: [
    [0.7, week(["09:00-22:00"])],
    [0.3, week(["12:00-23:00"])],
  ],
  wellness: [
    [0.6, week(["09:00-17:00"])],
    [0.4, week(["09:00-21:00"], { sun: [] })],
  ],
};

interface VenueRules {
  email: string | null;
  status: string;
  hours: Hours;
  capacity: number;
  closures: { from: string; to: string; reason: string }[];
  holidays: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
/** `days` consecutive days from day `start` of a month ("YYYY-MM"), as a closure. */
function closure(month: string, start: number, days: number, reason: string) {
  const [y, m] = month.split("-").map(Number);
  const iso = (d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
  return { from: iso(start), to: iso(start + days - 1), reason };
}
const monthAfter = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${pad2(m + 1)}`;
};

/** One venue's booking rules, from the rules stream. */
function venueRules(r: () => number, tag: string, i: number, type: string, month: string): VenueRules {
  const email = r() < 0.02 ? null : `bookings+${tag}-${i + 1}@venues.example.com`;
  const status = r() < 0.01 ? "archived" : "active";
  const choices = HOURS_BY_TYPE[type] ?? HOURS_BY_TYPE.restaurant;
  let x = r();
  let hours = choices[0][1];
  for (const [share, h] of choices) {
    hours = h;
    x -= share;
    if (x < 0) break;
  }
  const capacity = pick(r, [1, 1, 1, 2, 2, 2, 3, 4]);
  const closures: VenueRules["closures"] = [];
  if (r() < 0.1)
    closures.push(closure(month, 1 + Math.floor(r() * 26), 1 + Math.floor(r() * 4), "Refurbishment"));
  if (r() < 0.05)
    closures.push(
      closure(monthAfter(month), 1 + Math.floor(r() * 26), 1 + Math.floor(r() * 3), "Private hire"),
    );
  return { email, status, hours: structuredClone(hours), capacity, closures, holidays: r() < 0.5 };
}

export async function generateWorld(db: Db, opts: WorldOptions): Promise<World> {
  const r = rng(opts.seed ?? 1);
  // The venues' booking rules and the ideas' durations: their own stream, so the rest of the world is unchanged.
  const rr = rng(((opts.seed ?? 1) * 0x9e3779b1 + 0x5bd1e995) >>> 0);
  const month =
    opts.month ??
    (opts.plannedDate
      ? new Intl.DateTimeFormat("en-CA", {
          timeZone: "Europe/London",
          year: "numeric",
          month: "2-digit",
        }).format(opts.plannedDate)
      : "2026-12");
  const tag = opts.tag ?? `w${opts.seed ?? 1}`;
  const postcodes = londonPostcodes();

  // Venues.
  const vName: string[] = [];
  const vType: string[] = [];
  const vPrice: string[] = [];
  const vLat: (string | null)[] = [];
  const vLng: (string | null)[] = [];
  const vPostcode: (string | null)[] = [];
  const vDiet: string[] = [];
  const vAccess: string[] = [];
  const types = Object.keys(TYPE_CATEGORIES);
  for (let i = 0; i < opts.venues; i++) {
    vName.push(`${tag} venue ${i + 1}`);
    vType.push(pick(r, types));
    vPrice.push(pick(r, ["low", "medium", "medium", "high"]));
    const placement = r();
    if (placement < 0.02) {
      vLat.push(null);
      vLng.push(null);
      vPostcode.push(null);
    } else if (placement < 0.12) {
      vLat.push(null);
      vLng.push(null);
      vPostcode.push(pick(r, postcodes));
    } else {
      vLat.push((LONDON.minLat + r() * (LONDON.maxLat - LONDON.minLat)).toFixed(7));
      vLng.push((LONDON.minLng + r() * (LONDON.maxLng - LONDON.minLng)).toFixed(7));
      vPostcode.push(null);
    }
    const diet = DIETARY_OPTIONS.filter((d) => r() < (d === "Kosher" ? 0.1 : d === "Halal" ? 0.3 : 0.55));
    const access = ACCESSIBILITY_OPTIONS.filter(() => r() < 0.45);
    // Labels as admins type them: some lower-case or padded.
    vDiet.push(JSON.stringify(diet.map((d) => (r() < 0.1 ? ` ${d.toLowerCase()} ` : d))));
    vAccess.push(JSON.stringify(access));
  }
  const rules = vName.map((_, i) => venueRules(rr, tag, i, vType[i], month));
  const venueIds = (
    await db.execute<{ id: number }>(sql`
      insert into venues (name, city, type, price_level, latitude, longitude, postcode, dietary_accommodations,
        accessibility_features, address, booking_email, status, opening_hours, capacity, closures, opens_on_holidays)
      select t.n, 'London', t.ty, t.p, t.la::numeric, t.ln::numeric, t.pc,
        array(select json_array_elements_text(t.d::json)), array(select json_array_elements_text(t.a::json)),
        t.n || ' Street', t.em, t.st, t.h::jsonb, t.cap, t.cl::jsonb, t.hol
      from unnest(${sql.param(vName)}::text[], ${sql.param(vType)}::text[], ${sql.param(vPrice)}::text[],
        ${sql.param(vLat)}::text[], ${sql.param(vLng)}::text[], ${sql.param(vPostcode)}::text[],
        ${sql.param(vDiet)}::text[], ${sql.param(vAccess)}::text[], ${sql.param(rules.map((x) => x.email))}::text[],
        ${sql.param(rules.map((x) => x.status))}::text[], ${sql.param(rules.map((x) => JSON.stringify(x.hours)))}::text[],
        ${sql.param(rules.map((x) => x.capacity))}::int[],
        ${sql.param(rules.map((x) => JSON.stringify(x.closures)))}::text[],
        ${sql.param(rules.map((x) => x.holidays))}::boolean[])
        with ordinality as t(n, ty, p, la, ln, pc, d, a, em, st, h, cap, cl, hol, o)
      order by t.o
      returning id
    `)
  ).rows.map((x) => x.id);

  // Ideas.
  const iVenue: number[] = [];
  const iTitle: string[] = [];
  const iCat: string[] = [];
  const iPrice: string[] = [];
  const iSeason: string[] = [];
  const iTime: string[] = [];
  const iTags: string[] = [];
  const iActive: boolean[] = [];
  const iDuration: number[] = [];
  venueIds.forEach((id, k) => {
    if (r() < 0.1) return; // matched as itself
    const n = 1 + Math.floor(r() * 4);
    for (let j = 0; j < n; j++) {
      const cat = pick(r, TYPE_CATEGORIES[vType[k]]);
      const drinky = cat !== "wellness" && r() < 0.1;
      iVenue.push(id);
      iTitle.push(drinky ? pick(r, DRINK_TITLES) : pick(r, IDEA_TITLES[cat]));
      iCat.push(cat);
      iPrice.push(r() < 0.8 ? vPrice[k] : pick(r, ["low", "medium", "high"]));
      iSeason.push(r() < 0.7 ? "any" : pick(r, ["spring", "summer", "autumn", "winter"]));
      iTime.push(pick(r, ["morning", "afternoon", "evening", "evening"]));
      iTags.push(JSON.stringify(r() < 0.05 ? ["cocktails"] : cat === "culinary" ? ["food"] : []));
      iActive.push(r() < 0.95);
      iDuration.push(
        pick(rr, cat === "wellness" ? [1, 1, 2] : cat === "culinary" ? [2, 2, 3] : [1, 2, 2, 2, 3]),
      );
    }
  });
  if (iVenue.length > 0) {
    await db.execute(sql`
      insert into date_ideas (venue_id, title, category, price_level, season, time_of_day, tags, is_active, duration)
      select t.v, t.ti, t.c, t.p, t.s, t.tod, array(select json_array_elements_text(t.tg::json)), t.act, t.du
      from unnest(${sql.param(iVenue)}::int[], ${sql.param(iTitle)}::text[], ${sql.param(iCat)}::text[],
        ${sql.param(iPrice)}::text[], ${sql.param(iSeason)}::text[], ${sql.param(iTime)}::text[],
        ${sql.param(iTags)}::text[], ${sql.param(iActive)}::boolean[], ${sql.param(iDuration)}::int[])
        as t(v, ti, c, p, s, tod, tg, act, du)
    `);
  }

  // Members.
  const email: string[] = [];
  const tier: string[] = [];
  const paused: (string | null)[] = [];
  for (let i = 0; i < opts.members; i++) {
    email.push(`${tag}-m${i + 1}@example.com`);
    tier.push(pick(r, ["silver", "silver", "gold", "gold", "platinum"]));
    paused.push(r() < 0.04 ? new Date(Date.UTC(2030, 0, 1)).toISOString() : null);
  }
  const memberIds = (
    await db.execute<{ id: number }>(sql`
      insert into users (email, first_name, last_name, onboarding_completed, email_verified)
      select t.e, 'Member', t.o::text, true, true
      from unnest(${sql.param(email)}::text[]) with ordinality as t(e, o)
      order by t.o
      returning id
    `)
  ).rows.map((x) => x.id);
  // Each member's plan, and the paused members' month off (plan_accounts).
  await db.execute(sql`
    insert into plan_accounts (user_id, subscription_tier, subscription_status, paused_until)
    select t.id, t.t::tier, 'active', t.p::timestamptz
    from unnest(${sql.param(memberIds)}::int[], ${sql.param(tier)}::text[], ${sql.param(paused)}::text[])
      as t(id, t, p)
  `);

  const prefs = memberIds.map(() => {
    const unplaceable = r() < 0.02;
    const types = sample(r, DATE_TYPES, 2 + Math.floor(r() * 4));
    const times = sample(r, TIMES_OF_DAY, 1 + Math.floor(r() * 3));
    const days = new Set<string>();
    const nDays = 2 + Math.floor(r() * 5);
    while (days.size < nDays) days.add(`${1 + Math.floor(r() * 4)}:${pick(r, DAYS_OF_WEEK)}`);
    const dietary =
      r() < 0.65
        ? []
        : sample(
            r,
            ["Vegetarian", "Vegan", "Gluten-free", "Halal", "Kosher", "Dairy-free"],
            r() < 0.8 ? 1 : 2,
          );
    const access = r() < 0.85 ? [] : sample(r, ACCESSIBILITY_OPTIONS, 1);
    return {
      postcode: unplaceable ? "ZE1 0AA" : pick(r, postcodes),
      radius: pick(r, [3, 5, 10, 10, 15, 25, 25, 50]),
      spend: pick(r, ["£", "££", "££", "£££"]),
      types: JSON.stringify(types.map((type, i) => ({ type, rank: i + 1 }))),
      times: JSON.stringify(times.map((time, i) => ({ time, rank: i + 1 }))),
      scheduling: JSON.stringify(
        [...days].map((d) => ({ weekOfMonth: Number(d.split(":")[0]), dayOfWeek: d.split(":")[1] })),
      ),
      dietary: JSON.stringify(dietary),
      access: JSON.stringify(access),
      alcoholOk: r() < 0.8,
      open: r() < 0.35,
    };
  });
  const col = <K extends keyof (typeof prefs)[number]>(k: K) => sql.param(prefs.map((p) => p[k]));
  await db.execute(sql`
    insert into user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences,
      time_preferences, scheduling_preferences, dietary_restrictions, accessibility_needs, alcohol_ok, open_to_trying)
    select t.u, t.pc, t.r, t.s, t.ty::json, t.ti::json, t.sc::json,
      array(select json_array_elements_text(t.d::json)), array(select json_array_elements_text(t.a::json)), t.al, t.op
    from unnest(${sql.param(memberIds)}::int[], ${col("postcode")}::text[], ${col("radius")}::int[],
      ${col("spend")}::text[], ${col("types")}::text[], ${col("times")}::text[], ${col("scheduling")}::text[],
      ${col("dietary")}::text[], ${col("access")}::text[], ${col("alcoholOk")}::boolean[], ${col("open")}::boolean[])
      as t(u, pc, r, s, ty, ti, sc, d, a, al, op)
  `);

  // Partners: about a fifth of members linked in pairs (mutually).
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i + 1 < memberIds.length; i += 2) {
    if (r() < 0.2) {
      a.push(memberIds[i]);
      b.push(memberIds[i + 1]);
    }
  }
  if (a.length > 0) {
    await db.execute(sql`
      update users u set partner_id = t.p
      from unnest(${sql.param([...a, ...b])}::int[], ${sql.param([...b, ...a])}::int[]) as t(u, p)
      where u.id = t.u
    `);
  }
  // A few exclusions.
  const exU: number[] = [];
  const exV: number[] = [];
  for (const id of memberIds) {
    if (r() < 0.1 && venueIds.length > 0) {
      exU.push(id);
      exV.push(pick(r, venueIds));
    }
  }
  if (exU.length > 0) {
    await db.execute(sql`
      insert into user_venue_exclusions (user_id, venue_id, reason)
      select t.u, t.v, 'cancelled' from unnest(${sql.param(exU)}::int[], ${sql.param(exV)}::int[]) as t(u, v)
      on conflict do nothing
    `);
  }
  // Some history.
  const hU: number[] = [];
  const hV: number[] = [];
  const hAt: string[] = [];
  const hStatus: string[] = [];
  const hRating: (number | null)[] = [];
  for (const id of memberIds) {
    if (venueIds.length === 0) break;
    if (opts.pastDate && r() < 0.15) {
      hU.push(id);
      hV.push(pick(r, venueIds));
      hAt.push(opts.pastDate.toISOString());
      hStatus.push(pick(r, ["completed", "completed", "cancelled"]));
      hRating.push(r() < 0.6 ? 1 + Math.floor(r() * 5) : null);
    }
    if (opts.plannedDate && r() < 0.05) {
      hU.push(id);
      hV.push(pick(r, venueIds));
      hAt.push(opts.plannedDate.toISOString());
      hStatus.push("scheduled");
      hRating.push(null);
    }
  }
  if (hU.length > 0) {
    // Each rating is the date's member's own (date_ratings), written with the date.
    await db.execute(sql`
      with t as (
        select * from unnest(${sql.param(hU)}::int[], ${sql.param(hV)}::int[], ${sql.param(hAt)}::text[],
          ${sql.param(hStatus)}::text[], ${sql.param(hRating)}::int[]) with ordinality as t(u, v, at, s, r, n)
      ),
      ins as (
        insert into date_reservations (user_id, venue_id, scheduled_date, status)
        select t.u, t.v, t.at::timestamptz, t.s::date_status from t order by t.n
        returning id, user_id, scheduled_date
      ),
      numbered as (select ins.*, row_number() over (order by ins.id) as n from ins)
      insert into date_ratings (reservation_id, user_id, rating, rated_at)
      select numbered.id, numbered.user_id, t.r, numbered.scheduled_date
      from numbered join t on t.n = numbered.n where t.r is not null
    `);
  }
  return { memberIds, venueIds };
}
