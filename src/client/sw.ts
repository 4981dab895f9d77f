/**
 * Unveil's service worker, built on its own into /sw.js (scripts/service-worker-build.ts) so its scope is the
 * whole app. It keeps the app shell of its build and the signed-in member's revealed dates, so a date page
 * with its address and the venue's phone opens at the venue without a signal; and it shows web pushes.
 * What may be kept is decided in sw/cache-policy.ts; nothing unrevealed is ever kept.
 */
import { CACHE_PREFIX, DATES_CACHE_PREFIX, SHELL_CACHE_PREFIX, type WorkerMessage } from "../shared/pwa.ts";
import {
  dateCacheAction,
  dateIdFromApiPath,
  datesToEvict,
  keepUntil,
  routeRequest,
  userIdFromSessionAnswer,
} from "./sw/cache-policy.ts";
import { openFromNotification, showPush } from "./sw/notifications.ts";
import type { ServiceWorkerScope } from "./sw/types.ts";

/** Set by the build: an id of this build, and the hashed files the date page needs. */
declare const __SW_BUILD__: string;
declare const __SW_PRECACHE__: string[];

const sw = self as unknown as ServiceWorkerScope;
const ORIGIN = sw.location.origin;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_BUILD__}`;
/** index.html: the same page answers every app address. */
const SHELL_PAGE = "/";
/** The kept copy's expiry, written on the copy (the answer itself is stored as the server sent it). */
const KEEP_UNTIL_HEADER = "x-unveil-keep-until";

function precacheShell(): Promise<void> {
  return caches.open(SHELL_CACHE).then((cache) => cache.addAll([SHELL_PAGE, ...__SW_PRECACHE__]));
}

// ---- Whose dates are kept ------------------------------------------------------------------------------

/** The member whose dates the cache holds: undefined until learnt (from the page or from /api/auth/user). */
let owner: number | null | undefined;

async function datesCaches(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(DATES_CACHE_PREFIX));
}

/** The cache for the current owner's dates, or null while nobody (or nobody known) is signed in. */
async function ownerCacheName(): Promise<string | null> {
  if (owner === undefined) {
    // After a restart of the worker: at most one dates cache exists, and its name says whose it is.
    const [existing] = await datesCaches();
    const id = existing ? Number(existing.slice(DATES_CACHE_PREFIX.length)) : Number.NaN;
    if (Number.isInteger(id)) owner = id;
  }
  return typeof owner === "number" ? `${DATES_CACHE_PREFIX}${owner}` : null;
}

/** Someone else (or nobody) is signed in now: every other member's dates go. */
async function setOwner(userId: number | null): Promise<void> {
  owner = userId;
  const keep = userId === null ? null : `${DATES_CACHE_PREFIX}${userId}`;
  await Promise.all((await datesCaches()).filter((n) => n !== keep).map((n) => caches.delete(n)));
}

/** Signing out: every cache goes; the shell (nothing personal in it) is fetched again for offline starts. */
async function clearAll(): Promise<void> {
  owner = null;
  const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX));
  await Promise.all(names.map((n) => caches.delete(n)));
}

async function evictDates(cacheName: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const kept = await Promise.all(
    (await cache.keys()).map(async (req) => {
      const res = await cache.match(req);
      return { url: req.url, until: Number(res?.headers.get(KEEP_UNTIL_HEADER) ?? 0) };
    }),
  );
  await Promise.all(datesToEvict(kept, Date.now()).map((url) => cache.delete(url)));
}

// ---- Answers ---------------------------------------------------------------------------------------------

async function fromShell(request: Request | string): Promise<Response | undefined> {
  return (await caches.open(SHELL_CACHE)).match(request);
}

/** A page load: the network (index.html is sent no-store), else the kept shell. */
async function navigation(request: Request): Promise<Response> {
  try {
    const res = await fetch(request);
    if (res.status === 200 && !(await fromShell(SHELL_PAGE))) {
      // The shell was cleared (signing out): this answer is the same page, kept again.
      await (await caches.open(SHELL_CACHE)).put(SHELL_PAGE, res.clone());
    }
    return res;
  } catch (err) {
    const shell = await fromShell(SHELL_PAGE);
    if (shell) return shell;
    throw err;
  }
}

/** A hashed build file never changes: the kept copy, else the network (kept for next time). */
async function asset(request: Request): Promise<Response> {
  const kept = await fromShell(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.status === 200) await (await caches.open(SHELL_CACHE)).put(request, res.clone());
  return res;
}

/** One date: the network first; its answer decides what is kept. Offline, the kept revealed copy. */
async function date(request: Request, id: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    const name = await ownerCacheName();
    const kept = name ? await (await caches.open(name)).match(request.url) : undefined;
    if (kept) return kept;
    throw err;
  }
  let body: unknown = null;
  if (res.status === 200)
    body = await res
      .clone()
      .json()
      .catch(() => null);
  const action = dateCacheAction(id, res.status, body, Date.now());
  if (action === "clear-all") await setOwner(null);
  const name = await ownerCacheName();
  if (name && action === "delete") await (await caches.open(name)).delete(request.url);
  if (name && action === "put") {
    const headers = new Headers(res.headers);
    headers.set(
      KEEP_UNTIL_HEADER,
      String(keepUntil(body as { scheduledDate: string; durationHours: number })),
    );
    const copy = new Response(await res.clone().arrayBuffer(), { status: 200, headers });
    await (await caches.open(name)).put(request.url, copy);
    await evictDates(name);
  }
  return res;
}

/** The signed-in member: passed on as it is; a 401 clears the dates, a member's id says whose they are. */
async function session(request: Request): Promise<Response> {
  const res = await fetch(request);
  if (res.status === 401) await setOwner(null);
  else if (res.status === 200) {
    const id = userIdFromSessionAnswer(
      await res
        .clone()
        .json()
        .catch(() => null),
    );
    if (id !== null && id !== owner) await setOwner(id);
  }
  return res;
}

// ---- Events ----------------------------------------------------------------------------------------------

sw.addEventListener("install", (event) => {
  event.waitUntil(precacheShell());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Earlier builds' shells go; the dates stay (their format is versioned in their own name).
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => n.startsWith(CACHE_PREFIX) && n !== SHELL_CACHE && !n.startsWith(DATES_CACHE_PREFIX))
          .map((n) => caches.delete(n)),
      );
      for (const n of await datesCaches()) await evictDates(n);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const route = routeRequest(request, ORIGIN);
  if (route === "navigation") event.respondWith(navigation(request));
  else if (route === "asset") event.respondWith(asset(request));
  else if (route === "session") event.respondWith(session(request));
  else if (route === "date") {
    const id = dateIdFromApiPath(new URL(request.url).pathname);
    if (id !== null) event.respondWith(date(request, id));
  }
});

sw.addEventListener("message", (event) => {
  const msg = event.data as WorkerMessage | null;
  if (!msg || typeof msg !== "object") return;
  if (msg.type === "clear-caches") {
    event.waitUntil(
      clearAll().then(() => {
        event.ports[0]?.postMessage({ done: true });
        // Nothing personal in the shell: fetched again so the app still starts offline.
        return precacheShell().catch(() => undefined);
      }),
    );
  } else if (msg.type === "owner") {
    const userId = typeof msg.userId === "number" ? msg.userId : null;
    if (userId !== owner) event.waitUntil(setOwner(userId));
  } else if (msg.type === "skip-waiting") {
    event.waitUntil(sw.skipWaiting());
  }
});

sw.addEventListener("push", (event) => {
  event.waitUntil(showPush(sw.registration, event.data, ORIGIN));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(sw.clients, event.notification.data, ORIGIN));
});
