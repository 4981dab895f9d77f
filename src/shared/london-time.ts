/**
 * London time, the one home for it (client and server). Every instant is stored in UTC and read on London's
 * clock in British English: calendar arithmetic (parts, days, months), and the formatters for the shapes the
 * product shows. A new shape goes here as a named formatter, or through `londonFormat` with its options.
 */

/** The product's zone: members live in London, dates happen there, crons run on its clock. */
export const LONDON_TZ = "Europe/London";
const LOCALE = "en-GB";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Instant = Date | number;
const ms = (at: Instant): number => (typeof at === "number" ? at : at.getTime());

// ---------------------------------------------------------------------------------------------------------
// London's clock: GMT, or BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
// October. Computed directly rather than through Intl: the planner converts hundreds of thousands of instants.
// The unit tests hold it to Intl's answer across the clock changes of many years.

function lastSundayUtc(year: number, month0: number): number {
  const lastDay = new Date(Date.UTC(year, month0 + 1, 0));
  return Date.UTC(year, month0, lastDay.getUTCDate() - lastDay.getUTCDay(), 1, 0, 0);
}

const bstCache = new Map<number, [number, number]>();
function bstRange(year: number): [number, number] {
  let r = bstCache.get(year);
  if (!r) {
    r = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    bstCache.set(year, r);
  }
  return r;
}

/** London's offset from UTC at an instant, in ms (0 or 3,600,000). */
export function londonOffsetMs(at: Instant): number {
  const t = ms(at);
  const [start, end] = bstRange(new Date(t).getUTCFullYear());
  return t >= start && t < end ? HOUR_MS : 0;
}

/** London's wall-clock reading of an instant, as a Date whose UTC fields carry it (for ExcelJS, inputs). */
export function londonWallClock(at: Instant): Date {
  const t = ms(at);
  return new Date(t + londonOffsetMs(t));
}

export interface LondonParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

/** The London calendar and clock fields of an instant. */
export function londonParts(at: Instant): LondonParts {
  const w = londonWallClock(at);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    weekday: w.getUTCDay(),
  };
}

/**
 * The instant London's clock reads y-m-d h:mi. In the hour skipped when the clocks go forward the reading
 * does not exist and the UTC reading is answered; in the hour repeated when they go back, the first (BST).
 */
export function londonInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  for (const off of [HOUR_MS, 0]) {
    const t = wall - off;
    if (londonOffsetMs(t) === off) return new Date(t);
  }
  return new Date(wall);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The London calendar day of an instant, "2026-12-05". */
export function londonIsoDay(at: Instant): string {
  return londonWallClock(at).toISOString().slice(0, 10);
}

/** The London calendar month of an instant as a key, "2026-12". */
export function londonMonthKey(at: Instant): string {
  return londonWallClock(at).toISOString().slice(0, 7);
}

/** The London calendar month of an instant, { year: 2026, month: 12 }. */
export function londonYearMonth(at: Instant): { year: number; month: number } {
  const { year, month } = londonParts(at);
  return { year, month };
}

/** A number identifying the London calendar day (days since 1970-01-01 on London's clock). */
export function londonDayNumber(at: Instant): number {
  return Math.floor(ms(londonWallClock(at)) / DAY_MS);
}

/** Whether two instants fall on the same London calendar day. */
export function sameLondonDay(a: Instant, b: Instant): boolean {
  return londonDayNumber(a) === londonDayNumber(b);
}

/** A month key ("2026-12") from its parts. */
export const monthKey = (year: number, month: number): string => `${year}-${pad2(month)}`;

/**
 * A calendar day as YYYY-MM-DD with a month from 01 to 12 and a day from 01 to 31: a request schema's pattern,
 * so the API document refuses what the handler would (a day past its month's end is checked apart).
 */
export const ISO_DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A month as YYYY-MM in the years 2000 to 2999, the only ones the product plans, shows or reports. */
export const MONTH_KEY_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

// ---------------------------------------------------------------------------------------------------------
// Formatters. The product's own shapes are written from londonParts with British English names, not through
// Intl: a browser's first Intl.DateTimeFormat with a time zone loads its zone and locale data, about 55 ms
// of a phone's main thread before the dashboard can show its first date. The unit tests hold each to Intl's
// answer. Other shapes go through `londonFormat`, built once per option set.

