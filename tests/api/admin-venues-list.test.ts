import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dateIdeas, venues } from "../../src/server/db/schema.ts";
import type { AdminVenue } from "../../src/shared/admin/venues.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();

const get = (url: string, as: typeof admin | null = admin) =>
  t.request({ method: "GET", url, as: as ?? undefined });
const names = (body: AdminVenue[]) => body.map((v) => v.name);

// Two groups the searches below pick out by a marker no other row has.
const [kiln] = await t.db
  .insert(venues)
  .values([
    { name: "Kiln Venue 10", city: "London", type: "restaurant", address: "2 Quay St" },
    { name: "kiln Venue 2", city: "Bath", type: "cultural", address: null },
    { name: "Kiln Venue 1", city: "London", type: "activity", address: "9 Harbour Row" },
    { name: "Kiln Venue 100", city: "York", type: "wellness" },
    { name: "Mill 50% off_deal", city: "Leeds", type: "restaurant", address: "1 Percent Place" },
    { name: "Mill 50 offXdeal", city: "Leeds", type: "restaurant" },
    { name: "Odd Place", city: "Kilnsey", type: "adventure" },
    { name: "Other Place", city: "Hull", type: "adventure", address: "4 KILN Lane" },
  ])
  .returning();
await t.db.insert(dateIdeas).values([
  { title: "Pots", venueId: kiln.id },
  { title: "Mugs", venueId: kiln.id },
]);

describe("GET /api/admin/venues", () => {
  it("without paging parameters answers every venue as an array, in natural name order", async () => {
    const res = await get("/api/admin/venues");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBeUndefined();
    const body = res.json() as AdminVenue[];
    expect(body).toHaveLength(8);
    expect(names(body).filter((n) => /kiln venue/i.test(n))).toEqual([
      "Kiln Venue 1",
      "kiln Venue 2",
      "Kiln Venue 10",
      "Kiln Venue 100",
    ]);
    expect(body.find((v) => v.id === kiln.id)?.dateIdeaCount).toBe(2);
    expect(body.find((v) => v.name === "Odd Place")?.dateIdeaCount).toBe(0);
  });

  it("pages in the same order with the total in x-total-count", async () => {
    const first = await get("/api/admin/venues?limit=3&offset=0");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("8");
    const second = await get("/api/admin/venues?limit=3&offset=3");
    const all = names((await get("/api/admin/venues")).json());
    expect([...names(first.json()), ...names(second.json())]).toEqual(all.slice(0, 6));
    const past = await get("/api/admin/venues?limit=3&offset=50");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("8");
  });

  it("searches name, city and address, case-insensitively", async () => {
    const res = await get("/api/admin/venues?search=KILN&limit=50");
    expect(res.headers["x-total-count"]).toBe("6");
    expect(names(res.json())).toEqual([
      "Kiln Venue 1",
      "kiln Venue 2",
      "Kiln Venue 10",
      "Kiln Venue 100",
      "Odd Place", // city Kilnsey
      "Other Place", // address 4 KILN Lane
    ]);
    expect(names((await get("/api/admin/venues?search=%20harbour%20")).json())).toEqual(["Kiln Venue 1"]);
    expect(names((await get("/api/admin/venues?search=bath")).json())).toEqual(["kiln Venue 2"]);
  });

  it("reads % and _ in a search as themselves, not as wildcards", async () => {
    expect(names((await get("/api/admin/venues?search=50%25%20off_")).json())).toEqual(["Mill 50% off_deal"]);
    expect(names((await get("/api/admin/venues?search=off_deal")).json())).toEqual(["Mill 50% off_deal"]);
    expect((await get("/api/admin/venues?search=%25")).json()).toHaveLength(1);
    expect((await get("/api/admin/venues?search=%5C")).json()).toEqual([]);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=abc", "limit must be a number"],
    ["limit=1.5", "limit must be a whole number"],
    ["offset=-1", "offset must be at least 0"],
    [`search=${"x".repeat(101)}`, "Search must be at most 100 characters"],
  ])("refuses ?%s with its message", async (qs, message) => {
    const res = await get(`/api/admin/venues?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("refuses visitors (401) and members (403) with or without paging", async () => {
    for (const url of ["/api/admin/venues", "/api/admin/venues?search=kiln&limit=5"]) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, member)).statusCode).toBe(403);
    }
  });

  it("with 10,000 venues, the first page, a search and the last page answer the right rows (timed by bench:admin-lists)", async () => {
    await t.db.execute(sql`
      insert into venues (name, city, type, address)
      select 'Bulk Venue ' || i, case when i % 7 = 0 then 'Brighton' else 'London' end, 'restaurant',
        i || ' Long Road'
      from generate_series(0, 9999) as i`);
    await t.db.execute(sql`analyze venues`);
    const page = await get("/api/admin/venues?limit=5");
    expect(page.headers["x-total-count"]).toBe("10008");
    expect((await get("/api/admin/venues?limit=25&offset=0")).json()).toHaveLength(25);
    expect((await get("/api/admin/venues?limit=25&offset=9975")).json()).toHaveLength(25);
    const search = await get("/api/admin/venues?search=bulk%20venue%201&limit=8");
    expect(names(search.json())).toEqual([
      "Bulk Venue 1",
      "Bulk Venue 10",
      "Bulk Venue 11",
      "Bulk Venue 12",
      "Bulk Venue 13",
      "Bulk Venue 14",
      "Bulk Venue 15",
      "Bulk Venue 16",
    ]);
    expect(search.headers["x-total-count"]).toBe("1111");
    const bulk = names((await get("/api/admin/venues?search=bulk&limit=4")).json());
    expect(bulk).toEqual(["Bulk Venue 0", "Bulk Venue 1", "Bulk Venue 2", "Bulk Venue 3"]);
  });
});
