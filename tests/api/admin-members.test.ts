import type { Readable } from "node:stream";
import { eq, ne } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { streamedWorkbookDownload } from "../../src/server/modules/admin/members/stream-workbook.ts";
import { adminAssignmentSchema } from "../../src/shared/admin/assignments.ts";
import { adminCoupleSchema } from "../../src/shared/admin/member-couple.ts";
import {
  adminMemberRefSchema,
  adminSessionSchema,
  adminUserSchema,
  MEMBERS_MSG,
} from "../../src/shared/admin/members.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
t.clock.set("2031-05-14T09:00:00Z");
const admin = await t.admin();
const member = await t.member();

function get(url: string, as: SignedIn = admin) {
  return t.request({ method: "GET", url, as });
}
function post(url: string, as: SignedIn = admin, payload?: unknown) {
  return t.request({
    method: "POST",
    url,
    as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

describe("who may call", () => {
  it.each([
    ["GET", "/api/admin/users"],
    ["GET", `/api/admin/users/${member.user.id}`],
    ["GET", `/api/admin/users/${member.user.id}/dates`],
    ["GET", "/api/admin/users/export"],
    ["POST", `/api/admin/users/${member.user.id}/promote`],
    ["POST", `/api/admin/users/${member.user.id}/demote`],
  ])("%s %s: visitor 401, member 403", async (method, url) => {
    expect((await t.request({ method: method as "GET", url })).statusCode).toBe(401);
    expect((await t.request({ method: method as "GET", url, as: member })).statusCode).toBe(403);
  });
});

describe("GET /api/admin/users?role=member (the Members tab)", () => {
  it("lists members only, as Total Members counts them; the Users tab (no role) lists admins too", async () => {
    const tag = `rolecheck${Date.now().toString(36)}`;
    const m = await t.member({ lastName: tag });
    const other = await t.admin({ lastName: tag });
    const members = await get(`/api/admin/users?role=member&search=${tag}`);
    expect(members.statusCode).toBe(200);
    expect(members.json().map((u: { id: number }) => u.id)).toEqual([m.user.id]);
    expect(members.headers["x-total-count"]).toBe("1");
    const everyone = await get(`/api/admin/users?search=${tag}`);
    expect(
      everyone
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([m.user.id, other.user.id].sort());
    const bad = await get("/api/admin/users?role=admin");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/role must be member/);
    expect(
      (await t.request({ method: "GET", url: "/api/admin/users?role=member", as: member })).statusCode,
    ).toBe(403);
  });
});

describe("GET /api/admin/users", () => {
  it("answers an array of members, newest first, with the total in x-total-count, without deleted accounts", async () => {
    const older = await t.member({
      firstName: "Olive",
      lastName: "Older",
      createdAt: new Date("2020-01-01"),
    });
    const gone = await t.member({ firstName: "Gone", deletedAt: new Date() });
    const res = await get("/api/admin/users?limit=200");
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(Array.isArray(rows)).toBe(true);
    expect(Number(res.headers["x-total-count"])).toBe(rows.length);
    expect(rows.map((r: { id: number }) => r.id)).not.toContain(gone.user.id);
    expect(rows.at(-1).id).toBe(older.user.id);
    const created = rows.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const me = rows.find((r: { id: number }) => r.id === member.user.id);
    expect(Object.keys(me).sort()).toEqual(
      [
        "id",
        "email",
        "firstName",
        "lastName",
        "partnerId",
        "hasPartner",
        "subscriptionTier",
        "subscriptionStatus",
        "onboardingCompleted",
        "isAdmin",
        "createdAt",
        "partner",
        "planHolderId",
      ].sort(),
    );
    // Nothing secret leaves the server.
    expect(res.body).not.toContain("password");
  });

  it("pages with limit and offset", async () => {
    for (let i = 0; i < 4; i++) await t.member({ lastName: `Pager${i}` });
    const all = (await get("/api/admin/users?search=pager")).json();
    expect(all).toHaveLength(4);
    const page = await get("/api/admin/users?search=pager&limit=2&offset=1");
    expect(page.headers["x-total-count"]).toBe("4");
    expect(page.json().map((r: { id: number }) => r.id)).toEqual(
      all.slice(1, 3).map((r: { id: number }) => r.id),
    );
    const past = await get("/api/admin/users?search=pager&limit=2&offset=10");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("4");
  });

  it("searches first name, last name, full name and e-mail, case-insensitively; % and _ are literal", async () => {
    const zed = await t.member({ firstName: "Zebedee", lastName: "Quartz", email: "zq_search@example.com" });
    const ids = async (q: string) =>
      (await get(`/api/admin/users?search=${encodeURIComponent(q)}`)).json().map((r: { id: number }) => r.id);
    expect(await ids("zebedee")).toEqual([zed.user.id]);
    expect(await ids("QUARTZ")).toEqual([zed.user.id]);
    expect(await ids("Zebedee Quartz")).toEqual([zed.user.id]);
    expect(await ids("zq_search@")).toEqual([zed.user.id]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("nobody-is-called-this")).toEqual([]);
  });

  it("tells a mutual partner link", async () => {
    const a = await t.member();
    const b = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const one = await t.member({ partnerId: a.user.id }); // one-sided: not a couple
    const rows = (await get("/api/admin/users?limit=200")).json();
    const find = (id: number) => rows.find((r: { id: number }) => r.id === id);
    expect(find(a.user.id)).toMatchObject({ partnerId: b.user.id, hasPartner: true });
    expect(find(b.user.id)).toMatchObject({ hasPartner: true });
    expect(find(one.user.id)).toMatchObject({ partnerId: a.user.id, hasPartner: false });
    expect(find(member.user.id)).toMatchObject({ partnerId: null, hasPartner: false });
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=abc", "limit must be a number"],
    ["limit=1.5", "limit must be a whole number"],
    ["offset=-1", "offset must be at least 0"],
    [`search=${"x".repeat(101)}`, "Search must be at most 100 characters"],
    // Other spellings of numbers were read as numbers (" 1" as 1, "0x10" as 16, "" as 0).
    ["limit=%201", "limit must be a number"],
    ["limit=0x10", "limit must be a number"],
    ["limit=1e2", "limit must be a number"],
    ["offset=", "offset must be a number"],
    ["offset=99999999999", "offset is too large"],
  ])("refuses ?%s with 400", async (qs, message) => {
    const res = await get(`/api/admin/users?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});

describe("GET /api/admin/users/:userId", () => {
  it("reads one member by id", async () => {
    const res = await get(`/api/admin/users/${member.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, email: member.user.email, isAdmin: false });
  });

  it.each(["999999", "0", "abc", "1e3", "-1", "99999999999"])("404/400 for %s, never 5xx", async (id) => {
    const res = await get(`/api/admin/users/${id}`);
    expect([400, 404]).toContain(res.statusCode);
    if (id === "999999") expect(res.json()).toEqual({ message: MEMBERS_MSG.notFound });
  });

  it("a deleted account is not found", async () => {
    const gone = await t.member({ deletedAt: new Date() });
    expect((await get(`/api/admin/users/${gone.user.id}`)).json()).toEqual({ message: "Member Not Found" });
  });
});

describe("GET /api/admin/users/:userId/dates", () => {
  it("answers the member's dates with venue, date idea, rating and feedback", async () => {
    const m = await t.member();
    const now = t.clock.now().getTime();
    const past = await arrangeDate(t.db, m.user.id, {
      at: new Date(now - hours(48)),
      status: "completed",
      rating: 4,
      feedback: "Lovely",
    });
    const next = await arrangeDate(t.db, m.user.id, { at: new Date(now + hours(72)) });
    await arrangeDate(t.db, member.user.id, { at: new Date(now + hours(10)) }); // someone else's
    const res = await get(`/api/admin/users/${m.user.id}/dates`);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: past.reservation.id,
      status: "completed",
      rating: 4,
      // The words, labelled with who wrote them now that each partner rates for themselves.
      feedback: expect.stringContaining("Lovely"),
      venue: { name: past.venue.name, city: "London", type: "restaurant" },
      dateIdea: { title: past.idea.title, category: "culinary", duration: 3, timeOfDay: "evening" },
    });
    expect(rows[1]).toMatchObject({ id: next.reservation.id, status: "scheduled" });
  });

  it("404 for an unknown member", async () => {
    const res = await get("/api/admin/users/999999/dates");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MEMBERS_MSG.notFound);
  });
});

