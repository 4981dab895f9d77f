/**
 * Reads members and venues from PostgreSQL into the engine's shapes. One member (auto-assign,
 * suggestions) or many at once (the monthly planner): the same few set-based queries either way.
 */
import { asc, sql } from "drizzle-orm";
import { datesAllowed } from "../../../shared/admin/assignments.ts";
import { notBookableReasons } from "../../../shared/admin/venues.ts";
import { DATE_TYPES, DAYS_OF_WEEK, hasLiveSubscription, TIMES_OF_DAY } from "../../../shared/constants.ts";
import { londonMonthKey } from "../../../shared/london-time.ts";
import { type Closure, DEFAULT_DATE_HOURS, type OpeningHours } from "../../../shared/venue-hours.ts";
import type { Db, Tx } from "../../db/client.ts";
import { venues } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { sharedAnswersOf } from "../couples/couple.ts";
import { locateMany, venueLocation } from "./geo/index.ts";
import type {
  DateType,
  DayOfWeek,
  IdeaCandidate,
  MemberProfile,
  TimeOfDayPref,
  VenueCandidate,
} from "./types.ts";

export type LoadDeps = Pick<Deps, "db" | "config">;
type Conn = Db | Tx;

interface MemberRow extends Record<string, unknown> {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  subscription_tier: string | null;
  subscription_status: string | null;
  paused_until: Date | string | null;
  pause_starts_at: Date | string | null;
  partner_paused_until: Date | string | null;
  partner_pause_starts_at: Date | string | null;
  gifted_until: Date | string | null;
  partner_gifted_until: Date | string | null;
  partner_id: number | null;
  has_prefs: boolean;
  postcode: string | null;
  travel_radius: number | null;
  date_spend: string | null;
  date_types: unknown;
  times: unknown;
  scheduling: unknown;
  dietary: string[] | null;
  accessibility: string[] | null;
  alcohol_ok: boolean | null;
  open_to_trying: boolean | null;
  partner_tier: string | null;
  partner_status: string | null;
  partner_has_prefs: boolean;
  prefs_created_at: Date | string | null;
  partner_prefs_created_at: Date | string | null;
  partner_postcode: string | null;
  partner_travel_radius: number | null;
  partner_date_spend: string | null;
  partner_date_types: unknown;
  partner_times: unknown;
  partner_scheduling: unknown;
  partner_dietary: string[] | null;
  partner_accessibility: string[] | null;
  partner_alcohol_ok: boolean | null;
  partner_open_to_trying: boolean | null;
}

const asDate = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

function rankedList<T extends string>(raw: unknown, key: string, allowed: readonly T[]): T[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((e): e is Record<string, unknown> => !!e && typeof e === "object")
    .filter((e) => typeof e[key] === "string" && (allowed as readonly string[]).includes(e[key] as string))
    .sort((a, b) => Number(a.rank ?? 99) - Number(b.rank ?? 99))
    .map((e) => e[key] as T)
    .filter((v, i, all) => all.indexOf(v) === i);
}

function schedulingList(raw: unknown): { weekOfMonth: number; dayOfWeek: DayOfWeek }[] {
  if (!Array.isArray(raw)) return [];
  const out: { weekOfMonth: number; dayOfWeek: DayOfWeek }[] = [];
  for (const e of raw) {
    if (!e || typeof e !== "object") continue;
    const w = Number((e as Record<string, unknown>).weekOfMonth);
    const d = String((e as Record<string, unknown>).dayOfWeek ?? "").toLowerCase();
    if (Number.isInteger(w) && w >= 1 && w <= 4 && (DAYS_OF_WEEK as readonly string[]).includes(d)) {
      out.push({ weekOfMonth: w, dayOfWeek: d as DayOfWeek });
    }
  }
  return out;
}

const uniq = (list: readonly string[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of list) {
    const k = s.trim().toLowerCase();
    if (k && !seen.has(k)) {
      seen.add(k);
      out.push(s.trim());
    }
  }
  return out;
};

type Thunks = readonly (() => Promise<unknown>)[];

async function together<T extends Thunks>(
  serial: boolean,
  fns: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!serial) return (await Promise.all(fns.map((f) => f()))) as never;
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out as never;
}

