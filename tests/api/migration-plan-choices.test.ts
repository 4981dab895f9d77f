/**
 * Migration 0036 on a database as the previous code left it: the chosen plan and the plan offer move from the
 * users row to plan_choices. Every member with either keeps it exactly; a member with neither gets no row (and
 * reads nulls); a change there reaches the session caches' channel.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { NO_CHOICES, readChoices } from "../../src/server/modules/plan-account/choices.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("migchoices");

it("keeps every member's chosen plan and plan offer, gives members with neither no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0035");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [chose, offered, neither] = (
    await q(
      `INSERT INTO users (email, chosen_tier, chosen_offer_code, plan_offer_expires_at, plan_offer_tier,
          plan_offer_paid_until) VALUES
        ('chose@example.com', 'gold', 'SPRING10', NULL, NULL, NULL),
        ('offered@example.com', NULL, NULL, '2026-12-01T10:00:00Z', 'platinum', '2026-11-20T10:00:00Z'),
        ('neither@example.com', NULL, NULL, NULL, NULL, NULL)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);

  await runMigrations(db);

  expect((await q("SELECT * FROM plan_choices ORDER BY user_id")).rows).toEqual([
    {
      user_id: chose,
      chosen_tier: "gold",
      chosen_offer_code: "SPRING10",
      plan_offer_expires_at: null,
      plan_offer_tier: null,
      plan_offer_paid_until: null,
    },
    {
      user_id: offered,
      chosen_tier: null,
      chosen_offer_code: null,
      plan_offer_expires_at: new Date("2026-12-01T10:00:00Z"),
      plan_offer_tier: "platinum",
      plan_offer_paid_until: new Date("2026-11-20T10:00:00Z"),
    },
  ]);
  expect(await readChoices(db, neither)).toEqual(NO_CHOICES);
  const left = (
    await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND (column_name LIKE 'chosen\\_%' OR column_name LIKE 'plan\\_offer\\_%')`,
    )
  ).rows;
  expect(left).toEqual([]);

  // A change is announced to the session caches; deleting the user deletes their row.
  const cache = await listenAuthCache(db);
  await q("INSERT INTO plan_choices (user_id, chosen_tier) VALUES ($1, 'silver')", [neither]);
  await expect.poll(() => cache.heardFor(neither)).toBe(true);
  await q("DELETE FROM users WHERE id = $1", [offered]);
  cache.stop();
  const n = await q("SELECT count(*)::int AS n FROM plan_choices WHERE user_id = $1", [offered]);
  expect(n.rows[0].n).toBe(0);
});