describe("GET /api/admin/users/export", () => {
  it("sends every member (no admins) as a dated .xlsx, formulas kept as text, Joined as a date cell", async () => {
    const evil = await t.member({
      firstName: "=cmd",
      lastName: "+SUM(A1)",
      email: "evil-export@example.com",
      createdAt: new Date("2031-05-13T23:30:00Z"), // 00:30 on the 14th in London
    });
    const res = await get("/api/admin/users/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="members-2031-05-14.xlsx"');
    const ws = await readXlsx(res.rawPayload);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      "ID",
      "First Name",
      "Last Name",
      "Email",
      "Has Partner",
      "Partner",
      "Plan Holder",
      "Subscription",
      "Status",
      "Onboarding",
      "Admin",
      "Joined (London)",
    ]);
    const [{ n }] = (
      await t.db.$client.query(
        "select count(*)::int as n from users where deleted_at is null and not is_admin",
      )
    ).rows;
    expect(ws.actualRowCount).toBe(n + 1);
    let found = false;
    ws.eachRow((row) => {
      if (row.getCell(1).value !== evil.user.id) return;
      found = true;
      expect(row.getCell(2).value).toBe("'=cmd");
      expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(3).value).toBe("'+SUM(A1)");
      expect(row.getCell(8).value).toBe("Free Trial");
      expect(row.getCell(9).value).toBe("Trial");
      // A real date cell (sorts and filters as a date in Excel): the London day, 14 May, not 13 May UTC.
      expect(row.getCell(12).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(12).value).toEqual(new Date("2031-05-14T00:00:00Z"));
      expect(row.getCell(12).numFmt).toBe("dd/mm/yyyy");
    });
    expect(found).toBe(true);
  });

  it("streams many rows across keyset pages", async () => {
    await t.db.$client.query(
      `insert into users (email, first_name) select 'bulk' || g || '@example.com', 'Bulk' from generate_series(1, 4500) g`,
    );
    const res = await get("/api/admin/users/export");
    const ws = await readXlsx(res.rawPayload);
    const [{ n }] = (
      await t.db.$client.query(
        "select count(*)::int as n from users where deleted_at is null and not is_admin",
      )
    ).rows;
    expect(ws.actualRowCount).toBe(n + 1);
    await t.db.$client.query(`delete from users where email like 'bulk%@example.com'`);
  });
});

