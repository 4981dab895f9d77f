/**
 * The member page as a workspace (decision 0074): the plan paused or cancelled for a member through the very
 * service functions their own routes call (same rules, same preview), audited as the operator's; the member's
 * billing history, e-mails and support tickets read by the back office.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SUB_MSG } from "../../src/features/subscriptions/server/service.ts";
import { auditLog, emailLogs, supportTickets } from "../../src/server/db/schema.ts";
import { MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import { PAUSE_MSG } from "../../src/shared/pause.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp({ rateLimits: { windowMinutes: 60 } });
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));
t.clock.set(NOW);
const admin = await t.admin({ firstName: "Ada", lastName: "Operator" });

const get = (url: string, as: SignedIn | undefined = admin) => t.request({ method: "GET", url, as });
const post = (url: string, payload?: unknown, as: SignedIn | undefined = admin) =>
  t.request({
    method: "POST",
    url,
    as,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe("who may call", () => {
  it.each([
    ["GET", "billing"],
    ["GET", "emails"],
    ["GET", "tickets"],
    ["GET", "plan/pause-preview"],
    ["POST", "plan/pause"],
    ["GET", "plan/cancel-preview"],
    ["POST", "plan/cancel"],
  ] as const)("%s %s: visitor 401, member 403", async (method, path) => {
    const m = await t.member();
    const url = `/api/admin/users/${m.user.id}/${path}`;
    expect((await t.request({ method, url })).statusCode).toBe(401);
    expect((await t.request({ method, url, as: m })).statusCode).toBe(403);
  });
});

describe("pause for the member", () => {
  it("shows the member's own preview, then takes the month off with their choice, audited as the operator's", async () => {
    const m = await t.member({ firstName: "Iris", lastName: "Holder" });
    await subscribe(t, m, "gold");
    const date = await arrangeDate(t.db, m.user.id, { at: new Date("2026-12-14T19:00:00Z") });
    const preview = await get(`/api/admin/users/${m.user.id}/plan/pause-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().dates.map((d: { id: number }) => d.id)).toEqual([date.reservation.id]);
    expect(preview.json().skippedPaymentDate).toBe("2026-12-10T12:00:00.000Z");

    const noChoice = await post(`/api/admin/users/${m.user.id}/plan/pause`);
    expect(noChoice.statusCode).toBe(409);
    expect(noChoice.json().message).toBe(PAUSE_MSG.datesToChoose);
    const bad = await post(`/api/admin/users/${m.user.id}/plan/pause`, { keepDates: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PAUSE_MSG.keepDates);

    const paused = await post(`/api/admin/users/${m.user.id}/plan/pause`, { keepDates: false });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().cancelledDates).toEqual([date.reservation.id]);
    const row = await storedMember(t.db, m.user.id);
    expect(row.pausedUntil?.toISOString()).toBe("2027-01-10T12:00:00.000Z");
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "subscription"),
          eq(auditLog.entityId, String(m.user.id)),
          eq(auditLog.action, "pause"),
        ),
      );
    expect(audits).toHaveLength(1);
    const [audit] = audits;
    // One row, in the plan's own transaction: the operator acted, for the member.
    expect(audit).toMatchObject({
      action: "pause",
      actorId: admin.user.id,
      actorName: "Ada Operator",
      subjectUserId: m.user.id,
      summary: "Paused their plan (for them, by the team)",
    });
    expect(audit.changes).toEqual(
      expect.arrayContaining([{ field: "pausedUntil", before: null, after: "2027-01-10T12:00:00.000Z" }]),
    );
    // The member's own rule: one month off at a time.
    const again = await post(`/api/admin/users/${m.user.id}/plan/pause`, { keepDates: false });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("a member without a plan cannot be paused, as they could not pause themselves", async () => {
    const m = await t.member();
    const res = await get(`/api/admin/users/${m.user.id}/plan/pause-preview`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await get("/api/admin/users/999999/plan/pause-preview")).json().message).toBe(
      MEMBERS_MSG.notFound,
    );
  });
});

describe("cancel for the member", () => {
  it("previews the cooling-off refund, cancels with the member's reason, and audits it", async () => {
    const m = await t.member({ firstName: "Cora", lastName: "Cancel" });
    await subscribe(t, m, "silver");
    const preview = await get(`/api/admin/users/${m.user.id}/plan/cancel-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ cancellable: true, refund: true });
    expect(preview.json().summary).toContain("refunded in full");

    const noReason = await post(`/api/admin/users/${m.user.id}/plan/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(MEMBER_MSG.reason);
    const done = await post(`/api/admin/users/${m.user.id}/plan/cancel`, { reason: "Too expensive" });
    expect(done.statusCode).toBe(200);
    // The first payment had not reached the bank yet: it is cancelled rather than refunded.
    expect(done.json()).toMatchObject({ refunded: true, message: SUB_MSG.notCollected });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "subscription"),
          eq(auditLog.entityId, String(m.user.id)),
          eq(auditLog.action, "cancel"),
        ),
      );
    expect(audits).toHaveLength(1);
    const [audit] = audits;
    expect(audit).toMatchObject({
      action: "cancel",
      actorName: "Ada Operator",
      subjectUserId: m.user.id,
      summary: "Cancelled their plan (for them, by the team)",
    });
    expect(audit.changes).toEqual(
      expect.arrayContaining([{ field: "status", before: "active", after: "cancelled" }]),
    );
    const twice = await post(`/api/admin/users/${m.user.id}/plan/cancel`, { reason: "Too expensive" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUB_MSG.alreadyCancelled);
    expect((await get(`/api/admin/users/${m.user.id}/plan/cancel-preview`)).json().cancellable).toBe(false);
  });

  it("after the cooling-off period the plan runs to the end of the paid cycle", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    t.clock.set(new Date("2026-11-28T12:00:00Z"));
    const preview = (await get(`/api/admin/users/${m.user.id}/plan/cancel-preview`)).json();
    expect(preview).toMatchObject({ cancellable: true, refund: false, endsAt: "2026-12-10T12:00:00.000Z" });
    expect(preview.summary).toContain("10 December");
  });
});

describe("what the member page reads", () => {
  it("the billing history, e-mails and support tickets of the member, newest first", async () => {
    const m = await t.member();
    await subscribe(t, m, "gold");
    const billing = await get(`/api/admin/users/${m.user.id}/billing`);
    expect(billing.statusCode).toBe(200);
    expect(billing.json().tier).toBe("gold");
    expect(Array.isArray(billing.json().history)).toBe(true);

    await t.db.insert(emailLogs).values([
      {
        recipientEmail: m.user.email,
        subject: "Older",
        emailType: "welcome",
        userId: m.user.id,
        sentAt: new Date("2026-11-10T13:00:00Z"),
      },
      {
        recipientEmail: m.user.email,
        subject: "Your date is revealed",
        emailType: "date_reveal",
        status: "failed",
        errorMessage: "Mailbox full",
        userId: m.user.id,
        sentAt: new Date("2026-11-10T14:00:00Z"),
      },
    ]);
    const emails = (await get(`/api/admin/users/${m.user.id}/emails`)).json();
    const mine = emails.filter((e: { subject: string }) =>
      ["Older", "Your date is revealed"].includes(e.subject),
    );
    expect(mine.map((e: { subject: string }) => e.subject)).toEqual(["Your date is revealed", "Older"]);
    expect(mine[0]).toMatchObject({ kind: "date_reveal", status: "failed", errorMessage: "Mailbox full" });

    await t.db.insert(supportTickets).values({
      userId: m.user.id,
      fromEmail: m.user.email,
      subject: "Where is my date?",
      body: "Hello",
      status: "open",
      priority: "high",
    });
    const tickets = (await get(`/api/admin/users/${m.user.id}/tickets`)).json();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ subject: "Where is my date?", status: "open", priority: "high" });
    for (const path of ["emails", "tickets", "billing"])
      expect((await get(`/api/admin/users/999999/${path}`)).statusCode).toBe(404);
  });
});
