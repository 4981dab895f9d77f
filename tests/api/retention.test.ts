import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "../../src/app/server/jobs.ts";
import {
  emailLogs,
  jobRuns,
  offerCodes,
  offerCodeUsage,
  outboundMessages,
  partnerInvites,
  paymentCheckouts,
  sessions,
  subscriptionEvents,
  supportTickets,
  users,
  webhookEvents,
} from "../../src/server/db/schema.ts";
import { financialCutoff, RETENTION, retentionJob, retentionSweep } from "../../src/server/jobs/retention.ts";
import { createTestApp } from "../helpers/app.ts";
import { storedMember } from "../helpers/stored-member.ts";

const t = await createTestApp();
const DAY = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
let seq = 0;
const uid = () => `${++seq}-${Math.random().toString(36).slice(2, 8)}`;

async function ids<T extends { id: number | string }>(rows: Promise<T[]>): Promise<Array<T["id"]>> {
  return (await rows).map((r) => r.id);
}

describe("financial cutoff", () => {
  it("is the start of the oldest financial year (1 April, London) still kept six years on", () => {
    // A record of the year ending 31 March 2020 may go from 1 April 2026 00:00 London (BST).
    expect(financialCutoff(new Date("2026-03-31T22:59:59Z")).toISOString()).toBe("2019-03-31T23:00:00.000Z");
    expect(financialCutoff(new Date("2026-03-31T23:00:00Z")).toISOString()).toBe("2020-03-31T23:00:00.000Z");
    expect(financialCutoff(NOW).toISOString()).toBe("2020-03-31T23:00:00.000Z");
    expect(financialCutoff(new Date("2027-01-10T00:00:00Z")).toISOString()).toBe("2020-03-31T23:00:00.000Z");
  });
});

