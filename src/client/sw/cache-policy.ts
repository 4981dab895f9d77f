/**
 * What the service worker may keep: pure decisions, unit-tested (tests/unit/sw-cache-policy.test.ts).
 *
 * The one API answer ever kept is a single date (GET /api/dates/{id}) whose JSON says it is revealed and
 * carries its venue, so the date page, address and venue phone open at the venue without a signal. Nothing
 * unrevealed is kept: not a locked date, not the dates list (it mixes locked and revealed dates), not the
 * member's profile, nor any other answer.
 */
import { OFFLINE_DATE_KEEP_HOURS, OFFLINE_DATES_MAX } from "../../shared/pwa.ts";

const DATE_PATH = /^\/api\/dates\/([1-9]\d{0,8})$/;
const HOUR_MS = 3_600_000;

/** The date id when `pathname` is one date's API address, else null. */
export function dateIdFromApiPath(pathname: string): number | null {
  const m = DATE_PATH.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** How the worker treats a same-origin request. */
export type RequestRoute =
  /** A page load: the network, else the cached app shell. */
  | "navigation"
  /** A built, hashed file: the cache, else the network (then kept). */
  | "asset"
  /** One date's answer: the network, else the cached copy (kept only when revealed). */
  | "date"
  /** The signed-in member: passed through, watched for the end of a session. */
  | "session"
  /** Everything else: not touched. */
  | "pass";

export function routeRequest(
  req: { method: string; mode: string; url: string },
  origin: string,
): RequestRoute {
  if (req.method !== "GET") return "pass";
  const url = new URL(req.url);
  if (url.origin !== origin) return "pass";
  if (url.pathname.startsWith("/api/")) {
    if (url.search === "" && dateIdFromApiPath(url.pathname) !== null) return "date";
    // authApi.user's path, written out: importing the declaration would bring zod into the 6 kB worker
    // (over 100 kB). tests/unit/sw-contract-paths.test.ts holds the two together.
    if (url.pathname === "/api/auth/user") return "session";
    return "pass";
  }
  if (req.mode === "navigate") return "navigation";
  if (url.pathname.startsWith("/assets/")) return "asset";
  return "pass";
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** When the kept copy stops being useful: some hours after the date ends. Null for an unreadable answer. */
export function keepUntil(date: { scheduledDate?: unknown; durationHours?: unknown }): number | null {
  if (typeof date.scheduledDate !== "string" || typeof date.durationHours !== "number") return null;
  const start = Date.parse(date.scheduledDate);
  if (!Number.isFinite(start)) return null;
  return start + (date.durationHours + OFFLINE_DATE_KEEP_HOURS) * HOUR_MS;
}

/**
 * Whether an answer to GET /api/dates/{id} may be kept: a 200 for that very date, revealed, with its venue,
 * not cancelled, and not yet long past. Anything the worker cannot read is not kept.
 */
export function isCacheableDateAnswer(
  requestedId: number,
  status: number,
  body: unknown,
  now: number,
): boolean {
  // The fields read are those of the date answer (src/shared/schemas/dates.ts), each checked as it is read.
  if (status !== 200 || !isObject(body)) return false;
  if (body.id !== requestedId) return false;
  if (body.revealed !== true || !isObject(body.venue)) return false;
  if (body.status === "cancelled") return false;
  const until = keepUntil(body);
  return until !== null && until > now;
}

/** What to do with the kept copy after the network answered a date request. */
export type DateCacheAction = "put" | "delete" | "clear-all" | "keep";

export function dateCacheAction(
  requestedId: number,
  status: number,
  body: unknown,
  now: number,
): DateCacheAction {
  // The session has ended: nothing of this member stays on the device.
  if (status === 401) return "clear-all";
  if (status === 200) return isCacheableDateAnswer(requestedId, status, body, now) ? "put" : "delete";
  // Gone, or no longer theirs (a partner who left the couple): the copy goes.
  if (status === 403 || status === 404 || status === 400) return "delete";
  // A server error says nothing about the date: the copy stays for when the network is back.
  return "keep";
}

/** Kept dates past their use, and beyond the newest OFFLINE_DATES_MAX, to delete. */
export function datesToEvict(kept: ReadonlyArray<{ url: string; until: number }>, now: number): string[] {
  const live = kept.filter((k) => k.until > now).sort((a, b) => b.until - a.until);
  const keep = new Set(live.slice(0, OFFLINE_DATES_MAX).map((k) => k.url));
  return kept.filter((k) => !keep.has(k.url)).map((k) => k.url);
}

/** The member id in a GET /api/auth/user answer, or null. */
export function userIdFromSessionAnswer(body: unknown): number | null {
  return isObject(body) && typeof body.id === "number" ? body.id : null;
}
