/**
 * The registered send-clues job with the real senders: a clue that unlocks reaches a partner's phone as an
 * encrypted push (decrypted by the local push service) and as a text (the outbox), once however many sweeps
 * run, and quiet hours hold both. jobs-clues.test.ts covers the sweep's choices with channels of its own.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { dateIdeas, pushSubscriptions, users } from "../../src/server/db/schema.ts";
import { sendCluesJob } from "../../src/server/jobs/clues.ts";
import type { OutboxSms } from "../../src/server/modules/sms/sender.ts";
import { createTestApp, TEST_VAPID_KEYS } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { startPushService } from "../helpers/push-service.ts";

const t = await createTestApp();
const push = await startPushService({ vapidPublicKey: TEST_VAPID_KEYS.publicKey });
afterAll(() => push.close());
const outbox = () => (t.deps.sms as OutboxSms).messages;
const SECRET = /Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/;

/** Friday 20 November 2026, 19:30 London (GMT); each test takes a date a week later than the last. */
const FIRST_DATE = new Date("2026-11-20T19:30:00Z");
let dateAt = FIRST_DATE;
let testNo = 0;
beforeEach(() => {
  dateAt = new Date(FIRST_DATE.getTime() + testNo++ * hours(24 * 7));
  push.received.length = 0;
  outbox().length = 0;
});

async function partnerWithPhone() {
  const holder = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
  const partner = await t.member({
    clueNotifications: true,
    smsNotifications: true,
    phone: `+447700${900100 + testNo}`,
    partnerId: holder.user.id,
  });
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, holder.user.id));
  const sub = push.subscribe();
  await t.db.insert(pushSubscriptions).values({
    userId: partner.user.id,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    label: "Chrome on Android",
  });
  const d = await arrangeDate(t.db, holder.user.id, { at: dateAt });
  await t.db
    .update(dateIdeas)
    .set({ dressCode: "Smart casual", requirements: ["Bring photo ID"] })
    .where(eq(dateIdeas.id, d.idea.id));
  return { holder, partner, sub, d };
}

describe("send-clues with the real push and SMS senders", () => {
  it("a clue that unlocks is pushed and texted to the partner who chose clues, once across sweeps", async () => {
    const { partner, sub } = await partnerWithPhone();
    // 72 hours before 19:30 is 19:30 three days earlier: what to know before going unlocks, outside quiet
    // hours. The dress code is part of the reveal: no push or text carries it.
    t.clock.set(new Date(dateAt.getTime() - hours(72)));
    await sendCluesJob.run(t.deps);
    await Promise.all([sendCluesJob.run(t.deps), sendCluesJob.run(t.deps)]);
    t.clock.advance(10 * 60_000);
    await sendCluesJob.run(t.deps);

    expect(push.errors).toEqual([]);
    const pushes = push.to(sub.endpoint).map((r) => r.payload);
    const before = pushes.filter((p) => p?.body === "Before you go: bring photo ID.");
    expect(before).toHaveLength(1);
    expect(before[0]?.title).toBe("A new clue for your date");
    // Every clue unlocked by then went exactly once: no key twice.
    expect(new Set(pushes.map((p) => p?.tag)).size).toBe(pushes.length);
    const texts = outbox().filter((m) => m.text.includes("Before you go: bring photo ID."));
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe(partner.user.phone);
    for (const body of [...pushes.map((p) => `${p?.title} ${p?.body}`), ...outbox().map((m) => m.text)]) {
      expect(body).not.toMatch(SECRET);
      expect(body).not.toMatch(/smart|casual|dress/i);
    }
  });

  it("quiet hours hold both channels, and the 08:00 sweep sends them", async () => {
    const { sub } = await partnerWithPhone();
    // The area clue unlocks 60 hours before 19:30: at 07:30, inside quiet hours.
    t.clock.set(new Date(dateAt.getTime() - hours(60)));
    await sendCluesJob.run(t.deps);
    const areaTag = (tag: string | null | undefined) => tag?.endsWith("-area");
    expect(push.to(sub.endpoint).filter((r) => areaTag(r.payload?.tag))).toEqual([]);
    const textsBefore = outbox().length;

    t.clock.advance(30 * 60_000);
    await sendCluesJob.run(t.deps);
    expect(push.to(sub.endpoint).filter((r) => areaTag(r.payload?.tag))).toHaveLength(1);
    expect(outbox().length).toBeGreaterThan(textsBefore);
  });
});
