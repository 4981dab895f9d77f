import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { allJobs } from "../../src/app/server/jobs.ts";
import { dateReservations, outboundMessages, pushSubscriptions, users } from "../../src/server/db/schema.ts";
import { cancelUnconfirmedDates, revealDates } from "../../src/server/jobs/dates.ts";
import { sendDatePushes } from "../../src/server/jobs/pushes.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { saveSwitches } from "../../src/server/modules/notifications/switches.ts";
import { createTestApp, TEST_VAPID_KEYS } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { type FakeSubscription, startPushService } from "../helpers/push-service.ts";

const t = await createTestApp();
const push = await startPushService({ vapidPublicKey: TEST_VAPID_KEYS.publicKey });
afterAll(() => push.close());

// Monday 2 November 2026, 12:00 London (GMT).
const NOW = new Date("2026-11-02T12:00:00Z");
const SECRET = /Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/;

beforeEach(() => {
  t.clock.set(NOW);
  push.received.length = 0;
});

async function device(userId: number): Promise<FakeSubscription> {
  const sub = push.subscribe();
  await t.db.insert(pushSubscriptions).values({
    userId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    label: "Chrome on Android",
  });
  return sub;
}

/** A linked couple, each with their own device. */
async function couple() {
  const me = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
  const partner = await t.member();
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
  await t.db.update(users).set({ partnerId: me.user.id }).where(eq(users.id, partner.user.id));
  return { me, partner, myPhone: await device(me.user.id), theirPhone: await device(partner.user.id) };
}

/** The date sweeps as the jobs run them: reveals, then pushes. */
async function tick(deps = t.deps) {
  await cancelUnconfirmedDates(deps);
  await revealDates(deps);
  return sendDatePushes(deps);
}

const titles = (sub: FakeSubscription) => push.to(sub.endpoint).map((r) => r.payload?.title);

