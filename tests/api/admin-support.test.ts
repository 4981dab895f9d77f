import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailLogs, supportReplies, supportTickets } from "../../src/server/db/schema.ts";
import {
  adminTicketDetailSchema,
  adminTicketReplyAnswerSchema,
  adminTicketRowSchema,
  SUPPORT_MSG,
} from "../../src/shared/admin/support.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { expectExactFields } from "../helpers/contract.ts";

const SECRET = "inbound-secret-for-tests-0123456789";
const t = await createTestApp({ env: { SUPPORT_INBOUND_SECRET: SECRET } });
const admin = await t.admin();
const member = await t.member();

let n = 0;
const uid = () => `${process.pid}-${++n}`;

async function ticket(values: Partial<typeof supportTickets.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(supportTickets)
    .values({
      fromEmail: `writer${uid()}@example.com`,
      subject: "A question",
      body: "Can you help?",
      ...values,
    })
    .returning();
  return row;
}

const call = (method: string, url: string, as: SignedIn | null, payload?: unknown) =>
  t.request({
    method: method as "GET",
    url,
    as: as ?? undefined,
    ...(payload === undefined
      ? {}
      : {
          headers: { "content-type": "application/json" },
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        }),
  });

describe("authorisation", () => {
  it("every route: visitor 401, member 403, admin 2xx", async () => {
    const tk = await ticket();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/support/tickets"],
      ["GET", `/api/admin/support/tickets/${tk.id}`],
      ["POST", `/api/admin/support/tickets/${tk.id}/replies`, { body: "Thanks for writing." }],
      ["PUT", `/api/support/tickets/${tk.id}`, { status: "open" }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
      const ok = await call(method, url, admin, body);
      expect(ok.statusCode, `${method} ${url} ${ok.body}`).toBe(200);
    }
  });

  it("PUT refuses visitors and members before looking at the body, and changes nothing", async () => {
    const tk = await ticket();
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, null, "{bad")).statusCode).toBe(401);
    const res = await call("PUT", `/api/support/tickets/${tk.id}`, member, { status: "closed" });
    expect(res.statusCode).toBe(403);
    const [after] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, tk.id));
    expect(after.status).toBe("new");
  });
});

