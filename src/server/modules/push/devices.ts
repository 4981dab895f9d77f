/**
 * A member's push devices (push_subscriptions). An endpoint belongs to one member: the same endpoint posted
 * again updates its row (new keys), and posted by another member (a new sign-in on the same browser) moves
 * it to them, so a shared device never keeps pushing the previous member's dates.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { PUSH_MSG, type PushDevice, type PushSubscriptionInput } from "../../../shared/schemas/push.ts";
import { describeUserAgent } from "../../../shared/user-agent.ts";
import { pushSubscriptions } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, notFound } from "../../http-error.ts";

/** Devices a member keeps at most; opting in on one more removes the one that has gone longest unused. */
export const MAX_PUSH_DEVICES = 20;

/**
 * The push services browsers use (Chrome and Edge: FCM; Firefox: Mozilla; Safari: Apple; Windows: WNS). A live
 * site posts only to these, so a crafted endpoint cannot make the server send requests into its own network.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  ".push.services.mozilla.com",
  ".push.apple.com",
  ".notify.windows.com",
];

export function isKnownPushService(endpoint: string): boolean {
  const u = new URL(endpoint);
  if (u.protocol !== "https:") return false;
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith(".") ? u.hostname.endsWith(h) : u.hostname === h));
}

type Row = typeof pushSubscriptions.$inferSelect;
const toDevice = (r: Row, currentEndpoint: string | undefined): PushDevice => ({
  id: r.id,
  label: r.label,
  createdAt: r.createdAt,
  lastSuccessAt: r.lastSuccessAt,
  current: !!currentEndpoint && r.endpoint === currentEndpoint,
});

export async function listDevices(
  deps: Deps,
  userId: number,
  currentEndpoint?: string,
): Promise<PushDevice[]> {
  const rows = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((r) => toDevice(r, currentEndpoint));
}

/** Saves the browser's subscription for the member (insert, refresh, or move from another member). */
export async function saveDevice(
  deps: Deps,
  userId: number,
  sub: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<PushDevice> {
  if (deps.config.env === "production" && !isKnownPushService(sub.endpoint))
    throw badRequest(PUSH_MSG.pushService);
  const now = deps.now();
  const label = describeUserAgent(userAgent).slice(0, 80);
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh.replace(/=+$/, ""),
      auth: sub.keys.auth.replace(/=+$/, ""),
      label,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        failures: 0,
        // The same member keeps their own name for the device; another member starts afresh.
        label: sql`CASE WHEN ${pushSubscriptions.userId} = excluded.user_id THEN ${pushSubscriptions.label} ELSE excluded.label END`,
        createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = excluded.user_id THEN ${pushSubscriptions.createdAt} ELSE excluded.created_at END`,
        lastSuccessAt: sql`CASE WHEN ${pushSubscriptions.userId} = excluded.user_id THEN ${pushSubscriptions.lastSuccessAt} ELSE NULL END`,
        userId: sql`excluded.user_id`,
      },
    })
    .returning();
  await deps.db.execute(sql`
    DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId}
       ORDER BY coalesce(last_success_at, created_at) DESC, id DESC OFFSET ${MAX_PUSH_DEVICES})`);
  return toDevice(row, sub.endpoint);
}

export async function renameDevice(
  deps: Deps,
  userId: number,
  id: number,
  label: string,
  currentEndpoint?: string,
): Promise<PushDevice> {
  const [row] = await deps.db
    .update(pushSubscriptions)
    .set({ label })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning();
  if (!row) throw notFound(PUSH_MSG.notFound);
  return toDevice(row, currentEndpoint);
}

export async function removeDevice(deps: Deps, userId: number, id: number): Promise<void> {
  const gone = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound(PUSH_MSG.notFound);
}

/** Every device of the member (signing out everywhere, deleting the account). */
export async function removeAllDevices(db: Pick<Deps["db"], "delete">, userId: number): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}