export interface LoadedMember {
  profile: MemberProfile;
  /** Whether the preferences are complete enough to plan with (a preferences row, postcode, days and times). */
  complete: boolean;
  email: string;
  /** The couple's non-cancelled dates per London month, whichever partner they were booked for. */
  coupleDatesByMonth: Map<string, number>;
  /** The allowance owner's user_monthly_quotas rows ("2026-12" -> {allowed, used, remaining}). */
  quotaRows: Map<string, { allowed: number; used: number; remaining: number }>;
  /** Whose quota rows count the couple's dates (couples/couple.ts: the plan holder, else the lower id). */
  allowanceOwnerId: number;
}

/**
 * Members as the engine sees them. `where` selects users (alias u, their plan account ua); deleted users are
 * never loaded.
 * History covers the couple's dates that are not cancelled.
 */
export async function loadProfiles(
  deps: LoadDeps,
  where: ReturnType<typeof sql>,
  conn: Conn = deps.db,
): Promise<LoadedMember[]> {
  const members = (
    await conn.execute<MemberRow>(sql`
      select u.id, u.first_name, u.last_name, u.email, ua.subscription_tier, ua.subscription_status,
        ua.paused_until, ua.pause_starts_at, pua.paused_until as partner_paused_until,
        ua.gifted_until, pua.gifted_until as partner_gifted_until,
        pua.pause_starts_at as partner_pause_starts_at, pu.id as partner_id, (p.id is not null) as has_prefs, p.postcode, p.travel_radius,
        p.date_spend, p.date_type_preferences as date_types, p.time_preferences as times,
        p.scheduling_preferences as scheduling, p.dietary_restrictions as dietary,
        p.accessibility_needs as accessibility, p.alcohol_ok, p.open_to_trying,
        pua.subscription_tier as partner_tier, pua.subscription_status as partner_status,
        p.created_at as prefs_created_at, pp.created_at as partner_prefs_created_at,
        (pp.id is not null) as partner_has_prefs, pp.postcode as partner_postcode,
        pp.travel_radius as partner_travel_radius, pp.date_spend as partner_date_spend,
        pp.date_type_preferences as partner_date_types, pp.time_preferences as partner_times,
        pp.scheduling_preferences as partner_scheduling, pp.alcohol_ok as partner_alcohol_ok,
        pp.open_to_trying as partner_open_to_trying,
        pp.dietary_restrictions as partner_dietary, pp.accessibility_needs as partner_accessibility
      from users u
      left join user_preferences p on p.user_id = u.id
      left join users pu on pu.id = u.partner_id and pu.partner_id = u.id and pu.deleted_at is null
      left join user_preferences pp on pp.user_id = pu.id
      left join plan_accounts ua on ua.user_id = u.id
      left join plan_accounts pua on pua.user_id = pu.id
      where u.deleted_at is null and (${where})
      order by u.id
    `)
  ).rows;
  if (members.length === 0) return [];
  const ids = members.map((m) => m.id);
  const coupleIds = [...new Set([...ids, ...members.flatMap((m) => (m.partner_id ? [m.partner_id] : []))])];

  // A transaction's one connection runs its queries one after another; a pool runs them side by side.
  const [exclusions, history, quotas, places] = await together(conn !== deps.db, [
    () =>
      conn.execute<{ user_id: number; venue_id: number }>(sql`
      select user_id, venue_id from user_venue_exclusions
      where user_id = any(${sql.param(coupleIds)}::int[]) and removed_at is null
    `),
    () =>
      conn.execute<{
        id: number;
        user_id: number;
        venue_id: number | null;
        venue_type: string | null;
        category: string | null;
        scheduled_date: Date | string;
        status: string;
        rating: number | null;
      }>(sql`
      select r.id, r.user_id, r.venue_id, v.type as venue_type,
        coalesce(i.category, case v.type when 'restaurant' then 'culinary' when 'activity' then 'active'
          when 'cultural' then 'cultural' when 'adventure' then 'adventure' when 'wellness' then 'wellness' end)
          as category,
        r.scheduled_date, r.status,
        (select avg(dr.rating)::float8 from date_ratings dr where dr.reservation_id = r.id) as rating
      from date_reservations r
      left join venues v on v.id = r.venue_id
      left join date_ideas i on i.id = r.date_idea_id
      where r.user_id = any(${sql.param(coupleIds)}::int[]) and r.status <> 'cancelled'
      order by r.scheduled_date desc, r.id desc
    `),
    () =>
      conn.execute<{
        user_id: number;
        year: number;
        month: number;
        allowed: number;
        used: number;
        remaining: number;
      }>(
        sql`
      select user_id, year, month, quota_allowed as allowed, quota_used as used, quota_remaining as remaining
      from user_monthly_quotas where user_id = any(${sql.param(coupleIds)}::int[])
    `,
      ),
    () =>
      locateMany(
        { db: conn, config: deps.config },
        members.flatMap((m) => [m.postcode, m.partner_postcode]),
      ),
  ] as const);

  const exclByUser = new Map<number, number[]>();
  for (const e of exclusions.rows) {
    const l = exclByUser.get(e.user_id);
    if (l) l.push(e.venue_id);
    else exclByUser.set(e.user_id, [e.venue_id]);
  }
  type H = MemberProfile["history"][number] & { userId: number; ym: string };
  const histByUser = new Map<number, H[]>();
  for (const r of history.rows) {
    const at = asDate(r.scheduled_date) as Date;
    const h: H = {
      reservationId: r.id,
      venueId: r.venue_id,
      venueType: r.venue_type,
      category: r.category,
      scheduledDate: at,
      status: r.status,
      rating: r.rating,
      userId: r.user_id,
      ym: londonMonthKey(at),
    };
    const l = histByUser.get(r.user_id);
    if (l) l.push(h);
    else histByUser.set(r.user_id, [h]);
  }
  const quotaByUser = new Map<number, Map<string, { allowed: number; used: number; remaining: number }>>();
  for (const q of quotas.rows) {
    const m = quotaByUser.get(q.user_id) ?? new Map();
    m.set(`${q.year}-${String(q.month).padStart(2, "0")}`, {
      allowed: q.allowed,
      used: q.used,
      remaining: q.remaining,
    });
    quotaByUser.set(q.user_id, m);
  }

  return members.map((m) => {
    const own = histByUser.get(m.id) ?? [];
    const partner = m.partner_id ? (histByUser.get(m.partner_id) ?? []) : [];
    const couple = [...own, ...partner].sort(
      (a, b) => b.scheduledDate.getTime() - a.scheduledDate.getTime() || b.reservationId - a.reservationId,
    );
    const byMonth = (list: H[]) => {
      const out = new Map<string, number>();
      for (const h of list) out.set(h.ym, (out.get(h.ym) ?? 0) + 1);
      return out;
    };
    const coupleDatesByMonth = byMonth(couple);
    // One plan, one allowance (couples/couple.ts): the plan holder's tier and quota rows, whichever partner
    // is loaded; without a plan, the lower id's.
    const holderIsPartner =
      m.partner_id !== null &&
      !hasLiveSubscription(m.subscription_status) &&
      hasLiveSubscription(m.partner_status);
    const allowanceOwnerId =
      m.partner_id === null
        ? m.id
        : hasLiveSubscription(m.subscription_status)
          ? m.id
          : holderIsPartner
            ? m.partner_id
            : Math.min(m.id, m.partner_id);
    // The plan holder's tier; without a plan, the allowance owner's last tier (couples/couple.ts allowanceTier).
    const tier = allowanceOwnerId === m.id ? m.subscription_tier : m.partner_tier;
    const quotaRows = quotaByUser.get(allowanceOwnerId) ?? new Map();
    // The couple's shared answers, whoever is loaded: the plan holder's, else the first to answer
    // (couples/couple.ts sharedAnswersOf, as the back office and the partner's questionnaire show them).
    const ownShared = sharedAnswers(m, "");
    const partnerShared = m.partner_id !== null && m.partner_has_prefs ? sharedAnswers(m, "partner_") : null;
    const holderId = holderIsPartner
      ? m.partner_id
      : hasLiveSubscription(m.subscription_status)
        ? m.id
        : null;
    const candidates = [
      { userId: m.id, answers: ownShared, createdAt: asDate(m.prefs_created_at) },
      ...(partnerShared
        ? [
            {
              userId: m.partner_id as number,
              answers: partnerShared,
              createdAt: asDate(m.partner_prefs_created_at),
            },
          ]
        : []),
    ].map((c) => ({
      ...c,
      postcode: c.answers.complete ? c.answers.postcode : null,
      timePreferences: c.answers.times,
      schedulingPreferences: c.answers.scheduling,
      createdAt: c.createdAt ?? new Date(0),
    }));
    const shared = sharedAnswersOf(holderId, candidates)?.answers ?? ownShared;
    const profile: MemberProfile = {
      userId: m.id,
      partnerId: m.partner_id,
      name: [m.first_name, m.last_name].filter(Boolean).join(" ") || m.email,
      tier,
      subscriptionStatus: holderIsPartner ? m.partner_status : m.subscription_status,
      // The plan's month off: the holder's, whichever partner is loaded (one plan covers the couple).
      pausedUntil: asDate(holderIsPartner ? m.partner_paused_until : m.paused_until),
      pausedFrom: asDate(holderIsPartner ? m.partner_pause_starts_at : m.pause_starts_at),
      planEndsAt: asDate(holderIsPartner ? m.partner_gifted_until : m.gifted_until),
      postcode: shared.postcode,
      location: shared.postcode ? (places.get(shared.postcode) ?? null) : null,
      travelRadiusMiles: shared.travelRadius,
      dateSpend: shared.dateSpend,
      openToTrying: shared.openToTrying,
      // Each partner's own needs, merged: what either cannot have, the date avoids.
      alcoholOk: m.alcohol_ok !== false && m.partner_alcohol_ok !== false,
      dateTypes: shared.dateTypes,
      times: shared.times,
      scheduling: shared.scheduling,
      dietary: uniq([...(m.dietary ?? []), ...(m.partner_dietary ?? [])]),
      accessibility: uniq([...(m.accessibility ?? []), ...(m.partner_accessibility ?? [])]),
      excludedVenueIds: [
        ...new Set([
          ...(exclByUser.get(m.id) ?? []),
          ...(m.partner_id ? (exclByUser.get(m.partner_id) ?? []) : []),
        ]),
      ],
      history: couple.map(({ userId: _u, ym: _y, ...h }) => h),
      // The couple's dates of the month count, whichever partner they were booked for; a row may count more
      // (a date cancelled too late to give back).
      quotaRemaining: (ym: string) => {
        const row = quotaRows.get(ym);
        const dates = coupleDatesByMonth.get(ym) ?? 0;
        const allowed = row?.allowed ?? datesAllowed(tier);
        return Math.max(0, allowed - Math.max(row?.used ?? 0, dates));
      },
    };
    const complete = shared.complete;
    return {
      profile,
      complete,
      email: m.email,
      coupleDatesByMonth,
      quotaRows,
      allowanceOwnerId,
    };
  });
}

