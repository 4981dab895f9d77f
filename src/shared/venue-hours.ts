/**
 * A venue's evening as rules: its opening hours (London time, per weekday, sessions that may run past
 * midnight), its closures, and the days every venue is closed unless it says it opens (UK bank holidays in
 * England and Wales, and 24 December to 1 January). Pure: the forms, the API, the spreadsheet and the rulebook
 * all read these functions, so a cell, a form and a booking agree.
 */
import { type LondonParts, londonParts } from "./london-time.ts";

export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];
export type OpeningHours = Record<WeekdayKey, string[]>;
export interface Closure {
  from: string;
  to: string;
  reason: string;
}

export const WEEKDAY_LABELS: Record<WeekdayKey, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

export const HOURS_MSG = {
  session: (s: string) => `"${s}" is not a time range: use HH:MM-HH:MM, e.g. 17:00-23:00`,
  sameTimes: (s: string) => `"${s}" starts and ends at the same time`,
  overlap: (day: string) => `${day}'s sessions overlap`,
  day: (d: string) => `"${d}" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun`,
  cell: "Opening hours must read like: Tue-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-23:30",
  tooMany: "At most 4 sessions a day",
} as const;

const SESSION_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** A session's start and end in minutes from the day's midnight (the end past 1440 when it runs past midnight). */
export function sessionMinutes(s: string): { start: number; end: number } | null {
  const m = SESSION_RE.exec(s.replace(/\s+/g, "").replace(/[–—]/g, "-"));
  if (!m) return null;
  const start = Number(m[1]) * 60 + Number(m[2]);
  let end = Number(m[3]) * 60 + Number(m[4]);
  if (end > 1440 || end === start) return null;
  if (end < start) end += 1440;
  return { start, end };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "9:00 - 17:00" -> "09:00-17:00"; null when it is not a session. */
export function normaliseSession(s: string): string | null {
  const t = s.trim().replace(/\s+/g, "").replace(/[–—]/g, "-");
  const m = /^(\d{1,2})[:.]?(\d{2})-(\d{1,2})[:.]?(\d{2})$/.exec(t);
  if (!m) return null;
  const [h1, m1, h2, m2] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  if (h1 > 23 || m1 > 59 || h2 > 24 || m2 > 59 || (h2 === 24 && m2 > 0)) return null;
  // A session that starts and ends at the same time keeps its shape: daySessionProblems names it.
  return `${pad(h1)}:${m[2]}-${pad(h2)}:${m[4]}`;
}

/** Problems with one day's sessions (empty: fine). Sorted by start in the stored form. */
export function daySessionProblems(day: WeekdayKey, sessions: readonly string[]): string[] {
  const out: string[] = [];
  if (sessions.length > 4) out.push(`${WEEKDAY_LABELS[day]}: ${HOURS_MSG.tooMany}`);
  const spans: { start: number; end: number }[] = [];
  for (const s of sessions) {
    const span = sessionMinutes(s);
    const same = /^(\d\d:\d\d)-\1$/.test(s.replace(/\s+/g, ""));
    if (same) out.push(`${WEEKDAY_LABELS[day]}: ${HOURS_MSG.sameTimes(s)}`);
    else if (!span) out.push(`${WEEKDAY_LABELS[day]}: ${HOURS_MSG.session(s)}`);
    else spans.push(span);
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++)
    if (spans[i].start < spans[i - 1].end) {
      out.push(HOURS_MSG.overlap(WEEKDAY_LABELS[day]));
      break;
    }
  return out;
}

export const emptyHours = (): OpeningHours => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
});

const DAY_ALIASES: Record<string, WeekdayKey> = {};
for (const [i, k] of WEEKDAY_KEYS.entries()) {
  const full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][i];
  for (const a of [k, full, full.slice(0, 4), full.slice(0, 2)]) DAY_ALIASES[a] = k;
}
DAY_ALIASES.tues = "tue";
DAY_ALIASES.thur = "thu";
DAY_ALIASES.thurs = "thu";

/**
 * One readable cell -> hours: "Tue-Fri 17:00-23:00; Sat 12:00-15:00, 17:00-23:30; Sun closed". Days not named
 * are closed. "Daily" / "Every day" names all seven. Answers the hours or the problems in words.
 */