describe("GET /api/admin/support/tickets", () => {
  it("pages most recently active first, with reply counts and x-total-count", async () => {
    const tag = `paging-${uid()}`;
    const base = Date.parse("2026-02-01T10:00:00Z");
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await ticket({ subject: `${tag} ${i}`, updatedAt: new Date(base + i * 60_000), priority: "high" }),
      );
    await t.db.insert(supportReplies).values([
      { ticketId: made[0].id, fromEmail: "a@example.com", body: "one" },
      { ticketId: made[0].id, fromEmail: "a@example.com", body: "two" },
    ]);
    const res = await call("GET", `/api/admin/support/tickets?search=${tag}&limit=2`, admin);
    expect(res.headers["x-total-count"]).toBe("3");
    const rows = res.json();
    expect(rows.map((r: { subject: string }) => r.subject)).toEqual([`${tag} 2`, `${tag} 1`]);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        "id",
        "priority",
        "fromEmail",
        "fromName",
        "subject",
        "body",
        "status",
        "createdAt",
        "updatedAt",
        "userId",
        "reservationId",
        "replyToId",
        "replyCount",
      ].sort(),
    );
    expectExactFields(rows, z.array(adminTicketRowSchema));
    const last = (await call("GET", `/api/admin/support/tickets?search=${tag}&offset=2`, admin)).json();
    expect(last).toMatchObject([{ id: made[0].id, replyCount: 2, priority: "high", status: "new" }]);
  });

  it("filters by status and priority and searches subject, sender and #id", async () => {
    const tag = uid();
    const a = await ticket({ subject: `Filter ${tag}`, status: "closed", priority: "urgent" });
    await ticket({ subject: `Filter ${tag}`, status: "open", priority: "urgent" });
    await ticket({ subject: "Other", fromName: `Ms Findable${tag}`, fromEmail: `sender${tag}@example.com` });
    const total = async (q: string) =>
      (await call("GET", `/api/admin/support/tickets?${q}`, admin)).headers["x-total-count"];
    expect(await total(`search=filter ${tag}`)).toBe("2");
    expect(await total(`search=filter ${tag}&status=closed`)).toBe("1");
    expect(await total(`search=filter ${tag}&priority=urgent&status=open`)).toBe("1");
    expect(await total(`search=findable${tag}`)).toBe("1");
    expect(await total(`search=SENDER${tag}`)).toBe("1");
    expect(await total(`search=%23${a.id}`)).toBe("1");
    expect(await total(`search=filter ${tag}&status=&priority=`)).toBe("2");
  });

  it("refuses bad filters and paging with a message", async () => {
    const cases: Array<[string, string]> = [
      ["status=pending", SUPPORT_MSG.status],
      ["priority=critical", SUPPORT_MSG.priority],
      ["limit=0", "limit must be at least 1"],
      ["offset=x", "offset must be a number"],
    ];
    for (const [q, message] of cases) {
      const res = await call("GET", `/api/admin/support/tickets?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe(message);
    }
  });
});

describe("GET /api/admin/support/tickets/:id", () => {
  it("shows the thread oldest first, the member and the date it is about", async () => {
    const m = await t.member({ subscriptionTier: "gold", subscriptionStatus: "active" });
    const { reservation, venue, idea } = await arrangeDate(t.db, m.user.id, {
      at: new Date(t.clock.now().getTime() + hours(24)),
    });
    const tk = await ticket({ userId: m.user.id, fromEmail: m.user.email, reservationId: reservation.id });
    await t.db.insert(supportReplies).values([
      { ticketId: tk.id, fromEmail: t.config.supportEmail, body: "First", isFromAdmin: true },
      { ticketId: tk.id, fromEmail: m.user.email, body: "Second" },
    ]);
    const res = await call("GET", `/api/admin/support/tickets/${tk.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: tk.id,
      replyCount: 2,
      replies: [
        { body: "First", isFromAdmin: true, fromEmail: t.config.supportEmail },
        { body: "Second", isFromAdmin: false, fromEmail: m.user.email },
      ],
      member: { id: m.user.id, email: m.user.email, subscriptionTier: "gold", subscriptionStatus: "active" },
      reservation: {
        id: reservation.id,
        venueName: venue.name,
        dateIdeaTitle: idea.title,
        status: "scheduled",
      },
    });
    // Exactly the contract, at every depth: the member's row and the reservation send nothing more.
    expectExactFields(res.json(), adminTicketDetailSchema);
  });

  it("unknown ids are 404, malformed ones 400", async () => {
    const res = await call("GET", "/api/admin/support/tickets/999999", admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SUPPORT_MSG.ticketNotFound);
    for (const id of ["0", "abc", "1e3", "-4", "12345678901"])
      expect((await call("GET", `/api/admin/support/tickets/${id}`, admin)).statusCode, id).toBe(400);
  });
});

