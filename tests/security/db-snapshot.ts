import type { Db } from "../../src/server/db/client.ts";

/**
 * Tables a refused request is meant to change: rate_limits counts attempts, refused ones included (a
 * guesser's wrong passwords and a flood of bad bodies are exactly what it is for).
 */
const COUNTERS = ["rate_limits"];

/**
 * A fingerprint of every table in the public schema (an md5 of all its rows), to prove that a request
 * changed nothing. `skip` names tables a caller allows to change, each with its reason at the call site.
 */
export async function snapshotTables(db: Db, skip: readonly string[] = []): Promise<Record<string, string>> {
  skip = [...skip, ...COUNTERS];
  const { rows } = await db.$client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const names = rows.map((r) => r.table_name).filter((n) => !skip.includes(n));
  const parts = names.map(
    (n) => `SELECT '${n}' AS name, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS hash
              FROM "${n}" t`,
  );
  const res = await db.$client.query<{ name: string; hash: string }>(parts.join(" UNION ALL "));
  return Object.fromEntries(res.rows.map((r) => [r.name, r.hash]));
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

/**
 * A snapshot once the database has stopped changing (unchanged over three polls in a row): mail sent after an
 * answer is logged a moment later, and must not be taken for the next request's doing.
 * Throws if the database is still changing after 150 polls.
 */
export async function settledSnapshot(db: Db): Promise<Record<string, string>> {
  // Quiet for three polls in a row (60 ms): mail sent after an answer comes in steps (verification, then
  // welcome), and on a busy machine one quiet poll was not enough to see the last of it.
  let last = await snapshotTables(db);
  let quiet = 0;
  for (let i = 0; i < 150; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = await snapshotTables(db);
    quiet = changedTables(last, now).length === 0 ? quiet + 1 : 0;
    if (quiet === 3) return now;
    last = now;
  }
  // Still changing after 150 polls: comparing against it would blame the next request, so say so here.
  throw new Error(`the database never settled: ${changedTables(await snapshotTables(db), last).join(", ")}`);
}
