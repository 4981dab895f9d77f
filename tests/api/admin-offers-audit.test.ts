/**
 * Offer codes as records that never overwrite each other (issue #32): the read of one code with its ETag, a
 * save with If-Match (fresh: saved with a new ETag; stale: 412 naming the other admin, nothing changed), a
 * save without it as before, and the audit row of each change with its fields before and after. Also the
 * description's length limit (item 8).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, offerCodes } from "../../src/server/db/schema.ts";
import { OFFER_ADMIN_MSG as M } from "../../src/shared/admin/offers.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
let ada: SignedIn;
let ben: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  ada = await t.admin({ firstName: "Ada", lastName: "Operator" });
  ben = await t.admin({ firstName: "Ben", lastName: "Second" });
  member = await t.member();
});

let n = 0;
const uniqueCode = () => `AUDIT${++n}X${process.pid}`;

async function createCode(body: object = {}, as: SignedIn = ada) {
  const res = await t.request({
    method: "POST",
    url: "/api/admin/offer-codes",
    as,
    payload: { code: uniqueCode(), description: "Spring offer", discountValue: 10, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string };
}
const read = (id: number | string, as: SignedIn | null = ada) =>
  t.request({ method: "GET", url: `/api/admin/offer-codes/${id}`, as: as ?? undefined });
const save = (id: number, payload: object, as: SignedIn, etag?: string) =>
  t.request({
    method: "PUT",
    url: `/api/admin/offer-codes/${id}`,
    as,
    payload,
    headers: etag ? { "if-match": etag } : {},
  });
const history = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "offer_code"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe("GET /api/admin/offer-codes/:id", () => {
  it("answers the code as the list shows it, with an ETag", async () => {
    const code = await createCode();
    const res = await read(code.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const listed = (await t.request({ method: "GET", url: "/api/admin/offer-codes", as: ada }))
      .json()
      .find((c: { id: number }) => c.id === code.id);
    expect(res.json()).toEqual(listed);
  });

  it("is for admins only, 404 for an unknown code and 400 for a malformed id", async () => {
    const code = await createCode();
    expect((await read(code.id, null)).statusCode).toBe(401);
    expect((await read(code.id, member)).statusCode).toBe(403);
    const unknown = await read(987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound);
    expect((await read("abc")).statusCode).toBe(400);
    expect((await read("-1")).statusCode).toBe(400);
  });
});

describe("PUT /api/admin/offer-codes/:id with If-Match", () => {
  it("saves with a fresh ETag and answers a new one that the next read repeats", async () => {
    const code = await createCode();
    const etag = (await read(code.id)).headers.etag as string;
    const res = await save(code.id, { description: "Summer offer" }, ada, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers.etag).not.toBe(etag);
    expect((await read(code.id)).headers.etag).toBe(res.headers.etag);
  });

  it("refuses a stale one with 412 naming the other admin, and changes nothing", async () => {
    const code = await createCode();
    const etag = (await read(code.id)).headers.etag as string;
    expect((await save(code.id, { discountValue: 20 }, ada, etag)).statusCode).toBe(200);
    const [before] = await t.db.select().from(offerCodes).where(eq(offerCodes.id, code.id));
    const stale = await save(code.id, { discountValue: 30, description: "Ben's words" }, ben, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(
      /^Changed by Ada Operator at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    const [after] = await t.db.select().from(offerCodes).where(eq(offerCodes.id, code.id));
    expect(after).toEqual(before);
    expect((await history(code.id)).map((r) => r.actorName)).not.toContain("Ben Second");
  });

  it("without If-Match saves as before (last write wins)", async () => {
    const code = await createCode();
    expect((await save(code.id, { discountValue: 20 }, ada)).statusCode).toBe(200);
    const res = await save(code.id, { discountValue: 25 }, ben);
    expect(res.statusCode).toBe(200);
    expect(res.json().discountValue).toBe(25);
  });
});

describe("the audit rows of an offer code", () => {
  it("records its creation, each save with the fields before and after, and switching it on and off", async () => {
    const code = await createCode({ description: "First words" });
    await save(code.id, { description: "Second words", discountValue: 15 }, ben);
    await save(code.id, { isActive: false }, ada);
    await save(code.id, { isActive: true }, ada);
    const rows = await history(code.id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["create", "Ada Operator"],
      ["update", "Ben Second"],
      ["status", "Ada Operator"],
      ["status", "Ada Operator"],
    ]);
    expect(rows[0].summary).toBe(`Offer code ${code.code} created`);
    expect(rows[0].changes).toContainEqual({ field: "description", before: null, after: "First words" });
    expect(rows[1].summary).toBe(`Offer code ${code.code} saved`);
    expect(rows[1].changes).toEqual(
      expect.arrayContaining([
        { field: "description", before: "First words", after: "Second words" },
        { field: "discountValue", before: 10, after: 15 },
      ]),
    );
    expect(rows[1].changes).toHaveLength(2);
    expect(rows[2].summary).toBe(`Offer code ${code.code} switched off`);
    expect(rows[2].changes).toEqual([{ field: "isActive", before: true, after: false }]);
    expect(rows[3].summary).toBe(`Offer code ${code.code} switched on`);
    // The history as the back office reads it.
    const api = await t.request({
      method: "GET",
      url: `/api/admin/audit?entity=offer_code&entityId=${code.id}`,
      as: ada,
    });
    expect(api.json()).toHaveLength(4);
  });

  it("writes none for a refused change", async () => {
    const code = await createCode();
    const res = await save(code.id, { description: "x".repeat(501) }, ada);
    expect(res.statusCode).toBe(400);
    expect(await history(code.id)).toHaveLength(1);
  });
});

describe("an offer code's description (item 8)", () => {
  it("is at most 500 characters, on create and on save", async () => {
    const tooLong = "x".repeat(501);
    const created = await t.request({
      method: "POST",
      url: "/api/admin/offer-codes",
      as: ada,
      payload: { code: uniqueCode(), description: tooLong },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe("Description must be at most 500 characters");
    const code = await createCode({ description: "y".repeat(500) });
    const saved = await save(code.id, { description: tooLong }, ada);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(M.description);
    expect((await read(code.id)).json().description).toHaveLength(500);
  });
});
