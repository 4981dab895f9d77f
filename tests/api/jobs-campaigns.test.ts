/**
 * The e-mail campaigns job on a real database with the injected clock: rows scheduled per member at
 * trigger + delay, sent once through the claimed outbox, skipped when the member opted out, was deleted, the
 * trigger no longer holds or the campaign (or template) is off; templates filled and HTML-escaped.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailCampaigns,
  emailLogs,
  emailTemplates,
  outboundMessages,
  subscriptionEvents,
  userEmailCampaigns,
  users,
} from "../../src/server/db/schema.ts";
import { runEmailCampaigns } from "../../src/server/jobs/billing/campaigns.ts";
import { retryDueMail } from "../../src/server/jobs/outbound.ts";
import { Mailer, type Transport } from "../../src/server/modules/email/mailer.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import type { MemberOverrides } from "../helpers/app.ts";
import { createTestApp } from "../helpers/app.ts";
import { hours } from "../helpers/arrange.ts";

const t = await createTestApp();
const DAY = 86_400_000;
const START = t.clock.now();
const SETTINGS = "http://localhost:5000/settings?tab=notifications";

beforeAll(async () => {
  // The seeded campaigns have existed for two months.
  await t.db.update(emailCampaigns).set({ createdAt: new Date(START.getTime() - 60 * DAY) });
});

beforeEach(() => {
  t.mail.length = 0;
});

const mailsTo = (email: string) => t.mail.filter((m) => m.to === email);

async function campaignId(name: string) {
  const [c] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.name, name));
  return c.id;
}

async function rowsOf(userId: number) {
  const rows = await t.db
    .select({ uc: userEmailCampaigns, name: emailCampaigns.name })
    .from(userEmailCampaigns)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, userEmailCampaigns.campaignId))
    .where(eq(userEmailCampaigns.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.name, r.uc]));
}

/** A member who signed up at the clock's time. */
const newMember = (o: MemberOverrides = {}) => t.member({ createdAt: t.clock.now(), ...o });

describe("scheduling and sending", () => {
  it("the welcome series: scheduled at sign-up + delay, sent once each, the nudge skipped once onboarded", async () => {
    t.clock.set(START);
    const m = await newMember();
    await runEmailCampaigns(t.deps);
    const rows = await rowsOf(m.user.id);
    expect(Object.keys(rows).sort()).toEqual([
      "Finish your questionnaire",
      "Welcome series, day 1",
      "Welcome series, day 3",
    ]);
    expect(rows["Welcome series, day 1"]).toMatchObject({ status: "scheduled", sentAt: null });
    expect(rows["Welcome series, day 1"].scheduledAt.getTime()).toBe(START.getTime() + hours(24));
    expect(rows["Finish your questionnaire"].scheduledAt.getTime()).toBe(START.getTime() + hours(48));
    expect(rows["Welcome series, day 3"].scheduledAt.getTime()).toBe(START.getTime() + hours(72));
    expect(mailsTo(m.user.email)).toEqual([]);

    t.clock.set(new Date(START.getTime() + hours(24) - 60_000));
    await runEmailCampaigns(t.deps);
    expect(mailsTo(m.user.email)).toEqual([]);

    t.clock.set(new Date(START.getTime() + hours(24) + 60_000));
    await runEmailCampaigns(t.deps);
    await runEmailCampaigns(t.deps);
    const sent = mailsTo(m.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject: "How your first surprise date comes together, Sam",
      type: "campaign",
      userId: m.user.id,
      // Mail apps show an unsubscribe button beside the sender (List-Unsubscribe, checked over SMTP in
      // mail-smtp.test.ts); the mails members cannot turn off (resets, reveals) carry none.
      listUnsubscribe: SETTINGS,
    });
    expect(sent[0].html).toContain("Hello Sam,");
    expect(sent[0].html).toContain(`Turn these e-mails off in your settings: ${SETTINGS}`);
    expect(sent[0].text).toContain(`Turn these e-mails off in your settings: ${SETTINGS}`);
    expect(sent[0].text).not.toMatch(/\{\{/);
    const day1 = (await rowsOf(m.user.id))["Welcome series, day 1"];
    expect(day1).toMatchObject({ status: "sent" });
    expect(day1.sentAt).toBeInstanceOf(Date);
    const [log] = await t.db.select().from(emailLogs).where(eq(emailLogs.id, day1.emailLogId!));
    expect(log).toMatchObject({ recipientEmail: m.user.email, emailType: "campaign", status: "sent" });

    // Onboarded before the nudge is due: it is skipped; the day-3 tips still go.
    await t.db.update(users).set({ onboardingCompleted: true }).where(eq(users.id, m.user.id));
    t.clock.set(new Date(START.getTime() + hours(73)));
    await runEmailCampaigns(t.deps);
    const after = await rowsOf(m.user.id);
    expect(after["Finish your questionnaire"]).toMatchObject({ status: "skipped", sentAt: null });
    expect(after["Welcome series, day 3"]).toMatchObject({ status: "sent" });
    expect(mailsTo(m.user.email).map((x) => x.subject)).toEqual([
      "How your first surprise date comes together, Sam",
      "Three ways to make your dates even better",
    ]);
  });

  it("members who opted out of marketing, or were deleted, are skipped", async () => {
    t.clock.set(START);
    const out = await newMember({ marketingOptOut: true });
    const gone = await newMember();
    await runEmailCampaigns(t.deps);
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.user.id));
    t.clock.set(new Date(START.getTime() + 4 * DAY));
    await runEmailCampaigns(t.deps);
    for (const m of [out, gone]) {
      const rows = Object.values(await rowsOf(m.user.id));
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.status === "skipped")).toBe(true);
      expect(mailsTo(m.user.email)).toEqual([]);
    }
    const claimed = await t.db
      .select()
      .from(outboundMessages)
      .where(inArray(outboundMessages.userId, [out.user.id, gone.user.id]));
    expect(claimed).toEqual([]);
  });

  it("the come-back note a week after cancelling; skipped when the plan was taken up again", async () => {
    t.clock.set(START);
    const left = await newMember({ onboardingCompleted: true, subscriptionTier: "gold" });
    const back = await newMember({ onboardingCompleted: true, subscriptionTier: "gold" });
    const cancelledAt = new Date(START.getTime() + 2 * DAY);
    t.clock.set(cancelledAt);
    for (const m of [left, back]) {
      await saveState(t.db, m.user.id, { subscriptionStatus: "cancelled" });
      await t.db.insert(subscriptionEvents).values({
        userId: m.user.id,
        eventType: "cancelled",
        fromStatus: "active",
        toStatus: "cancelled",
        occurredAt: cancelledAt,
      });
    }
    await runEmailCampaigns(t.deps);
    const rows = await rowsOf(left.user.id);
    expect(rows["Come back"].scheduledAt.getTime()).toBe(cancelledAt.getTime() + hours(168));
    await saveState(t.db, back.user.id, { subscriptionStatus: "active" });

    t.clock.set(new Date(cancelledAt.getTime() + hours(168) + 60_000));
    await runEmailCampaigns(t.deps);
    expect((await rowsOf(left.user.id))["Come back"]).toMatchObject({ status: "sent" });
    expect((await rowsOf(back.user.id))["Come back"]).toMatchObject({ status: "skipped" });
    expect(mailsTo(left.user.email).map((m) => m.subject)).toContain("We kept your preferences, Sam");
    expect(mailsTo(back.user.email).map((m) => m.subject)).not.toContain("We kept your preferences, Sam");
  });
});

