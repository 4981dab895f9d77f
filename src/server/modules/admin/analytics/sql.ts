/** SQL pieces the analytics queries share. Every value goes in as a parameter. */
import { type SQL, sql } from "drizzle-orm";
import { LIVE_STATUSES, NON_STATE_EVENTS } from "../../../../shared/admin/analytics.ts";
import { TIER_IDS, TIERS } from "../../../../shared/constants.ts";
import type { Db } from "../../../db/client.ts";

/** Runs a query and returns its rows. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** `$1, $2, ...` for a list of text values (used inside IN (...)). */
export function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

export const liveStatuses = list(LIVE_STATUSES);
export const nonStateEvents = list(NON_STATE_EVENTS);

/** `(VALUES ('silver', 1500), ...)`: each tier's monthly list price in pence, from TIERS. */
export const tierPrices = sql`(VALUES ${sql.join(
  TIER_IDS.map((t) => sql`(${t}::text, ${TIERS[t].monthlyPricePence}::int)`),
  sql`, `,
)})`;

/** A tier's monthly list price in pence (TIERS), NULL for anything else. */
export const listPrice = (tier: SQL): SQL =>
  sql`(CASE ${tier} ${sql.join(
    TIER_IDS.map((t) => sql`WHEN ${t} THEN ${TIERS[t].monthlyPricePence}::int`),
    sql` `,
  )} END)`;

export const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** A London calendar month's label (YYYY-MM) of a timestamptz expression. */
export const londonMonth = (expr: SQL): SQL => sql`to_char(${expr} AT TIME ZONE 'Europe/London', 'YYYY-MM')`;

/**
 * `months(month, month_start, month_end)`: the last `n` London months up to and including the one holding
 * `now`, oldest first; start and end as timestamptz.
 */
export function monthsCte(now: Date, n: number): SQL {
  return sql`months AS (
    SELECT to_char(m, 'YYYY-MM') AS month,
           m AT TIME ZONE 'Europe/London' AS month_start,
           (m + interval '1 month') AT TIME ZONE 'Europe/London' AS month_end
    FROM generate_series(
      date_trunc('month', ${ts(now)} AT TIME ZONE 'Europe/London') - make_interval(months => ${n - 1}::int),
      date_trunc('month', ${ts(now)} AT TIME ZONE 'Europe/London'),
      interval '1 month') AS m
  )`;
}

/** A percentage with one decimal (numeric, half away from zero); 0 when the denominator is 0. */
export const rate = (part: SQL, whole: SQL): SQL =>
  sql`coalesce(round(100.0 * (${part}) / nullif(${whole}, 0), 1), 0)::float8`;

/** Pence to pounds as a number with two decimals. */
export const pounds = (pence: number): number => Math.round(pence) / 100;