describe("data-retention job", () => {
  it("deletes exactly what is past each limit, keeps the rest, and is idempotent", async () => {
    t.clock.set(NOW);
    const live = await t.member({ paymentCustomerId: "CU-live", paymentMandateId: "MD-live" });
    const goneLong = await t.member({
      email: `deleted-user-a${uid()}@deleted.invalid`,
      firstName: null,
      lastName: null,
      deletedAt: new Date("2019-05-01T10:00:00Z"),
      paymentCustomerId: "CU-old",
      paymentMandateId: "MD-old",
      paymentSubscriptionId: "SB-old",
    });
    const goneRecent = await t.member({
      email: `deleted-user-b${uid()}@deleted.invalid`,
      deletedAt: new Date("2021-01-01T10:00:00Z"),
      paymentCustomerId: "CU-recent",
    });
    const db = t.db;

    // Tokens: expired one second ago goes, still valid stays.
    const [resetOld, resetValid] = await db
      .insert(users)
      .values([
        { email: `r1-${uid()}@example.com`, passwordResetToken: "h1", passwordResetExpires: at(-1000) },
        { email: `r2-${uid()}@example.com`, passwordResetToken: "h2", passwordResetExpires: at(60_000) },
      ])
      .returning();
    const [verifyOld, verifyValid] = await db
      .insert(users)
      .values([
        {
          email: `v1-${uid()}@example.com`,
          emailVerificationToken: "v1",
          emailVerificationExpires: at(-1000),
        },
        {
          email: `v2-${uid()}@example.com`,
          emailVerificationToken: "v2",
          emailVerificationExpires: at(60_000),
        },
      ])
      .returning();

    // Sessions: an expired one goes (the lead's purgeExpiredSessions), the member's own stays.
    await db
      .insert(sessions)
      .values({ sid: `expired-${uid()}`, sess: {}, expire: at(-1000), userId: live.user.id });

    // Mail log: two years.
    const mail = (sentAt: Date, userId: number | null = null) => ({
      recipientEmail: "x@example.com",
      subject: "s",
      emailType: "test",
      sentAt,
      userId,
    });
    const oldMail = await ids(
      db
        .insert(emailLogs)
        .values([1, 2, 3, 4, 5].map((i) => mail(at(-RETENTION.emailLogDays * DAY - i * 1000))))
        .returning(),
    );
    const keptMail = await ids(
      db
        .insert(emailLogs)
        .values([mail(at(-RETENTION.emailLogDays * DAY + 60_000), live.user.id)])
        .returning(),
    );
    const deletedUserMail = await ids(
      db
        .insert(emailLogs)
        .values([mail(at(-DAY), goneRecent.user.id)])
        .returning(),
    );

    // Webhooks: 90 days.
    const hook = (id: string, processedAt: Date) => ({
      id,
      provider: "sandbox",
      resourceType: "payments",
      action: "confirmed",
      outcome: "ignored",
      processedAt,
    });
    await db
      .insert(webhookEvents)
      .values([hook("EV-old", at(-90 * DAY - 1000)), hook("EV-kept", at(-90 * DAY + 60_000))]);

    // Partner invites: 30 days after expiry or acceptance.
    const invite = (expiresAt: Date, acceptedAt: Date | null = null) => ({
      inviterId: live.user.id,
      email: "partner@example.com",
      tokenHash: uid(),
      expiresAt,
      acceptedAt,
    });
    const [invExpiredOld, invExpiredRecent, invAcceptedOld, invAcceptedRecent] = await ids(
      db
        .insert(partnerInvites)
        .values([
          invite(at(-30 * DAY - 1000)),
          invite(at(-29 * DAY)),
          invite(at(-20 * DAY), at(-30 * DAY - 1000)),
          invite(at(-20 * DAY), at(-29 * DAY)),
        ])
        .returning(),
    );

    // Checkouts: abandoned (pending, declined) 30 days after expiry; completed ones are records.
    const checkout = (status: string, expiresAt: Date, userId = live.user.id, createdAt = at(-40 * DAY)) => ({
      tokenHash: uid(),
      userId,
      tier: "gold" as const,
      originalAmount: 4900,
      provider: "sandbox",
      providerRef: uid(),
      status,
      expiresAt,
      createdAt,
    });
    const [coPendingOld, coDeclinedOld, coPendingRecent, coCompletedOld, coDeletedOld] = await ids(
      db
        .insert(paymentCheckouts)
        .values([
          checkout("pending", at(-30 * DAY - 1000)),
          checkout("declined", at(-31 * DAY)),
          checkout("pending", at(-29 * DAY)),
          checkout("completed", at(-400 * DAY)),
          checkout(
            "completed",
            new Date("2019-01-02T00:00:00Z"),
            goneLong.user.id,
            new Date("2019-01-01T00:00:00Z"),
          ),
        ])
        .returning(),
    );

    // Support: closed tickets of deleted accounts or of nobody, two years after the last change.
    const ticket = (status: string, updatedAt: Date, userId: number | null) => ({
      fromEmail: "someone@example.com",
      subject: "Subject",
      body: "Body of the ticket",
      status,
      userId,
      createdAt: updatedAt,
      updatedAt,
    });
    const old = at(-RETENTION.closedTicketDays * DAY - 1000);
    const [tkDeleted, tkNobody, tkNobodyRecent, tkLive, tkOpen] = await ids(
      db
        .insert(supportTickets)
        .values([
          ticket("closed", old, goneRecent.user.id),
          ticket("closed", old, null),
          ticket("closed", at(-RETENTION.closedTicketDays * DAY + 60_000), null),
          ticket("closed", old, live.user.id),
          ticket("open", old, null),
        ])
        .returning(),
    );

    // Financial records around the cutoff (1 April 2020 00:00 London = 2020-03-31T23:00Z).
    const event = (userId: number, occurredAt: Date, feedback: string | null = null) => ({
      userId,
      eventType: "created",
      occurredAt,
      feedback,
    });
    const [evBefore, evAtCutoff, evLiveAncient, evFeedback] = await ids(
      db
        .insert(subscriptionEvents)
        .values([
          event(goneLong.user.id, new Date("2020-03-31T22:59:59Z")),
          event(goneLong.user.id, new Date("2020-03-31T23:00:00Z")),
          event(live.user.id, new Date("2015-01-01T00:00:00Z"), "my own words"),
          event(goneRecent.user.id, new Date("2020-12-01T00:00:00Z"), "I hated the venue, call me on 0777"),
        ])
        .returning(),
    );
    const [code] = await db
      .insert(offerCodes)
      .values({ code: `RET${seq}` })
      .returning();
    const usage = (userId: number, usedAt: Date) => ({
      offerCodeId: code.id,
      userId,
      subscriptionTier: "gold" as const,
      originalAmount: 4900,
      discountAmount: 490,
      finalAmount: 4410,
      usedAt,
    });
    const [useOld, useLive] = await ids(
      db
        .insert(offerCodeUsage)
        .values([
          usage(goneLong.user.id, new Date("2019-02-01T00:00:00Z")),
          usage(live.user.id, new Date("2016-01-01T00:00:00Z")),
        ])
        .returning(),
    );

    // Small batches, so the loop runs several times over the old mail.
    const counts = await retentionSweep(t.deps, { batchSize: 2 });

    const userRow = (id: number) => storedMember(db, id);
    expect(await userRow(resetOld.id)).toMatchObject({
      passwordResetToken: null,
      passwordResetExpires: null,
    });
    expect((await userRow(resetValid.id)).passwordResetToken).toBe("h2");
    expect(await userRow(verifyOld.id)).toMatchObject({ emailVerificationToken: null });
    expect((await userRow(verifyValid.id)).emailVerificationToken).toBe("v2");

    const sessionsLeft = await db.select().from(sessions);
    expect(sessionsLeft.some((s) => s.sid.startsWith("expired-"))).toBe(false);
    expect(sessionsLeft.some((s) => s.userId === live.user.id)).toBe(true);
    expect(sessionsLeft.some((s) => s.userId === goneLong.user.id || s.userId === goneRecent.user.id)).toBe(
      false,
    );

    const mailLeft = await ids(db.select({ id: emailLogs.id }).from(emailLogs));
    expect(mailLeft).toEqual(expect.arrayContaining(keptMail));
    for (const id of [...oldMail, ...deletedUserMail]) expect(mailLeft).not.toContain(id);
    expect(counts.emailLogs).toBe(5);

    expect(await ids(db.select({ id: webhookEvents.id }).from(webhookEvents))).toEqual(["EV-kept"]);

    const invitesLeft = await ids(db.select({ id: partnerInvites.id }).from(partnerInvites));
    expect(invitesLeft.sort()).toEqual([invExpiredRecent, invAcceptedRecent].sort());
    expect(invitesLeft).not.toContain(invExpiredOld);
    expect(invitesLeft).not.toContain(invAcceptedOld);

    const checkoutsLeft = await ids(db.select({ id: paymentCheckouts.id }).from(paymentCheckouts));
    expect(checkoutsLeft.sort()).toEqual([coPendingRecent, coCompletedOld].sort());
    for (const id of [coPendingOld, coDeclinedOld, coDeletedOld]) expect(checkoutsLeft).not.toContain(id);

    const ticketsLeft = await ids(db.select({ id: supportTickets.id }).from(supportTickets));
    expect(ticketsLeft.sort()).toEqual([tkNobodyRecent, tkLive, tkOpen].sort());
    for (const id of [tkDeleted, tkNobody]) expect(ticketsLeft).not.toContain(id);

    const eventsLeft = await db
      .select()
      .from(subscriptionEvents)
      .where(inArray(subscriptionEvents.id, [evBefore, evAtCutoff, evLiveAncient, evFeedback]));
    expect(eventsLeft.map((e) => e.id).sort()).toEqual([evAtCutoff, evLiveAncient, evFeedback].sort());
    expect(eventsLeft.find((e) => e.id === evFeedback)?.feedback).toBeNull();
    expect(eventsLeft.find((e) => e.id === evLiveAncient)?.feedback).toBe("my own words");
    expect(await ids(db.select({ id: offerCodeUsage.id }).from(offerCodeUsage))).toEqual([useLive]);
    expect(useOld).toBeTruthy();

    expect(await userRow(goneLong.user.id)).toMatchObject({
      paymentCustomerId: null,
      paymentMandateId: null,
      paymentSubscriptionId: null,
    });
    expect((await userRow(goneRecent.user.id)).paymentCustomerId).toBe("CU-recent");
    expect((await userRow(live.user.id)).paymentMandateId).toBe("MD-live");

    // A second run finds nothing more.
    const again = await retentionSweep(t.deps, { batchSize: 2 });
    expect(Object.values(again).reduce((a, b) => a + b, 0)).toBe(0);

    // The record dated 1 April 2020 00:00 London belongs to the year ending 31 March 2021: it stays until
    // 1 April 2027 00:00 London and goes at that instant.
    t.clock.set("2027-03-31T22:59:59Z");
    await retentionSweep(t.deps);
    expect(
      (await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.id, evAtCutoff))).length,
    ).toBe(1);
    t.clock.set("2027-03-31T23:00:00Z");
    const total = await runDueJobs(t.deps, [retentionJob]);
    expect(
      (await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.id, evAtCutoff))).length,
    ).toBe(0);
    expect(total["data-retention"]).toBeGreaterThanOrEqual(1);
    const [run] = await db.select().from(jobRuns).where(eq(jobRuns.name, "data-retention"));
    expect(run).toMatchObject({ status: "ok", processed: total["data-retention"] });
    // The live member's ancient record is still there: it is kept while the account exists.
    expect(
      (await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.id, evLiveAncient))).length,
    ).toBe(1);
  });

  it("deletes finished outbound messages a year and a month after their last attempt, never unfinished ones", async () => {
    t.clock.set(NOW);
    const member = await t.member();
    const limit = RETENTION.outboundMessageDays * DAY;
    const message = (status: string, claimedAt: Date) => ({
      key: `retention-test:${uid()}`,
      kind: "test",
      userId: member.user.id,
      status,
      claimedAt,
    });
    const [sentOld, abandonedOld, skippedOld, sentRecent, failedOld, sendingOld] = await ids(
      t.db
        .insert(outboundMessages)
        .values([
          message("sent", at(-limit - 1000)),
          message("abandoned", at(-limit - 1000)),
          message("skipped", at(-limit - 1000)),
          message("sent", at(-limit + 60_000)),
          message("failed", at(-limit - DAY)),
          message("sending", at(-limit - DAY)),
        ])
        .returning(),
    );
    const counts = await retentionSweep(t.deps, { batchSize: 2 });
    expect(counts.outboundMessages).toBe(3);
    const left = await ids(
      t.db
        .select({ id: outboundMessages.id })
        .from(outboundMessages)
        .where(
          inArray(outboundMessages.id, [
            sentOld,
            abandonedOld,
            skippedOld,
            sentRecent,
            failedOld,
            sendingOld,
          ]),
        ),
    );
    expect(left.sort()).toEqual([sentRecent, failedOld, sendingOld].sort());
    expect((await retentionSweep(t.deps)).outboundMessages).toBe(0);
  });
});
