import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { createDb } from "../../src/server/db/client.ts";
import { outboundMessages, smsMessages } from "../../src/server/db/schema.ts";
import { revealDates } from "../../src/server/jobs/dates.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { readSwitches } from "../../src/server/modules/notifications/switches.ts";
import { textUser } from "../../src/server/modules/sms/send.ts";
import { smsLength } from "../../src/shared/sms-text.ts";
import type { MemberOverrides } from "../helpers/app.ts";
import { createTestApp, type SignedIn, type TestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { startFakeTwilio } from "../helpers/fake-twilio.ts";
import { freePort } from "../helpers/free-port.ts";

// The app listens on a real port so that the fake's signed callbacks reach it as Twilio's would.
const fake = await startFakeTwilio();
const port = await freePort();
const APP_URL = `http://127.0.0.1:${port}`;
const FROM = "+447000000001";
const t = await createTestApp({
  env: {
    APP_URL,
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM: FROM,
    TWILIO_API_BASE: fake.url,
  },
});
await t.app.listen({ port, host: "127.0.0.1" });
afterAll(() => fake.close());
/** The same app with texts in the outbox (the default). */
const outboxApp = await createTestApp();

const STATUS_URL = `${APP_URL}/api/webhooks/sms/status`;
const INBOUND_URL = `${APP_URL}/api/webhooks/sms/inbound`;
// 12:00 in London: outside quiet hours.
const NOON = new Date("2026-11-02T12:00:00Z");

let n = 0;
/** A member with texts on and a mobile of their own, stored as typed (not yet E.164). */
async function texter(overrides: MemberOverrides = {}) {
  n++;
  const national = `07700 900${String(100 + n).padStart(3, "0")}`;
  const m = await t.member({ phone: national, smsNotifications: true, ...overrides });
  return { ...m, e164: `+447700900${String(100 + n).padStart(3, "0")}` };
}

const text = (userId: number, key: string, extra: { dateAt?: Date; body?: string } = {}) =>
  textUser(t.deps, userId, {
    key,
    kind: "sms_test",
    body: extra.body ?? "Unveil: a test",
    dateAt: extra.dateAt,
  });

const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);
const rowsFor = (userId: number) => t.db.select().from(smsMessages).where(eq(smsMessages.userId, userId));
const claim = async (key: string) =>
  (await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, key)))[0];
const userRow = (id: number) => readSwitches(t.db, id);