/** The answers a couple shares (where, budget, what, when) from the member's row or, with "partner_", the partner's. */
function sharedAnswers(m: MemberRow, prefix: "" | "partner_") {
  const f = (k: string) => m[`${prefix}${k}`];
  const postcode = (f("postcode") as string | null) ?? null;
  const times = rankedList<TimeOfDayPref>(f("times"), "time", TIMES_OF_DAY);
  const scheduling = schedulingList(f("scheduling"));
  const hasPrefs = prefix === "" ? m.has_prefs : m.partner_has_prefs;
  return {
    postcode,
    travelRadius: (f("travel_radius") as number | null) ?? 0,
    dateSpend: (f("date_spend") as string | null) ?? null,
    openToTrying: (f("open_to_trying") as boolean | null) ?? false,
    dateTypes: rankedList<DateType>(f("date_types"), "type", DATE_TYPES),
    times,
    scheduling,
    complete: hasPrefs && !!postcode && scheduling.length > 0 && times.length > 0,
  };
}

/**
 * One member with their linked partner's needs and the couple's history; null when the member does not exist
 * (or is deleted), has no user_preferences row, or has no postcode, days or times to plan with.
 */
export async function loadMember(deps: LoadDeps, userId: number): Promise<MemberProfile | null> {
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return null;
  const [loaded] = await loadProfiles(deps, sql`u.id = ${userId}`);
  return loaded?.complete ? loaded.profile : null;
}

