/**
 * A venue's own read, edits that never overwrite each other (ETag / If-Match, 412) and its audit rows: create,
 * update, archive and restore, delete, and each venue a sync adds, changes or removes (decision 0070).
 */
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import { dateReservations, venues } from "../../src/server/db/schema.ts";
import { staleTime } from "../../src/server/modules/audit/etag.ts";
import { STALE_EDIT_MSG } from "../../src/shared/admin/audit.ts";
import { RULE_MSG } from "../../src/shared/admin/rulebook.ts";
import { adminVenueSchema, VENUE_MSG } from "../../src/shared/admin/venues.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));
const ada = await t.admin({ firstName: "Ada", lastName: "Lovelace" });
const bob = await t.admin({ firstName: "Bob", lastName: "Builder" });
const member = await t.member();

let n = 0;
type Body = Record<string, unknown>;
const call = (method: string, url: string, as?: SignedIn, payload?: Body, ifMatch?: string) =>
  t.request({
    method: method as "GET",
    url,
    as,
    headers: ifMatch ? { "if-match": ifMatch } : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function newVenue(as = ada) {
  const res = await call("POST", "/api/admin/venues", as, {
    name: `The Lantern ${++n}`,
    city: "London",
    type: "restaurant",
    postcode: "SE1 9PX",
    latitude: 51.5055,
    longitude: -0.091,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  return adminVenueSchema.parse(res.json());
}

const history = async (id: number | string) => {
  const res = await call("GET", `/api/admin/audit?entity=venue&entityId=${id}`, ada);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    at: string;
    action: string;
    actorName: string;
    summary: string;
    changes: Body[];
  }>;
};
const stored = async (id: number) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0];

describe("GET /api/admin/venues/:id", () => {
  it("answers the venue as the list does, with an ETag; admins only; 404 and 400", async () => {
    const v = await newVenue();
    const res = await call("GET", `/api/admin/venues/${v.id}`, ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(v);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const list = (await call("GET", "/api/admin/venues", ada)).json() as unknown[];
    expect(list).toContainEqual(res.json());
    expect((await call("GET", `/api/admin/venues/${v.id}`)).statusCode).toBe(401);
    expect((await call("GET", `/api/admin/venues/${v.id}`, member)).statusCode).toBe(403);
    const missing = await call("GET", "/api/admin/venues/999999", ada);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(VENUE_MSG.notFound);
    expect((await call("GET", "/api/admin/venues/abc", ada)).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/venues/0", ada)).statusCode).toBe(400);
  });

  it("a date booked at the venue does not change its ETag (a booking is not an edit)", async () => {
    const v = await newVenue();
    const before = (await call("GET", `/api/admin/venues/${v.id}`, ada)).headers.etag;
    await t.db.insert(dateReservations).values({
      userId: member.user.id,
      venueId: v.id,
      scheduledDate: new Date("2026-12-01T19:00:00Z"),
      status: "scheduled",
    });
    const after = await call("GET", `/api/admin/venues/${v.id}`, ada);
    expect(after.json().reservationCount).toBe(1);
    expect(after.headers.etag).toBe(before);
  });
});

describe("saving with If-Match", () => {
  it("a matching If-Match saves and answers the new ETag; a stale one is 412 naming the other admin, nothing changed", async () => {
    const v = await newVenue();
    const read = await call("GET", `/api/admin/venues/${v.id}`, ada);
    const tag = read.headers.etag as string;
    // Bob saves first, from the same version.
    const first = await call("PUT", `/api/admin/venues/${v.id}`, bob, { city: "Bath" }, tag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().city).toBe("Bath");
    expect(first.headers.etag).not.toBe(tag);
    expect((await call("GET", `/api/admin/venues/${v.id}`, ada)).headers.etag).toBe(first.headers.etag);
    // Ada's save from the old version is refused, and changes nothing.
    const [bobsRow] = await history(v.id);
    const stale = await call("PUT", `/api/admin/venues/${v.id}`, ada, { city: "York", name: "Renamed" }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe(STALE_EDIT_MSG("Bob Builder", staleTime(new Date(bobsRow.at))));
    expect(stale.json().message).toMatch(
      /^Changed by Bob Builder at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    const row = await stored(v.id);
    expect([row.city, row.name]).toEqual(["Bath", v.name]);
    expect(await history(v.id)).toHaveLength(2);
    // With the new ETag her save goes through.
    const again = await call(
      "PUT",
      `/api/admin/venues/${v.id}`,
      ada,
      { city: "York" },
      first.headers.etag as string,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().city).toBe("York");
  });

  it("without If-Match a save behaves as before (last write wins)", async () => {
    const v = await newVenue();
    await call("PUT", `/api/admin/venues/${v.id}`, bob, { city: "Bath" });
    const res = await call("PUT", `/api/admin/venues/${v.id}`, ada, { city: "York" });
    expect(res.statusCode).toBe(200);
    expect(res.json().city).toBe("York");
    expect(res.headers.etag).toBeTruthy();
  });

  it("a stale delete is 412 and deletes nothing; a matching one deletes", async () => {
    const v = await newVenue();
    const tag = (await call("GET", `/api/admin/venues/${v.id}`, ada)).headers.etag as string;
    await call("PUT", `/api/admin/venues/${v.id}`, bob, { capacity: 9 });
    const stale = await call("DELETE", `/api/admin/venues/${v.id}`, ada, undefined, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^Changed by Bob Builder at /);
    expect(await stored(v.id)).toBeDefined();
    const fresh = (await call("GET", `/api/admin/venues/${v.id}`, ada)).headers.etag as string;
    expect((await call("DELETE", `/api/admin/venues/${v.id}`, ada, undefined, fresh)).statusCode).toBe(204);
    expect(await stored(v.id)).toBeUndefined();
  });

  it("a stale If-Match on an unknown venue is 404, and a member's If-Match is still 403", async () => {
    expect((await call("PUT", "/api/admin/venues/999999", ada, { city: "Bath" }, '"x"')).statusCode).toBe(
      404,
    );
    const v = await newVenue();
    expect((await call("PUT", `/api/admin/venues/${v.id}`, member, { city: "Bath" }, '"x"')).statusCode).toBe(
      403,
    );
    expect((await stored(v.id)).city).toBe("London");
  });
});

describe("audit rows", () => {
  it("create, update, archive, restore and delete each write a row with the fields before and after", async () => {
    const v = await newVenue();
    await call("PUT", `/api/admin/venues/${v.id}`, bob, { city: "Bath", priceLevel: "high" });
    await call("PUT", `/api/admin/venues/${v.id}`, ada, { status: "archived" });
    await call("PUT", `/api/admin/venues/${v.id}`, ada, { status: "active" });
    await call("DELETE", `/api/admin/venues/${v.id}`, bob);
    const rows = await history(v.id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["delete", "Bob Builder"],
      ["restore", "Ada Lovelace"],
      ["archive", "Ada Lovelace"],
      ["update", "Bob Builder"],
      ["create", "Ada Lovelace"],
    ]);
    expect(rows[3].summary).toBe(`Venue "${v.name}" saved`);
    expect(rows[3].changes).toEqual(
      expect.arrayContaining([
        { field: "city", before: "London", after: "Bath" },
        { field: "priceLevel", before: "medium", after: "high" },
      ]),
    );
    expect(rows[3].changes).toHaveLength(2);
    expect(rows[2].changes).toContainEqual({ field: "status", before: "active", after: "archived" });
    expect(rows[4].changes).toContainEqual({ field: "name", before: null, after: v.name });
    // A creation lists the fields it filled, not the empty ones.
    expect(rows[4].changes.map((c) => c.field)).not.toContain("experienceBlurb");
    expect(rows[0].changes).toContainEqual({ field: "name", before: v.name, after: null });
    // Counts are not edits.
    expect(rows.flatMap((r) => r.changes.map((c) => c.field))).not.toContain("reservationCount");
  });

  it("a save that changes nothing writes no row; a refused delete (the venue has dates) writes none", async () => {
    const v = await newVenue();
    await call("PUT", `/api/admin/venues/${v.id}`, ada, {});
    await call("PUT", `/api/admin/venues/${v.id}`, ada, { city: "London", name: v.name });
    await t.db.insert(dateReservations).values({
      userId: member.user.id,
      venueId: v.id,
      scheduledDate: new Date("2026-12-01T19:00:00Z"),
      status: "scheduled",
    });
    const refused = await call("DELETE", `/api/admin/venues/${v.id}`, ada);
    expect(refused.statusCode).toBe(409);
    expect((await history(v.id)).map((r) => r.action)).toEqual(["create"]);
  });

  it("archiving re-checks the venue's dates ahead", async () => {
    const couple = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const d = await arrangeDate(t.db, couple.user.id, { at: new Date("2026-11-20T19:30:00Z") });
    const res = await call("PUT", `/api/admin/venues/${d.venue.id}`, ada, { status: "archived" });
    expect(res.statusCode).toBe(200);
    const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, d.reservation.id));
    expect(r.ruleProblems).toContain(RULE_MSG.venueArchived(d.venue.name));
    // Restored: the problem goes.
    await call("PUT", `/api/admin/venues/${d.venue.id}`, ada, { status: "active" });
    const [back] = await t.db
      .select()
      .from(dateReservations)
      .where(eq(dateReservations.id, d.reservation.id));
    expect(back.ruleProblems ?? []).not.toContain(RULE_MSG.venueArchived(d.venue.name));
  });
});

describe("a venue sync's audit rows", () => {
  async function sheet(rows: Array<Array<string | number>>) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Venues");
    ws.addRow(["ID", "Name", "Address", "City", "Type"]);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const sync = async (file: Buffer, removeMissing: boolean) => {
    const q = `filename=venues.xlsx&removeMissing=${removeMissing}`;
    const send = (kind: string, extra = "") =>
      t.request({
        method: "POST",
        url: `/api/admin/venues/sync/${kind}?${q}${extra}`,
        as: bob,
        headers: { "content-type": "application/octet-stream" },
        payload: file,
      });
    const preview = await send("preview");
    expect(preview.statusCode, preview.body).toBe(200);
    const apply = await send("apply", `&planId=${preview.json().planId}`);
    expect(apply.statusCode, apply.body).toBe(200);
    return apply.json();
  };

  it("each venue added or changed gets a row by the operator, and the sync a summary row", async () => {
    const v = await newVenue();
    const result = await sync(
      await sheet([
        [v.id, v.name, "2 Lantern Lane", "Bath", "restaurant"],
        ["", "Sync Added Venue", "", "London", "wellness"],
      ]),
      false,
    );
    expect(result).toMatchObject({ created: 1, updated: 1 });
    const [changed] = await history(v.id);
    expect(changed).toMatchObject({ action: "update", actorName: "Bob Builder" });
    expect(changed.summary).toBe(`Venue "${v.name}" changed by a sync from venues.xlsx`);
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: "city", before: "London", after: "Bath" },
        { field: "address", before: null, after: "2 Lantern Lane" },
      ]),
    );
    const [added] = await t.db.select().from(venues).where(eq(venues.name, "Sync Added Venue"));
    const [created] = await history(added.id);
    expect(created).toMatchObject({ action: "create", actorName: "Bob Builder" });
    expect(created.changes).toContainEqual({ field: "name", before: null, after: "Sync Added Venue" });
    const [summary] = await history("sync");
    expect(summary).toMatchObject({ action: "sync", actorName: "Bob Builder" });
    expect(summary.summary).toBe("Venue sync from venues.xlsx: 1 added, 1 changed, 0 removed");
  });
});
