import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { paymentCheckouts, userPreferences, users, waitlistEntries } from "../../src/server/db/schema.ts";
import { ONBOARDING_MSG } from "../../src/shared/schemas/onboarding.ts";
import { waitlistCountsSchema, waitlistJoinedSchema } from "../../src/shared/schemas/waitlist.ts";
import { inServiceArea, postcodeArea, SERVICE_AREA_MSG } from "../../src/shared/service-area.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { startCheckout } from "../helpers/subscribe.ts";
import { PREFERENCES } from "../security/valid-bodies.ts";

const ANSWERS = { ...PREFERENCES, timePreferences: [{ time: "evenings", rank: 1 }] };

const t = await createTestApp();
const json = { "content-type": "application/json" };
const join = (body: unknown, as?: SignedIn, ip = "203.0.113.9") =>
  t.request({
    method: "POST",
    url: "/api/waitlist",
    as,
    headers: json,
    remoteAddress: ip,
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
const entries = () => t.db.select().from(waitlistEntries).orderBy(waitlistEntries.id);

describe("inServiceArea", () => {
  it.each([
    "SW1A 1AA",
    "E1 6AN",
    "CR0 1XX",
    "ec1a1bb",
    "W1D 4HS",
    "N1C 4AG",
    "E20 1EJ",
    "HA0 1AA",
    "BR6 0AA",
    "DA15 7AA",
    "EN5 1AA",
    "IG11 7AA",
    "KT1 1AA",
    "RM14 2AA",
    "SM4 5AA",
    "TW6 1AA",
    "UB8 1AA",
  ])("%s is in Greater London", (postcode) => {
    expect(inServiceArea(postcode)).toBe(true);
  });

  it.each([
    "EH1 1YZ", // Edinburgh
    "BT1 1AA", // Belfast
    "GY1 1AA", // Guernsey
    "M1 1AE", // Manchester
    "BR8 7AA", // Swanley, Kent
    "CR3 5AA", // Caterham, Surrey
    "DA1 1AA", // Dartford, Kent
    "KT17 1AA", // Epsom, Surrey
    "SM7 1AA", // Banstead, Surrey
    "TW18 1AA", // Staines, Surrey
    "RM17 5AA", // Grays, Thurrock
    "EN6 1AA", // Potters Bar, Hertfordshire
    "not a postcode",
    "",
  ])("%s is outside", (postcode) => {
    expect(inServiceArea(postcode)).toBe(false);
  });

  it("names the postcode area", () => {
    expect(postcodeArea("EH1 1YZ")).toBe("EH");
    expect(postcodeArea("E1 6AN")).toBe("E");
    expect(postcodeArea("GY1 1AA")).toBe("GY");
  });
});

describe("POST /api/waitlist", () => {
  it("puts a visitor on the list for their area, once", async () => {
    const first = await join({ email: "Fiona@Example.com", postcode: "eh1 1yz" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ area: "EH", created: true, message: SERVICE_AREA_MSG.joined("EH") });
    // The same address for the same area (another postcode there, another case): nothing new.
    const again = await join({ email: "fiona@example.com", postcode: "EH3 9AA" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ area: "EH", created: false });
    const rows = (await entries()).filter((r) => r.email === "fiona@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ postcode: "EH1 1YZ", postcodeArea: "EH", userId: null });
    // Another area is another entry.
    expect((await join({ email: "fiona@example.com", postcode: "BT1 1AA" })).statusCode).toBe(201);
  });

  it("links a member's entry to the account, and keeps the entry when the account goes", async () => {
    const m = await t.member();
    const res = await join({ email: m.user.email, postcode: "GY1 1AA" }, m);
    expect(res.statusCode).toBe(201);
    const [row] = (await entries()).filter((r) => r.email === m.user.email);
    expect(row).toMatchObject({ userId: m.user.id, postcodeArea: "GY" });
    await t.db.delete(users).where(eq(users.id, m.user.id));
    const [kept] = (await entries()).filter((r) => r.email === m.user.email);
    expect(kept.userId).toBeNull();
  });

  it("refuses a London postcode: dates are already planned there", async () => {
    const res = await join({ email: "londoner@example.com", postcode: "SW1A 1AA" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVICE_AREA_MSG.alreadyServed);
    expect((await entries()).some((r) => r.email === "londoner@example.com")).toBe(false);
  });

  it.each([
    [{ email: "not-an-email", postcode: "EH1 1YZ" }, "email"],
    [{ email: "a@example.com", postcode: "EH1" }, "postcode"],
    [{ email: "a@example.com" }, "postcode"],
    [{ postcode: "EH1 1YZ" }, "email"],
    [{ email: "a@example.com", postcode: "EH1 1YZ", userId: 1 }, null],
  ])("refuses %j with a readable message", async (body, field) => {
    const res = await join(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    if (field === "postcode") expect(JSON.stringify(res.json())).toContain(ONBOARDING_MSG.postcode);
    if (field) expect(JSON.stringify(res.json().errors ?? res.json().message)).toContain(field);
  });

  it.each(["{not json", "[]", "null", '"EH1 1YZ"'])(
    "refuses the malformed body %s with a 4xx",
    async (raw) => {
      const res = await join(raw);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );

  it("is rate-limited per address", async () => {
    const ip = "198.51.100.77";
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push(
        (await join({ email: `many${i}@example.com`, postcode: "EH1 1YZ" }, undefined, ip)).statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("GET /api/admin/waitlist and its export", () => {
  it("refuses visitors (401) and members (403)", async () => {
    const m = await t.member();
    for (const url of ["/api/admin/waitlist", "/api/admin/waitlist/export"]) {
      expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
      expect((await t.request({ method: "GET", url, as: m })).statusCode).toBe(403);
    }
  });

  it("counts people waiting by postcode area, most first, and exports them formula-safe", async () => {
    expect(
      (await join({ email: "-2+3@example.com", postcode: "G1 1AA" }, undefined, "192.0.2.1")).statusCode,
    ).toBe(201);
    await join({ email: "glasgow2@example.com", postcode: "G2 1AA" }, undefined, "192.0.2.1");
    const admin = await t.admin();
    const res = await t.request({ method: "GET", url: "/api/admin/waitlist", as: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const all = await entries();
    expect(body.total).toBe(all.length);
    const byArea = Object.fromEntries(
      body.areas.map((a: { area: string; count: number }) => [a.area, a.count]),
    );
    for (const area of new Set(all.map((r) => r.postcodeArea)))
      expect(byArea[area]).toBe(all.filter((r) => r.postcodeArea === area).length);
    const counts = body.areas.map((a: { count: number }) => a.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const file = await t.request({ method: "GET", url: "/api/admin/waitlist/export", as: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    expect(file.headers["content-disposition"]).toMatch(
      /attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const areas = wb.getWorksheet("By area")!;
    expect(areas.getRow(1).values).toEqual([undefined, "Postcode area", "Waiting", "Latest (London)"]);
    const g = areas.getSheetValues().find((r) => Array.isArray(r) && r[1] === "G") as unknown[];
    expect(g[2]).toBe(byArea.G);
    const list = wb.getWorksheet("Entries")!;
    expect(list.rowCount).toBe(all.length + 1);
    const emails = list.getColumn(1).values.slice(2);
    expect(emails).toContain("'-2+3@example.com");
    expect(emails.some((e) => typeof e === "string" && e.startsWith("-"))).toBe(false);
  });
});

describe("the response contract of the waitlist", () => {
  it("answers exactly the schemas' keys: a join (no entry id, e-mail or postcode back) and the counts", async () => {
    const joined = await join({ email: "cardiff@example.com", postcode: "CF10 1AA" }, undefined, "192.0.2.7");
    expect(joined.statusCode).toBe(201);
    expectExactFields(joined.json(), waitlistJoinedSchema);
    const counts = await t.request({ method: "GET", url: "/api/admin/waitlist", as: await t.admin() });
    expect(counts.json().areas.length).toBeGreaterThan(0);
    expectExactFields(counts.json(), waitlistCountsSchema);
  });
});

describe("POST /api/create-subscription outside the area", () => {
  it.each(["EH1 1YZ", "BT1 1AA", "GY1 1AA"])(
    "keeps the answers for %s but refuses payment and creates nothing",
    async (postcode) => {
      const m = await t.member();
      const saved = await t.request({
        method: "POST",
        url: "/api/onboarding/preferences",
        as: m,
        headers: json,
        payload: JSON.stringify({ ...ANSWERS, postcode }),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await startCheckout(t, m, "gold");
      expect(res.statusCode).toBe(422);
      const area = postcode.slice(0, 2);
      expect(res.json().message).toBe(SERVICE_AREA_MSG.outside(area));
      expect(res.json().message).toContain("We only plan dates in Greater London for now");
      expect(res.json().redirect_url).toBeUndefined();
      expect(await t.db.$count(paymentCheckouts, eq(paymentCheckouts.userId, m.user.id))).toBe(0);
      const u = await storedMember(t.db, m.user.id);
      expect(u.subscriptionStatus).toBe(m.user.subscriptionStatus);
      const [p] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, m.user.id));
      expect(p.postcode).toBe(postcode);
    },
  );

  it("starts a checkout for London postcodes, Croydon included", async () => {
    for (const postcode of ["SW1A 1AA", "E1 6AN", "CR0 1XX"]) {
      const m = await t.member();
      await t.db.insert(userPreferences).values({ userId: m.user.id, postcode });
      const res = await startCheckout(t, m, "silver");
      expect(res.statusCode, postcode).toBe(200);
      expect(res.json().redirect_url).toEqual(expect.any(String));
    }
  });

  it("checks a partner's shared postcode when the member gave none", async () => {
    const holder = await t.member();
    const partner = await t.member({ partnerId: holder.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
    await t.db.insert(userPreferences).values({ userId: holder.user.id, postcode: "EH1 1YZ" });
    const res = await startCheckout(t, partner, "gold");
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SERVICE_AREA_MSG.outside("EH"));
  });
});