describe("streamed exports", () => {
  it("stop reading the database when the client abandons the download", async () => {
    // Before: the writer went on reading every page (a million dates) into a stream nobody read.
    let pages = 0;
    let finished = false;
    async function* batches() {
      try {
        for (let i = 0; i < 500; i++) {
          pages++;
          // A page comes back from the database on a later turn of the event loop.
          await new Promise((r) => setImmediate(r));
          yield Array.from({ length: 2000 }, (_, j) => ({
            id: i * 2000 + j,
            name: `Row ${j} ${"x".repeat(40)}`,
          }));
        }
      } finally {
        finished = true;
      }
    }
    const out = streamedWorkbookDownload(
      "x",
      new Date(),
      {
        name: "Rows",
        columns: [
          { header: "ID", value: (r: { id: number }) => r.id },
          { header: "Name", value: (r: { name: string }) => r.name },
        ],
      },
      batches(),
    ).body as Readable;
    out.on("data", () => {});
    // The download is under way (a few pages read), then the client goes.
    await eventually(() => pages >= 3);
    out.destroy();
    const atClose = pages;
    // The reader is closed (its finally ran): it reads no page after this.
    await eventually(() => finished);
    expect(pages).toBeLessThanOrEqual(atClose + 1);
    expect(pages).toBeLessThan(500);
  });
});

