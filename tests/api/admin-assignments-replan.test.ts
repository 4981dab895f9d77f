/**
 * The audit rows of a date booked by the back office (Assign, Auto Assign) and the bulk re-plan: the engine
 * moves each selected date to another venue on the same evening, held for undo, audited, and the batch's undo
 * puts every date back.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, dateReservations } from "../../src/server/db/schema.ts";
import { createTestApp } from "../helpers/app.ts";
import { givePreferences, matchVenue } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-20T09:00:00Z");
t.clock.set(NOW);
const admin = await t.admin({ firstName: "Rae", lastName: "Planner" });

const audits = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "assignment"), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

describe("create and re-plan", () => {
  it("auto-assign and manual assign write a create row; a bulk re-plan moves to another venue, same time, and undoes", async () => {
    const m = await t.member({ firstName: "Kit" });
    await givePreferences(t.db, m.user.id);
    const first = await matchVenue(t.db, { name: "Borough Supper Club" });
    const auto = await t.request({
      method: "POST",
      url: `/api/admin/assignments/auto/${m.user.id}`,
      as: admin,
    });
    expect(auto.statusCode, auto.body).toBe(201);
    const a = auto.json();
    expect(a.venueId).toBe(first.venue.id);
    const [created] = await audits(a.id);
    expect(created).toMatchObject({ action: "create", actorName: "Rae Planner", subjectUserId: m.user.id });
    expect(created.summary).toMatch(/^Auto-assigned: Kit .*'s date on /);
    expect(created.changes).toEqual(
      expect.arrayContaining([{ field: "status", before: null, after: "scheduled" }]),
    );

    // Another venue that fits the same evening: the re-plan's preview names it, the run moves the date there.
    const second = await matchVenue(t.db, { name: "Bermondsey Wine Rooms" });
    const preview = await t.request({
      method: "POST",
      url: "/api/admin/assignments/bulk/preview",
      as: admin,
      payload: { action: "replan", ids: [a.id] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().ready).toBe(true);
    expect(preview.json().items[0].outcome).toMatch(/^Moved to Bermondsey Wine Rooms/);
    const run = await t.request({
      method: "POST",
      url: "/api/admin/assignments/bulk",
      as: admin,
      payload: { action: "replan", ids: [a.id] },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ message: "1 date re-planned", undoIds: [a.id] });
    const [moved] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, a.id));
    expect(moved.venueId).toBe(second.venue.id);
    expect(moved.scheduledDate.toISOString()).toBe(a.scheduledDate);
    expect(moved.mailHoldUntil).not.toBeNull();
    const rows = await audits(a.id);
    expect(rows.at(-1)).toMatchObject({ action: "move" });
    expect(rows.at(-1)!.summary).toMatch(/^Re-planned /);
    expect(rows.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        {
          field: "venue",
          before: `Borough Supper Club (${first.venue.id})`,
          after: `Bermondsey Wine Rooms (${second.venue.id})`,
        },
      ]),
    );
    const undo = await t.request({
      method: "POST",
      url: "/api/admin/assignments/bulk/undo",
      as: admin,
      payload: { ids: [a.id] },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const [back] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, a.id));
    expect(back.venueId).toBe(first.venue.id);

    // A hand-made booking (Assign) is recorded too.
    const n = await t.member({ firstName: "Lou" });
    await givePreferences(t.db, n.user.id);
    const manual = await t.request({
      method: "POST",
      url: "/api/admin/assignments",
      as: admin,
      payload: {
        userId: n.user.id,
        venueId: second.venue.id,
        scheduledDate: new Date(new Date(a.scheduledDate).getTime() + 7 * 86_400_000).toISOString(),
        overrideReason: "Booked by phone",
      },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const made = await audits(manual.json().id);
    expect(made[0]).toMatchObject({ action: "create", subjectUserId: n.user.id });
    expect(made[0].summary).toMatch(/^Date assigned: Lou /);
  });
});
