/**
 * The back office's gift list filter ("bought" hides checkouts awaiting payment), the redeemer on each row,
 * and GET /api/admin/gifts/:id/history.
 */
import { describe, expect, it } from "vitest";
import { createGiftTestApp, giftShop } from "../../../../tests/helpers/gifts.ts";
import { runGiftJobs } from "../server/jobs.ts";
import { adminGiftHistoryResponse } from "../shared/admin.ts";
import { adminGiftListResponse, adminGiftRow } from "../shared/schemas.ts";

const t = await createGiftTestApp();
const shop = giftShop(t);
const { order: valid, post, get, startGift, redeem } = shop;
/** Buys and pays a gift; answers its row. */
const buyGift = async (overrides: Record<string, unknown> = {}) => (await shop.buyGift(overrides)).gift;

describe("GET /api/admin/gifts filters", () => {
  it("'bought' leaves out checkouts awaiting payment; 'pending' shows only them", async () => {
    const admin = await t.admin();
    const tag = "filter-case";
    const { gift: unpaid } = await startGift({ buyerName: `Unpaid ${tag}` });
    const paid = await buyGift({ buyerName: `Paid ${tag}` });

    const bought = await get(`/api/admin/gifts?status=bought&search=${tag}`, admin);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().map((g: { id: number }) => g.id)).toEqual([paid.id]);
    expect(bought.headers["x-total-count"]).toBe("1");

    const pending = await get(`/api/admin/gifts?status=pending&search=${tag}`, admin);
    expect(pending.json().map((g: { id: number }) => g.id)).toEqual([unpaid.id]);
    expect(pending.json()[0].code).toBeNull();

    // Without a filter the list is every row, as before.
    const all = await get(`/api/admin/gifts?search=${tag}`, admin);
    expect(all.json()).toHaveLength(2);
    expect(adminGiftListResponse.safeParse(all.json().map(revive)).success).toBe(true);
  });

  it("refuses an unknown filter and bad paging without changing anything", async () => {
    const admin = await t.admin();
    const bad = await get("/api/admin/gifts?status=Bought", admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Unknown gift status");
    expect((await get("/api/admin/gifts?limit=0", admin)).statusCode).toBe(400);
    expect((await get("/api/admin/gifts?offset=-1", admin)).statusCode).toBe(400);
    expect((await get(`/api/admin/gifts?search=${"x".repeat(101)}`, admin)).statusCode).toBe(400);
  });
});

/** JSON dates back to Date, to check an answer against its zod schema. */
function revive(row: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...row };
  for (const k of ["paidAt", "deliveredAt", "redeemedAt", "expiresAt", "refundedAt", "createdAt"])
    out[k] = row[k] === null ? null : new Date(row[k] as string);
  return out;
}

describe("GET /api/admin/gifts/:id and its history", () => {
  it("names who redeemed it, and tells the story oldest first", async () => {
    const admin = await t.admin();
    const g = await buyGift({ deliverOn: "2026-11-26", buyerName: "History Case" });
    await runGiftJobs(t.deps);
    t.clock.advance(60_000);
    expect((await post(`/api/admin/gifts/${g.id}/resend`, {}, admin)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const couple = await t.member({ firstName: "Sam", lastName: "Rivers" });
    const redeemed = await redeem(g.code, couple);
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    const one = await get(`/api/admin/gifts/${g.id}`, admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(adminGiftRow.safeParse(revive(one.json())).success).toBe(true);
    expect(one.json()).toMatchObject({
      status: "redeemed",
      redeemer: { id: couple.user.id, name: "Sam Rivers", email: couple.user.email },
    });
    const listed = await get(`/api/admin/gifts?search=history case`, admin);
    expect(listed.json()[0].redeemer).toEqual(one.json().redeemer);

    const history = await get(`/api/admin/gifts/${g.id}/history`, admin);
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json();
    expect(body.redeemer.name).toBe("Sam Rivers");
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual([
      "ordered",
      "paid",
      "sent",
      "resent",
      "redeemed",
    ]);
    expect(body.events[2].detail).toContain(valid.recipientEmail);
    expect(body.events[4].detail).toContain(`By Sam Rivers (${couple.user.email})`);
    expect(body.events[4].detail).toContain("Gold for 3 months, no Direct Debit");
    const parsed = adminGiftHistoryResponse.safeParse({
      ...body,
      events: body.events.map((e: { at: string }) => ({ ...e, at: new Date(e.at) })),
    });
    expect(parsed.success).toBe(true);
  });

  it("calls an early send the delivery, not a resend", async () => {
    const admin = await t.admin();
    const g = await buyGift({ deliverOn: "2026-12-20" });
    expect((await post(`/api/admin/gifts/${g.id}/resend`, {}, admin)).statusCode).toBe(200);
    const body = (await get(`/api/admin/gifts/${g.id}/history`, admin)).json();
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual(["ordered", "paid", "sent"]);
  });

  it("shows a refund, and a checkout never paid for", async () => {
    const admin = await t.admin();
    const g = await buyGift();
    expect((await post(`/api/admin/gifts/${g.id}/refund`, {}, admin)).statusCode).toBe(200);
    const refunded = (await get(`/api/admin/gifts/${g.id}/history`, admin)).json();
    expect(refunded.events.map((e: { kind: string }) => e.kind)).toEqual(["ordered", "paid", "refunded"]);
    expect(refunded.events[2].detail).toBe("£60.00 refunded to Priya Shah; the code was cancelled");
    expect(refunded.redeemer).toBeNull();

    const { gift: unpaid } = await startGift();
    const pending = (await get(`/api/admin/gifts/${unpaid.id}/history`, admin)).json();
    expect(pending.events.map((e: { kind: string }) => e.kind)).toEqual(["ordered"]);
  });

  it("is for admins only, and refuses unknown and malformed ids", async () => {
    const g = await buyGift();
    const member = await t.member();
    const admin = await t.admin();
    expect((await get(`/api/admin/gifts/${g.id}/history`)).statusCode).toBe(401);
    expect((await get(`/api/admin/gifts/${g.id}/history`, member)).statusCode).toBe(403);
    const missing = await get("/api/admin/gifts/999999/history", admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Gift not found");
    for (const bad of ["abc", "0", "-1", "1.5"])
      expect((await get(`/api/admin/gifts/${bad}/history`, admin)).statusCode).toBe(400);
  });
});
