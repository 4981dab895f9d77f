/**
 * A member's notification switches (e-mail notices, texts, pushes, teaser clues, marketing) live in their own
 * table beside the users row, which keeps identity only. A member who never changed a switch has no row and
 * the defaults below: every read goes through `switchColumns` (for a query that left-joins the table) or
 * `readSwitches`, and every write through `saveSwitches`.
 */
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { notificationSettings } from "../../db/schema.ts";

export type NotificationSwitches = Omit<typeof notificationSettings.$inferSelect, "userId">;

export const DEFAULT_SWITCHES: NotificationSwitches = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  clueNotifications: false,
  smsStoppedAt: null,
  marketingOptOut: false,
};

const t = notificationSettings;
const or = (column: AnyPgColumn, fallback: boolean) =>
  sql<boolean>`coalesce(${column}, ${sql.raw(String(fallback))})`;

/**
 * The switches as select fields, for a query that has `leftJoin(notificationSettings, onUser(users.id))`:
 * a member without a row reads the defaults.
 */
export const switchColumns = {
  emailNotifications: or(t.emailNotifications, DEFAULT_SWITCHES.emailNotifications),
  smsNotifications: or(t.smsNotifications, DEFAULT_SWITCHES.smsNotifications),
  pushNotifications: or(t.pushNotifications, DEFAULT_SWITCHES.pushNotifications),
  clueNotifications: or(t.clueNotifications, DEFAULT_SWITCHES.clueNotifications),
  smsStoppedAt: t.smsStoppedAt,
  marketingOptOut: or(t.marketingOptOut, DEFAULT_SWITCHES.marketingOptOut),
};

/** The join condition for `switchColumns`: `leftJoin(notificationSettings, switchesOf(users.id))`. */
export const switchesOf = (userId: AnyPgColumn) => eq(t.userId, userId);

const switchesOfRow = (row: typeof t.$inferSelect | undefined): NotificationSwitches => {
  if (!row) return { ...DEFAULT_SWITCHES };
  const { userId: _, ...switches } = row;
  return switches;
};

export async function readSwitches(db: Db | Tx, userId: number): Promise<NotificationSwitches> {
  const [row] = await db.select().from(t).where(eq(t.userId, userId));
  return switchesOfRow(row);
}

/**
 * Saves the switches given (the others keep their stored or default value) and answers all of them, from the
 * saved row itself (one statement; nothing to save is one read).
 */
export async function saveSwitches(
  db: Db | Tx,
  userId: number,
  changes: Partial<NotificationSwitches>,
): Promise<NotificationSwitches> {
  if (Object.keys(changes).length === 0) return readSwitches(db, userId);
  const [row] = await db
    .insert(t)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: t.userId, set: changes })
    .returning();
  return switchesOfRow(row);
}

/** saveSwitches for several members at once (one statement). */
export async function saveSwitchesOfAll(
  db: Db | Tx,
  userIds: number[],
  changes: Partial<NotificationSwitches>,
): Promise<void> {
  if (userIds.length === 0 || Object.keys(changes).length === 0) return;
  await db
    .insert(t)
    .values(userIds.map((userId) => ({ userId, ...changes })))
    .onConflictDoUpdate({ target: t.userId, set: changes });
}
