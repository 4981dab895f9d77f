/**
 * The Members tab's filters, on the server (GET /api/admin/users?role=member&status=&tier=&holder=&need=
 * &postcodeArea=&noDateIn=), their 400s; the export's "Covered by {name}"; and who counts as a member.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { userPreferences } from "../../src/server/db/schema.ts";
import { MEMBER_FILTER_MSG } from "../../src/shared/admin/members.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";

const t = await createTestApp();
t.clock.set("2031-05-14T09:00:00Z");
const admin = await t.admin();
const tag = "filtertag";

async function member(name: string, o: Parameters<typeof t.member>[0] = {}): Promise<SignedIn> {
  return t.member({ firstName: name, lastName: tag, ...o });
}
async function prefs(userId: number, p: Partial<typeof userPreferences.$inferInsert>) {
  await t.db.insert(userPreferences).values({ userId, ...p });
}
async function link(a: SignedIn, b: SignedIn) {
  await t.db.$client.query("update users set partner_id = $1 where id = $2", [b.user.id, a.user.id]);
  await t.db.$client.query("update users set partner_id = $1 where id = $2", [a.user.id, b.user.id]);
}

const holder = await member("Holly", { subscriptionTier: "gold", subscriptionStatus: "active" });
const covered = await member("Cove");
await link(holder, covered);
const pausedPlat = await member("Paula", { subscriptionTier: "platinum", subscriptionStatus: "paused" });
const trial = await member("Tess");
const lapsed = await member("Lapa", { subscriptionTier: "silver", subscriptionStatus: "cancelled" });
await prefs(holder.user.id, { postcode: "SW11 1AA", dietaryRestrictions: ["Vegan"] });
await prefs(covered.user.id, { accessibilityNeeds: ["Guide dog friendly"] });
await prefs(pausedPlat.user.id, { postcode: "SW1A 1AA" });
await prefs(trial.user.id, { postcode: "SE1 9PX", dietaryRestrictions: ["Vegetarian"] });
// The couple has a date in June (booked for the covered partner); Paula has a cancelled one.
await arrangeDate(t.db, covered.user.id, { at: new Date("2031-06-12T18:00:00Z") });
await arrangeDate(t.db, pausedPlat.user.id, { at: new Date("2031-06-12T18:00:00Z"), status: "cancelled" });
// 31 May 23:30 UTC is 1 June 00:30 in London: a June date.
await arrangeDate(t.db, lapsed.user.id, { at: new Date("2031-05-31T23:30:00Z") });
// A current admin never shows as a member; an admin whose rights were removed is a member again.
await t.admin({ firstName: "Staff", lastName: tag });
const former = await t.admin({ firstName: "Former", lastName: tag });

async function names(query: string): Promise<string[]> {
  const res = await t.request({
    method: "GET",
    url: `/api/admin/users?role=member&search=${tag}&${query}`,
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["x-total-count"]).toBe(String(res.json().length));
  return res
    .json()
    .map((u: { firstName: string }) => u.firstName)
    .sort();
}

describe("GET /api/admin/users?role=member filters", () => {
  it("without filters lists every member as before", async () => {
    expect(await names("")).toEqual(["Cove", "Holly", "Lapa", "Paula", "Tess"]);
  });

  it("status, tier and plan holder or covered", async () => {
    expect(await names("status=active")).toEqual(["Holly"]);
    expect(await names("status=paused")).toEqual(["Paula"]);
    expect(await names("status=cancelled")).toEqual(["Lapa"]);
    expect(await names("status=trial")).toEqual(["Cove", "Tess"]);
    expect(await names("tier=platinum")).toEqual(["Paula"]);
    expect(await names("tier=gold&status=active")).toEqual(["Holly"]);
    expect(await names("holder=plan_holder")).toEqual(["Holly", "Paula"]);
    expect(await names("holder=covered")).toEqual(["Cove"]);
    expect(await names("status=")).toHaveLength(5);
  });

  it("a need (common spellings accepted), a postcode area or district, no date in a month", async () => {
    expect(await names("need=Vegan")).toEqual(["Holly"]);
    expect(await names("need=vegan")).toEqual(["Holly"]);
    expect(await names("need=guide%20dogs")).toEqual(["Cove"]);
    // The couple's place: the covered partner is where the holder's answers say.
    expect(await names("postcodeArea=SW")).toEqual(["Cove", "Holly", "Paula"]);
    expect(await names("postcodeArea=sw11")).toEqual(["Cove", "Holly"]);
    expect(await names("postcodeArea=SW1A")).toEqual(["Paula"]);
    expect(await names("postcodeArea=S")).toEqual([]);
    expect(await names("postcodeArea=SE")).toEqual(["Tess"]);
    // The couple's June date counts for both; a cancelled date does not; London's month, not UTC's.
    expect(await names("noDateIn=2031-06")).toEqual(["Paula", "Tess"]);
    expect(await names("noDateIn=2031-05")).toEqual(["Cove", "Holly", "Lapa", "Paula", "Tess"]);
    expect(await names("noDateIn=2031-06&postcodeArea=SW")).toEqual(["Paula"]);
  });

  it("says what is wrong with a filter", async () => {
    for (const [query, message] of [
      ["status=frozen", MEMBER_FILTER_MSG.status],
      ["tier=bronze", MEMBER_FILTER_MSG.tier],
      ["holder=everyone", MEMBER_FILTER_MSG.holder],
      ["need=Carnivore", MEMBER_FILTER_MSG.need],
      ["postcodeArea=12", MEMBER_FILTER_MSG.postcodeArea],
      ["postcodeArea=SW11%201AA", MEMBER_FILTER_MSG.postcodeArea],
      ["noDateIn=2031-13", MEMBER_FILTER_MSG.noDateIn],
      ["noDateIn=June", MEMBER_FILTER_MSG.noDateIn],
    ]) {
      const res = await t.request({ method: "GET", url: `/api/admin/users?role=member&${query}`, as: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const m = await t.member();
    expect((await t.request({ method: "GET", url: "/api/admin/users?status=active" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/admin/users?status=active", as: m })).statusCode,
    ).toBe(403);
  });
});

describe("who counts as a member", () => {
  it("a current admin is not a member; an admin whose rights were removed is, in the list, the count and the export", async () => {
    const stats = async () =>
      (await t.request({ method: "GET", url: "/api/admin/stats", as: admin })).json().totalMembers;
    const before = await stats();
    const listed = async () =>
      Number(
        (await t.request({ method: "GET", url: "/api/admin/users?role=member&limit=1", as: admin })).headers[
          "x-total-count"
        ],
      );
    expect(await listed()).toBe(before);
    const demote = await t.request({
      method: "POST",
      url: `/api/admin/users/${former.user.id}/demote`,
      as: admin,
    });
    expect(demote.statusCode).toBe(200);
    expect(await stats()).toBe(before + 1);
    expect(await listed()).toBe(before + 1);
    expect(await names("")).toContain("Former");
  });
});

describe("the members export", () => {
  it("names a covered partner's plan 'Covered by {name}' with the holder's status, and lists no admins", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/users/export", as: admin });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const byId = new Map<number, ExcelJS.Row>();
    ws.eachRow((row, i) => {
      if (i > 1) byId.set(row.getCell(1).value as number, row);
    });
    expect(byId.get(covered.user.id)?.getCell(8).value).toBe(`Covered by Holly ${tag}`);
    expect(byId.get(covered.user.id)?.getCell(9).value).toBe("Active");
    expect(byId.get(holder.user.id)?.getCell(8).value).toBe("Gold");
    expect(byId.get(trial.user.id)?.getCell(8).value).toBe("Free Trial");
    expect(byId.has(admin.user.id)).toBe(false);
    const [{ n }] = (
      await t.db.$client.query(
        "select count(*)::int as n from users where deleted_at is null and not is_admin",
      )
    ).rows;
    expect(byId.size).toBe(n);
  });
});
