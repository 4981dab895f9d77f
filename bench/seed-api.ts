/**
 * The database behind bench:api: 10,000 onboarded members (the planner's generated world: preferences, venues,
 * date ideas, partners, some history) with a subscription each and three dates each (a rated past date, a
 * revealed one next week, one planned next month), plus an admin. All in bulk SQL on the running app's own
 * database; then sessions for a member with dates and for the admin, created as a sign-in would.
 */
import type { Db } from "../src/server/db/client.ts";
import { createOrPromoteAdmin } from "../src/server/modules/admin/accounts.ts";
import { hashPassword } from "../src/server/modules/auth/passwords.ts";
import { createSession } from "../src/server/modules/auth/sessions.ts";
import { generateWorld } from "../tests/helpers/plan-world.ts";

export interface ApiWorld {
  members: number;
  /** Session token (the cookie's value) of a member with a partner and dates. */
  memberToken: string;
  memberEmail: string;
  adminToken: string;
  /** Members who can sign in with SIGN_IN_PASSWORD (the sign-in burst). */
  signInEmails: string[];
}

export const SIGN_IN_PASSWORD = "bench sign-in password 1";

export async function seedApiWorld(db: Db, opts: { members: number; signIns: number }): Promise<ApiWorld> {
  const now = new Date();
  const day = 86_400_000;
  const { memberIds } = await generateWorld(db, {
    members: opts.members,
    venues: 500,
    seed: 2027,
    tag: "bench",
    pastDate: new Date(now.getTime() - 40 * day),
    plannedDate: new Date(now.getTime() + 20 * day),
  });
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);

  // A subscription each: the provider's customer and subscription ids, a period end, and its history.
  await q(
    `INSERT INTO payment_links (user_id, payment_customer_id, payment_subscription_id, payment_mandate_id)
     SELECT id, 'CU' || id, 'SB' || id, 'MD' || id FROM users WHERE id = ANY($1::int[])`,
    [memberIds],
  );
  await q(
    `UPDATE users SET terms_accepted = true, terms_accepted_at = now() - interval '90 days', city = 'London'
     WHERE id = ANY($1::int[])`,
    [memberIds],
  );
  await q(
    `UPDATE plan_accounts SET current_period_end = now() + (user_id % 28 + 1) * interval '1 day'
     WHERE user_id = ANY($1::int[])`,
    [memberIds],
  );
  await q(
    `INSERT INTO subscription_events (user_id, event_type, to_tier, to_status, monthly_amount, occurred_at)
     SELECT user_id, 'created', subscription_tier, 'active',
       CASE subscription_tier WHEN 'silver' THEN 1500 WHEN 'gold' THEN 2000 ELSE 3000 END,
       now() - (30 + user_id % 300) * interval '1 day'
     FROM plan_accounts WHERE user_id = ANY($1::int[])`,
    [memberIds],
  );
  // Three dates each, at venues spread over the generated ones.
  await q(
    `WITH v AS (SELECT array_agg(id ORDER BY id) AS ids FROM venues)
     INSERT INTO date_reservations (user_id, venue_id, scheduled_date, status, revealed_at, dress_code,
       match_reasons, created_at)
     SELECT u.id, v.ids[1 + (u.id * 7 + k * 131) % array_length(v.ids, 1)], d.at, d.status::date_status,
       CASE WHEN k < 2 THEN d.at - interval '2 days' END, CASE WHEN k < 2 THEN 'Smart casual' END,
       '["Within the travel radius", "A date type they ranked first"]'::jsonb, d.at - interval '14 days'
     FROM users u CROSS JOIN v CROSS JOIN generate_series(0, 2) AS k
     CROSS JOIN LATERAL (SELECT
       CASE k WHEN 0 THEN now() - (10 + u.id % 40) * interval '1 day'
              WHEN 1 THEN now() + (1 + u.id % 6) * interval '1 day' + interval '19 hours'
              ELSE now() + (25 + u.id % 20) * interval '1 day' + interval '19 hours' END AS at,
       (ARRAY['completed', 'revealed', 'scheduled'])[k + 1] AS status) AS d
     WHERE u.id = ANY($1::int[])`,
    [memberIds],
  );
  // The past date is rated by its member.
  await q(
    `INSERT INTO date_ratings (reservation_id, user_id, rating, rated_at)
     SELECT r.id, r.user_id, 1 + r.user_id % 5, r.scheduled_date + interval '1 day'
     FROM date_reservations r WHERE r.user_id = ANY($1::int[]) AND r.status = 'completed'
     ON CONFLICT DO NOTHING`,
    [memberIds],
  );

  // A site in its steady state has already sent the holds, reveals and renewal reminders for these dates and
  // plans: marked sent, so the jobs do not mail 10,000 members in the middle of the measurement.
  await q(
    `WITH rc AS (
       SELECT r.id AS res_id, r.user_id, r.scheduled_date FROM date_reservations r
        WHERE r.scheduled_date > now() AND r.status IN ('scheduled', 'revealed', 'confirmed')
       UNION ALL
       SELECT r.id, p.id, r.scheduled_date FROM date_reservations r JOIN users o ON o.id = r.user_id
         JOIN users p ON p.id = o.partner_id AND p.partner_id = o.id
        WHERE r.scheduled_date > now() AND r.status IN ('scheduled', 'revealed', 'confirmed'))
     INSERT INTO outbound_messages (key, kind, user_id, reservation_id, status, attempts, sent_at)
     SELECT k.key, k.kind, rc.user_id, rc.res_id, 'sent', 1, now() FROM rc CROSS JOIN LATERAL (VALUES
       ('hold:' || rc.res_id || ':' || rc.user_id || ':' ||
          to_char(rc.scheduled_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'date_hold'),
       ('reveal:' || rc.res_id || ':' || rc.user_id, 'date_reveal'),
       ('reveal-sms:' || rc.res_id || ':' || rc.user_id, 'sms_reveal')) AS k(key, kind)
     ON CONFLICT (key) DO NOTHING`,
  );
  await q(
    `INSERT INTO outbound_messages (key, kind, user_id, status, attempts, sent_at)
     SELECT 'renewal:' || user_id || ':' || to_char(current_period_end AT TIME ZONE 'Europe/London', 'YYYY-MM-DD'),
       'renewal', user_id, 'sent', 1, now()
     FROM plan_accounts WHERE user_id = ANY($1::int[]) ON CONFLICT (key) DO NOTHING`,
    [memberIds],
  );

  // Members who sign in during the burst: one argon2id hash shared (the same password).
  const hash = await hashPassword(SIGN_IN_PASSWORD);
  const signIn = await q(
    `UPDATE users SET password = $1 WHERE id IN (SELECT unnest($2::int[]) ORDER BY 1 LIMIT $3)
     RETURNING email`,
    [hash, memberIds, opts.signIns],
  );

  const admin = await createOrPromoteAdmin(db, {
    email: "bench-admin@example.com",
    password: "bench admin password 1",
    firstName: "Bench",
    lastName: "Admin",
  });
  // The member measured: one of a couple, so their dates and their partner's are read.
  const member = (
    await q(
      `SELECT id, email FROM users WHERE id = ANY($1::int[]) AND partner_id IS NOT NULL ORDER BY id LIMIT 1`,
      [memberIds],
    )
  ).rows[0] as { id: number; email: string };
  const memberToken = await createSession(db, member.id, now);
  const adminToken = await createSession(db, admin.id, now);
  if (!memberToken || !adminToken) throw new Error("could not create the bench sessions");
  await q("VACUUM ANALYZE");
  return {
    members: memberIds.length,
    memberToken,
    memberEmail: member.email,
    adminToken,
    signInEmails: signIn.rows.map((r: { email: string }) => r.email),
  };
}
