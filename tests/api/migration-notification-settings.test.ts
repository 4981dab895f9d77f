/**
 * Migration 0034 on a database as the previous code left it: the notification switches move from the users row
 * to notification_settings. Every member whose switches differ from the defaults keeps them exactly; a member
 * on the defaults gets no row (and reads the defaults); a change there reaches the session caches' channel.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { readSwitches } from "../../src/server/modules/notifications/switches.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("mignotify");

it("keeps every member's switches, gives members on the defaults no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0033");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [stopped, quiet, onDefaults] = (
    await q(
      `INSERT INTO users (email, phone, email_notifications, sms_notifications, push_notifications,
          clue_notifications, sms_stopped_at, marketing_opt_out) VALUES
        ('stopped@example.com', '+447700900123', true, false, true, true, '2026-11-01T10:00:00Z', false),
        ('quiet@example.com', NULL, false, false, false, false, NULL, true),
        ('defaults@example.com', NULL, true, false, true, false, NULL, false)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);

  await runMigrations(db);

  expect((await q("SELECT * FROM notification_settings ORDER BY user_id")).rows).toEqual([
    {
      user_id: stopped,
      email_notifications: true,
      sms_notifications: false,
      push_notifications: true,
      clue_notifications: true,
      sms_stopped_at: new Date("2026-11-01T10:00:00Z"),
      marketing_opt_out: false,
    },
    {
      user_id: quiet,
      email_notifications: false,
      sms_notifications: false,
      push_notifications: false,
      clue_notifications: false,
      sms_stopped_at: null,
      marketing_opt_out: true,
    },
  ]);
  // The member on the defaults has no row and reads exactly what they had.
  expect(await readSwitches(db, onDefaults)).toEqual({
    emailNotifications: true,
    smsNotifications: false,
    pushNotifications: true,
    clueNotifications: false,
    smsStoppedAt: null,
    marketingOptOut: false,
  });
  const left = (
    await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND (column_name LIKE '%notifications' OR column_name IN ('sms_stopped_at', 'marketing_opt_out'))`,
    )
  ).rows;
  expect(left).toEqual([]);

  // A change is announced to the session caches; deleting the user deletes their row.
  const cache = await listenAuthCache(db);
  await q("INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, false)", [
    onDefaults,
  ]);
  await expect.poll(() => cache.heardFor(onDefaults)).toBe(true);
  await q("DELETE FROM users WHERE id = $1", [quiet]);
  cache.stop();
  const n = await q("SELECT count(*)::int AS n FROM notification_settings WHERE user_id = $1", [quiet]);
  expect(n.rows[0].n).toBe(0);
});
