import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dateIdeas, dateReservations, users, venues } from "../../src/server/db/schema.ts";
import { listAssignments, listAssignmentsJson } from "../../src/server/modules/admin/assignments/list.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

/**
 * The assignments page PostgreSQL writes as JSON (admin/assignments/page-json.ts) is byte for byte what
 * JSON.stringify gives for listAssignments' rows: awkward text, missing member names, venue and idea, odd
 * match reasons, instants with and without milliseconds.
 */
const t = await createTestApp();

describe("the assignments page as JSON", () => {
  it("matches JSON.stringify of the rows on every page", async () => {
    const member = await t.member();
    const other = await t.member();
    await t.db
      .update(users)
      .set({ firstName: 'Zoë "Q" \\ \u0001\t\n', lastName: null })
      .where(eq(users.id, member.user.id));
    const base = t.clock.now().getTime();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { reservation } = await arrangeDate(t.db, i % 2 ? member.user.id : other.user.id, {
        at: new Date(base + hours(24 * (i + 1)) + 123),
        status: i === 3 ? "completed" : "scheduled",
        rating: i === 3 ? 4 : null,
        feedback: i === 3 ? "Lovely — “smart” \u2028 line\u0000?".replace("\u0000", "") : null,
        venueName: i === 2 ? "Café <b>&amp;</b> 🍷" : undefined,
      });
      ids.push(reservation.id);
    }
    const reasons: unknown[] = [["near", 3, 'a"b', null, { x: 1 }], [], { not: "an array" }, "text", null];
    for (const [k, r] of reasons.entries())
      await t.db
        .update(dateReservations)
        .set({ matchReasons: sql`${JSON.stringify(r)}::jsonb` })
        .where(eq(dateReservations.id, ids[k]));
    await t.db
      .update(dateReservations)
      .set({
        venueId: null,
        dateIdeaId: null,
        revealedAt: new Date(base + 1),
        confirmedAt: new Date(base + 999),
        createdAt: sql`now() + interval '1 day' + interval '0.123456 seconds'`,
      })
      .where(eq(dateReservations.id, ids[5]));
    await t.db
      .update(dateIdeas)
      .set({ description: null })
      .where(eq(dateIdeas.id, sql`(select date_idea_id from date_reservations where id = ${ids[6]})`));
    await t.db
      .update(venues)
      .set({ address: null })
      .where(eq(venues.id, sql`(select venue_id from date_reservations where id = ${ids[6]})`));

    for (const [limit, offset] of [
      [50, 0],
      [3, 0],
      [3, 2],
      [2, 6],
      [5, 1000],
    ]) {
      const q = { limit, offset, search: undefined };
      const { rows, total } = await listAssignments(t.deps, q);
      const page = await listAssignmentsJson(t.deps, q);
      expect(page.json).toBe(JSON.stringify(rows));
      expect(page.total).toBe(total);
    }
  });

  it("answers the same JSON over HTTP, with the total", async () => {
    const admin = await t.admin();
    const res = await t.request({ method: "GET", url: "/api/admin/assignments?limit=4&offset=1", as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const { rows, total } = await listAssignments(t.deps, { limit: 4, offset: 1, search: undefined });
    expect(res.body).toBe(JSON.stringify(rows));
    expect(res.headers["x-total-count"]).toBe(String(total));
  });
});
