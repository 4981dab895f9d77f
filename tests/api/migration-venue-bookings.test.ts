/**
 * Migration 0025 on a database as the previous code left it: venues' needs in the members' words (common
 * spellings mapped, anything else moved to the features), the exclusions cancellations made removed (members'
 * own stay), and existing dates taken as confirmed by their venues.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { createDb } from "../../src/server/db/client.ts";
import { MIGRATIONS_DIR, runMigrations } from "../../src/server/db/migrate.ts";
import { withDatabase } from "../helpers/test-postgres.ts";

const base = inject("pgBaseUrl");
const name = `mig_vb_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const db = createDb(withDatabase(base, name), 2);

afterAll(async () => {
  await db.$client.end();
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

async function migrationsUpTo(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "unveil-migrations-"));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag.slice(0, 4) <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

it("maps needs onto the members' words, keeps the rest as features, drops cancellation exclusions", async () => {
  const before = await migrationsUpTo("0024");
  await migrate(db, { migrationsFolder: before });
  await rm(before, { recursive: true, force: true });
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  const venue = (
    await q(
      `INSERT INTO venues (name, city, type, features, dietary_accommodations, accessibility_features)
       VALUES ('Old Kitchen', 'London', 'restaurant', '{Candles}', '{GF," vegan ",Paleo,Gluten-free}',
               '{wheelchair,"Accessible toilet","step free"}') RETURNING id`,
    )
  ).rows[0].id as number;
  const user = (await q(`INSERT INTO users (email) VALUES ('old@example.com') RETURNING id`)).rows[0].id;
  const other = (
    await q(`INSERT INTO venues (name, city, type) VALUES ('Other', 'London', 'bar') RETURNING id`)
  ).rows[0].id;
  await q(
    `INSERT INTO user_venue_exclusions (user_id, venue_id, reason) VALUES ($1, $2, 'cancelled'), ($1, $3, 'member')`,
    [user, venue, other],
  );
  await q(
    `INSERT INTO date_reservations (user_id, venue_id, scheduled_date) VALUES ($1, $2, now() + interval '9 days')`,
    [user, venue],
  );

  await runMigrations(db);
  const [v] = (await q(`SELECT * FROM venues WHERE id = $1`, [venue])).rows;
  expect(v.dietary_accommodations).toEqual(["Gluten-free", "Vegan"]);
  expect(v.accessibility_features).toEqual(["Step-free access", "Wheelchair accessible"]);
  expect(v.features).toEqual(["Candles", "Paleo", "Accessible toilet"]);
  expect(v).toMatchObject({ capacity: 1, status: "active", opening_hours: null, booking_email: null });
  const excl = (await q(`SELECT venue_id, reason FROM user_venue_exclusions WHERE user_id = $1`, [user]))
    .rows;
  expect(excl).toEqual([{ venue_id: other, reason: "member" }]);
  const [date] = (await q(`SELECT venue_status FROM date_reservations WHERE user_id = $1`, [user])).rows;
  expect(date.venue_status).toBe("confirmed");
  expect((await q(`SELECT to_regclass('need_vocabulary_0025') AS t`)).rows[0].t).toBeNull();
});
