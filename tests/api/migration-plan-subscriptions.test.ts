/**
 * Migration 0038 on a database as the previous code left it: the subscription itself (tier, status, period end,
 * pending tier) moves from the users row to the plan account (plan_accounts). Every member with any of it keeps
 * it exactly, beside the plan state a member already had there; a member who never had a plan still has no row;
 * a change reaches the session caches' channel, for the member and their partner.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { NO_STATE, readState } from "../../src/server/modules/plan-account/state.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("migplansub");

it("keeps every member's subscription, gives members who never had a plan no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0037");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [active, paused, cancelled, pending, none] = (
    await q(
      `INSERT INTO users (email, subscription_tier, subscription_status, current_period_end, pending_tier) VALUES
        ('active@example.com', 'gold', 'active', '2026-12-01T10:00:00Z', NULL),
        ('paused@example.com', 'silver', 'paused', '2026-12-05T10:00:00Z', NULL),
        ('cancelled@example.com', 'platinum', 'cancelled', '2026-11-20T10:00:00Z', NULL),
        ('pending@example.com', 'platinum', 'active', '2026-12-10T10:00:00Z', 'silver'),
        ('none@example.com', NULL, NULL, NULL, NULL)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);
  // The paused member already has a plan account (their month off, moved by 0037).
  await q("INSERT INTO plan_accounts (user_id, paused_until, cycle_covered_by) VALUES ($1, $2, 'paused')", [
    paused,
    "2026-12-05T10:00:00Z",
  ]);

  await runMigrations(db);

  const row = (userId: number, set: Record<string, unknown>) => ({
    user_id: userId,
    subscription_tier: null,
    subscription_status: null,
    current_period_end: null,
    pending_tier: null,
    paused_until: null,
    pause_starts_at: null,
    gifted_until: null,
    credit_months: 0,
    cycle_covered_by: null,
    payment_retry_at: null,
    payment_retries: 0,
    ...set,
  });
  expect((await q("SELECT * FROM plan_accounts ORDER BY user_id")).rows).toEqual([
    row(active, {
      subscription_tier: "gold",
      subscription_status: "active",
      current_period_end: new Date("2026-12-01T10:00:00Z"),
    }),
    row(paused, {
      subscription_tier: "silver",
      subscription_status: "paused",
      current_period_end: new Date("2026-12-05T10:00:00Z"),
      paused_until: new Date("2026-12-05T10:00:00Z"),
      cycle_covered_by: "paused",
    }),
    row(cancelled, {
      subscription_tier: "platinum",
      subscription_status: "cancelled",
      current_period_end: new Date("2026-11-20T10:00:00Z"),
    }),
    row(pending, {
      subscription_tier: "platinum",
      subscription_status: "active",
      current_period_end: new Date("2026-12-10T10:00:00Z"),
      pending_tier: "silver",
    }),
  ]);
  expect(await readState(db, none)).toEqual(NO_STATE);
  const left = (
    await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND column_name IN ('subscription_tier', 'subscription_status', 'current_period_end', 'pending_tier')`,
    )
  ).rows;
  expect(left).toEqual([]);
  // The lists, jobs and analytics still find members by status and tier through an index.
  const indexes = (await q("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'plan_accounts'"))
    .rows;
  expect(indexes.find((i) => i.indexname === "plan_accounts_subscription_idx")?.indexdef).toContain(
    "(subscription_status, subscription_tier, user_id)",
  );

  // A change of the subscription is announced to the session caches, for the member and their partner (whose
  // answer shows the plan holder's tier and status); deleting the user deletes their row.
  await q("UPDATE users SET partner_id = $1 WHERE id = $2", [none, active]);
  const cache = await listenAuthCache(db);
  await q(
    "INSERT INTO plan_accounts (user_id, subscription_tier, subscription_status) VALUES ($1, 'gold', 'active')",
    [none],
  );
  await expect.poll(() => cache.heardFor(none)).toBe(true);
  cache.stop();
  const later = await listenAuthCache(db);
  await q("UPDATE plan_accounts SET subscription_status = 'past_due' WHERE user_id = $1", [active]);
  await expect.poll(() => later.heardFor(active)).toBe(true);
  expect(later.heardFor(none)).toBe(true);
  later.stop();
  await q("DELETE FROM users WHERE id = $1", [cancelled]);
  const n = await q("SELECT count(*)::int AS n FROM plan_accounts WHERE user_id = $1", [cancelled]);
  expect(n.rows[0].n).toBe(0);
});