describe("campaigns and templates", () => {
  afterAll(async () => {
    await t.db
      .update(emailCampaigns)
      .set({ isActive: false })
      .where(like(emailCampaigns.name, "Custom campaign %"));
  });

  async function customCampaign(opts: {
    html: string;
    text: string | null;
    delay?: number;
    createdAt?: Date;
  }) {
    const tag = Math.random().toString(36).slice(2, 8);
    const [tpl] = await t.db
      .insert(emailTemplates)
      .values({
        name: `Custom ${Math.random()}`,
        subject: `Hi {{firstName}} & welcome ${tag}`,
        htmlContent: opts.html,
        textContent: opts.text,
        templateType: "custom",
      })
      .returning();
    const [c] = await t.db
      .insert(emailCampaigns)
      .values({
        name: `Custom campaign ${tpl.id}`,
        templateId: tpl.id,
        triggerType: "signup",
        delayHours: opts.delay ?? 0,
        createdAt: opts.createdAt ?? t.clock.now(),
      })
      .returning();
    return { tpl, c, tag };
  }

  it("fills placeholders, escapes them in HTML, and adds an unsubscribe line when the template has none", async () => {
    t.clock.set(new Date(START.getTime() + 20 * DAY));
    const { c, tag } = await customCampaign({
      html: '<html><body><p>Hello {{firstName}} {{lastName}}</p><a href="{{plansUrl}}">Plans</a> {{unknown}}</body></html>',
      text: null,
    });
    t.clock.advance(60_000);
    const m = await newMember({ firstName: '<b>Eve</b> & "Co"', lastName: "O'Neil" });
    await runEmailCampaigns(t.deps);
    const mail = mailsTo(m.user.email).find((x) => x.subject.endsWith(tag))!;
    // A subject is a header: the member's markup is dropped there, and escaped in the HTML body.
    expect(mail.subject).toBe(`Hi Eve & "Co" & welcome ${tag}`);
    expect(mail.html).toContain("Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot; O&#39;Neil");
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain('<a href="http://localhost:5000/subscription">Plans</a>');
    expect(mail.html).toContain("{{unknown}}");
    expect(mail.html).toMatch(/Turn these e-mails off in your settings: <a href="[^"]+tab=notifications"/);
    expect(mail.html.indexOf("Turn these e-mails off")).toBeLessThan(mail.html.indexOf("</body>"));
    expect(mail.text).toContain('Hello <b>Eve</b> & "Co" O\'Neil');
    expect(mail.text).toContain(`Turn these e-mails off in your settings: ${SETTINGS}`);
    const [row] = await t.db
      .select()
      .from(userEmailCampaigns)
      .where(and(eq(userEmailCampaigns.userId, m.user.id), eq(userEmailCampaigns.campaignId, c.id)));
    expect(row.status).toBe("sent");
  });

  it("no mass mail: old sign-ups and those before the campaign existed are not scheduled", async () => {
    t.clock.set(new Date(START.getTime() + 30 * DAY));
    const old = await t.member({ createdAt: new Date(t.clock.now().getTime() - 31 * DAY) });
    const before = await t.member({ createdAt: new Date(t.clock.now().getTime() - 2 * DAY) });
    const { c } = await customCampaign({ html: "<p>Hello {{firstName}} {{settingsUrl}}</p>", text: "Hi" });
    await runEmailCampaigns(t.deps);
    expect(await rowsOf(old.user.id)).toEqual({});
    const rows = await rowsOf(before.user.id);
    expect(rows[c.name]).toBeUndefined();
    // Seeded campaigns, older than this sign-up, did schedule it, and the day-1 welcome (a day late) went.
    expect(rows["Welcome series, day 1"]).toMatchObject({ status: "sent" });
    // A welcome more than a week overdue (the job was off) is skipped rather than sent weeks late.
    const late = await t.member({ createdAt: new Date(t.clock.now().getTime() - 20 * DAY) });
    await runEmailCampaigns(t.deps);
    expect((await rowsOf(late.user.id))["Welcome series, day 1"]).toMatchObject({ status: "skipped" });
    expect(mailsTo(late.user.email)).toEqual([]);
  });

  it("an inactive campaign schedules and sends nothing; a due row is skipped; an inactive template too", async () => {
    t.clock.set(new Date(START.getTime() + 40 * DAY));
    const { c, tag } = await customCampaign({ html: "<p>{{settingsUrl}}</p>", text: null, delay: 2 });
    const {
      c: c2,
      tpl: tpl2,
      tag: tag2,
    } = await customCampaign({
      html: "<p>{{settingsUrl}}</p>",
      text: null,
      delay: 2,
    });
    t.clock.advance(60_000);
    const a = await newMember();
    await runEmailCampaigns(t.deps);
    await t.db.update(emailCampaigns).set({ isActive: false }).where(eq(emailCampaigns.id, c.id));
    await t.db.update(emailTemplates).set({ isActive: false }).where(eq(emailTemplates.id, tpl2.id));
    const b = await newMember();
    t.clock.advance(hours(3));
    await runEmailCampaigns(t.deps);
    const rowsA = await rowsOf(a.user.id);
    expect(rowsA[c.name]).toMatchObject({ status: "skipped" });
    expect(rowsA[c2.name]).toMatchObject({ status: "skipped" });
    const rowsB = await rowsOf(b.user.id);
    expect(rowsB[c.name]).toBeUndefined();
    for (const m of [a, b])
      expect(
        mailsTo(m.user.email).filter((x) => x.subject.endsWith(tag) || x.subject.endsWith(tag2)),
      ).toEqual([]);
  });
});

