/**
 * The matching engine's rules as small pure functions: price bands,
 * seasons, slot times, alcohol-led ideas, date types -> idea categories. Nothing here touches a database.
 */
import type { DateType, DayOfWeek, PriceLevel, TimeOfDayPref } from "./types.ts";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A date is planned at least this far ahead (the reveal comes 48 hours before; admins need a day to book). */
export const MIN_LEAD_HOURS = 72;
/**
 * A venue the couple had a date at within this many days before the slot (or has one planned) is not used
 * again. 184 days is the longest "6 months" can be (July to January), so the rule is never weaker than six
 * calendar months.
 */
export const REVISIT_DAYS = 184;
/**
 * A couple's dates in one London month are at least this many days apart (calendar days), unless their chosen
 * days leave no room: then the engine takes the farthest apart it can and the match's reasons say so.
 */
export const MIN_DAYS_BETWEEN_DATES = 5;
/** At most this many of the pass's couples at one venue in one slot (the monthly planner). */
export const VENUE_SLOT_CAP = 2;

/** Week of the month for scheduling choices: days 1-7 -> 1 ... 22-28 -> 4; 29-31 -> null (never chosen). */
export function weekOfMonth(day: number): number | null {
  return day >= 1 && day <= 28 ? Math.ceil(day / 7) : null;
}

export const WEEKDAY_NAMES: readonly DayOfWeek[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

// ---------------------------------------------------------------------------------------------------------
// Times of day

/** The member's time choice -> the date idea's timeOfDay and the London start time of the date. */
export const SLOT_TIMES: Record<
  TimeOfDayPref,
  { timeOfDay: string; hour: number; minute: number; label: string }
> = {
  mornings: { timeOfDay: "morning", hour: 10, minute: 30, label: "morning" },
  afternoons: { timeOfDay: "afternoon", hour: 14, minute: 0, label: "afternoon" },
  evenings: { timeOfDay: "evening", hour: 19, minute: 0, label: "evening" },
};

// ---------------------------------------------------------------------------------------------------------
// Seasons

/** The season of a London month (1-12). */
export function seasonOfMonth(month: number): "spring" | "summer" | "autumn" | "winter" {
  if (month >= 3 && month <= 5) return "spring";
  if (month >= 6 && month <= 8) return "summer";
  if (month >= 9 && month <= 11) return "autumn";
  return "winter";
}

export function seasonFits(season: string, month: number): boolean {
  const s = norm(season);
  return s === "any" || s === "" || s === seasonOfMonth(month);
}

// ---------------------------------------------------------------------------------------------------------
// Price

export const SPEND_PRICE: Record<string, PriceLevel> = { "£": "low", "££": "medium", "£££": "high" };
const PRICE_STEP: Record<string, number> = { low: 0, medium: 1, high: 2 };

/**
 * Whether a venue's or idea's price level fits the member's spend: the same band, or one step either way when
 * they are open to trying. An unanswered spend allows any level; an unknown level fits nobody who answered.
 */
export function priceFits(spend: string | null, openToTrying: boolean, level: string): boolean {
  if (spend === null) return true;
  const want = SPEND_PRICE[spend];
  const have = PRICE_STEP[norm(level)];
  if (want === undefined || have === undefined) return false;
  const diff = Math.abs(have - PRICE_STEP[want]);
  return diff === 0 || (openToTrying && diff === 1);
}

export const PRICE_SYMBOL: Record<string, string> = { low: "£", medium: "££", high: "£££" };

/**
 * The one phrase for how a price level stands to the member's spend (the engine's reasons and the suggestion
 * writer both use it, so a price is never called two things): "££ fits their budget", "£££ is one step above
 * their ££, and they're open to trying", "£ is one step below ...", else "... is outside their £ budget".
 * Null when the member has not answered.
 */
export function pricePhrase(spend: string | null, openToTrying: boolean, level: string): string | null {
  if (spend === null) return null;
  const have = PRICE_STEP[norm(level)];
  const want = SPEND_PRICE[spend];
  const symbol = PRICE_SYMBOL[norm(level)] ?? level;
  const diff = have === undefined || want === undefined ? Number.NaN : have - PRICE_STEP[want];
  if (diff === 0) return `${spend} fits their budget`;
  if (openToTrying && Math.abs(diff) === 1) {
    return `${symbol} is one step ${diff > 0 ? "above" : "below"} their ${spend}, and they're open to trying`;
  }
  return `${symbol} is outside their ${spend} budget`;
}

// ---------------------------------------------------------------------------------------------------------
// Alcohol

/** Words that make an idea alcohol-led (matched as whole words, or word starts, in its title and tags). */
export const ALCOHOL_WORDS = [
  "alcohol",
  "beer",
  "beers",
  "booze",
  "brewery",
  "breweries",
  "brewing",
  "champagne",
  "cider",
  "cocktail",
  "cocktails",
  "distillery",
  "gin",
  "mixology",
  "pub",
  "pubs",
  "prosecco",
  "rum",
  "spirits",
  "tequila",
  "vodka",
  "whisky",
  "whiskey",
  "wine",
  "wines",
  "winery",
  "vineyard",
  "ale",
  "ales",
  "sommelier",
  "happy hour",
  "pub crawl",
  "bottomless",
] as const;

const ALCOHOL_RE = new RegExp(
  `(^|[^a-z])(${ALCOHOL_WORDS.map((w) => w.replace(/ /g, "\\s+")).join("|")})([^a-z]|$)`,
  "i",
);

/** True for an idea of category "bars" or whose title or tags are alcohol-led. */
export function isAlcoholLed(idea: { category: string; title: string; tags: readonly string[] }): boolean {
  if (norm(idea.category) === "bars") return true;
  if (ALCOHOL_RE.test(idea.title)) return true;
  for (const t of idea.tags) if (ALCOHOL_RE.test(t)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Categories

/** Member date types -> idea categories (ARCHITECTURE.md). Wellness ideas suit anyone. */
export const DATE_TYPE_CATEGORIES: Record<DateType, readonly string[]> = {
  restaurants: ["culinary"],
  active: ["active", "adventure"],
  live_music: ["live_music"],
  bars: ["bars"],
  culture: ["cultural"],
};

export const UNIVERSAL_CATEGORY = "wellness";

/** The category of a venue matched as itself (no active idea), from its type. */
export const VENUE_TYPE_CATEGORY: Record<string, string> = {
  restaurant: "culinary",
  activity: "active",
  cultural: "cultural",
  adventure: "adventure",
  wellness: "wellness",
};

export function venueTypeCategory(type: string): string {
  return VENUE_TYPE_CATEGORY[norm(type)] ?? "culinary";
}

/** The rank (0 best) of the member's date type that covers a category, or -1. */
export function categoryRank(dateTypes: readonly DateType[], category: string): number {
  const c = norm(category);
  for (let i = 0; i < dateTypes.length; i++) if (DATE_TYPE_CATEGORIES[dateTypes[i]]?.includes(c)) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------------------
// Labels

export function norm(s: string): string {
  return s.trim().toLowerCase();
}

/** "Vegan", "Vegan and Halal", "Vegan, Halal and Kosher" */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Every label of `needs` (case-insensitive, trimmed) is among `offered`. */
export function coversAll(offered: ReadonlySet<string>, needs: readonly string[]): boolean {
  for (const n of needs) if (!offered.has(norm(n))) return false;
  return true;
}
