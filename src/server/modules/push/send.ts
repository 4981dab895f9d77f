/**
 * Web push to a member's devices (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID), through web-push's
 * request builder and Node's fetch: web-push encrypts and signs, fetch posts over a pooled connection (and
 * reaches the local push endpoint of the tests and the bench, which speaks plain http on 127.0.0.1).
 *
 * A push is best effort, like a text: claimed once in outbound_messages (so two workers never send it twice),
 * never retried (the retry-mail job skips "push_" kinds). A device whose push service answers 404 or 410 has
 * unsubscribed and is removed; other failures count up on the device (push_subscriptions.failures).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import webpush from "web-push";
import { notificationSettings, outboundMessages, pushSubscriptions, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { claimMail } from "../../jobs/outbound.ts";
import type { ChannelOutcome } from "../notifications/channels.ts";
import { isQuietHour } from "../notifications/quiet-hours.ts";
import { switchColumns, switchesOf } from "../notifications/switches.ts";

/** What the service worker shows (src/client/sw.ts reads exactly these fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened on tap: a path of the app ("/dates/12") or an https address (directions). */
  url: string;
  /** Replaces an earlier notification with the same tag on the device (and the push service's queue). */
  tag?: string;
}

/** The device fields a push needs. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Pushes in flight at once in a fan-out: enough to hide the push services' latency, few enough sockets. */
export const PUSH_CONCURRENCY = 64;
/** A push service that has not answered in this long counts as a failure. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;

export interface FanOutResult {
  sent: number;
  /** Devices removed: their push service answered 404 or 410. */
  gone: number;
  failed: number;
  /** The first few failures, for outbound_messages.last_error. */
  errors: string[];
}

/** A push service's topic: at most 32 base64url characters (RFC 8030 5.4). */
function topicOf(tag: string | undefined): string | undefined {
  const t = tag?.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 32);
  return t || undefined;
}

type Sent = "sent" | "gone" | string;

/** A VAPID JWT is signed once per push service and reused this long (RFC 8292 allows up to 24 hours). */
const VAPID_JWT_SECONDS = 12 * 3600;
const vapidCache = new Map<string, { header: string; until: number }>();

/** The Authorization header for a push service's origin, signed once and reused until an hour before expiry. */
function vapidHeader(deps: PostDeps, endpoint: string): string {
  const vapid = deps.config.vapid;
  if (!vapid) throw new Error("push is not set up (no VAPID keys)");
  const audience = new URL(endpoint).origin;
  const cacheKey = `${audience} ${vapid.publicKey} ${deps.config.vapidSubject}`;
  const nowS = Math.floor(Date.now() / 1000);
  const hit = vapidCache.get(cacheKey);
  if (hit && hit.until > nowS) return hit.header;
  const exp = nowS + VAPID_JWT_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    deps.config.vapidSubject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    exp,
  );
  if (vapidCache.size > 100) vapidCache.clear();
  vapidCache.set(cacheKey, { header: Authorization, until: exp - 3600 });
  return Authorization;
}

/** What posting needs: the keys (the bench passes only these). */
type PostDeps = Pick<Deps, "config">;

async function postOne(
  deps: PostDeps,
  target: PushTarget,
  payload: string,
  opts: { ttl: number; topic?: string; urgency: "normal" | "high" },
): Promise<Sent> {
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        // Signed here once per push service (vapidHeader), not once per push by web-push.
        vapidDetails: null,
        headers: { Authorization: vapidHeader(deps, target.endpoint) },
        TTL: opts.ttl,
        urgency: opts.urgency,
        ...(opts.topic ? { topic: opts.topic } : {}),
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) {
      // fetch sets the length from the body itself.
      if (k.toLowerCase() !== "content-length") headers[k] = String(v);
    }
    const res = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: "error",
    });
    await res.body?.cancel();
    if (res.ok) return "sent";
    if (res.status === 404 || res.status === 410) return "gone";
    return `push service answered ${res.status}`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Posts one message to every target, PUSH_CONCURRENCY at a time; answers the targets' ids by outcome. */