export type LondonFormatOptions = Omit<Intl.DateTimeFormatOptions, "timeZone">;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The en-GB, Europe/London formatter for these options, built once per option set. */
export function londonFormat(options: LondonFormatOptions = {}): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: LONDON_TZ });
    formats.set(key, f);
  }
  return f;
}

const fmt = (options: LondonFormatOptions) => (at: Instant) => londonFormat(options).format(at);

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** British English abbreviations (CLDR en-GB): "Sept", not "Sep". */
const SHORT_MONTH_NAMES = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
] as const;

const weekdayName = (p: LondonParts) => WEEKDAY_NAMES[p.weekday] as string;
const shortWeekdayName = (p: LondonParts) => weekdayName(p).slice(0, 3);
const monthName = (p: LondonParts) => monthNameOf(p.month);
const shortMonthName = (p: LondonParts) => SHORT_MONTH_NAMES[p.month - 1] as string;
const clock24 = (p: LondonParts) => `${pad2(p.hour)}:${pad2(p.minute)}`;
const numericDay = (p: LondonParts) => `${pad2(p.day)}/${pad2(p.month)}/${p.year}`;

/** "10 December 2026" */
export const londonDay = (at: Instant) => {
  const p = londonParts(at);
  return `${p.day} ${monthName(p)} ${p.year}`;
};

/** "Tuesday, 1 December 2026 at 19:30" (e-mails and texts). */
export const londonDayTime = fmt({ dateStyle: "full", timeStyle: "short" });

/** "Tuesday" */
export const londonWeekday = (at: Instant) => weekdayName(londonParts(at));

/** "Tuesday 1 December 2026" */
export const londonFullDay = (at: Instant) => {
  const p = londonParts(at);
  return `${weekdayName(p)} ${p.day} ${monthName(p)} ${p.year}`;
};

/** "Tuesday 1 December" */
export const londonWeekdayDayMonth = (at: Instant) => {
  const p = londonParts(at);
  return `${weekdayName(p)} ${p.day} ${monthName(p)}`;
};

/** "Tue 1 Dec" */
export const londonShortDay = (at: Instant) => {
  const p = londonParts(at);
  return `${shortWeekdayName(p)} ${p.day} ${shortMonthName(p)}`;
};

/** "1 December" */
export const londonDayMonth = (at: Instant) => {
  const p = londonParts(at);
  return `${p.day} ${monthName(p)}`;
};

/** "1 Dec" */
export const londonShortDayMonth = (at: Instant) => {
  const p = londonParts(at);
  return `${p.day} ${shortMonthName(p)}`;
};

/** "1 Dec 2026" */
export const londonShortDate = (at: Instant) => {
  const p = londonParts(at);
  return `${p.day} ${shortMonthName(p)} ${p.year}`;
};

/** "01/12/2026" */
export const londonNumericDay = (at: Instant) => numericDay(londonParts(at));

/** "01/12/2026, 19:30" */
export const londonNumericDayTime = (at: Instant) => {
  const p = londonParts(at);
  return `${numericDay(p)}, ${clock24(p)}`;
};

/** "19:30", "00:05" (24-hour clock). */
export const londonTime = (at: Instant) => clock24(londonParts(at));

/** "7:30 pm", "12:05 am" (12-hour clock, as en-GB writes it). */
export const londonTime12 = (at: Instant) => {
  const p = londonParts(at);
  return `${p.hour % 12 || 12}:${pad2(p.minute)} ${p.hour < 12 ? "am" : "pm"}`;
};

/** "December 2026" */
export const londonMonthYear = (at: Instant) => {
  const p = londonParts(at);
  return `${monthName(p)} ${p.year}`;
};

/** The London hour of an instant, 0-23. */
export const londonHour = (at: Instant): number => londonParts(at).hour;

// ---------------------------------------------------------------------------------------------------------
// Calendar months given as numbers or keys (no instant, so no zone to get wrong).

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "December" for month 12. */
export const monthNameOf = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);

/** "December" for "2026-12"; the key itself when it is not one. */
export function monthKeyName(key: string): string {
  const m = Number(key.slice(5, 7));
  return /^\d{4}-\d{2}$/.test(key) && m >= 1 && m <= 12 ? monthNameOf(m) : key;
}

/** "December 2026" for 2026, 12. */
export const monthYearLabel = (year: number, month: number): string => `${monthNameOf(month)} ${year}`;

/** "December 2026" for "2026-12"; the key itself when it is not one. */
export function monthKeyLabel(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? monthYearLabel(Number(m[1]), Number(m[2])) : key;
}
