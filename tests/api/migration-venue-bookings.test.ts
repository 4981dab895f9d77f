/**
 * Migration 0025 on a database as the previous code left it: venues' needs in the members' words (common
 * spellings mapped, anything else moved to the features), the exclusions cancellations made removed (members'
 * own stay), and existing dates taken as confirmed by their venues.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { emptyDatabase, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("mig_vb");

it("maps needs onto the members' words, keeps the rest as features, drops cancellation exclusions", async () => {
  await migrateUpTo(db, "0024");
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
