/**
 * The audit rows of operators' support work (entity "support_ticket", about the ticket's member): a reply says
 * that an answer went and what it did to the status, never its words; a status or priority change records
 * both sides. And the audit rows of admin rights granted or removed (entity "user", about that user).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, supportTickets } from "../../src/server/db/schema.ts";
import type { AuditEntity } from "../../src/shared/admin/audit.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  admin = await t.admin({ firstName: "Sue", lastName: "Support" });
  member = await t.member({ firstName: "Mia", lastName: "Member" });
});

async function ticket(values: Partial<typeof supportTickets.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(supportTickets)
    .values({ fromEmail: "mia@example.com", subject: "A question", body: "Can you help?", ...values })
    .returning();
  return row;
}
const history = (entity: AuditEntity, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const call = (method: "POST" | "PUT", url: string, payload: object, as: SignedIn | null = admin) =>
  t.request({ method, url, as: as ?? undefined, payload });

describe("support replies and ticket changes", () => {
  it("a reply records 'Reply sent' and the status it set, without the reply's words", async () => {
    const tk = await ticket({ userId: member.user.id });
    const words = "Your booking reference is ZX-9931, see you Friday";
    const res = await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, { body: words });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await history("support_ticket", tk.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "reply",
      actorId: admin.user.id,
      actorName: "Sue Support",
      summary: `Reply sent on ticket #${tk.id}`,
      subjectUserId: member.user.id,
    });
    expect(rows[0].changes).toEqual([
      { field: "status", before: "new", after: "answered" },
      { field: "reply", before: null, after: "Reply sent" },
    ]);
    expect(JSON.stringify(rows)).not.toContain("ZX-9931");
  });

  it("a status or priority change records both sides; an unchanged one and a refused one record nothing", async () => {
    const tk = await ticket({ userId: member.user.id });
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, { status: "closed" })).statusCode).toBe(200);
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, { status: "closed" })).statusCode).toBe(200);
    expect(
      (await call("PUT", `/api/support/tickets/${tk.id}`, { status: "closed" }, member)).statusCode,
    ).toBe(403);
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, { status: "lost" })).statusCode).toBe(400);
    const rows = await history("support_ticket", tk.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe("status");
    expect(rows[0].summary).toBe(`Ticket #${tk.id}: status new → closed`);
    expect(rows[0].changes).toEqual([{ field: "status", before: "new", after: "closed" }]);
    expect(rows[0].subjectUserId).toBe(member.user.id);
  });

  it("a ticket from a visitor has no member to be about", async () => {
    const tk = await ticket();
    await call("PUT", `/api/support/tickets/${tk.id}`, { priority: "high" });
    const [row] = await history("support_ticket", tk.id);
    expect(row.subjectUserId).toBeNull();
    expect(row.changes).toEqual([{ field: "priority", before: "normal", after: "high" }]);
  });
});

describe("admin rights", () => {
  it("granting and removing them each write a row about that user", async () => {
    const other = await t.member({ firstName: "Otto", lastName: "Other" });
    const promote = await call("POST", `/api/admin/users/${other.user.id}/promote`, {});
    expect(promote.statusCode, promote.body).toBe(200);
    // Granting again changes nothing and records nothing.
    expect((await call("POST", `/api/admin/users/${other.user.id}/promote`, {})).statusCode).toBe(200);
    const demote = await call("POST", `/api/admin/users/${other.user.id}/demote`, {});
    expect(demote.statusCode, demote.body).toBe(200);
    const rows = await history("user", other.user.id);
    expect(rows.map((r) => [r.action, r.actorName, r.subjectUserId])).toEqual([
      ["grant_admin", "Sue Support", other.user.id],
      ["remove_admin", "Sue Support", other.user.id],
    ]);
    expect(rows[0].changes).toEqual([{ field: "isAdmin", before: false, after: true }]);
    expect(rows[1].changes).toEqual([{ field: "isAdmin", before: true, after: false }]);
  });

  it("a refused change records nothing", async () => {
    const self = await call("POST", `/api/admin/users/${admin.user.id}/demote`, {});
    expect(self.statusCode).toBe(400);
    expect(await history("user", admin.user.id)).toEqual([]);
    expect((await call("POST", `/api/admin/users/${member.user.id}/promote`, {}, member)).statusCode).toBe(
      403,
    );
    expect(await history("user", member.user.id)).toEqual([]);
  });
});
