import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app.ts";

/**
 * The users list searched on the server (ARCHITECTURE.md: long lists are paged and searched on the server):
 * what a page and a search answer, wildcards taken literally, and the search text read through its trigram
 * index, so a substring search does not read every member. How fast it answers at 100,000 members is measured
 * by `npm run bench:admin-lists`, not here.
 */
const t = await createTestApp();
const admin = await t.admin();

async function list(url: string): Promise<{ body: unknown[]; total: number }> {
  const res = await t.request({ method: "GET", url, as: admin });
  expect(res.statusCode).toBe(200);
  return { body: res.json(), total: Number(res.headers["x-total-count"]) };
}

describe("GET /api/admin/users searched on the server", () => {
  it("pages, searches by name and e-mail, takes wildcards literally, and searches through its index", async () => {
    await t.db.$client.query(`
      with m as (
        insert into users (email, first_name, last_name, created_at)
        select 'member' || g || '@perf.example', 'First' || g, 'Last' || (g % 977),
               now() - (g || ' minutes')::interval
        from generate_series(1, 2000) g
        returning id, substring(email from '^member([0-9]+)@')::int as g)
      insert into plan_accounts (user_id, subscription_tier, subscription_status)
      select id, ((array['silver','gold','platinum'])[1 + g % 3])::tier, 'active' from m`);
    await t.db.$client.query("analyze users");
    const first = await list("/api/admin/users");
    expect(first.body).toHaveLength(50);
    expect(first.total).toBeGreaterThanOrEqual(2000);
    expect((await list("/api/admin/users?offset=1990")).body.length).toBeGreaterThan(0);
    expect((await list("/api/admin/users?search=first142")).total).toBe(11); // first142, first1420-first1429
    expect((await list("/api/admin/users?search=member1999@perf")).total).toBe(1);
    expect((await list("/api/admin/users?search=zzzzzz")).total).toBe(0);
    // Wildcards are literal: a hundred % or _ match nobody (no member's text has them).
    for (const text of ["%".repeat(100), "_".repeat(100), "%_\\".repeat(33)])
      expect((await list(`/api/admin/users?search=${encodeURIComponent(text)}`)).total).toBe(0);
    await list(`/api/admin/assignments?search=${encodeURIComponent("%".repeat(100))}`);

    // The planner may read a small table whole; with that way closed, the search must have its index to use.
    const client = await t.db.$client.connect();
    try {
      await client.query("set enable_seqscan = off");
      const plan = await client.query(
        `explain select id from users where lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) like '%first142%'`,
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("users_search_trgm_idx");
    } finally {
      await client.query("reset enable_seqscan");
      client.release();
    }
  });
});
