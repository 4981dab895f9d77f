import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { runDueJobs } from "../../src/app/server/jobs.ts";
import { createDb } from "../../src/server/db/client.ts";
import {
  dateReservations,
  outboundMessages,
  userMonthlyQuotas,
  users,
  venues,
} from "../../src/server/db/schema.ts";
import {
  cancelUnconfirmedDates,
  completeDates,
  revealDates,
  sendDateHolds,
} from "../../src/server/jobs/dates.ts";
import { outboxTransport, type SentMail } from "../../src/server/modules/email/mailer.ts";
import type { OutboxSms } from "../../src/server/modules/sms/sender.ts";
import type { MemberOverrides } from "../helpers/app.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

const t = await createTestApp();
// Before the machine's real date, so rows' created_at (set by the database) is "later" than the test clock.
const NOW = new Date("2026-11-02T12:00:00Z");
const SECRET = /Secret|Hidden Lane|SE1 9PX|venue\.example|020 7946/;

beforeEach(() => {
  t.clock.set(NOW);
  t.mail.length = 0;
});

/** A member and a mutually linked partner. */
async function couple(overrides: MemberOverrides = {}) {
  const me = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active", ...overrides });
  const partner = await t.member();
  await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
  await t.db.update(users).set({ partnerId: me.user.id }).where(eq(users.id, partner.user.id));
  return { me, partner };
}

const mailsTo = (email: string, type?: string) =>
  t.mail.filter((m) => m.to === email && (!type || m.type === type));

async function statusOf(id: number) {
  const [r] = await t.db.select().from(dateReservations).where(eq(dateReservations.id, id));
  return r;
}

function expectHoldOnly(m: SentMail) {
  expect(m.subject).toMatch(/Save the evening/);
  expect(`${m.subject}\n${m.text}\n${m.html}\n${m.calendar?.content}`).not.toMatch(SECRET);
  expect(m.calendar?.method).toBe("PUBLISH");
  expect(m.calendar?.content).not.toMatch(/LOCATION/);
}