describe("date pushes", () => {
  it("is registered as a job after the date reveals", () => {
    const names = allJobs.map((j) => j.name);
    expect(names).toContain("date-pushes");
    expect(names.indexOf("date-pushes")).toBeGreaterThan(names.indexOf("date-reveals"));
  });

  it("the reveal is pushed to both partners once, across two workers at once", async () => {
    const c = await couple();
    const { reservation } = await arrangeDate(t.db, c.me.user.id, {
      at: new Date(NOW.getTime() + hours(47)),
    });
    await revealDates(t.deps);
    // A second instance: its own pool on the same database, the same clock.
    const other = createDeps(t.config, t.db, { transport: outboxTransport(null), now: t.clock.now });
    await Promise.all([sendDatePushes(t.deps), sendDatePushes(other), sendDatePushes(t.deps)]);
    await sendDatePushes(t.deps);
    expect(push.errors).toEqual([]);
    for (const phone of [c.myPhone, c.theirPhone]) {
      const got = push.to(phone.endpoint);
      expect(got).toHaveLength(1);
      expect(got[0].payload).toMatchObject({
        title: "Your date is revealed",
        url: `/dates/${reservation.id}`,
        tag: `date-${reservation.id}`,
      });
      expect(got[0].payload?.body).toMatch(
        /Wednesday,? 4 November 2026 at 11:00, and confirm by Tuesday,? 3 November 2026 at 11:00\.$/,
      );
    }
    const rows = await t.db
      .select()
      .from(outboundMessages)
      .where(like(outboundMessages.key, `push-reveal:${reservation.id}:%`));
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["push_reveal", "sent"],
      ["push_reveal", "sent"],
    ]);
  });

  it("each partner has their own switch and devices", async () => {
    const c = await couple();
    await saveSwitches(t.db, c.partner.user.id, { pushNotifications: false });
    const second = await device(c.me.user.id);
    await arrangeDate(t.db, c.me.user.id, { at: new Date(NOW.getTime() + hours(40)) });
    await tick();
    expect(titles(c.myPhone)).toEqual(["Your date is revealed"]);
    expect(titles(second)).toEqual(["Your date is revealed"]);
    expect(titles(c.theirPhone)).toEqual([]);
  });

  it("reminds to confirm before the 24-hour deadline, only while unconfirmed", async () => {
    const c = await couple();
    const { reservation } = await arrangeDate(t.db, c.me.user.id, {
      at: new Date(NOW.getTime() + hours(36)),
    });
    const confirmed = await couple();
    await arrangeDate(t.db, confirmed.me.user.id, {
      at: new Date(NOW.getTime() + hours(36)),
      status: "confirmed",
    });
    await tick();
    expect(titles(c.myPhone)).toEqual(["Your date is revealed"]);
    // 31 hours before: not yet (the reminder goes 6 hours before the deadline).
    t.clock.advance(hours(5));
    await tick();
    expect(titles(c.myPhone)).toHaveLength(1);
    t.clock.advance(hours(1));
    await tick();
    await tick();
    expect(titles(c.myPhone)).toEqual(["Your date is revealed", "Please confirm your date"]);
    expect(titles(c.theirPhone)).toEqual(["Your date is revealed", "Please confirm your date"]);
    const reminder = push.to(c.myPhone.endpoint)[1].payload;
    expect(reminder).toMatchObject({ url: `/dates/${reservation.id}` });
    expect(reminder?.body).toMatch(/^Confirm by Tuesday,? 3 November 2026 at 00:00 to keep your date/);
    expect(titles(confirmed.myPhone)).toEqual(["Your date is revealed"]);
  });

  it("on the day: 'Tonight: {venue}, {time}' with directions to the venue", async () => {
    const c = await couple();
    // 19:30 tonight, already confirmed (revealed the day before yesterday).
    const { venue } = await arrangeDate(t.db, c.me.user.id, {
      at: new Date("2026-11-02T19:30:00Z"),
      status: "confirmed",
      venueName: "Secret Garden Bistro",
    });
    await tick();
    // 12:00: the reveal went (it was not pushed before), the day's push waits until 15:30.
    expect(titles(c.myPhone)).toEqual(["Your date is revealed"]);
    t.clock.set("2026-11-02T15:29:00Z");
    await tick();
    expect(titles(c.myPhone)).toHaveLength(1);
    t.clock.set("2026-11-02T15:30:00Z");
    await tick();
    await tick();
    for (const phone of [c.myPhone, c.theirPhone]) {
      const tonight = push.to(phone.endpoint).at(-1);
      expect(push.to(phone.endpoint)).toHaveLength(2);
      expect(tonight?.payload?.title).toBe("Tonight: Secret Garden Bistro, 19:30");
      expect(tonight?.payload?.body).toBe(`${venue.address}. Tap for directions.`);
      expect(tonight?.payload?.url).toBe(
        `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`Secret Garden Bistro, ${venue.address}, SE1 9PX`)}`,
      );
      expect(tonight?.urgency).toBe("high");
      expect(tonight?.ttl).toBe(4 * 3600);
    }
  });

  it("a date in the afternoon is 'Today', and the day's push also goes late in the evening (no quiet hours on the day)", async () => {
    const c = await couple();
    await arrangeDate(t.db, c.me.user.id, { at: new Date("2026-11-03T14:00:00Z"), status: "confirmed" });
    const late = await couple();
    await arrangeDate(t.db, late.me.user.id, { at: new Date("2026-11-03T22:45:00Z"), status: "confirmed" });
    t.clock.set("2026-11-03T10:00:00Z");
    await tick();
    expect(titles(c.myPhone).at(-1)).toMatch(/^Today: Secret Venue \d+, 14:00$/);
    t.clock.set("2026-11-03T21:30:00Z");
    await tick();
    expect(titles(late.myPhone).at(-1)).toMatch(/^Tonight: Secret Venue \d+, 22:45$/);
  });

  it("quiet hours hold a push until 08:00, unclaimed", async () => {
    const c = await couple();
    // Thursday 22:30: revealed on Tuesday at 22:30, in quiet hours.
    const { reservation } = await arrangeDate(t.db, c.me.user.id, { at: new Date("2026-11-05T22:30:00Z") });
    t.clock.set("2026-11-03T22:30:00Z");
    await tick();
    t.clock.set("2026-11-04T07:59:00Z");
    await tick();
    expect(push.received).toEqual([]);
    const claimed = await t.db
      .select()
      .from(outboundMessages)
      .where(like(outboundMessages.key, `push-%:${reservation.id}:%`));
    expect(claimed).toEqual([]);
    t.clock.set("2026-11-04T08:00:00Z");
    await tick();
    expect(titles(c.myPhone)).toEqual(["Your date is revealed"]);
    expect(titles(c.theirPhone)).toEqual(["Your date is revealed"]);
  });

  it("a dead subscription (410) is removed and the partner still gets theirs", async () => {
    const c = await couple();
    push.unsubscribe(c.myPhone.endpoint);
    await arrangeDate(t.db, c.me.user.id, { at: new Date(NOW.getTime() + hours(47)) });
    await tick();
    expect(titles(c.theirPhone)).toEqual(["Your date is revealed"]);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, c.me.user.id)),
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.userId, c.me.user.id), eq(outboundMessages.kind, "push_reveal")));
    expect(row).toMatchObject({ kind: "push_reveal", status: "abandoned" });
  });

  it("no push before the reveal, and none but the day's names the venue, address or idea", async () => {
    const c = await couple();
    const at = new Date("2026-11-12T19:00:00Z");
    const { reservation } = await arrangeDate(t.db, c.me.user.id, { at });
    const reveal = at.getTime() - hours(48);
    const dayStart = new Date("2026-11-12T00:00:00Z").getTime();
    // Every 90 minutes from ten days before until the date; the couple confirms once it is revealed.
    const seen: Array<{ at: number; text: string }> = [];
    for (let when = NOW.getTime(); when < at.getTime(); when += hours(1.5)) {
      t.clock.set(new Date(when));
      await tick();
      await t.db
        .update(dateReservations)
        .set({ status: "confirmed" })
        .where(and(eq(dateReservations.id, reservation.id), eq(dateReservations.status, "revealed")));
      // (Other tests' couples get their own pushes meanwhile: only this couple's count here.)
      for (const r of push.to(c.myPhone.endpoint, c.theirPhone.endpoint))
        seen.push({ at: when, text: JSON.stringify(r.payload) });
      push.received.length = 0;
    }
    expect(push.errors).toEqual([]);
    expect(seen.length, JSON.stringify(seen)).toBe(4);
    for (const p of seen) {
      expect(p.at).toBeGreaterThanOrEqual(reveal);
      if (p.at < dayStart) expect(p.text).not.toMatch(SECRET);
    }
    const mine = seen.filter((p) => p.text.includes("Tonight"));
    expect(mine).toHaveLength(2);
    expect(mine[0].text).toMatch(/Tonight: Secret Venue \d+, 19:00/);
  });
});
