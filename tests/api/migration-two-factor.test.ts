/**
 * Migration 0033 on a database as the previous code left it: two-step sign-in moves from the users row to
 * user_two_factor, each member keeping their secret, set-up, recovery codes and last code; members without
 * it get no row; and a change there reaches the session caches' channel.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("mig2fa");

it("keeps every member's two-step sign-in, gives the rest no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0032");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [on, settingUp, off] = (
    await q(
      `INSERT INTO users (email, totp_secret, totp_enabled_at, totp_recovery_codes, totp_last_step) VALUES
        ('on@example.com', 'JBSWY3DPEHPK3PXP', '2026-11-01T10:00:00Z', '{a1,b2}', 59000000),
        ('setup@example.com', NULL, NULL, '{}', NULL),
        ('off@example.com', NULL, NULL, '{}', NULL)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);
  await q("UPDATE users SET totp_pending_secret = 'KRSXG5CTMVRXEZLU' WHERE id = $1", [settingUp]);

  await runMigrations(db);

  const rows = (await q("SELECT * FROM user_two_factor ORDER BY user_id")).rows;
  expect(rows).toEqual([
    {
      user_id: on,
      secret: "JBSWY3DPEHPK3PXP",
      pending_secret: null,
      enabled_at: new Date("2026-11-01T10:00:00Z"),
      recovery_codes: ["a1", "b2"],
      last_step: 59000000,
    },
    {
      user_id: settingUp,
      secret: null,
      pending_secret: "KRSXG5CTMVRXEZLU",
      enabled_at: null,
      recovery_codes: [],
      last_step: null,
    },
  ]);
  expect(rows.some((r) => r.user_id === off)).toBe(false);
  const left = (
    await q(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name LIKE 'totp%'",
    )
  ).rows;
  expect(left).toEqual([]);

  // Deleting the user deletes their two-step row; a change to it is announced to the session caches.
  const cache = await listenAuthCache(db);
  await q("UPDATE user_two_factor SET last_step = 59000001 WHERE user_id = $1", [on]);
  await expect.poll(() => cache.heardFor(on)).toBe(true);
  await q("DELETE FROM users WHERE id = $1", [on]);
  cache.stop();
  expect((await q("SELECT count(*)::int AS n FROM user_two_factor WHERE user_id = $1", [on])).rows[0].n).toBe(
    0,
  );
});
