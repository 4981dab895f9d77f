import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { outboundMessages, pushSubscriptions, users } from "../../src/server/db/schema.ts";
import { retryDueMail } from "../../src/server/jobs/outbound.ts";
import { pushToUser } from "../../src/server/modules/push/send.ts";
import { createTestApp, TEST_VAPID_KEYS } from "../helpers/app.ts";
import { type FakeSubscription, startPushService } from "../helpers/push-service.ts";

const t = await createTestApp();
const push = await startPushService({ vapidPublicKey: TEST_VAPID_KEYS.publicKey });
afterAll(() => push.close());

// 14:00 London: not quiet.
const DAY = new Date("2026-11-02T14:00:00Z");
beforeEach(() => {
  t.clock.set(DAY);
  push.received.length = 0;
});

async function device(userId: number, sub: FakeSubscription = push.subscribe()) {
  await t.db.insert(pushSubscriptions).values({
    userId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    label: "Chrome on Android",
  });
  return sub;
}

const message = {
  title: "Your date is revealed",
  body: "See where you're going.",
  url: "/dates/1",
  tag: "t1",
};
let k = 0;
const key = () => `push-test:${++k}`;

describe("pushToUser", () => {
  it("sends to every device once per key, encrypted and signed (decrypted by the local push service)", async () => {
    const m = await t.member();
    const a = await device(m.user.id);
    const b = await device(m.user.id);
    const theKey = key();
    expect(await pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", message })).toBe("sent");
    expect(push.errors).toEqual([]);
    expect(push.to(a.endpoint).map((r) => r.payload)).toEqual([{ ...message }]);
    expect(push.to(b.endpoint)).toHaveLength(1);
    expect(push.received[0].topic).toBe("t1");
    // Again, as a second worker would: claimed already.
    expect(await pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", message })).toBe(
      "duplicate",
    );
    expect(push.received).toHaveLength(2);
    const [row] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, theKey));
    expect(row).toMatchObject({ status: "sent", kind: "push_test", userId: m.user.id });
    const subs = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id));
    expect(subs.every((s) => s.lastSuccessAt?.getTime() === DAY.getTime())).toBe(true);
  });

  it("two workers at once: one push", async () => {
    const m = await t.member();
    const a = await device(m.user.id);
    const theKey = key();
    const outcomes = await Promise.all(
      [1, 2].map(() => pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", message })),
    );
    expect(outcomes.sort()).toEqual(["duplicate", "sent"]);
    expect(push.to(a.endpoint)).toHaveLength(1);
  });

  it("answers off without claiming: no device, switch off, deleted member", async () => {
    const none = await t.member();
    const off = await t.member({ pushNotifications: false });
    await device(off.user.id);
    const gone = await t.member();
    await device(gone.user.id);
    await t.db.update(users).set({ deletedAt: DAY }).where(eq(users.id, gone.user.id));
    for (const u of [none, off, gone]) {
      const theKey = key();
      expect(await pushToUser(t.deps, u.user.id, { key: theKey, kind: "push_test", message })).toBe("off");
      expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, theKey))).toEqual([]);
    }
    expect(push.received).toEqual([]);
  });

  it("holds in quiet hours without claiming, except on the day of the date", async () => {
    const m = await t.member();
    const a = await device(m.user.id);
    t.clock.set("2026-11-02T22:30:00Z");
    const theKey = key();
    expect(await pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", message })).toBe("quiet");
    expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, theKey))).toEqual([]);
    // The date is tonight at 23:00: no quiet hours on its day.
    const dateAt = new Date("2026-11-02T23:00:00Z");
    expect(await pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", dateAt, message })).toBe(
      "sent",
    );
    expect(push.to(a.endpoint)).toHaveLength(1);
    expect(push.received[0].urgency).toBe("high");
    // The push service drops it once the date has begun.
    expect(push.received[0].ttl).toBe(30 * 60);
    // 08:00 London the next morning: sent then.
    t.clock.set("2026-11-03T08:00:00Z");
    expect(await pushToUser(t.deps, m.user.id, { key: key(), kind: "push_test", message })).toBe("sent");
  });

  it("removes a device whose push service answers 404 or 410, counts other failures, never retries", async () => {
    const m = await t.member();
    const live = await device(m.user.id);
    const revoked = await device(m.user.id);
    const missing = await device(m.user.id);
    const broken = await device(m.user.id);
    push.unsubscribe(revoked.endpoint);
    push.answer(missing.endpoint, 404);
    push.answer(broken.endpoint, 500);
    expect(await pushToUser(t.deps, m.user.id, { key: key(), kind: "push_test", message })).toBe("sent");
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id));
    expect(left.map((s) => [s.endpoint, s.failures]).sort()).toEqual(
      [
        [live.endpoint, 0],
        [broken.endpoint, 1],
      ].sort(),
    );
    // Only failing devices left: failed, recorded, and the retry job leaves push rows alone.
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, live.endpoint));
    const theKey = key();
    expect(await pushToUser(t.deps, m.user.id, { key: theKey, kind: "push_test", message })).toBe("failed");
    const [row] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, theKey));
    expect(row.status).toBe("abandoned");
    expect(row.lastError).toMatch(/500/);
    await t.db
      .update(outboundMessages)
      .set({ status: "failed", nextAttemptAt: DAY })
      .where(eq(outboundMessages.id, row.id));
    t.clock.advance(3600_000);
    await retryDueMail(t.deps);
    const [after] = await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, row.id));
    expect(after.status).toBe("failed");
  });

  it("refuses a kind that does not start with push_", async () => {
    const m = await t.member();
    await expect(pushToUser(t.deps, m.user.id, { key: key(), kind: "reveal", message })).rejects.toThrow(
      /push_/,
    );
  });
});