export function parseHoursCell(cell: string): { hours: OpeningHours } | { errors: string[] } {
  const hours = emptyHours();
  const errors: string[] = [];
  // What formatHoursCell writes for hours with no session at all.
  if (/^\s*closed\s*$/i.test(cell)) return { hours };
  const parts = cell
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { errors: [HOURS_MSG.cell] };
  for (const part of parts) {
    const m =
      /^([A-Za-z]+(?:\s*(?:-|–|to)\s*[A-Za-z]+)?(?:\s*,\s*[A-Za-z]+(?:\s*(?:-|–|to)\s*[A-Za-z]+)?)*|daily|every day)\s*:?\s+(.+)$/i.exec(
        part,
      );
    if (!m) {
      errors.push(`"${part}": ${HOURS_MSG.cell}`);
      continue;
    }
    const days: WeekdayKey[] = [];
    const daysText = m[1].toLowerCase();
    if (daysText === "daily" || daysText === "every day") days.push(...WEEKDAY_KEYS);
    else
      for (const range of daysText.split(",")) {
        const [a, b] = range.split(/\s*(?:-|–|to)\s*/).map((d) => d.trim());
        const from = DAY_ALIASES[a];
        const to = b === undefined ? from : DAY_ALIASES[b];
        if (!from) errors.push(HOURS_MSG.day(a));
        else if (!to) errors.push(HOURS_MSG.day(b));
        else {
          let i = WEEKDAY_KEYS.indexOf(from);
          const stop = WEEKDAY_KEYS.indexOf(to);
          for (let n = 0; n < 7; n++) {
            days.push(WEEKDAY_KEYS[i]);
            if (i === stop) break;
            i = (i + 1) % 7;
          }
        }
      }
    const rest = m[2].trim();
    if (/^closed$/i.test(rest)) {
      for (const d of days) hours[d] = [];
      continue;
    }
    const sessions: string[] = [];
    for (const raw of rest.split(/\s*(?:,|&|\band\b)\s*/i).filter(Boolean)) {
      const s = normaliseSession(raw);
      if (s) sessions.push(s);
      else errors.push(HOURS_MSG.session(raw));
    }
    for (const d of days) hours[d] = [...sessions];
  }
  for (const d of WEEKDAY_KEYS) errors.push(...daySessionProblems(d, hours[d]));
  return errors.length > 0 ? { errors: [...new Set(errors)] } : { hours: sortedHours(hours) };
}

export function sortedHours(h: OpeningHours): OpeningHours {
  const out = emptyHours();
  for (const d of WEEKDAY_KEYS)
    out[d] = [...(h[d] ?? [])].sort(
      (a, b) => (sessionMinutes(a)?.start ?? 0) - (sessionMinutes(b)?.start ?? 0),
    );
  return out;
}

/** Hours -> the readable cell, consecutive days with the same sessions grouped: "Tue-Fri 17:00-23:00; Sat ...". */
export function formatHoursCell(h: OpeningHours | null): string {
  if (!h) return "";
  const groups: { from: number; to: number; text: string }[] = [];
  WEEKDAY_KEYS.forEach((d, i) => {
    const text = (h[d] ?? []).join(", ");
    const last = groups.at(-1);
    if (last && last.text === text && last.to === i - 1) last.to = i;
    else groups.push({ from: i, to: i, text });
  });
  const open = groups.filter((g) => g.text !== "");
  if (open.length === 0) return "Closed";
  return open
    .map((g) => {
      const days =
        g.from === 0 && g.to === 6
          ? "Daily"
          : g.from === g.to
            ? WEEKDAY_LABELS[WEEKDAY_KEYS[g.from]]
            : `${WEEKDAY_LABELS[WEEKDAY_KEYS[g.from]]}-${WEEKDAY_LABELS[WEEKDAY_KEYS[g.to]]}`;
      return `${days} ${g.text}`;
    })
    .join("; ");
}

/** True when the hours name at least one session. */
export function hasHours(h: OpeningHours | null | undefined): h is OpeningHours {
  return !!h && WEEKDAY_KEYS.some((d) => (h[d]?.length ?? 0) > 0);
}

// -----------------------------------------------------------------------------------------------------------
// Closed days