describe("POST /api/admin/support/tickets/:id/replies", () => {
  it("stores the answer, marks the ticket answered, e-mails the member, who reads it on their page", async () => {
    const created = await call("POST", "/api/support/tickets", member, {
      subject: "Parking near the venue",
      body: "Is there somewhere to park near our next date?",
    });
    const id = created.json().id as number;
    const res = await call("POST", `/api/admin/support/tickets/${id}/replies`, admin, {
      body: "  Yes: there is a car park on the next street.\nIt closes at midnight.  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mailSent: true, ticket: { id, status: "answered", replyCount: 1 } });
    expectExactFields(res.json(), adminTicketReplyAnswerSchema);
    expect(res.json().ticket.replies).toMatchObject([
      { isFromAdmin: true, body: "Yes: there is a car park on the next street.\nIt closes at midnight." },
    ]);

    const mail = t.mail.find((m) => m.type === "support_reply" && m.to === member.user.email);
    expect(mail?.subject).toBe(`Re: Parking near the venue [#${id}]`);
    expect(mail?.replyTo).toBe(t.config.supportEmail);
    expect(mail?.text).toContain("Yes: there is a car park on the next street.");
    expect(mail?.text).toContain(`${t.config.appUrl}/support/${id}`);
    const [logged] = await t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.subject, `Re: Parking near the venue [#${id}]`));
    expect(logged).toMatchObject({
      recipientEmail: member.user.email,
      emailType: "support_reply",
      status: "sent",
    });

    const seen = await call("GET", `/api/support/tickets/${id}`, member);
    expect(seen.json()).toMatchObject({
      status: "answered",
      replies: [
        { fromSupport: true, body: "Yes: there is a car park on the next street.\nIt closes at midnight." },
      ],
    });
  });

  it("answers a sender without an account by e-mail only, without a link", async () => {
    const tk = await ticket({
      fromEmail: `stranger${uid()}@example.com`,
      fromName: "Robin",
      subject: "Re: Gift cards",
    });
    await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, admin, { body: "We do sell them." });
    const mail = t.mail.find((m) => m.type === "support_reply" && m.to === tk.fromEmail);
    expect(mail?.subject).toBe(`Re: Gift cards [#${tk.id}]`);
    expect(mail?.text).toContain("Hello Robin,");
    expect(mail?.text).not.toContain("/support/");
  });

  it("escapes the answer in the HTML mail", async () => {
    const tk = await ticket();
    await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, admin, {
      body: "<script>x()</script>",
    });
    const mail = t.mail.find((m) => m.type === "support_reply" && m.to === tk.fromEmail);
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).toContain("&lt;script&gt;");
  });

  it("validates the body; bad input and unknown tickets store nothing", async () => {
    const tk = await ticket();
    const cases: unknown[] = [{ body: "" }, { body: "   " }, { body: "x".repeat(10_001) }, { body: 4 }, {}];
    for (const body of cases) {
      const res = await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(SUPPORT_MSG.reply);
    }
    expect(
      (await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, admin, { body: "ok", cc: "x" }))
        .statusCode,
    ).toBe(400);
    expect((await call("POST", `/api/admin/support/tickets/${tk.id}/replies`, admin, "{")).statusCode).toBe(
      400,
    );
    const missing = await call("POST", "/api/admin/support/tickets/999999/replies", admin, { body: "Hello" });
    expect(missing.statusCode).toBe(404);
    const [{ c }] = await t.db
      .select({ c: count() })
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, tk.id));
    expect(c).toBe(0);
    const [after] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, tk.id));
    expect(after.status).toBe("new");
  });
});

describe("PUT /api/support/tickets/:id", () => {
  it("changes status and priority", async () => {
    const tk = await ticket();
    const res = await call("PUT", `/api/support/tickets/${tk.id}`, admin, {
      status: "closed",
      priority: "urgent",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tk.id, status: "closed", priority: "urgent" });
    expectExactFields(res.json(), adminTicketDetailSchema);
    const only = await call("PUT", `/api/support/tickets/${tk.id}`, admin, { priority: "low" });
    expect(only.json()).toMatchObject({ status: "closed", priority: "low" });
  });

  it("validates strictly; bad input changes nothing", async () => {
    const tk = await ticket();
    const cases: Array<[unknown, string]> = [
      [{ status: "pending" }, SUPPORT_MSG.status],
      [{ priority: "critical" }, SUPPORT_MSG.priority],
      [{ status: 1 }, SUPPORT_MSG.status],
      [{}, SUPPORT_MSG.nothingToUpdate],
    ];
    for (const [body, message] of cases) {
      const res = await call("PUT", `/api/support/tickets/${tk.id}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await call("PUT", `/api/support/tickets/${tk.id}`, admin, { status: "open", subject: "x" }))
        .statusCode,
    ).toBe(400);
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, admin, "nope")).statusCode).toBe(400);
    expect((await call("PUT", `/api/support/tickets/${tk.id}`, admin, [])).statusCode).toBe(400);
    const [after] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, tk.id));
    expect(after).toEqual(tk);
    expect((await call("PUT", "/api/support/tickets/999999", admin, { status: "open" })).statusCode).toBe(
      404,
    );
    expect((await call("PUT", "/api/support/tickets/abc", admin, { status: "open" })).statusCode).toBe(400);
  });
});