/** A texter sent one text; answers them and Twilio's id for it. */
async function sentOne(key = "s") {
  const m = await texter();
  expect(await text(m.user.id, `${key}:${m.user.id}`)).toBe("sent");
  return { m, sid: sentTo(m.e164)[0].sid };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
/**
 * A form POST to one of the SMS webhooks, as Twilio sends it: signed for the address `signedFor` when given
 * (a wrong address makes a replay), unsigned otherwise.
 */
function postWebhook(
  hook: "status" | "inbound",
  params: Record<string, string>,
  opts: { signedFor?: string; as?: SignedIn; app?: TestApp } = {},
) {
  const signature = opts.signedFor ? { "x-twilio-signature": fake.signature(opts.signedFor, params) } : {};
  return (opts.app ?? t).request({
    method: "POST",
    url: `/api/webhooks/sms/${hook}`,
    payload: new URLSearchParams(params).toString(),
    headers: { ...FORM, ...signature },
    as: opts.as,
  });
}

beforeEach(() => {
  t.clock.set(NOON);
});

describe("textUser through Twilio's Messages API", () => {
  it("sends once per key to the E.164 number, with the status callback, and records the text", async () => {
    const m = await texter();
    expect(await text(m.user.id, `t1:${m.user.id}`)).toBe("sent");
    expect(await text(m.user.id, `t1:${m.user.id}`)).toBe("duplicate");
    const [msg] = sentTo(m.e164);
    expect(sentTo(m.e164)).toHaveLength(1);
    expect(msg).toMatchObject({ from: FROM, body: "Unveil: a test", statusCallback: STATUS_URL });
    const req = fake.requests.find((r) => r.form.To === m.e164)!;
    expect(req.path).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
    expect(req.auth).toBe(`Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}`);
    const [row] = await rowsFor(m.user.id);
    expect(row).toMatchObject({
      to: m.e164,
      providerId: msg.sid,
      provider: "twilio",
      status: "queued",
      segments: 1,
      kind: "sms_test",
    });
    expect((await claim(`t1:${m.user.id}`)).status).toBe("sent");
  });

  it("is off, without claiming, for SMS off, a STOP, no phone, a landline or a deleted account", async () => {
    const cases = [
      await texter({ smsNotifications: false }),
      await texter({ smsStoppedAt: NOON }),
      await texter({ phone: null }),
      await texter({ phone: "020 7946 0000" }),
      await texter({ deletedAt: NOON }),
    ];
    for (const m of cases) {
      expect(await text(m.user.id, `off:${m.user.id}`)).toBe("off");
      expect(await claim(`off:${m.user.id}`)).toBeUndefined();
    }
    expect(await text(999_999, "off:nobody")).toBe("off");
    expect(fake.requests.filter((r) => cases.some((c) => r.form.To === c.e164))).toHaveLength(0);
  });

  it("quiet hours hold a text unclaimed until 08:00, except on the date's own day", async () => {
    const m = await texter();
    const nextWeek = new Date("2026-11-09T19:00:00Z");
    t.clock.set("2026-11-02T22:30:00Z");
    expect(await text(m.user.id, `q:${m.user.id}`, { dateAt: nextWeek })).toBe("quiet");
    expect(await claim(`q:${m.user.id}`)).toBeUndefined();
    t.clock.set("2026-11-03T07:59:00Z");
    expect(await text(m.user.id, `q:${m.user.id}`, { dateAt: nextWeek })).toBe("quiet");
    t.clock.set("2026-11-03T08:00:00Z");
    expect(await text(m.user.id, `q:${m.user.id}`, { dateAt: nextWeek })).toBe("sent");
    // A date at 23:00 tonight: its text goes at 21:30.
    t.clock.set("2026-11-03T21:30:00Z");
    expect(await text(m.user.id, `q2:${m.user.id}`, { dateAt: new Date("2026-11-03T23:00:00Z") })).toBe(
      "sent",
    );
    expect(sentTo(m.e164)).toHaveLength(2);
  });

  it("a provider refusal is recorded with Twilio's code and not retried", async () => {
    const m = await texter();
    fake.unsubscribed.add(m.e164);
    expect(await text(m.user.id, `f:${m.user.id}`)).toBe("failed");
    fake.unsubscribed.delete(m.e164);
    const [row] = await rowsFor(m.user.id);
    expect(row).toMatchObject({ status: "failed", errorCode: "21610", providerId: null });
    const c = await claim(`f:${m.user.id}`);
    expect(c.status).toBe("abandoned");
    expect(c.lastError).toMatch(/unsubscribed/);
    expect(await text(m.user.id, `f:${m.user.id}`)).toBe("duplicate");
  });

  it("wrong credentials are Twilio's 20003, recorded as a failed text", async () => {
    const m = await texter();
    const deps = createDeps(
      { ...t.config, sms: { ...t.config.sms, authToken: "wrong" } as typeof t.config.sms },
      t.db,
      {
        now: t.clock.now,
        transport: outboxTransport(null),
      },
    );
    expect(await textUser(deps, m.user.id, { key: `a:${m.user.id}`, kind: "sms_test", body: "x" })).toBe(
      "failed",
    );
    expect((await rowsFor(m.user.id))[0]).toMatchObject({ status: "failed", errorCode: "20003" });
  });

  it("a long body with typography is sent in GSM characters, within two segments", async () => {
    const m = await texter();
    const body = `It\u2019s \u201Cyour\u201D night \u2013 ${"and a very long story ".repeat(30)} 😀`;
    expect(await text(m.user.id, `long:${m.user.id}`, { body })).toBe("sent");
    const [msg] = sentTo(m.e164);
    expect(smsLength(msg.body)).toMatchObject({ encoding: "GSM-7" });
    expect(smsLength(msg.body).segments).toBeLessThanOrEqual(2);
    expect((await rowsFor(m.user.id))[0].segments).toBe(2);
  });
});

describe("the reveal by text", () => {
  const pools: Array<{ end(): Promise<void> }> = [];
  afterAll(async () => {
    for (const p of pools) await p.end();
  });

  it("is texted once across two workers; a provider error for one member does not stop the others", async () => {
    const members = [await texter(), await texter(), await texter()];
    const dates = [];
    for (const m of members)
      dates.push(await arrangeDate(t.db, m.user.id, { at: new Date(NOON.getTime() + hours(40)) }));
    fake.failures.set(members[0].e164, {
      status: 400,
      code: 21211,
      message: "The 'To' number is not valid.",
    });
    const workers = [0, 1].map(() => {
      const db = createDb(t.config.databaseUrl!, 3);
      pools.push(db.$client);
      return createDeps(t.config, db, { transport: outboxTransport(null), now: t.clock.now });
    });
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => revealDates(w)));
    expect(sentTo(members[0].e164)).toHaveLength(0);
    expect((await rowsFor(members[0].user.id))[0]).toMatchObject({ status: "failed", errorCode: "21211" });
    for (const [i, m] of members.slice(1).entries()) {
      expect(sentTo(m.e164)).toHaveLength(1);
      const body = sentTo(m.e164)[0].body;
      expect(body).toContain(`${APP_URL}/dates/${dates[i + 1].reservation.id}`);
      expect(body).toContain(dates[i + 1].venue.name);
      expect(smsLength(body).segments).toBeLessThanOrEqual(2);
    }
    // The once-only key is the one the reveal text always had.
    expect((await claim(`reveal-sms:${dates[1].reservation.id}:${members[1].user.id}`)).status).toBe("sent");
  });

  it("waits for 08:00 when the reveal falls in quiet hours", async () => {
    const m = await texter();
    t.clock.set("2026-11-02T22:00:00Z");
    const d = await arrangeDate(t.db, m.user.id, { at: new Date("2026-11-04T19:00:00Z") });
    await revealDates(t.deps);
    expect(sentTo(m.e164)).toHaveLength(0);
    expect(await claim(`reveal-sms:${d.reservation.id}:${m.user.id}`)).toBeUndefined();
    t.clock.set("2026-11-03T08:01:00Z");
    await revealDates(t.deps);
    expect(sentTo(m.e164)).toHaveLength(1);
  });
});

