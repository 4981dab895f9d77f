import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { supportReplies, supportTickets, users } from "../../src/server/db/schema.ts";
import { TICKET_NOT_FOUND } from "../../src/server/modules/support/service.ts";
import { MSG } from "../../src/shared/messages.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { supportTicketDetailSchema, supportTicketListSchema } from "../../src/shared/schemas/support.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const later = (h: number) => new Date(t.clock.now().getTime() + hours(h));

const valid = { subject: "Question about my date", body: "Can we bring our dog along to the next one?" };

function create(as: SignedIn | undefined, payload: unknown) {
  return t.request({ method: "POST", url: "/api/support/tickets", as, payload: payload as object });
}

function reply(as: SignedIn | undefined, id: number | string, payload: unknown) {
  return t.request({
    method: "POST",
    url: `/api/support/tickets/${id}/replies`,
    as,
    payload: payload as object,
  });
}

async function ticketCount(userId: number) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId));
  return n;
}

const mailsFor = (to: string, type?: string) =>
  t.mail.filter((m) => m.to === to && (!type || m.type === type));

describe("POST /api/support/tickets", () => {
  it("creates a ticket, tells support and sends the member a receipt", async () => {
    const me = await t.member();
    const res = await create(me, {
      subject: "  Question about my date  ",
      body: "  Can we bring our dog along to the next one?  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      subject: "Question about my date",
      body: "Can we bring our dog along to the next one?",
      status: "new",
      reservationId: null,
      replyCount: 0,
      replies: [],
    });
    expect(typeof ticket.id).toBe("number");
    expect(Number.isNaN(Date.parse(ticket.createdAt))).toBe(false);

    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({
      userId: me.user.id,
      fromEmail: me.user.email,
      fromName: `${me.user.firstName} ${me.user.lastName}`,
      status: "new",
    });

    const notice = await eventually(() =>
      t.mail.find((m) => m.type === "support_notification" && m.subject.startsWith(`[Ticket ${ticket.id}]`)),
    );
    expect(notice.to).toBe(t.config.supportEmail);
    expect(notice.subject).toBe(`[Ticket ${ticket.id}] Question about my date`);
    expect(notice.text).toContain("Can we bring our dog along to the next one?");
    expect(notice.text).toContain(me.user.email);
    expect(notice.text).toContain("Not about a particular date.");

    const receipt = await eventually(() => mailsFor(me.user.email, "support_receipt")[0]);
    expect(receipt.subject).toBe("We've got your message: Question about my date");
    expect(receipt.text).toContain(`${t.config.appUrl}/support/${ticket.id}`);
  });

  it("a ticket about one of the member's dates, or their partner's, names the date", async () => {
    const a = await t.member();
    const b = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const mine = await arrangeDate(t.db, a.user.id, { at: later(72) });
    const res = await create(a, { ...valid, reservationId: mine.reservation.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reservationId).toBe(mine.reservation.id);
    const notice = await eventually(() =>
      t.mail.find((m) => m.subject === `[Ticket ${res.json().id}] ${valid.subject}`),
    );
    expect(notice.text).toContain(`About date ${mine.reservation.id}.`);

    const byPartner = await create(b, { ...valid, reservationId: mine.reservation.id });
    expect(byPartner.statusCode, byPartner.body).toBe(201);
    expect(byPartner.json().reservationId).toBe(mine.reservation.id);
  });

  it("refuses someone else's date (and a missing one) exactly alike, creating nothing", async () => {
    const owner = await t.member();
    const me = await t.member();
    const theirs = await arrangeDate(t.db, owner.user.id, { at: later(72) });
    const other = await create(me, { ...valid, reservationId: theirs.reservation.id });
    const missing = await create(me, { ...valid, reservationId: 987654 });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: MEMBER_MSG.dateNotFound });
    expect(missing.body).toBe(other.body);
    expect(await ticketCount(me.user.id)).toBe(0);
    // Both refusals have answered. A ticket the member then opens mails them its receipt by the same
    // route: once that receipt is here, it is the only mail they have, so the refusals sent none.
    const after = await create(me, valid);
    expect(after.statusCode, after.body).toBe(201);
    await eventually(() => mailsFor(me.user.email, "support_receipt")[0]);
    expect(mailsFor(me.user.email).map((m) => m.type)).toEqual(["support_receipt"]);
  });

  it.each([
    ["subject missing", { body: valid.body }, MEMBER_MSG.subject],
    ["subject too short", { ...valid, subject: "Hi" }, MEMBER_MSG.subject],
    ["subject only spaces", { ...valid, subject: "     " }, MEMBER_MSG.subject],
    ["subject too long", { ...valid, subject: "x".repeat(201) }, MEMBER_MSG.subject],
    ["subject not a string", { ...valid, subject: 12345 }, MEMBER_MSG.subject],
    ["body missing", { subject: valid.subject }, MEMBER_MSG.body],
    ["body too short after trimming", { ...valid, body: "   too short   " }, MEMBER_MSG.body],
    ["body not a string", { ...valid, body: ["a long enough body"] }, MEMBER_MSG.body],
    ["body too long", { ...valid, body: "x".repeat(5001) }, MEMBER_MSG.bodyMax],
  ])("%s: 400 with the form's message, nothing stored", async (_name, payload, message) => {
    const me = await t.member();
    const res = await create(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it("accepts the limits exactly (3 and 200 characters of subject, 10 and 5000 of body)", async () => {
    const me = await t.member();
    for (const payload of [
      { subject: "abc", body: "0123456789" },
      { subject: "s".repeat(200), body: "b".repeat(5000) },
    ]) {
      const res = await create(me, payload);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it.each([
    ["an unknown field", { ...valid, status: "closed" }],
    ["someone else's user id", { ...valid, userId: 1 }],
    ["a reservation id as a string", { ...valid, reservationId: "5" }],
    ["a zero reservation id", { ...valid, reservationId: 0 }],
    ["a negative reservation id", { ...valid, reservationId: -3 }],
    ["a fractional reservation id", { ...valid, reservationId: 1.5 }],
    ["an array", [valid]],
  ])("malformed input (%s) is 400 and stores nothing", async (_name, payload) => {
    const me = await t.member();
    const res = await create(me, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe("string");
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it("broken JSON is 400 with the usual message", async () => {
    const me = await t.member();
    const res = await t.request({
      method: "POST",
      url: "/api/support/tickets",
      as: me,
      headers: { "content-type": "application/json" },
      payload: '{"subject": "Hello there",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.malformedJson);
    expect(await ticketCount(me.user.id)).toBe(0);
  });

  it("a visitor gets 401, even with an invalid body", async () => {
    for (const payload of [valid, { nonsense: true }]) {
      const res = await create(undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.notSignedIn });
    }
  });

  it("escapes the member's words in the HTML sent to support", async () => {
    const me = await t.member();
    const res = await create(me, {
      subject: "XSS <b>attempt</b>",
      body: '<script>alert("x")</script> hello',
    });
    expect(res.statusCode).toBe(201);
    const notice = await eventually(() =>
      // The subject is a header: one plain line, the member's markup dropped.
      t.mail.find((m) => m.subject === `[Ticket ${res.json().id}] XSS attempt`),
    );
    expect(notice.html).not.toContain("<script>");
    expect(notice.html).toContain("&lt;script&gt;");
    // The member gets their ticket back verbatim (the client escapes on display).
    expect(res.json().body).toBe('<script>alert("x")</script> hello');
  });

  it("stops a member after 10 tickets in an hour", async () => {
    const me = await t.member();
    for (let i = 0; i < 10; i++) expect((await create(me, valid)).statusCode).toBe(201);
    const res = await create(me, valid);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(await ticketCount(me.user.id)).toBe(10);
  });
});

describe("GET /api/support/tickets", () => {
  it("lists only the member's own tickets, most recently updated first, with reply counts", async () => {
    const me = await t.member();
    const other = await t.member();
    expect((await t.request({ method: "GET", url: "/api/support/tickets", as: me })).json()).toEqual([]);
    const first = (await create(me, { ...valid, subject: "First ticket" })).json();
    const second = (await create(me, { ...valid, subject: "Second ticket" })).json();
    await create(other, { ...valid, subject: "Not mine" });
    // Replying to the first one brings it to the top.
    t.clock.advance(60_000);
    expect((await reply(me, first.id, { body: "Any news?" })).statusCode).toBe(200);

    const res = await t.request({ method: "GET", url: "/api/support/tickets", as: me });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { id: number }) => x.id)).toEqual([first.id, second.id]);
    expect(list[0]).toEqual({
      id: first.id,
      subject: "First ticket",
      status: "new",
      reservationId: null,
      createdAt: first.createdAt,
      updatedAt: t.clock.now().toISOString(),
      replyCount: expect.any(Number),
    });
    expect(list[0]).not.toHaveProperty("body");
    expect(list[1]).toMatchObject({ subject: "Second ticket", status: "new" });
  });

  it("counts each ticket's own replies, in the list and the detail", async () => {
    const me = await t.member();
    const a = (await create(me, { ...valid, subject: "Ticket A" })).json();
    const b = (await create(me, { ...valid, subject: "Ticket B" })).json();
    const c = (await create(me, { ...valid, subject: "Ticket C" })).json();
    expect(a.replyCount).toBe(0);
    t.clock.advance(1000);
    await reply(me, b.id, { body: "First follow-up" });
    t.clock.advance(1000);
    const two = await reply(me, a.id, { body: "Follow-up one" });
    expect(two.json().replyCount).toBe(1);
    t.clock.advance(1000);
    const three = await reply(me, a.id, { body: "Follow-up two" });
    expect(three.json().replyCount).toBe(2);
    expect(three.json().replies).toHaveLength(2);
    const list = (await t.request({ method: "GET", url: "/api/support/tickets", as: me })).json();
    const counts = Object.fromEntries(
      list.map((x: { id: number; replyCount: number }) => [x.id, x.replyCount]),
    );
    expect(counts).toEqual({ [a.id]: 2, [b.id]: 1, [c.id]: 0 });
  });

  it("a visitor gets 401", async () => {
    const res = await t.request({ method: "GET", url: "/api/support/tickets" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  it("an admin sees only their own tickets here (the back office has its own routes)", async () => {
    const member = await t.member();
    const admin = await t.admin();
    await create(member, { ...valid, subject: "Member's question" });
    const mine = await create(admin, { ...valid, subject: "Admin's own question" });
    expect(mine.statusCode).toBe(201);
    const list = (await t.request({ method: "GET", url: "/api/support/tickets", as: admin })).json();
    expect(list.map((x: { subject: string }) => x.subject)).toEqual(["Admin's own question"]);
  });
});

describe("the support response contract", () => {
  it("a conversation, its replies and the list carry exactly the listed fields", async () => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    expectExactFields(ticket, supportTicketDetailSchema);
    expect((await reply(me, ticket.id, { body: "Any news?" })).statusCode).toBe(200);
    const one = await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}`, as: me });
    expect(one.json().replies).toHaveLength(1);
    expectExactFields(one.json(), supportTicketDetailSchema);
    const list = await t.request({ method: "GET", url: "/api/support/tickets", as: me });
    expectExactFields(list.json(), supportTicketListSchema);
  });
});

describe("GET /api/support/tickets/:id", () => {
  it("shows the conversation with support's answers marked, oldest first", async () => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    await t.db
      .insert(supportReplies)
      .values([
        { ticketId: ticket.id, fromEmail: t.config.supportEmail, body: "Of course!", isFromAdmin: true },
      ]);
    // As the back office marks a ticket it has answered.
    await t.db.update(supportTickets).set({ status: "answered" }).where(eq(supportTickets.id, ticket.id));
    t.clock.advance(1000);
    await reply(me, ticket.id, { body: "Thank you!" });
    const res = await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}`, as: me });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: ticket.id, body: valid.body, status: "open" });
    expect(
      detail.replies.map((r: { body: string; fromSupport: boolean }) => [r.body, r.fromSupport]),
    ).toEqual([
      ["Of course!", true],
      ["Thank you!", false],
    ]);
    for (const r of detail.replies) {
      expect(Object.keys(r).sort()).toEqual(["body", "createdAt", "fromSupport", "id"]);
    }
  });

  it("another member's ticket answers exactly like a missing one", async () => {
    const owner = await t.member();
    const other = await t.member();
    const ticket = (await create(owner, valid)).json();
    const theirs = await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}`, as: other });
    const missing = await t.request({ method: "GET", url: "/api/support/tickets/987654", as: other });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: TICKET_NOT_FOUND });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(theirs.body);
  });

  it("an admin cannot read a member's ticket through the member routes", async () => {
    const owner = await t.member();
    const admin = await t.admin();
    const ticket = (await create(owner, valid)).json();
    const res = await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}`, as: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: TICKET_NOT_FOUND });
  });

  it("malformed ids are 400 and visitors 401", async () => {
    const me = await t.member();
    for (const id of ["abc", "-1", "0", "1e3", "1.5", "99999999999"]) {
      const res = await t.request({ method: "GET", url: `/api/support/tickets/${id}`, as: me });
      expect(res.statusCode, id).toBe(400);
    }
    const ticket = (await create(me, valid)).json();
    const res = await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}` });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/support/tickets/:id/replies", () => {
  it("adds the member's reply and tells support; a ticket not yet answered stays new", async () => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    const res = await reply(me, ticket.id, { body: "  One more thing: she is vegetarian.  " });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: ticket.id, status: "new" });
    expect(detail.replies).toEqual([
      {
        id: expect.any(Number),
        body: "One more thing: she is vegetarian.",
        fromSupport: false,
        createdAt: expect.any(String),
      },
    ]);
    const notice = await eventually(() =>
      t.mail.find((m) => m.subject === `[Ticket ${ticket.id}] Re: ${valid.subject}`),
    );
    expect(notice.to).toBe(t.config.supportEmail);
    expect(notice.type).toBe("support_notification");
    expect(notice.text).toContain("One more thing: she is vegetarian.");
  });

  it.each(["answered", "closed"])("a reply to an %s ticket sets it back to open", async (status) => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    await t.db.update(supportTickets).set({ status }).where(eq(supportTickets.id, ticket.id));
    const before = (
      await t.request({ method: "GET", url: `/api/support/tickets/${ticket.id}`, as: me })
    ).json();
    expect(before.status).toBe(status);
    t.clock.advance(5 * 60_000);
    const res = await reply(me, ticket.id, { body: "Still waiting on this." });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("open");
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row.status).toBe("open");
    expect(row.updatedAt.getTime()).toBe(t.clock.now().getTime());
  });

  it("cannot reply to another member's ticket: 404 like a missing one, nothing stored", async () => {
    const owner = await t.member();
    const other = await t.member();
    const ticket = (await create(owner, valid)).json();
    await t.db.update(supportTickets).set({ status: "closed" }).where(eq(supportTickets.id, ticket.id));
    const theirs = await reply(other, ticket.id, { body: "Sneaky reply" });
    const missing = await reply(other, 987654, { body: "Sneaky reply" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: TICKET_NOT_FOUND });
    expect(missing.body).toBe(theirs.body);
    const replies = await t.db.select().from(supportReplies).where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toEqual([]);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row.status).toBe("closed");
  });

  it.each([
    ["missing body", {}, MEMBER_MSG.reply],
    ["empty body", { body: "" }, MEMBER_MSG.reply],
    ["only spaces", { body: "   \n " }, MEMBER_MSG.reply],
    ["a number", { body: 42 }, MEMBER_MSG.reply],
    ["too long", { body: "x".repeat(5001) }, MEMBER_MSG.bodyMax],
  ])("%s: 400 with the form's message, nothing stored", async (_name, payload, message) => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    const res = await reply(me, ticket.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const replies = await t.db.select().from(supportReplies).where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toEqual([]);
  });

  it("unknown fields and malformed ids are 400; visitors 401", async () => {
    const me = await t.member();
    const ticket = (await create(me, valid)).json();
    const extra = await reply(me, ticket.id, { body: "Hello", fromSupport: true });
    expect(extra.statusCode).toBe(400);
    for (const id of ["abc", "0", "-2", "1e3"]) {
      expect((await reply(me, id, { body: "Hello" })).statusCode, id).toBe(400);
    }
    const visitor = await reply(undefined, ticket.id, { body: "Hello" });
    expect(visitor.statusCode).toBe(401);
    const replies = await t.db.select().from(supportReplies).where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toEqual([]);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row.status).toBe("new");
  });
});