export async function postAll(
  deps: PostDeps,
  targets: PushTarget[],
  message: PushMessage,
  opts: { ttl?: number; urgency?: "normal" | "high" } = {},
): Promise<{ sent: number[]; gone: number[]; failed: number[]; errors: string[] }> {
  const payload = JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.tag ?? null,
  });
  const o = {
    ttl: opts.ttl ?? PUSH_TTL_SECONDS,
    urgency: opts.urgency ?? "normal",
    topic: topicOf(message.tag),
  };
  const sent: number[] = [];
  const gone: number[] = [];
  const failed: number[] = [];
  const errors: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const t = targets[next++];
      const r = await postOne(deps, t, payload, o);
      if (r === "sent") sent.push(t.id);
      else if (r === "gone") gone.push(t.id);
      else {
        failed.push(t.id);
        if (errors.length < 3) errors.push(r);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, targets.length) }, worker));
  return { sent, gone, failed, errors };
}

/**
 * Sends one message to every target, then records the outcome per device in three statements: last success,
 * removal of dead devices, failure counts.
 */
export async function fanOut(
  deps: Deps,
  targets: PushTarget[],
  message: PushMessage,
  opts: { ttl?: number; urgency?: "normal" | "high" } = {},
): Promise<FanOutResult> {
  const { sent, gone, failed, errors } = await postAll(deps, targets, message, opts);
  const now = deps.now();
  if (sent.length)
    await deps.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failures: 0 })
      .where(inArray(pushSubscriptions.id, sent));
  if (gone.length) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (failed.length)
    await deps.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(inArray(pushSubscriptions.id, failed));
  return { sent: sent.length, gone: gone.length, failed: failed.length, errors };
}

/**
 * One push to every device of a member, once per `key`. Answers "off" when the member is deleted, has the push
 * switch off or has no device, and "quiet" in quiet hours (isQuietHour with the date it is about): neither
 * claims the key, so a later sweep can still send it. Otherwise claims the key ("duplicate" when another worker
 * or an earlier sweep has it) and sends: "sent" when at least one device took it, else "failed".
 * `kind` must start with "push_" (outbound_messages.kind; the retry job leaves such rows alone).
 */
export async function pushToUser(
  deps: Deps,
  userId: number,
  m: {
    key: string;
    kind: string;
    reservationId?: number | null;
    dateAt?: Date | null;
    message: { title: string; body: string; url: string; tag?: string };
  },
): Promise<ChannelOutcome> {
  if (!m.kind.startsWith("push_")) throw new Error(`a push's kind must start with "push_" (got "${m.kind}")`);
  const [u] = await deps.db
    .select({ on: switchColumns.pushNotifications })
    .from(users)
    .leftJoin(notificationSettings, switchesOf(users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!u?.on || !deps.config.vapid) return "off";
  const targets = await devicesOf(deps, userId);
  if (targets.length === 0) return "off";
  const now = deps.now();
  if (isQuietHour(now, m.dateAt)) return "quiet";

  const id = await claimMail(deps.db, now, {
    key: m.key,
    kind: m.kind,
    userId,
    reservationId: m.reservationId ?? null,
  });
  if (id === null) return "duplicate";
  // A push about a date is useless once the date has begun: the push service drops it by then.
  const ttl = m.dateAt
    ? Math.max(60, Math.min(PUSH_TTL_SECONDS, Math.floor((m.dateAt.getTime() - now.getTime()) / 1000)))
    : PUSH_TTL_SECONDS;
  const r = await fanOut(deps, targets, m.message, { ttl, urgency: m.dateAt ? "high" : "normal" });
  const ok = r.sent > 0;
  await deps.db
    .update(outboundMessages)
    .set({
      status: ok ? "sent" : "abandoned",
      attempts: 1,
      sentAt: ok ? deps.now() : null,
      lastError: ok
        ? null
        : `${r.gone} device(s) gone, ${r.failed} failed${r.errors.length ? `: ${r.errors.join("; ")}` : ""}`.slice(
            0,
            2000,
          ),
    })
    .where(eq(outboundMessages.id, id));
  return ok ? "sent" : "failed";
}

async function devicesOf(deps: Deps, userId: number): Promise<PushTarget[]> {
  return deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}