/** The venue columns the engine reads: one list for every query that builds a VenueCandidate. */
export const venueColumns = {
  id: venues.id,
  name: venues.name,
  type: venues.type,
  priceLevel: venues.priceLevel,
  city: venues.city,
  address: venues.address,
  postcode: venues.postcode,
  latitude: venues.latitude,
  longitude: venues.longitude,
  dietary: venues.dietaryAccommodations,
  accessibility: venues.accessibilityFeatures,
  status: venues.status,
  bookingEmail: venues.bookingEmail,
  openingHours: venues.openingHours,
  closures: venues.closures,
  opensOnHolidays: venues.opensOnHolidays,
  capacity: venues.capacity,
};

/** A venue row as read with venueColumns: the candidate's own fields, with coordinates instead of a location. */
export type VenueFields = Omit<
  VenueCandidate,
  "location" | "dietary" | "accessibility" | "ideas" | "notBookable" | "evening" | "capacity" | "booked"
> & {
  latitude: string | null;
  longitude: string | null;
  dietary: string[] | null;
  accessibility: string[] | null;
  status: string;
  bookingEmail: string | null;
  openingHours: Record<string, string[]> | null;
  closures: Closure[];
  opensOnHolidays: boolean;
  capacity: number;
};

/**
 * The engine's venue from its row and its active ideas (loadVenues here, and the rulebook's one venue): its
 * location from its coordinates, else its postcode district.
 */
