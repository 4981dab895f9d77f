/**
 * The audit log's own contract: who may read it, its filters and paging, the ETag guard's 412, and a deleted
 * member's rows keeping no personal data (decision 0070).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberNotes } from "../../src/server/db/schema.ts";
import { assertFresh, etagOf } from "../../src/server/modules/audit/etag.ts";
import { recordAudit } from "../../src/server/modules/audit/record.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
let admin: SignedIn;
beforeAll(async () => {
  t.clock.set(new Date("2026-12-01T09:00:00Z"));
  admin = await t.admin({ firstName: "Ada", lastName: "Operator" });
});

const audit = (query: string, as: SignedIn | null = admin) =>
  t.request({ method: "GET", url: `/api/admin/audit${query}`, as: as ?? undefined });

describe("GET /api/admin/audit", () => {
  it("answers one record's history newest first, each change before and after", async () => {
    const actor = { id: admin.user.id, name: "Ada Operator" };
    await recordAudit(t.db, {
      actor,
      entity: "venue",
      entityId: 7001,
      action: "update",
      summary: 'Venue "Ivy" saved',
      before: { name: "Ivy", price: "££", updatedAt: "x" },
      after: { name: "Ivy", price: "£££", updatedAt: "y" },
    });
    await recordAudit(t.db, {
      actor: null,
      entity: "venue",
      entityId: 7001,
      action: "archive",
      summary: 'Venue "Ivy" archived',
      changes: [{ field: "status", before: "active", after: "archived" }],
    });
    const res = await audit("?entity=venue&entityId=7001");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("2");
    const rows = res.json();
    expect(rows.map((r: { action: string }) => r.action)).toEqual(["archive", "update"]);
    expect(rows[0].actorName).toBe("System");
    // Timestamps are never listed as changes.
    expect(rows[1].changes).toEqual([{ field: "price", before: "££", after: "£££" }]);
    expect(rows[1].actorName).toBe("Ada Operator");
  });

  it("searches, filters by day and pages", async () => {
    await recordAudit(t.db, {
      actor: null,
      entity: "offer_code",
      entityId: "SPRING",
      action: "create",
      summary: "Offer code SPRING created",
    });
    const found = await audit("?search=spring");
    expect(found.json().map((r: { entityId: string }) => r.entityId)).toContain("SPRING");
    const day = await audit("?from=2000-01-01&to=2000-01-02");
    expect(day.json()).toEqual([]);
    const page = await audit("?limit=1&offset=1");
    expect(page.json()).toHaveLength(1);
  });

  it("is for administrators only, and refuses a malformed query", async () => {
    const m = await t.member();
    expect((await audit("", null)).statusCode).toBe(401);
    expect((await audit("", m)).statusCode).toBe(403);
    const bad = await audit("?entity=spaceship");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Unknown record type");
    expect((await audit("?from=2026-13-45")).statusCode).toBe(400);
    expect((await audit("?limit=0")).statusCode).toBe(400);
  });
});

describe("the ETag guard", () => {
  it("lets a matching or absent If-Match through and refuses a stale one naming who changed it last", async () => {
    const current = { id: 1, name: "Ivy" };
    const tag = etagOf(current);
    await expect(
      assertFresh(t.db, { entity: "venue", entityId: 9001, ifMatch: null, current }),
    ).resolves.toBe(undefined);
    await expect(assertFresh(t.db, { entity: "venue", entityId: 9001, ifMatch: tag, current })).resolves.toBe(
      undefined,
    );
    await expect(
      assertFresh(t.db, { entity: "venue", entityId: 9001, ifMatch: `W/${tag}`, current }),
    ).resolves.toBe(undefined);
    await recordAudit(t.db, {
      actor: { id: admin.user.id, name: "Ada Operator" },
      entity: "venue",
      entityId: 9001,
      action: "update",
      summary: "saved",
    });
    const stale = assertFresh(t.db, { entity: "venue", entityId: 9001, ifMatch: '"old"', current });
    await expect(stale).rejects.toMatchObject({
      statusCode: 412,
      message: expect.stringMatching(
        /^Changed by Ada Operator at \d\d:\d\d on \d+ \w+: reload to see their change$/,
      ),
    });
  });
});

describe("a deleted member", () => {
  it("leaves rows that keep no personal data, and their notes go", async () => {
    const m = await t.member({ firstName: "Zoë", lastName: "Private" });
    await recordAudit(t.db, {
      actor: { id: m.user.id, name: "Zoë Private" },
      entity: "subscription",
      entityId: m.user.id,
      action: "pause",
      summary: "Zoë Private paused the plan",
      changes: [{ field: "status", before: "active", after: "paused" }],
      subjectUserId: m.user.id,
    });
    await recordAudit(t.db, {
      actor: { id: admin.user.id, name: "Ada Operator" },
      entity: "member",
      entityId: m.user.id,
      action: "needs_update",
      summary: "Needs of Zoë Private edited",
      changes: [{ field: "dietary", before: ["Vegan"], after: ["Vegan", "Nut allergy"] }],
      subjectUserId: m.user.id,
    });
    await t.db
      .insert(memberNotes)
      .values({ userId: m.user.id, authorId: admin.user.id, body: "Prefers calls" });
    const res = await t.request({
      method: "DELETE",
      url: "/api/auth/user",
      as: m,
      payload: { password: m.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, m.user.id));
    const text = JSON.stringify(rows);
    expect(text).not.toContain("Zoë");
    expect(text).not.toContain("Private");
    expect(text).not.toContain("Nut allergy");
    expect(rows.map((r) => r.action)).toContain("delete");
    expect(await t.db.select().from(memberNotes).where(eq(memberNotes.userId, m.user.id))).toEqual([]);
  });
});
