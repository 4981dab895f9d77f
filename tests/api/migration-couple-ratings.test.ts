/**
 * Migration 0017 on a database as the previous code left it: every rating moves to date_ratings with the
 * partner who wrote it, or with the couple's plan holder where that is unknown; nothing is lost.
 */
import { expect, it } from "vitest";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { emptyDatabase, migrateUpTo } from "../helpers/migration-db.ts";

const db = await emptyDatabase("mig");

it("moves each rating to who wrote it, or to the plan holder, and keeps every star and word", async () => {
  await migrateUpTo(db, "0016");
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);

  // A couple (Hana holds the plan, Pip is covered) and a member on their own, as the previous code stored them.
  const ids = (
    await q(
      `INSERT INTO users (email, first_name, subscription_tier, subscription_status) VALUES
        ('hana@example.com', 'Hana', 'gold', 'active'), ('pip@example.com', 'Pip', NULL, NULL),
        ('solo@example.com', 'Sol', 'silver', 'cancelled')
       RETURNING id`,
    )
  ).rows.map((r) => r.id as number);
  const [hana, pip, solo] = ids;
  await q("UPDATE users SET partner_id = $2 WHERE id = $1", [hana, pip]);
  await q("UPDATE users SET partner_id = $2 WHERE id = $1", [pip, hana]);
  const venue = (
    await q(`INSERT INTO venues (name, city, type) VALUES ('Old Venue', 'London', 'restaurant') RETURNING id`)
  ).rows[0].id;
  const at = "2026-10-10T19:30:00Z";
  const res = async (
    userId: number,
    rating: number | null,
    feedback: string | null,
    ratedBy: number | null,
  ) =>
    (
      await q(
        `INSERT INTO date_reservations (user_id, venue_id, scheduled_date, status, rating, feedback, rated_at, rated_by)
         VALUES ($1, $2, $3, 'completed', $4, $5, CASE WHEN $4::int IS NULL THEN NULL ELSE '2026-10-11T10:00:00Z'::timestamptz END, $6)
         RETURNING id`,
        [userId, venue, at, rating, feedback, ratedBy],
      )
    ).rows[0].id as number;
  const byPip = await res(hana, 2, "Too loud", pip); // the partner rated the holder's date
  const byHanaUnknown = await res(pip, 5, "Perfect", null); // a partner's date, rater unknown: the holder
  const holderOwn = await res(hana, 4, null, null); // the holder's own date, rater unknown
  const soloOwn = await res(solo, 3, "Fine", null);
  const unrated = await res(hana, null, null, null);

  await runMigrations(db);

  const rows = (
    await q(
      "SELECT reservation_id, user_id, rating, feedback, rated_at FROM date_ratings ORDER BY reservation_id",
    )
  ).rows;
  expect(rows).toEqual([
    {
      reservation_id: byPip,
      user_id: pip,
      rating: 2,
      feedback: "Too loud",
      rated_at: new Date("2026-10-11T10:00:00Z"),
    },
    {
      reservation_id: byHanaUnknown,
      user_id: hana,
      rating: 5,
      feedback: "Perfect",
      rated_at: expect.any(Date),
    },
    { reservation_id: holderOwn, user_id: hana, rating: 4, feedback: null, rated_at: expect.any(Date) },
    { reservation_id: soloOwn, user_id: solo, rating: 3, feedback: "Fine", rated_at: expect.any(Date) },
  ]);
  expect(rows.some((r) => r.reservation_id === unrated)).toBe(false);
  // The old columns are gone; the dates themselves are untouched.
  const cols = (
    await q(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'date_reservations' AND column_name IN ('rating', 'feedback', 'rated_at', 'rated_by')",
    )
  ).rows;
  expect(cols).toEqual([]);
  expect((await q("SELECT count(*)::int AS n FROM date_reservations")).rows[0].n).toBe(5);
});