export function venueCandidate(
  v: VenueFields,
  ideas: IdeaCandidate[],
  booked: readonly (readonly [number, number])[] = [],
): VenueCandidate {
  return {
    id: v.id,
    name: v.name,
    type: v.type,
    priceLevel: v.priceLevel,
    city: v.city,
    address: v.address,
    postcode: v.postcode,
    location: venueLocation({ latitude: v.latitude, longitude: v.longitude, postcode: v.postcode }),
    dietary: v.dietary ?? [],
    accessibility: v.accessibility ?? [],
    ideas,
    notBookable: notBookableReasons(v),
    evening: {
      name: v.name,
      openingHours: (v.openingHours as OpeningHours | null) ?? null,
      closures: v.closures ?? [],
      opensOnHolidays: v.opensOnHolidays,
    },
    capacity: v.capacity,
    booked,
  };
}

interface BookedRow extends Record<string, unknown> {
  venue_id: number;
  start_ms: string;
  end_ms: string;
}

/**
 * Every venue's booked dates (not cancelled) from a day before `now` on, as [start, end) in ms: what capacity
 * counts. `venueId` reads one venue's; `exceptId` leaves out a date being moved.
 */
export async function loadBooked(
  conn: Conn,
  now: Date,
  opts: { venueId?: number; exceptId?: number } = {},
): Promise<Map<number, [number, number][]>> {
  const rows = await conn.execute<BookedRow>(sql`
    select r.venue_id,
      (extract(epoch from r.scheduled_date) * 1000)::bigint as start_ms,
      (extract(epoch from r.scheduled_date + make_interval(hours => coalesce(i.duration, ${DEFAULT_DATE_HOURS}))) * 1000)::bigint as end_ms
    from date_reservations r left join date_ideas i on i.id = r.date_idea_id
    where r.status <> 'cancelled' and r.venue_id is not null
      and r.scheduled_date > ${new Date(now.getTime() - 86_400_000)}
      ${opts.venueId === undefined ? sql`` : sql`and r.venue_id = ${opts.venueId}`}
      ${opts.exceptId === undefined ? sql`` : sql`and r.id <> ${opts.exceptId}`}
  `);
  const out = new Map<number, [number, number][]>();
  for (const r of rows.rows) {
    const span: [number, number] = [Number(r.start_ms), Number(r.end_ms)];
    const list = out.get(r.venue_id);
    if (list) list.push(span);
    else out.set(r.venue_id, [span]);
  }
  return out;
}

interface IdeaRow extends Record<string, unknown> {
  id: number;
  venue_id: number;
  title: string;
  category: string;
  price_level: string;
  season: string;
  time_of_day: string;
  duration: number;
  tags: string[];
  requirements: string[];
}

/** Every venue with its active ideas; location from its coordinates, else its postcode district. */
export async function loadVenues(
  deps: LoadDeps & { now?: () => Date },
  conn: Conn = deps.db,
): Promise<VenueCandidate[]> {
  const now = deps.now?.() ?? new Date();
  const [venueRows, ideaRows, booked] = await together(conn !== deps.db, [
    () => conn.select(venueColumns).from(venues).orderBy(asc(venues.id)),
    () =>
      conn.execute<IdeaRow>(sql`
      select id, venue_id, title, category, price_level, season, time_of_day, duration, tags, requirements
      from date_ideas where is_active and venue_id is not null order by id
    `),
    () => loadBooked(conn, now),
  ] as const);
  const ideas = new Map<number, IdeaCandidate[]>();
  for (const i of ideaRows.rows) {
    const idea: IdeaCandidate = {
      id: i.id,
      title: i.title,
      category: i.category,
      priceLevel: i.price_level,
      season: i.season,
      timeOfDay: i.time_of_day,
      duration: i.duration,
      tags: i.tags ?? [],
      requirements: i.requirements ?? [],
    };
    const l = ideas.get(i.venue_id);
    if (l) l.push(idea);
    else ideas.set(i.venue_id, [idea]);
  }
  return venueRows.map((v) => venueCandidate(v, ideas.get(v.id) ?? [], booked.get(v.id) ?? []));
}
