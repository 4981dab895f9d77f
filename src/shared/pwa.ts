/**
 * What the page and the service worker (src/client/sw.ts) agree on: the worker's address, its cache names
 * and the messages between them. The figures about what the worker may keep are here too.
 */

/** Served at the root so its scope is the whole app. */
export const SERVICE_WORKER_URL = "/sw.js";

/** Every cache the app makes starts with this, so signing out can delete them all without knowing versions. */
export const CACHE_PREFIX = "unveil-";
/** The app shell of one build: `unveil-shell-{build}`. */
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;
/**
 * The signed-in member's revealed dates: `unveil-dates-v1-{userId}`. The owner is in the name so the worker
 * never serves one member's dates to another who signs in on the same device.
 */
export const DATES_CACHE_PREFIX = `${CACHE_PREFIX}dates-v1-`;

/** A revealed date stays in the cache until this long after it ends (the evening out, then the way home). */
export const OFFLINE_DATE_KEEP_HOURS = 24;
/** At most this many revealed dates are kept; the oldest go first. */
export const OFFLINE_DATES_MAX = 12;

/** Messages from the page to the worker. */
export type WorkerMessage =
  /** Delete every cache (signing out); the worker answers on the message's port when done. */
  | { type: "clear-caches" }
  /** Who is signed in now (null: nobody); the worker drops dates that belong to anyone else. */
  | { type: "owner"; userId: number | null }
  /** The page is at a safe moment: the waiting new version may take over. */
  | { type: "skip-waiting" };

/** What a push message carries (the web-push sender builds it; the worker shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap on the notification leads: a path in the app, e.g. /dates/12. */
  url: string;
  /** Notifications with the same tag replace each other (one per date and kind). */
  tag: string;
}