describe("safety", () => {
  it("two workers at once send each message once", async () => {
    t.clock.set(new Date(START.getTime() + 50 * DAY));
    const members = await Promise.all(
      Array.from({ length: 6 }, () => newMember({ onboardingCompleted: true })),
    );
    await runEmailCampaigns(t.deps);
    t.clock.advance(hours(25));
    await Promise.all([runEmailCampaigns(t.deps), runEmailCampaigns(t.deps), runEmailCampaigns(t.deps)]);
    for (const m of members) {
      expect(mailsTo(m.user.email)).toHaveLength(1);
      expect((await rowsOf(m.user.id))["Welcome series, day 1"]).toMatchObject({ status: "sent" });
    }
  });

  it("a failed send is retried by retry-mail, and the row follows it to sent", async () => {
    t.clock.set(new Date(START.getTime() + 60 * DAY));
    const m = await newMember({ onboardingCompleted: true });
    await runEmailCampaigns(t.deps);
    t.clock.advance(hours(25));
    const failing: Transport = {
      kind: "outbox",
      deliver: async () => {
        throw new Error("SMTP down");
      },
    };
    const down = { ...t.deps, mailer: new Mailer(t.db, failing, "test@example.com") };
    await runEmailCampaigns(down);
    const day1 = () => rowsOf(m.user.id).then((r) => r["Welcome series, day 1"]);
    expect(await day1()).toMatchObject({ status: "sending", sentAt: null });
    const [claim] = await t.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.key, `campaign:${(await day1()).id}`));
    expect(claim).toMatchObject({ status: "failed", attempts: 1 });

    await runEmailCampaigns(t.deps);
    expect(mailsTo(m.user.email)).toEqual([]);
    t.clock.advance(6 * 60_000);
    await retryDueMail(t.deps);
    await runEmailCampaigns(t.deps);
    expect(mailsTo(m.user.email)).toHaveLength(1);
    const row = await day1();
    expect(row).toMatchObject({ status: "sent" });
    expect(row.emailLogId).toBeTypeOf("number");
    expect(await campaignId("Welcome series, day 1")).toBe(row.campaignId);
  });
});
