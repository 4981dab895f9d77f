import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailLogs, outboundMessages } from "../../src/server/db/schema.ts";
import {
  MAX_ATTEMPTS,
  registerMailBuilder,
  retryDueMail,
  sendClaimed,
} from "../../src/server/jobs/outbound.ts";
import type { SentMail, Transport } from "../../src/server/modules/email/mailer.ts";
import { createTestApp } from "../helpers/app.ts";

/** Throws on the first `failures` deliveries of each recipient, then delivers. */
const failFirst = new Map<string, number>();
const delivered: SentMail[] = [];
const transport: Transport = {
  kind: "outbox",
  async deliver(mail) {
    const left = failFirst.get(mail.to) ?? 0;
    if (left > 0) {
      failFirst.set(mail.to, left - 1);
      throw new Error("connection refused");
    }
    delivered.push(mail);
  },
};

const t = await createTestApp({ transport });
// 14:00 in London (GMT in November).
const NOW = new Date("2026-11-03T14:00:00Z");
const MIN = 60_000;

let built = 0;
registerMailBuilder("test_note", async (row) => {
  built++;
  return {
    to: row.key.split(":")[1],
    subject: `Note ${row.key}`,
    html: "<p>hi</p>",
    text: "hi",
    type: "test_note",
    userId: row.userId,
  };
});
const claim = (to: string, userId: number | null = null) => ({
  key: `note:${to}`,
  kind: "test_note",
  userId,
  build: async () => ({ to, subject: `Note note:${to}`, html: "<p>hi</p>", text: "hi", type: "test_note" }),
});

async function row(key: string) {
  const [r] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, key));
  return r;
}
const logsTo = (to: string) =>
  t.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, to)).orderBy(asc(emailLogs.id));

beforeEach(() => {
  t.clock.set(NOW);
});

describe("sendClaimed", () => {
  it("sends once per key: a second claim is a duplicate", async () => {
    const to = "once@example.com";
    expect(await sendClaimed(t.deps, claim(to))).toBe("sent");
    expect(await sendClaimed(t.deps, claim(to))).toBe("duplicate");
    expect(delivered.filter((m) => m.to === to)).toHaveLength(1);
    const r = await row(`note:${to}`);
    expect(r).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const [log] = await logsTo(to);
    expect(r.emailLogId).toBe(log.id);
    expect(r.sentAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("a message that no longer applies is marked skipped", async () => {
    expect(
      await sendClaimed(t.deps, { key: "gone", kind: "test_note", userId: null, build: async () => null }),
    ).toBe("skipped");
    expect((await row("gone")).status).toBe("skipped");
  });

  it("a failing transport is retried with backoff, each attempt logged, until it is sent", async () => {
    const to = "flaky@example.com";
    failFirst.set(to, 2);
    expect(await sendClaimed(t.deps, claim(to))).toBe("failed");
    let r = await row(`note:${to}`);
    expect(r).toMatchObject({ status: "failed", attempts: 1 });
    expect(r.nextAttemptAt?.getTime()).toBe(NOW.getTime() + 5 * MIN);
    let logs = await logsTo(to);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: "failed" });
    expect(logs[0].errorMessage).toBe(`connection refused (attempt 1 of ${MAX_ATTEMPTS}, next try 14:05)`);

    // Not due yet.
    t.clock.advance(4 * MIN);
    expect(await retryDueMail(t.deps)).toBe(0);
    // Due: attempt 2 fails, next in 30 minutes.
    t.clock.advance(MIN);
    expect(await retryDueMail(t.deps)).toBe(1);
    r = await row(`note:${to}`);
    expect(r).toMatchObject({ status: "failed", attempts: 2 });
    expect(r.nextAttemptAt?.getTime()).toBe(NOW.getTime() + 35 * MIN);
    expect(r.lastError).toBe(`connection refused (attempt 2 of ${MAX_ATTEMPTS}, next try 14:35)`);
    // Attempt 3 is sent.
    t.clock.advance(30 * MIN);
    const before = built;
    expect(await retryDueMail(t.deps)).toBe(1);
    expect(built).toBe(before + 1); // rebuilt by the kind's builder
    r = await row(`note:${to}`);
    expect(r).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    logs = await logsTo(to);
    expect(logs.map((l) => l.status)).toEqual(["failed", "failed", "sent"]);
    expect(r.emailLogId).toBe(logs[2].id);
    expect(delivered.filter((m) => m.to === to)).toHaveLength(1);
    expect(await retryDueMail(t.deps)).toBe(0);
  });

  it(`after ${MAX_ATTEMPTS} failed attempts the message is abandoned`, async () => {
    const to = "dead@example.com";
    failFirst.set(to, 99);
    await sendClaimed(t.deps, claim(to));
    for (const wait of [5, 30, 120, 360]) {
      t.clock.advance(wait * MIN);
      expect(await retryDueMail(t.deps)).toBe(1);
    }
    const r = await row(`note:${to}`);
    expect(r).toMatchObject({ status: "abandoned", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(r.lastError).toMatch(/attempt 5 of 5, giving up/);
    expect(await logsTo(to)).toHaveLength(MAX_ATTEMPTS);
    t.clock.advance(24 * 60 * MIN);
    expect(await retryDueMail(t.deps)).toBe(0);
  });

  it("a claim stuck in sending (its worker died) is taken over after 15 minutes, a fresh one is not", async () => {
    await t.db.insert(outboundMessages).values([
      {
        key: "note:stuck@example.com",
        kind: "test_note",
        status: "sending",
        claimedAt: new Date(NOW.getTime() - 16 * MIN),
      },
      {
        key: "note:busy@example.com",
        kind: "test_note",
        status: "sending",
        claimedAt: new Date(NOW.getTime() - 10 * MIN),
      },
    ]);
    // A text is claimed only so it goes once: never retried.
    await t.db.insert(outboundMessages).values({
      key: "reveal-sms:9:9",
      kind: "sms_reveal",
      status: "sending",
      claimedAt: new Date(NOW.getTime() - 60 * MIN),
    });
    expect(await retryDueMail(t.deps)).toBe(1);
    expect((await row("reveal-sms:9:9")).status).toBe("sending");
    expect((await row("note:stuck@example.com")).status).toBe("sent");
    expect((await row("note:busy@example.com")).status).toBe("sending");
    expect(delivered.filter((m) => m.to === "stuck@example.com")).toHaveLength(1);
  });

  it("two retry workers at once never take the same row", async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `note:race${i}@example.com`);
    await t.db.insert(outboundMessages).values(
      keys.map((key) => ({
        key,
        kind: "test_note",
        status: "failed",
        attempts: 1,
        nextAttemptAt: new Date(NOW.getTime() - MIN),
      })),
    );
    const [a, b] = await Promise.all([retryDueMail(t.deps), retryDueMail(t.deps)]);
    expect(a + b).toBe(30);
    const sent = delivered.filter((m) => m.to.startsWith("race"));
    expect(new Set(sent.map((m) => m.to)).size).toBe(30);
    expect(sent).toHaveLength(30);
  });

  it("a kind without a builder is retried later, with the reason recorded", async () => {
    await t.db.insert(outboundMessages).values({
      key: "orphan:1",
      kind: "no_such_kind",
      status: "failed",
      attempts: 1,
      nextAttemptAt: NOW,
    });
    expect(await retryDueMail(t.deps)).toBe(1);
    const r = await row("orphan:1");
    expect(r.status).toBe("failed");
    expect(r.lastError).toMatch(/no mail builder registered for "no_such_kind"/);
  });
});
