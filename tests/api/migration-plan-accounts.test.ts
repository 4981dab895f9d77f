/**
 * Migration 0037 on a database as the previous code left it: the plan account's own state (pause, gifted plan's
 * end, credit months, cycle cover, payment retries) moves from the users row to plan_accounts. Every member with
 * any of it keeps it exactly; a member with none gets no row (and reads nulls and zeros); a change there reaches
 * the session caches' channel, for the member and their partner.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { NO_STATE, readState } from "../../src/server/modules/plan-account/state.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("migplanacc");

it("keeps every member's plan state, gives members with none no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0036");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [paused, gifted, retrying, credited, none] = (
    await q(
      `INSERT INTO users (email, paused_until, pause_starts_at, gifted_until, credit_months, cycle_covered_by,
          payment_retry_at, payment_retries) VALUES
        ('paused@example.com', '2026-12-01T10:00:00Z', '2026-11-01T10:00:00Z', NULL, 0, 'paused', NULL, 0),
        ('gifted@example.com', NULL, NULL, '2027-02-01T10:00:00Z', 0, 'gifted', NULL, 0),
        ('retrying@example.com', NULL, NULL, NULL, 0, 'overdue', '2026-11-20T10:00:00Z', 2),
        ('credited@example.com', NULL, NULL, NULL, 3, NULL, NULL, 0),
        ('none@example.com', NULL, NULL, NULL, 0, NULL, NULL, 0)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);

  await runMigrations(db);

  const row = (userId: number, set: Record<string, unknown>) => ({
    user_id: userId,
    paused_until: null,
    pause_starts_at: null,
    gifted_until: null,
    credit_months: 0,
    cycle_covered_by: null,
    payment_retry_at: null,
    payment_retries: 0,
    ...set,
  });
  // The columns 0037 made (0038 adds the subscription after it).
  const columns = `user_id, paused_until, pause_starts_at, gifted_until, credit_months, cycle_covered_by,
    payment_retry_at, payment_retries`;
  expect((await q(`SELECT ${columns} FROM plan_accounts ORDER BY user_id`)).rows).toEqual([
    row(paused, {
      paused_until: new Date("2026-12-01T10:00:00Z"),
      pause_starts_at: new Date("2026-11-01T10:00:00Z"),
      cycle_covered_by: "paused",
    }),
    row(gifted, { gifted_until: new Date("2027-02-01T10:00:00Z"), cycle_covered_by: "gifted" }),
    row(retrying, {
      cycle_covered_by: "overdue",
      payment_retry_at: new Date("2026-11-20T10:00:00Z"),
      payment_retries: 2,
    }),
    row(credited, { credit_months: 3 }),
  ]);
  expect(await readState(db, none)).toEqual(NO_STATE);
  const left = (
    await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND column_name IN ('paused_until', 'pause_starts_at', 'gifted_until', 'credit_months', 'cycle_covered_by',
           'payment_retry_at', 'payment_retries')`,
    )
  ).rows;
  expect(left).toEqual([]);

  // A change is announced to the session caches, for the member and their partner (whose answer shows the
  // plan holder's month off and gift); deleting the user deletes their row.
  await q("UPDATE users SET partner_id = $1 WHERE id = $2", [credited, paused]);
  const cache = await listenAuthCache(db);
  await q("INSERT INTO plan_accounts (user_id, paused_until) VALUES ($1, now())", [none]);
  await expect.poll(() => cache.heardFor(none)).toBe(true);
  await q("UPDATE plan_accounts SET paused_until = NULL WHERE user_id = $1", [paused]);
  await expect.poll(() => cache.heardFor(credited)).toBe(true);
  await q("DELETE FROM users WHERE id = $1", [gifted]);
  cache.stop();
  const n = await q("SELECT count(*)::int AS n FROM plan_accounts WHERE user_id = $1", [gifted]);
  expect(n.rows[0].n).toBe(0);
});
