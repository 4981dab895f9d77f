import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { allJobs } from "../../src/app/server/jobs.ts";
import { dateIdeas, dateReservations, users } from "../../src/server/db/schema.ts";
import { cluesJob } from "../../src/server/jobs/clues.ts";
import type { ClueChannels, PushClue, TextClue } from "../../src/server/modules/clues/notify.ts";
import type { ChannelOutcome } from "../../src/server/modules/notifications/channels.ts";
import { isQuietHour } from "../../src/server/modules/notifications/quiet-hours.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
/** 19:30 London (GMT in November): the area clue unlocks 60 hours before, at 07:30, inside quiet hours. */
const DATE_AT = new Date("2026-11-20T19:30:00Z");
let dateAt = DATE_AT;
/** Each test has its own date, a week after the last, so one test's clues never fall due in another's sweeps. */
const atHoursBefore = (h: number) => new Date(dateAt.getTime() - hours(h));
const SECRET = /Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/;

/**
 * Channels that keep the senders' contract (push/send.ts, sms/send.ts): a message is claimed once by its key;
 * during quiet hours (except on the date's day) it is held and not claimed.
 */
function fakeChannels() {
  const claimed = new Set<string>();
  const sent: Array<{ channel: "push" | "sms"; userId: number; msg: PushClue | TextClue; at: Date }> = [];
  const outcomes: ChannelOutcome[] = [];
  const deliver =
    (channel: "push" | "sms") =>
    async (_deps: unknown, userId: number, msg: PushClue | TextClue): Promise<ChannelOutcome> => {
      const outcome: ChannelOutcome = isQuietHour(t.clock.now(), msg.dateAt)
        ? "quiet"
        : claimed.has(msg.key)
          ? "duplicate"
          : "sent";
      if (outcome === "sent") {
        claimed.add(msg.key);
        sent.push({ channel, userId, msg, at: t.clock.now() });
      }
      outcomes.push(outcome);
      return outcome;
    };
  const channels: ClueChannels = { push: deliver("push"), text: deliver("sms") };
  return { channels, sent, outcomes };
}

async function arrangeCouple(wants: [boolean, boolean]) {
  const a = await t.member({ clueNotifications: wants[0] });
  const b = await t.member({ clueNotifications: wants[1], partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  const d = await arrangeDate(t.db, a.user.id, { at: dateAt });
  await t.db.update(dateIdeas).set({ dressCode: "Smart casual" }).where(eq(dateIdeas.id, d.idea.id));
  return { a, b, d };
}

let testNo = 0;
beforeEach(() => {
  dateAt = new Date(DATE_AT.getTime() + testNo++ * 7 * 24 * 3_600_000);
  t.clock.set(atHoursBefore(200));
});

describe("send-clues job", () => {
  it("is registered to run every ten minutes", () => {
    expect(allJobs.find((j) => j.name === "send-clues")?.cron).toBe("*/10 * * * *");
  });

  it("sends a clue once it unlocks, once (two sweeps, two workers), to each partner who chose clues", async () => {
    const { a, b, d } = await arrangeCouple([true, false]);
    const { channels, sent } = fakeChannels();
    const job = cluesJob(channels);
    t.clock.set(new Date(atHoursBefore(168).getTime() - 60_000));
    expect(await job.run(t.deps)).toBe(0);
    expect(sent).toEqual([]);

    t.clock.set(atHoursBefore(168));
    expect(await job.run(t.deps)).toBe(2);
    await Promise.all([job.run(t.deps), job.run(t.deps)]);
    t.clock.advance(10 * 60_000);
    expect(await job.run(t.deps)).toBe(0);
    expect(sent.map((s) => [s.channel, s.userId, s.msg.key])).toEqual([
      ["push", a.user.id, `clue-push:${d.reservation.id}:0:time:${a.user.id}`],
      ["sms", a.user.id, `clue-sms:${d.reservation.id}:0:time:${a.user.id}`],
    ]);
    expect(sent.some((s) => s.userId === b.user.id)).toBe(false);
    const push = sent[0].msg as PushClue;
    expect(push).toMatchObject({
      kind: "push_clue",
      reservationId: d.reservation.id,
      dateAt,
      message: {
        title: "A new clue for your date",
        body: "Keep the whole evening free: plan on about three hours together.",
        url: `/dates/${d.reservation.id}`,
        tag: `clue-${d.reservation.id}-time`,
      },
    });
    expect((sent[1].msg as TextClue).body).toBe(
      `Unveil clue for your date on Fri 27 Nov: Keep the whole evening free: plan on about three hours together. http://localhost:5000/dates/${d.reservation.id}`,
    );
  });

  it("holds a clue through quiet hours and sends it after 08:00; never a secret in any body", async () => {
    const { d } = await arrangeCouple([true, true]);
    const { channels, sent: all, outcomes } = fakeChannels();
    const job = cluesJob(channels);
    // Sweeps from a week before to the reveal, every half hour (the cron's ten minutes, thinned for time).
    for (let at = atHoursBefore(168).getTime(); at < atHoursBefore(48).getTime(); at += 30 * 60_000) {
      t.clock.set(new Date(at));
      await job.run(t.deps);
      if (at === atHoursBefore(60).getTime()) {
        // 07:30 London: the area clue is due, and held.
        expect(outcomes.at(-1)).toBe("quiet");
        expect(all.some((s) => s.msg.key.includes(`${d.reservation.id}:0:area`))).toBe(false);
      }
    }
    const sent = all.filter((s) => s.msg.reservationId === d.reservation.id);
    const area = sent.filter((s) => s.msg.key.includes(":area:"));
    expect(area).toHaveLength(4);
    // Sent by the first sweep at 08:00 London.
    expect(new Set(area.map((s) => s.msg.key)).size).toBe(4);
    expect(area.every((s) => s.at.getTime() === atHoursBefore(59.5).getTime())).toBe(true);
    // Each clue to each partner by each channel exactly once.
    // No dress-code clue: the dress code is part of the reveal.
    const slots = ["time", "kind", "area"];
    expect(sent).toHaveLength(slots.length * 2 * 2);
    for (const s of sent) {
      const text = "body" in s.msg ? s.msg.body : `${s.msg.message.title} ${s.msg.message.body}`;
      expect(text).not.toMatch(SECRET);
      expect(text).not.toMatch(/smart casual|dress/i);
      expect(s.msg.reservationId).toBe(d.reservation.id);
    }
  });

  it("sends nothing for a cancelled date, waits out an undo window, and not a clue unlocked long ago", async () => {
    const { channels, sent } = fakeChannels();
    const job = cluesJob(channels);
    const cancelled = await arrangeCouple([true, true]);
    await t.db
      .update(dateReservations)
      .set({ status: "cancelled" })
      .where(eq(dateReservations.id, cancelled.d.reservation.id));
    t.clock.set(atHoursBefore(120));
    expect(await job.run(t.deps)).toBe(0);

    const held = await arrangeCouple([true, false]);
    await t.db
      .update(dateReservations)
      .set({ mailHoldUntil: new Date(atHoursBefore(120).getTime() + 120_000) })
      .where(eq(dateReservations.id, held.d.reservation.id));
    expect(await job.run(t.deps)).toBe(0);
    t.clock.advance(120_000);
    // The kind clue (120 h) is due now; the time clue (168 h) unlocked two days ago and is not sent late.
    expect(await job.run(t.deps)).toBe(2);
    expect(sent.map((s) => s.msg.key.split(":")[3])).toEqual(["kind", "kind"]);
  });
});
