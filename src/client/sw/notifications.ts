/**
 * The worker's push and notification-click handlers, kept free of `self` so tests can call them with
 * stand-ins. A push shows what its payload says and makes no network request: the sender already decided
 * what may be said (nothing secret before the reveal), and a phone may wake the worker with no signal.
 */
import type { PushPayload } from "../../shared/pwa.ts";
import type { ClientsLike, PushMessageData, RegistrationLike, WindowClientLike } from "./types.ts";

export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/icons/badge-96.png";
/** Shown when a push arrives without a readable payload (a browser must show something for each push). */
const FALLBACK: PushPayload = {
  title: "Unveil",
  body: "News about your next date.",
  url: "/dashboard",
  tag: "unveil",
};

/** A path inside the app, or the dashboard: a payload never sends the member to another site. */
export function safeAppPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return FALLBACK.url;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : FALLBACK.url;
  } catch {
    return FALLBACK.url;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Reads `{ title, body, url, tag }` from a push's data; anything missing falls back to a plain message. */
export function parsePushPayload(data: PushMessageData | null, origin: string): PushPayload {
  let raw: unknown = null;
  try {
    raw = data ? data.json() : null;
  } catch {
    raw = null;
  }
  if (!isObject(raw)) return FALLBACK;
  const p = raw;
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() ? v : fallback);
  return {
    title: text(p.title, FALLBACK.title),
    body: text(p.body, FALLBACK.body),
    url: safeAppPath(p.url, origin),
    tag: text(p.tag, FALLBACK.tag),
  };
}

/** The push handler: shows the notification. */
export function showPush(
  registration: RegistrationLike,
  data: PushMessageData | null,
  origin: string,
): Promise<void> {
  const { title, body, url, tag } = parsePushPayload(data, origin);
  return registration.showNotification(title, {
    body,
    tag,
    data: { url },
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
  });
}

/**
 * The notification-click handler: an Unveil tab already at the address is focused; else an open Unveil tab
 * is taken there; else a new window opens.
 */
export async function openFromNotification(
  clients: ClientsLike,
  data: unknown,
  origin: string,
): Promise<WindowClientLike | null> {
  const path = safeAppPath(
    typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined,
    origin,
  );
  const target = new URL(path, origin).href;
  const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = open.find((c) => c.url === target);
  if (same) return same.focus();
  const ours = open.find((c) => new URL(c.url).origin === origin);
  if (ours) {
    const focused = await ours.focus();
    return (await focused.navigate(target)) ?? focused;
  }
  return clients.openWindow(target);
}