describe("the date lifecycle", () => {
  it("scheduled -> hold -> revealed at 48 h -> confirmed -> completed, with a rating request", async () => {
    const { me, partner } = await couple();
    const at = new Date(NOW.getTime() + hours(24 * 5));
    const { reservation: r, venue } = await arrangeDate(t.db, me.user.id, { at });
    await t.db.update(venues).set({ priceLevel: "medium" }).where(eq(venues.id, venue.id));
    const uid = `UID:date-${r.id}@localhost`;

    await runDueJobs(t.deps);
    expect(mailsTo(me.user.email, "date_hold")).toHaveLength(1);
    expect(mailsTo(partner.user.email, "date_hold")).toHaveLength(1);
    for (const m of t.mail) expectHoldOnly(m);
    expect(mailsTo(me.user.email)[0].calendar?.content).toContain(uid);
    // Again: nothing more.
    await runDueJobs(t.deps);
    expect(t.mail).toHaveLength(2);
    expect((await statusOf(r.id)).status).toBe("scheduled");

    // 48 hours before: revealed, both told everything.
    t.clock.set(new Date(at.getTime() - hours(48)));
    await runDueJobs(t.deps);
    const revealed = await statusOf(r.id);
    expect(revealed.status).toBe("revealed");
    expect(revealed.revealedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const reveals = t.mail.filter((m) => m.type === "date_reveal");
    expect(reveals.map((m) => m.to).sort()).toEqual([me.user.email, partner.user.email].sort());
    const reveal = reveals[0];
    expect(reveal.text).toContain(venue.name);
    expect(reveal.text).toContain("Hidden Lane");
    expect(reveal.text).toMatch(/Dress code: Secret dress/);
    expect(reveal.text).toContain("£40-80 per person");
    expect(reveal.text).toMatch(/covers the planning and the booking/);
    expect(reveal.text).toContain("google.com/maps");
    expect(reveal.text).toContain(`http://localhost:5000/dates/${r.id}`);
    expect(reveal.text).toMatch(/Please confirm by/);
    expect(reveal.calendar?.content).toContain(uid);
    expect(reveal.calendar?.content).toMatch(/LOCATION:Secret Venue/);

    // The member confirms through the app.
    t.clock.advance(hours(2));
    const res = await t.request({ method: "POST", url: `/api/dates/${r.id}/confirm`, as: me });
    expect(res.statusCode).toBe(200);
    expect((await statusOf(r.id)).status).toBe("confirmed");

    // 24 hours before: a confirmed date stays.
    t.clock.set(new Date(at.getTime() - hours(23)));
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("confirmed");

    // During the date (3 hours long): not yet completed; afterwards completed and rated.
    t.clock.set(new Date(at.getTime() + hours(2)));
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("confirmed");
    t.clock.set(new Date(at.getTime() + hours(3) + 60_000));
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("completed");
    const ratings = t.mail.filter((m) => m.type === "date_rating_request");
    expect(ratings.map((m) => m.to).sort()).toEqual([me.user.email, partner.user.email].sort());
    expect(ratings[0].text).toContain(`/dates/${r.id}`);
    await runDueJobs(t.deps);
    expect(t.mail.filter((m) => m.type === "date_rating_request")).toHaveLength(2);

    // The member screen agrees.
    const view = await t.request({ method: "GET", url: `/api/dates/${r.id}`, as: partner });
    expect(view.json()).toMatchObject({ status: "completed", isPast: true });
    expect(view.json().actions.rate.allowed).toBe(true);
  });

  it("an unconfirmed date is cancelled 24 hours before: quota returned, both told, calendar cancelled", async () => {
    const { me, partner } = await couple();
    const at = new Date(NOW.getTime() + hours(24 * 4));
    const { reservation: r } = await arrangeDate(t.db, me.user.id, { at });
    await t.db.insert(userMonthlyQuotas).values({
      userId: me.user.id,
      year: 2026,
      month: 11,
      subscriptionTier: "gold",
      quotaAllowed: 2,
      quotaUsed: 1,
      quotaRemaining: 1,
    });
    await runDueJobs(t.deps); // hold
    t.clock.set(new Date(at.getTime() - hours(47)));
    await runDueJobs(t.deps); // reveal
    expect((await statusOf(r.id)).status).toBe("revealed");
    t.clock.set(new Date(at.getTime() - hours(24) - 60_000));
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("revealed");
    t.clock.set(new Date(at.getTime() - hours(24)));
    t.mail.length = 0;
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("cancelled");
    const [q] = await t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, me.user.id));
    expect(q).toMatchObject({ quotaUsed: 0, quotaRemaining: 2 });
    const told = t.mail.filter((m) => m.type === "date_cancelled");
    expect(told.map((m) => m.to).sort()).toEqual([me.user.email, partner.user.email].sort());
    expect(told[0].text).toMatch(/wasn't confirmed 24 hours before/);
    expect(told[0].calendar?.method).toBe("CANCEL");
    expect(told[0].calendar?.content).toMatch(/METHOD:CANCEL/);
    expect(told[0].calendar?.content).toMatch(/STATUS:CANCELLED/);
    expect(told[0].calendar?.content).toContain(`UID:date-${r.id}@localhost`);
    // No second notice (nor a hold cancellation on top), no second quota return.
    await runDueJobs(t.deps);
    expect(t.mail).toHaveLength(2);
    const [q2] = await t.db.select().from(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, me.user.id));
    expect(q2.quotaRemaining).toBe(2);
    // The member screen shows it cancelled, nothing to confirm.
    const view = await t.request({ method: "GET", url: `/api/dates/${r.id}`, as: me });
    expect(view.json()).toMatchObject({ status: "cancelled", revealed: false, venue: null });
  });

  it("a date booked less than 24 hours ahead is not cancelled for want of a confirmation", async () => {
    const { me } = await couple();
    const { reservation: r } = await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() + hours(20)),
    });
    await t.db.update(dateReservations).set({ createdAt: NOW }).where(eq(dateReservations.id, r.id));
    await runDueJobs(t.deps);
    expect((await statusOf(r.id)).status).toBe("revealed");
    expect(t.mail.filter((m) => m.type === "date_reveal")).toHaveLength(2);
  });

  it("a cancelled date whose hold went out gets one calendar cancellation; a moved date a new hold", async () => {
    const { me, partner } = await couple();
    const at = new Date(NOW.getTime() + hours(24 * 6));
    const a = await arrangeDate(t.db, me.user.id, { at });
    const b = await arrangeDate(t.db, me.user.id, { at: new Date(at.getTime() + hours(24)) });
    await runDueJobs(t.deps);
    expect(t.mail.filter((m) => m.type === "date_hold")).toHaveLength(4);

    // An admin cancels a; b moves an hour later.
    await t.db
      .update(dateReservations)
      .set({ status: "cancelled" })
      .where(eq(dateReservations.id, a.reservation.id));
    const moved = new Date(b.reservation.scheduledDate.getTime() + hours(1));
    await t.db
      .update(dateReservations)
      .set({ scheduledDate: moved })
      .where(eq(dateReservations.id, b.reservation.id));
    t.mail.length = 0;
    await runDueJobs(t.deps);
    await runDueJobs(t.deps);
    const cancels = t.mail.filter((m) => m.type === "date_hold_cancelled");
    expect(cancels.map((m) => m.to).sort()).toEqual([me.user.email, partner.user.email].sort());
    expect(cancels[0].calendar?.content).toMatch(/METHOD:CANCEL/);
    expect(cancels[0].calendar?.content).toContain(`UID:date-${a.reservation.id}@localhost`);
    expect(`${cancels[0].text}${cancels[0].calendar?.content}`).not.toMatch(SECRET);
    const holds = t.mail.filter((m) => m.type === "date_hold");
    expect(holds).toHaveLength(2);
    for (const h of holds) {
      expectHoldOnly(h);
      expect(h.calendar?.content).toContain(`UID:date-${b.reservation.id}@localhost`);
      expect(h.calendar?.content).toContain(
        `DTSTART:${moved
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "")}`,
      );
    }
  });

  it("the rating request is a notice: the e-mail switch stops it; the reveal is service mail and goes", async () => {
    const { me, partner } = await couple({ emailNotifications: false });
    const at = new Date(NOW.getTime() + hours(30));
    const { reservation: r } = await arrangeDate(t.db, me.user.id, { at, status: "confirmed" });
    await revealDates(t.deps);
    expect(mailsTo(me.user.email, "date_reveal")).toHaveLength(1);
    t.clock.set(new Date(at.getTime() + hours(4)));
    await completeDates(t.deps);
    expect((await statusOf(r.id)).status).toBe("completed");
    expect(mailsTo(me.user.email, "date_rating_request")).toHaveLength(0);
    expect(mailsTo(partner.user.email, "date_rating_request")).toHaveLength(1);
    const [skipped] = await t.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.key, `rate:${r.id}:${me.user.id}`)));
    expect(skipped.status).toBe("skipped");
  });

  it("the reveal goes by text too to a member with a phone and texts on, once", async () => {
    const sms = t.deps.sms as OutboxSms;
    sms.messages.length = 0;
    const { me, partner } = await couple({ phone: "+447700900123", smsNotifications: true });
    const at = new Date(NOW.getTime() + hours(40));
    const { reservation: r } = await arrangeDate(t.db, me.user.id, { at });
    await revealDates(t.deps);
    await revealDates(t.deps);
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0].to).toBe("+447700900123");
    expect(sms.messages[0].text).toContain(`/dates/${r.id}`);
    expect(mailsTo(partner.user.email, "date_reveal")).toHaveLength(1);
  });
});