describe("POST /api/webhooks/sms/status", () => {
  const statusOf = async (sid: string) =>
    (await t.db.select().from(smsMessages).where(eq(smsMessages.providerId, sid)))[0];

  it("a signed receipt moves the status on; a late one never moves it back", async () => {
    const { sid } = await sentOne();
    const res = await fake.deliver(sid, "sent");
    expect(res).toMatchObject({ status: 200, text: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
    expect(res.type).toMatch(/^text\/xml/);
    expect((await statusOf(sid)).status).toBe("sent");
    await fake.deliver(sid, "delivered");
    expect((await statusOf(sid)).status).toBe("delivered");
    await fake.deliver(sid, "sent");
    expect((await statusOf(sid)).status).toBe("delivered");
  });

  it("an undelivered text keeps the carrier's error code", async () => {
    const { sid } = await sentOne();
    await fake.deliver(sid, "undelivered", { errorCode: "30003" });
    expect(await statusOf(sid)).toMatchObject({ status: "undelivered", errorCode: "30003" });
  });

  it("a wrong or missing signature is 403 and changes nothing, whoever is signed in", async () => {
    const { sid } = await sentOne();
    const bad = await fake.deliver(sid, "delivered", { badSignature: true });
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.text).message).toBe("Invalid webhook signature");
    const params = { MessageSid: sid, MessageStatus: "delivered" };
    for (const as of [undefined, await t.member(), await t.admin()]) {
      const res = await postWebhook("status", params, { as });
      expect(res.statusCode).toBe(403);
    }
    // Signed for another URL (a replay against the inbound webhook's address).
    const res = await postWebhook("status", params, { signedFor: INBOUND_URL });
    expect(res.statusCode).toBe(403);
    expect((await statusOf(sid)).status).toBe("queued");
  });

  it("a signed but malformed receipt is a 4xx and changes nothing", async () => {
    const { sid } = await sentOne();
    for (const params of [
      { MessageStatus: "delivered" },
      { MessageSid: sid, MessageStatus: "exploded" },
      { MessageSid: sid },
      { MessageSid: "x".repeat(65), MessageStatus: "delivered" },
    ] as Array<Record<string, string>>) {
      const res = await postWebhook("status", params, { signedFor: STATUS_URL });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message).toBe("Malformed webhook body");
    }
    // JSON instead of a form: the signature cannot hold over it.
    const res = await t.request({
      method: "POST",
      url: "/api/webhooks/sms/status",
      payload: { MessageSid: sid, MessageStatus: "delivered" },
      headers: { "x-twilio-signature": fake.signature(STATUS_URL, {}) },
    });
    expect(res.statusCode).toBe(415);
    expect((await statusOf(sid)).status).toBe("queued");
    // An unknown message is acknowledged and ignored (Twilio would retry an error).
    const params = { MessageSid: "SMunknown", MessageStatus: "delivered" };
    const unknown = await postWebhook("status", params, { signedFor: STATUS_URL });
    expect(unknown.statusCode).toBe(200);
  });
});

