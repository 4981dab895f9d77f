/**
 * The audit rows of the back office's gift actions (entity "gift"): sending it again, moving its delivery day
 * and refunding it, each with the gift's state before and after and never the buyer's or couple's details; a
 * refused action writes none.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGiftTestApp, giftShop } from "../../../../tests/helpers/gifts.ts";
import { auditLog } from "../../../server/db/schema.ts";

const t = await createGiftTestApp();
const shop = giftShop(t);
const { post } = shop;

const history = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "gift"), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe("the audit rows of a gift's back-office actions", () => {
  it("records a move of the delivery day, a resend and a refund with who did it, before and after", async () => {
    const admin = await t.admin({ firstName: "Gia", lastName: "Giftdesk" });
    const { gift } = await shop.buyGift();
    expect(gift.status).toBe("scheduled");

    const moved = await post(`/api/admin/gifts/${gift.id}/delivery`, { deliverOn: "2026-12-20" }, admin);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await post(`/api/admin/gifts/${gift.id}/resend`, {}, admin)).statusCode).toBe(200);
    expect((await post(`/api/admin/gifts/${gift.id}/refund`, {}, admin)).statusCode).toBe(200);

    const rows = await history(gift.id);
    expect(rows.map((r) => [r.action, r.actorName, r.actorId])).toEqual([
      ["update", "Gia Giftdesk", admin.user.id],
      ["resend", "Gia Giftdesk", admin.user.id],
      ["refund", "Gia Giftdesk", admin.user.id],
    ]);
    expect(rows[0].summary).toBe(`GIFT-${gift.id}: delivery moved to 2026-12-20`);
    expect(rows[0].changes).toEqual([{ field: "deliverOn", before: "2026-12-24", after: "2026-12-20" }]);
    expect(rows[1].changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "scheduled", after: "delivered" },
        { field: "resends", before: 0, after: 1 },
      ]),
    );
    expect(rows[2].changes).toEqual(
      expect.arrayContaining([{ field: "status", before: "delivered", after: "refunded" }]),
    );
    // Personal data stays in the gift, not the log.
    const text = JSON.stringify(rows);
    for (const word of ["Priya", "priya@example.com", "Sam and Alex", "Happy Christmas"])
      expect(text).not.toContain(word);
  });

  it("writes nothing for a refused action, and is for admins only", async () => {
    const admin = await t.admin();
    const member = await t.member();
    const { gift } = await shop.buyGift();
    expect((await post(`/api/admin/gifts/${gift.id}/refund`, {}, admin)).statusCode).toBe(200);
    const again = await post(`/api/admin/gifts/${gift.id}/refund`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect((await post(`/api/admin/gifts/${gift.id}/resend`, {}, admin)).statusCode).toBe(409);
    expect((await post(`/api/admin/gifts/${gift.id}/resend`, {}, member)).statusCode).toBe(403);
    expect((await post(`/api/admin/gifts/${gift.id}/resend`, {})).statusCode).toBe(401);
    expect((await post("/api/admin/gifts/999999/resend", {}, admin)).statusCode).toBe(404);
    expect((await history(gift.id)).map((r) => r.action)).toEqual(["refund"]);
  });
});