describe("two workers", () => {
  const pools: Array<{ end(): Promise<void> }> = [];
  afterAll(async () => {
    for (const p of pools) await p.end();
  });

  it("running the sweeps at once, on separate connections, send each reveal exactly once per recipient", async () => {
    const workers = [0, 1].map(() => {
      const db = createDb(t.config.databaseUrl!, 3);
      pools.push(db.$client);
      const outbox = outboxTransport(null);
      return { deps: createDeps(t.config, db, { transport: outbox, now: t.clock.now }), outbox };
    });
    const couples = await Promise.all([couple(), couple(), couple()]);
    const dates = [];
    for (const c of couples)
      dates.push(await arrangeDate(t.db, c.me.user.id, { at: new Date(NOW.getTime() + hours(24 * 3)) }));
    for (const step of [0, hours(25), hours(1), hours(23)]) {
      t.clock.advance(step);
      for (let round = 0; round < 3; round++)
        await Promise.all(
          workers.flatMap((w) => [
            sendDateHolds(w.deps),
            revealDates(w.deps),
            cancelUnconfirmedDates(w.deps),
            completeDates(w.deps),
          ]),
        );
    }
    const recipients = couples.flatMap((c) => [c.me.user.email, c.partner.user.email]).sort();
    // Earlier tests' dates share the database: only these couples' mail counts.
    const sent = workers.flatMap((w) => w.outbox.messages).filter((m) => recipients.includes(m.to));
    const count = (type: string) => {
      const byTo = new Map<string, number>();
      for (const m of sent.filter((x) => x.type === type)) byTo.set(m.to, (byTo.get(m.to) ?? 0) + 1);
      return byTo;
    };
    for (const type of ["date_hold", "date_reveal", "date_cancelled"]) {
      const byTo = count(type);
      expect([...byTo.keys()].sort(), type).toEqual(recipients);
      expect(
        [...byTo.values()].every((n) => n === 1),
        type,
      ).toBe(true);
    }
    for (const d of dates) expect((await statusOf(d.reservation.id)).status).toBe("cancelled");
  });
});
