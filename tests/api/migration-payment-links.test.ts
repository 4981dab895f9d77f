/**
 * Migration 0035 on a database as the previous code left it: the payment-provider links move from the users row
 * to payment_links. Every member with a link keeps it exactly; a member without any gets no row (and reads
 * null links); the webhooks' lookups by mandate and subscription stay indexed; a change there reaches the
 * session caches' channel.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { NO_LINKS, readLinks } from "../../src/server/modules/payments/links.ts";
import { emptyDatabase, listenAuthCache, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("miglinks");

it("keeps every member's payment links, gives members without any no row, and drops the users columns", async () => {
  await migrateUpTo(db, "0034");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const [paying, statusOnly, none] = (
    await q(
      `INSERT INTO users (email, payment_customer_id, payment_mandate_id, payment_subscription_id,
          payment_next_subscription_id, payment_status_at) VALUES
        ('paying@example.com', 'CU1', 'MD1', 'SB1', 'SB2', '2026-11-01T10:00:00Z'),
        ('gifted@example.com', NULL, NULL, NULL, NULL, '2026-10-01T09:00:00Z'),
        ('none@example.com', NULL, NULL, NULL, NULL, NULL)
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);

  await runMigrations(db);

  expect((await q("SELECT * FROM payment_links ORDER BY user_id")).rows).toEqual([
    {
      user_id: paying,
      payment_customer_id: "CU1",
      payment_mandate_id: "MD1",
      payment_subscription_id: "SB1",
      payment_next_subscription_id: "SB2",
      payment_status_at: new Date("2026-11-01T10:00:00Z"),
    },
    {
      user_id: statusOnly,
      payment_customer_id: null,
      payment_mandate_id: null,
      payment_subscription_id: null,
      payment_next_subscription_id: null,
      payment_status_at: new Date("2026-10-01T09:00:00Z"),
    },
  ]);
  expect(await readLinks(db, none)).toEqual(NO_LINKS);
  const left = (
    await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'
         AND column_name IN ('payment_customer_id', 'payment_mandate_id', 'payment_subscription_id',
           'payment_next_subscription_id', 'payment_status_at')`,
    )
  ).rows;
  expect(left).toEqual([]);
  const indexes = (
    await q("SELECT indexdef FROM pg_indexes WHERE tablename = 'payment_links' ORDER BY indexname")
  ).rows.map((r) => r.indexdef as string);
  for (const column of ["payment_mandate_id", "payment_subscription_id", "payment_next_subscription_id"])
    expect(indexes.some((d) => d.includes(`(${column})`))).toBe(true);

  // A change is announced to the session caches; deleting the user deletes their row.
  const cache = await listenAuthCache(db);
  await q("INSERT INTO payment_links (user_id, payment_subscription_id) VALUES ($1, 'SB3')", [none]);
  await expect.poll(() => cache.heardFor(none)).toBe(true);
  await q("DELETE FROM users WHERE id = $1", [statusOnly]);
  cache.stop();
  const n = await q("SELECT count(*)::int AS n FROM payment_links WHERE user_id = $1", [statusOnly]);
  expect(n.rows[0].n).toBe(0);
});
