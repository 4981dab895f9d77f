/**
 * The page's side of the service worker (src/client/sw.ts): registers it in production builds once the page
 * has loaded and gone quiet, tells it who is signed in, asks it to forget everything on signing out, and lets
 * a new version take over only at a safe moment (then reloads, and says "Updated" quietly).
 */

import { TOAST } from "../../shared/messages.ts";
import { DATES_CACHE_PREFIX, SERVICE_WORKER_URL, type WorkerMessage } from "../../shared/pwa.ts";
import { queryClient } from "./queryClient.ts";
import { toastAcrossNavigation } from "./toast.ts";

/** How often a waiting update looks again for a safe moment while the page stays in front. */
const SAFE_RETRY_MS = 30_000;
/** The longest signing out waits for the worker to say its caches are gone. */
const CLEAR_TIMEOUT_MS = 1500;

function supported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator;
}

function post(worker: ServiceWorker | null | undefined, message: WorkerMessage, transfer?: Transferable[]) {
  worker?.postMessage(message, transfer ?? []);
}

/** The member the worker's kept dates belong to; sent again whenever a worker takes control. */
let currentOwner: number | null | undefined;

/** Tells the worker who is signed in (null: nobody), so it drops any other member's dates. */
export function tellWorkerOwner(userId: number | null): void {
  currentOwner = userId;
  if (supported()) post(navigator.serviceWorker.controller, { type: "owner", userId });
}

/**
 * Signing out: the worker deletes its caches (the revealed dates kept for offline use). The page deletes
 * the dates caches itself too, in case no worker answers in time.
 */
export async function clearOfflineCaches(): Promise<void> {
  currentOwner = null;
  const tasks: Promise<unknown>[] = [];
  const worker = supported() ? navigator.serviceWorker.controller : null;
  if (worker) {
    tasks.push(
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        post(worker, { type: "clear-caches" }, [channel.port2]);
        setTimeout(resolve, CLEAR_TIMEOUT_MS);
      }),
    );
  }
  if (typeof caches !== "undefined") {
    tasks.push(
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter((n) => n.startsWith(DATES_CACHE_PREFIX)).map((n) => caches.delete(n))),
        ),
    );
  }
  await Promise.all(tasks).catch(() => undefined);
}

/** Whether reloading now loses nothing: no dialog open, no form being filled in, nothing being saved. */
export function isSafeMomentToReload(): boolean {
  if (document.visibilityState === "hidden") return true;
  if (queryClient.isMutating() > 0) return false;
  if (document.querySelector("[role=dialog], [role=alertdialog]")) return false;
  const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea");
  for (const field of fields) {
    if (field.type === "checkbox" || field.type === "radio") {
      if ((field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked) return false;
    } else if (field.type !== "hidden" && field.value !== field.defaultValue) return false;
  }
  return !document.activeElement?.closest("form");
}

/** Lets `waiting` take over once the page is at a safe moment (now, when hidden, or on a later check). */
function offerUpdate(waiting: ServiceWorker): void {
  const tryNow = () => {
    if (waiting.state !== "installed") return stop();
    if (!navigator.onLine || !isSafeMomentToReload()) return;
    stop();
    post(waiting, { type: "skip-waiting" });
  };
  const onVisibility = () => tryNow();
  const timer = setInterval(tryNow, SAFE_RETRY_MS);
  function stop() {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  }
  document.addEventListener("visibilitychange", onVisibility);
  tryNow();
}

function watch(registration: ServiceWorkerRegistration): void {
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) {
      // The first worker has just taken control: it learns who is signed in, and the date on screen is
      // fetched once more through it so that, if revealed, it is kept for offline use.
      controlled = true;
      if (currentOwner !== undefined) tellWorkerOwner(currentOwner);
      void queryClient.refetchQueries({
        type: "active",
        // Only a date's own read (/api/dates/:id) is kept by the worker; the lists are not.
        predicate: (q) => /^\/api\/dates\/\d+$/.test(String(q.queryKey[0])),
      });
      return;
    }
    // A new version took over at a safe moment: load its shell.
    if (reloading) return;
    reloading = true;
    toastAcrossNavigation({ title: TOAST.appUpdated, description: TOAST.appUpdatedDescription });
    window.location.reload();
  });
  const onInstalled = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) offerUpdate(worker);
  };
  if (registration.waiting) onInstalled(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") onInstalled(worker);
    });
  });
  // A phone keeps the app open for days: coming back to it looks for a new deploy.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && navigator.onLine)
      void registration.update().catch(() => {});
  });
}

let registered = false;

/**
 * Registers the worker in production builds, after the page has loaded and in idle time, so it never
 * competes with the landing page's first paint. Only for a member (or the installed app): a visitor has no
 * dates to keep, and the shell it keeps on install (about 0.9 MB) would cost them data for nothing.
 * Called again when a member signs in; it registers once per page.
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !supported()) return;
  registered = true;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then(watch)
      .catch(() => {
        // No worker (private mode, blocked): the app works as before, only not offline.
      });
  };
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Whether the page runs as the installed app (its own window, started from the home screen). */
export function isInstalledApp(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(display-mode: standalone)").matches;
}