describe("POST /api/webhooks/sms/inbound", () => {
  it("STOP (any of the words, any case) opts the member out and no further text goes", async () => {
    for (const word of ["STOP", "stop", " Stop. ", "STOPALL", "unsubscribe", "Cancel", "END", "quit"]) {
      const m = await texter();
      const res = await fake.reply(INBOUND_URL, m.e164, word);
      expect(res).toMatchObject({ status: 200, text: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
      const row = await userRow(m.user.id);
      expect(row.smsNotifications, word).toBe(false);
      expect(row.smsStoppedAt?.getTime(), word).toBe(NOON.getTime());
      expect(await text(m.user.id, `after-stop:${m.user.id}`)).toBe("off");
      expect(sentTo(m.e164)).toHaveLength(0);
    }
  });

  it("START or UNSTOP opts a stopped member back in; other replies change nothing", async () => {
    const m = await texter();
    await fake.reply(INBOUND_URL, m.e164, "STOP");
    await fake.reply(INBOUND_URL, m.e164, "unstop");
    expect(await userRow(m.user.id)).toMatchObject({ smsNotifications: true, smsStoppedAt: null });
    expect(await text(m.user.id, `back:${m.user.id}`)).toBe("sent");
    // START from a member who never stopped does not turn texts on for them.
    const off = await texter({ smsNotifications: false });
    await fake.reply(INBOUND_URL, off.e164, "START");
    expect((await userRow(off.user.id)).smsNotifications).toBe(false);
    const chatty = await texter();
    await fake.reply(INBOUND_URL, chatty.e164, "Please stop texting me so late");
    expect((await userRow(chatty.user.id)).smsNotifications).toBe(true);
  });

  it("a bad or missing signature is 403 and opts nobody out", async () => {
    const m = await texter();
    expect((await fake.reply(INBOUND_URL, m.e164, "STOP", { badSignature: true })).status).toBe(403);
    const res = await postWebhook("inbound", { From: m.e164, Body: "STOP" }, { as: m });
    expect(res.statusCode).toBe(403);
    expect(await userRow(m.user.id)).toMatchObject({ smsNotifications: true, smsStoppedAt: null });
  });

  it("a signed reply without a sender is 400", async () => {
    const res = await postWebhook("inbound", { Body: "STOP" }, { signedFor: INBOUND_URL });
    expect(res.statusCode).toBe(400);
  });
});

describe("the outbox (no provider set)", () => {
  it("refuses every webhook call: there is no token to check a signature against", async () => {
    const res = await postWebhook(
      "inbound",
      { From: "+447700900123", Body: "STOP" },
      { app: outboxApp, signedFor: "http://localhost:5000/api/webhooks/sms/inbound" },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /api/admin/users/:userId/texts", () => {
  it("shows an admin the member's latest texts with their status; members 403, visitors 401", async () => {
    const { m, sid } = await sentOne("adm");
    await fake.deliver(sid, "delivered");
    const admin = await t.admin();
    const res = await t.request({ method: "GET", url: `/api/admin/users/${m.user.id}/texts`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        kind: "sms_test",
        to: m.e164,
        body: "Unveil: a test",
        segments: 1,
        status: "delivered",
        errorCode: null,
      }),
    ]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ["body", "createdAt", "errorCode", "id", "kind", "segments", "status", "to", "updatedAt"].sort(),
    );
    const url = `/api/admin/users/${m.user.id}/texts`;
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url, as: m })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: "/api/admin/users/999999/texts", as: admin })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "GET", url: "/api/admin/users/abc/texts", as: admin })).statusCode,
    ).toBe(400);
  });
});
