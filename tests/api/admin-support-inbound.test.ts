import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { supportReplies, supportTickets } from "../../src/server/db/schema.ts";
import { HttpError } from "../../src/server/http-error.ts";
import { checkInboundSecret } from "../../src/server/modules/support/inbound.ts";
import { SUPPORT_MSG } from "../../src/shared/admin/support.ts";
import { createTestApp } from "../helpers/app.ts";

const SECRET = "inbound-secret-for-tests-0123456789";
const t = await createTestApp({ env: { SUPPORT_INBOUND_SECRET: SECRET } });
const admin = await t.admin();

let n = 0;
const uid = () => `${process.pid}-${++n}`;

function inbound(payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) {
  return t.request({
    method: "POST",
    url: "/api/support/inbound",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

const mail = (over: Record<string, unknown> = {}) => ({
  emailId: `<${uid()}@mail.example>`,
  from: `stranger${uid()}@example.com`,
  fromName: "Jo Stranger",
  subject: "Do you sell gift vouchers?",
  text: "Hello, I would like to buy a membership as a present.",
  ...over,
});

const ticketCount = async () => (await t.db.select({ c: count() }).from(supportTickets))[0].c;
const replyCount = async () => (await t.db.select({ c: count() }).from(supportReplies))[0].c;

describe("the shared secret", () => {
  it("is required, compared exactly, and checked before the body", async () => {
    const before = await ticketCount();
    const bad: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-secret" },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: `Bearer ${SECRET.slice(0, -1)}` },
      { authorization: SECRET },
      { "x-inbound-secret": "nope" },
    ];
    for (const headers of bad) {
      const res = await inbound(mail(), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBe(SUPPORT_MSG.inboundSecret);
    }
    expect((await inbound("{broken", {})).statusCode).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  it("is accepted as a bearer token, as Basic authentication's password, or in X-Inbound-Secret", async () => {
    const basic = Buffer.from(`mailer:${SECRET}`).toString("base64");
    const accepted: Array<Record<string, string>> = [
      { authorization: `Bearer ${SECRET}` },
      { authorization: `Basic ${basic}` },
      { "x-inbound-secret": SECRET },
    ];
    for (const headers of accepted) {
      expect((await inbound(mail(), headers)).statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it("turns the webhook off when no secret is configured", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.supportInboundSecret).toBeUndefined();
    expect(() => checkInboundSecret(config, { authorization: "Bearer anything-at-all" })).toThrow(
      new HttpError(401, SUPPORT_MSG.inboundOff),
    );
    expect(() => loadConfig({ NODE_ENV: "test", SUPPORT_INBOUND_SECRET: "short" })).toThrow(/at least 24/);
  });

  it("is not subject to the browser Origin check (server to server)", async () => {
    const res = await inbound(mail(), {
      authorization: `Bearer ${SECRET}`,
      origin: "https://mail-provider.example",
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("new tickets", () => {
  it("an unknown sender opens a ticket with no member", async () => {
    const m = mail();
    const res = await inbound(m);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: "ticket", duplicate: false, replyId: null });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().ticketId));
    expect(row).toMatchObject({
      emailId: m.emailId,
      userId: null,
      fromEmail: m.from,
      fromName: "Jo Stranger",
      subject: m.subject,
      body: m.text,
      status: "new",
      priority: "normal",
    });
  });

  it("a member's address (any case) links the ticket to them, and they see it on their Support page", async () => {
    const member = await t.member();
    const res = await inbound(mail({ from: member.user.email.toUpperCase(), subject: "Sent by e-mail" }));
    const id = res.json().ticketId;
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row.userId).toBe(member.user.id);
    const list = (await t.request({ method: "GET", url: "/api/support/tickets", as: member })).json();
    expect(list.map((x: { id: number }) => x.id)).toContain(id);
  });

  it("a repeated delivery answers 200 with the same ticket and stores nothing", async () => {
    const m = mail();
    const first = await inbound(m);
    const before = [await ticketCount(), await replyCount()];
    const again = await inbound({ ...m, text: "A different body the second time" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      ticketId: first.json().ticketId,
      kind: "ticket",
      replyId: null,
      duplicate: true,
    });
    expect([await ticketCount(), await replyCount()]).toEqual(before);
  });

  it("cuts long subjects and names, fills in an empty subject and body", async () => {
    const long = await inbound(mail({ subject: "S".repeat(500), fromName: "N".repeat(400) }));
    const [a] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, long.json().ticketId));
    expect(a.subject).toHaveLength(200);
    expect(a.fromName).toHaveLength(160);
    const empty = await inbound(mail({ subject: "", text: "  ", fromName: null }));
    const [b] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, empty.json().ticketId));
    expect(b).toMatchObject({ subject: "(no subject)", body: "(no message)", fromName: null });
  });

  it("validates, and refuses bodies past the size limit", async () => {
    const before = await ticketCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ emailId: "" }, "emailId is required"],
      [{ emailId: "x".repeat(256) }, "emailId must be at most 255 characters"],
      [{ from: "not-an-address" }, "from must be an e-mail address"],
      [{ from: 7 }, "from must be an e-mail address"],
      [{ text: "x".repeat(100_001) }, "text must be at most 100000 characters"],
      [{ subject: "x".repeat(2001) }, "subject is too long"],
    ];
    for (const [over, message] of cases) {
      const res = await inbound(mail(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { emailId: _omit, ...noId } = mail();
    expect((await inbound(noId)).json().message).toBe("emailId is required");
    expect((await inbound("{not json")).statusCode).toBe(400);
    expect((await inbound(mail({ text: "x".repeat(600_000) }))).statusCode).toBe(413);
    expect(await ticketCount()).toBe(before);
  });
});

describe("replies by e-mail", () => {
  async function memberTicket() {
    const member = await t.member();
    const created = await t.request({
      method: "POST",
      url: "/api/support/tickets",
      as: member,
      payload: { subject: "Dietary question", body: "Can the next venue cater for coeliacs?" },
    });
    return { member, id: created.json().id as number };
  }

  it("the member answering our reply ([#id] in the subject) adds to the thread and reopens it", async () => {
    const { member, id } = await memberTicket();
    await t.request({
      method: "POST",
      url: `/api/admin/support/tickets/${id}/replies`,
      as: admin,
      payload: { body: "Yes, they can." },
    });
    const res = await inbound(
      mail({
        from: member.user.email,
        subject: `Re: Dietary question [#${id}]`,
        text: "Wonderful, thank you.",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ticketId: id, kind: "reply", duplicate: false });
    const thread = (await t.request({ method: "GET", url: `/api/support/tickets/${id}`, as: member })).json();
    expect(thread.status).toBe("open");
    expect(
      thread.replies.map((r: { body: string; fromSupport: boolean }) => [r.fromSupport, r.body]),
    ).toEqual([
      [true, "Yes, they can."],
      [false, "Wonderful, thank you."],
    ]);
  });

  it("threads by In-Reply-To (the ticket's or an earlier reply's message id), idempotently", async () => {
    const first = mail();
    const { ticketId } = (await inbound(first)).json();
    const second = mail({ from: first.from, subject: "Another thing", inReplyTo: first.emailId });
    const r2 = await inbound(second);
    expect(r2.json()).toMatchObject({ ticketId, kind: "reply" });
    const third = mail({ from: first.from, subject: "And one more", inReplyTo: second.emailId });
    const r3 = await inbound(third);
    expect(r3.json()).toMatchObject({ ticketId, kind: "reply" });
    const before = await replyCount();
    const repeat = await inbound(third);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ ticketId, kind: "reply", replyId: r3.json().replyId, duplicate: true });
    expect(await replyCount()).toBe(before);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(row.status).toBe("new");
  });

  it("someone else naming a ticket opens their own ticket pointing at it, never writing into the thread", async () => {
    const { id } = await memberTicket();
    const res = await inbound(
      mail({ subject: `Re: Dietary question [#${id}]`, text: "I am not the member." }),
    );
    expect(res.json().kind).toBe("ticket");
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().ticketId));
    expect(row.replyToId).toBe(id);
    const [{ c }] = await t.db
      .select({ c: count() })
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, id));
    expect(c).toBe(0);
  });

  it("a subject naming a ticket that does not exist opens a new ticket", async () => {
    const res = await inbound(mail({ subject: "Re: Old thread [#987654]" }));
    expect(res.json().kind).toBe("ticket");
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().ticketId));
    expect(row.replyToId).toBeNull();
  });
});
