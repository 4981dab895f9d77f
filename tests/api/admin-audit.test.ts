/**
 * The Audit view's reads: every change searched (summary, actor, record id), filtered by record type and day,
 * paged newest first, and exported as CSV with the same filters (decision 0071).
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../src/server/db/schema.ts";
import { recordAudit } from "../../src/server/modules/audit/record.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
let admin: SignedIn;
beforeAll(async () => {
  t.clock.set(new Date("2026-12-01T09:00:00Z"));
  admin = await t.admin({ firstName: "Ada", lastName: "Operator" });
  const actor = { id: admin.user.id, name: "Ada Operator" };
  await recordAudit(t.db, {
    actor,
    entity: "venue",
    entityId: 501,
    action: "update",
    summary: 'Venue "Green Leaf" saved',
    changes: [
      { field: "priceRange", before: "££", after: "£££" },
      { field: "dietaryOptions", before: ["Vegan"], after: [] },
    ],
  });
  await recordAudit(t.db, {
    actor: null,
    entity: "offer_code",
    entityId: "WINTER",
    action: "create",
    summary: "Offer code WINTER created",
  });
  await recordAudit(t.db, {
    actor,
    entity: "venue",
    entityId: 502,
    action: "archive",
    summary: '=HYPERLINK("x") archived',
  });
  // One older row, for the day filters.
  await t.db.insert(auditLog).values({
    at: new Date("2026-10-10T12:00:00Z"),
    actorId: admin.user.id,
    actorName: "Ada Operator",
    entity: "clue",
    entityId: "77",
    action: "update",
    summary: "Clue 77 saved",
    changes: [],
  });
});

const get = (url: string, as: SignedIn | undefined = admin) => t.request({ method: "GET", url, as });
const ids = (res: { json: () => unknown }) => (res.json() as { entityId: string }[]).map((r) => r.entityId);

describe("GET /api/admin/audit (the Audit view)", () => {
  it("lists every change newest first with the total", async () => {
    const res = await get("/api/admin/audit");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("4");
    expect(ids(res)).toEqual(["77", "502", "WINTER", "501"]);
  });

  it("searches the summary, the actor and the record id", async () => {
    expect(ids(await get("/api/admin/audit?search=green%20leaf"))).toEqual(["501"]);
    expect(ids(await get("/api/admin/audit?search=winter"))).toEqual(["WINTER"]);
    expect(ids(await get("/api/admin/audit?search=operator"))).toEqual(["77", "502", "501"]);
    expect(ids(await get("/api/admin/audit?search=502"))).toEqual(["502"]);
  });

  it("filters by record type and by day, and pages", async () => {
    expect(ids(await get("/api/admin/audit?entity=venue"))).toEqual(["502", "501"]);
    expect(ids(await get("/api/admin/audit?from=2026-10-01&to=2026-10-10"))).toEqual(["77"]);
    expect(ids(await get("/api/admin/audit?from=2026-10-11"))).toHaveLength(3);
    expect(ids(await get("/api/admin/audit?to=2026-10-09"))).toEqual([]);
    const page = await get("/api/admin/audit?limit=2&offset=2");
    expect(page.headers["x-total-count"]).toBe("4");
    expect(ids(page)).toEqual(["WINTER", "501"]);
  });

  it("refuses a malformed query with its message", async () => {
    const bad = async (q: string, message: string) => {
      const res = await get(`/api/admin/audit${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await bad("?entity=spaceship", "Unknown record type");
    await bad("?from=01-12-2026", "Use a date like 2026-11-28");
    await bad("?to=2026-02-31", "Use a real date");
    await bad("?limit=500", "limit must be at most 200");
    await bad("?offset=-1", "offset must be at least 0");
    await bad(`?search=${"x".repeat(101)}`, "Search must be at most 100 characters");
  });

  it("is for administrators only", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(401);
    expect((await get("/api/admin/audit", await t.member())).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/admin/audit/export" })).statusCode).toBe(401);
    expect((await get("/api/admin/audit/export", await t.member())).statusCode).toBe(403);
  });
});

describe("GET /api/admin/audit/export", () => {
  it("answers the filtered changes as a CSV download, each change before -> after", async () => {
    const res = await get("/api/admin/audit/export?entity=venue");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="audit-2026-12-01.csv"');
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual(["at", "actor", "entity", "entityId", "action", "summary", "changes"]);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(1, 5)).toEqual(["Ada Operator", "venue", "502", "archive"]);
    // Text a spreadsheet would run is kept as text.
    expect(rows[1][5]).toBe(`'=HYPERLINK("x") archived`);
    expect(rows[2][6]).toBe("priceRange: ££ -> £££; dietaryOptions: Vegan -> (none)");
    expect(new Date(rows[2][0]).toISOString()).toBe(rows[2][0]);
  });

  it("takes the list's filters, without paging, and refuses malformed ones", async () => {
    const res = await get("/api/admin/audit/export?search=winter&limit=1");
    const rows: string[][] = parse(res.body);
    expect(rows.map((r) => r[3])).toEqual(["entityId", "WINTER"]);
    expect(rows[1][1]).toBe("System");
    expect((await get("/api/admin/audit/export?to=2026-02-31")).statusCode).toBe(400);
  });
});