const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Easter Sunday (Gregorian, the anonymous algorithm) as [month, day]. */
function easter(y: number): [number, number] {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const isoOf = (t: Date) => t.toISOString().slice(0, 10);
const addDays = (t: Date, n: number) => new Date(t.getTime() + n * 86_400_000);
/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(y: number, m: number, n: 1 | -1): string {
  if (n === 1) {
    const first = utc(y, m, 1);
    return isoOf(addDays(first, (8 - first.getUTCDay()) % 7));
  }
  const last = utc(y, m + 1, 0);
  return isoOf(addDays(last, -((last.getUTCDay() + 6) % 7)));
}

const holidayCache = new Map<number, Set<string>>();
/** The bank holidays of England and Wales in a year (fixed-date ones moved to the next weekday when at a weekend). */
export function bankHolidays(y: number): Set<string> {
  const hit = holidayCache.get(y);
  if (hit) return hit;
  const out = new Set<string>();
  const newYear = utc(y, 1, 1);
  out.add(isoOf(addDays(newYear, newYear.getUTCDay() === 6 ? 2 : newYear.getUTCDay() === 0 ? 1 : 0)));
  const [em, ed] = easter(y);
  out.add(isoOf(addDays(utc(y, em, ed), -2)));
  out.add(isoOf(addDays(utc(y, em, ed), 1)));
  out.add(monday(y, 5, 1));
  out.add(monday(y, 5, -1));
  out.add(monday(y, 8, -1));
  const xmas = utc(y, 12, 25).getUTCDay();
  // Christmas and Boxing Day: a weekend day moves to the next free weekday.
  if (xmas === 5) out.add(iso(y, 12, 25)).add(iso(y, 12, 28));
  else if (xmas === 6) out.add(iso(y, 12, 27)).add(iso(y, 12, 28));
  else if (xmas === 0) out.add(iso(y, 12, 26)).add(iso(y, 12, 27));
  else out.add(iso(y, 12, 25)).add(iso(y, 12, 26));
  holidayCache.set(y, out);
  return out;
}

/** Why a London day ("YYYY-MM-DD") is a holiday closure, or null. */
export function holidayOn(day: string): string | null {
  const [y, m, d] = day.split("-").map(Number);
  if ((m === 12 && d >= 24) || (m === 1 && d === 1)) return "Christmas and New Year";
  if (bankHolidays(y).has(day)) return "a bank holiday";
  return null;
}

export interface VenueEvening {
  name?: string;
  openingHours: OpeningHours | null;
  closures: readonly Closure[];
  opensOnHolidays: boolean;
}

/** Why the venue is closed on a London day, or null. */
export function closedOn(v: VenueEvening, day: string): string | null {
  for (const c of v.closures) if (c.from <= day && day <= c.to) return c.reason || "closed";
  if (!v.opensOnHolidays) return holidayOn(day);
  return null;
}

const dayIso = (p: Pick<LondonParts, "year" | "month" | "day">) => iso(p.year, p.month, p.day);
/** Monday-first key of a London weekday (0 = Sunday). */
const keyOf = (weekday: number): WeekdayKey => WEEKDAY_KEYS[(weekday + 6) % 7];

/**
 * Whether a date from `at` lasting `hours` fits inside one of the venue's sessions: a session of that London
 * day, or one of the day before that runs past midnight. Null when it fits; otherwise the reason in words.
 */
/** Which day's session holds the whole date: that London day's, the day before's (past midnight), or none. */
function sessionDay(h: OpeningHours, p: LondonParts, hours: number): "today" | "yesterday" | null {
  const start = p.hour * 60 + p.minute;
  const end = start + Math.max(1, hours) * 60;
  for (const s of h[keyOf(p.weekday)] ?? []) {
    const span = sessionMinutes(s);
    if (span && span.start <= start && end <= span.end) return "today";
  }
  for (const s of h[keyOf((p.weekday + 6) % 7)] ?? []) {
    const span = sessionMinutes(s);
    if (span && span.end > 1440 && start + 1440 >= span.start && end + 1440 <= span.end) return "yesterday";
  }
  return null;
}

export function outsideHours(v: VenueEvening, at: Date | LondonParts, hours: number): string | null {
  if (!hasHours(v.openingHours)) return "no opening hours";
  const p = at instanceof Date ? londonParts(at) : at;
  if (sessionDay(v.openingHours, p, hours) !== null) return null;
  const today = v.openingHours[keyOf(p.weekday)] ?? [];
  return today.length === 0 ? `closed on ${WEEKDAY_LABELS[keyOf(p.weekday)]}s` : `open ${today.join(", ")}`;
}

/** The London day before `p`'s, as "YYYY-MM-DD". */
function dayBefore(p: Pick<LondonParts, "year" | "month" | "day">): string {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day) - 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Why the venue cannot hold a date at `at` lasting `hours` (closed day, or outside its hours), or null. */
export function venueEveningProblem(
  v: VenueEvening,
  at: Date | LondonParts,
  hours: number,
): { kind: "closed" | "hours"; detail: string } | null {
  const p = at instanceof Date ? londonParts(at) : at;
  // A date inside the night's session past midnight belongs to the evening it started on: that day's closures.
  const night = hasHours(v.openingHours) && sessionDay(v.openingHours, p, hours) === "yesterday";
  const closed = closedOn(v, night ? dayBefore(p) : dayIso(p));
  if (closed) return { kind: "closed", detail: closed };
  const hoursProblem = outsideHours(v, p, hours);
  return hoursProblem ? { kind: "hours", detail: hoursProblem } : null;
}

/**
 * The most of `booked` ([start, end) in ms) that are there at the same moment during [start, end): what a new
 * date in that time would share the venue with. Two dates that follow each other (18-20, 20-22) are never there
 * together, so a venue for two has room for a third at 19-21 beside only one of them at any moment.
 */
export function peakOverlap(
  booked: readonly (readonly [number, number])[],
  start: number,
  end: number,
): number {
  const inside = booked.filter(([s, e]) => s < end && e > start);
  if (inside.length <= 1) return inside.length;
  let peak = 0;
  for (const p of [start, ...inside.map(([s]) => s).filter((s) => s > start)]) {
    let n = 0;
    for (const [s, e] of inside) if (s <= p && p < e) n++;
    if (n > peak) peak = n;
  }
  return peak;
}

/** How many of `booked` ([start, end) in ms) overlap [start, end) at all (a quick, never smaller, count). */
export function overlapping(
  booked: readonly (readonly [number, number])[],
  start: number,
  end: number,
): number {
  let n = 0;
  for (const [s, e] of booked) if (s < end && e > start) n++;
  return n;
}

/** A date's length in hours when it has no idea (the venue itself). */
export const DEFAULT_DATE_HOURS = 2;