describe("promote and demote", () => {
  it("promotes a member, and the member can then use the back office", async () => {
    const m = await t.member();
    expect((await get("/api/admin/stats", m)).statusCode).toBe(403);
    const res = await post(`/api/admin/users/${m.user.id}/promote`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.user.id, isAdmin: true });
    expect((await get("/api/admin/stats", m)).statusCode).toBe(200);
    // Again: still an admin, no error.
    expect((await post(`/api/admin/users/${m.user.id}/promote`)).json().isAdmin).toBe(true);
  });

  it("demotes another admin, who loses access at once", async () => {
    const other = await t.admin();
    const res = await post(`/api/admin/users/${other.user.id}/demote`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.user.id, isAdmin: false });
    expect((await get("/api/admin/stats", other)).statusCode).toBe(403);
  });

  it("refuses demoting yourself, with a message, and changes nothing", async () => {
    const res = await post(`/api/admin/users/${admin.user.id}/demote`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEMBERS_MSG.cannotDemoteSelf });
    const [row] = await t.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(row.isAdmin).toBe(true);
  });

  it("refuses promoting a deleted account; 404 for unknown ids; body-less or empty JSON both accepted", async () => {
    const gone = await t.member({ deletedAt: new Date() });
    const res = await post(`/api/admin/users/${gone.user.id}/promote`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEMBERS_MSG.deletedAccount);
    expect((await post("/api/admin/users/999999/promote")).statusCode).toBe(404);
    expect((await post("/api/admin/users/999999/demote")).statusCode).toBe(404);
    expect((await post("/api/admin/users/abc/promote")).statusCode).toBe(400);
    const m = await t.member();
    expect((await post(`/api/admin/users/${m.user.id}/promote`, admin, {})).statusCode).toBe(200);
    const bad = await t.request({
      method: "POST",
      url: `/api/admin/users/${m.user.id}/demote`,
      as: admin,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, m.user.id));
    expect(row.isAdmin).toBe(true);
  });

  it("two admins demoting each other at the same moment: one succeeds, the other is refused as the last admin", async () => {
    const a = await t.admin();
    const b = await t.admin();
    // Only these two are admins now.
    await t.db.update(users).set({ isAdmin: false }).where(ne(users.id, a.user.id));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, b.user.id));
    const [ra, rb] = await Promise.all([
      post(`/api/admin/users/${b.user.id}/demote`, a),
      post(`/api/admin/users/${a.user.id}/demote`, b),
    ]);
    // The loser is refused either as the last admin (409, both requests got past the admin check) or, when the
    // winner's demotion committed before its request was authorised, as no longer an admin (403).
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(codes);
    const refused = ra.statusCode === 200 ? rb : ra;
    if (refused.statusCode === 409) expect(refused.json()).toEqual({ message: MEMBERS_MSG.lastAdmin });
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    // Restore the suite's admin.
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  });
});

describe("response contract", () => {
  const keysOf = (o: object) => Object.keys(o).sort();

  it("members, a member, their dates, couple and sessions leave with exactly their schema's fields", async () => {
    const a = await t.member({ firstName: "Ada", subscriptionTier: "gold", subscriptionStatus: "active" });
    const b = await t.member({ firstName: "Bo", partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    await arrangeDate(t.db, a.user.id, { at: new Date(t.clock.now().getTime() + hours(100)) });

    const list = (await get("/api/admin/users?limit=200")).json();
    const withPartner = list.find((u: { id: number }) => u.id === a.user.id);
    expect(withPartner.partner).not.toBeNull();
    for (const row of list) expect(keysOf(row)).toEqual(keysOf(adminUserSchema.shape));
    expect(keysOf(withPartner.partner)).toEqual(keysOf(adminMemberRefSchema.shape));

    const one = (await get(`/api/admin/users/${a.user.id}`)).json();
    expect(keysOf(one)).toEqual(keysOf(adminUserSchema.shape));
    expect(one).not.toHaveProperty("passwordHash");
    expect(one).not.toHaveProperty("deletedAt");

    const dates = (await get(`/api/admin/users/${a.user.id}/dates`)).json();
    expect(dates).toHaveLength(1);
    expect(keysOf(dates[0])).toEqual(keysOf(adminAssignmentSchema.shape));

    const couple = (await get(`/api/admin/users/${a.user.id}/couple`)).json();
    expect(keysOf(couple)).toEqual(keysOf(adminCoupleSchema.shape));
    expect(keysOf(couple.plan)).toEqual(keysOf(adminCoupleSchema.shape.plan.shape));
    expect(keysOf(couple.allowance)).toEqual(keysOf(adminCoupleSchema.shape.allowance.shape));

    const sessions = (await get(`/api/admin/users/${a.user.id}/sessions`)).json();
    expect(sessions.length).toBeGreaterThan(0);
    // The member's own list says which session is "current"; support's view has no such thing.
    for (const s of sessions) expect(keysOf(s)).toEqual(keysOf(adminSessionSchema.shape));
  });
});
