import { count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailCampaigns, emailLogs, emailTemplates, users } from "../../src/server/db/schema.ts";
import {
  EMAILS_MSG,
  emailCampaignRowSchema,
  emailLogRowSchema,
  emailTemplateRowSchema,
  exportEmailsAnswerSchema,
} from "../../src/shared/admin/emails.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();

let n = 0;
const uid = () => `${process.pid}-${++n}`;

async function log(values: Partial<typeof emailLogs.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(emailLogs)
    .values({
      recipientEmail: `someone${uid()}@example.com`,
      subject: "A subject",
      emailType: "password_reset",
      ...values,
    })
    .returning();
  return row;
}

const get = (url: string, as: SignedIn | null = admin) =>
  t.request({ method: "GET", url, as: as ?? undefined });
const put = (url: string, payload: unknown, as: SignedIn | null = admin) =>
  t.request({
    method: "PUT",
    url,
    as: as ?? undefined,
    headers: { "content-type": "application/json" },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

describe("authorisation", () => {
  const routes: Array<[string, string, unknown?]> = [
    ["GET", "/api/admin/email-logs"],
    ["GET", "/api/admin/email-logs/export"],
    ["GET", "/api/admin/export-emails"],
    ["GET", "/api/admin/email-templates"],
    ["PUT", "/api/admin/email-templates/1", { isActive: true }],
    ["GET", "/api/admin/email-campaigns"],
    ["PUT", "/api/admin/email-campaigns/1", { isActive: true }],
  ];
  for (const [method, url, body] of routes) {
    it(`${method} ${url}: visitor 401, member 403, admin 200`, async () => {
      const call = (as: SignedIn | null) => (method === "GET" ? get(url, as) : put(url, body ?? {}, as));
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(member)).statusCode).toBe(403);
      const ok = await call(admin);
      expect(ok.statusCode, ok.body).toBe(200);
    });
  }
});

describe("GET /api/admin/email-logs", () => {
  it("lists newest first with the member's name, and the total in x-total-count", async () => {
    const tag = `paging-${uid()}`;
    const someone = await t.member({ firstName: "Pat", lastName: "Logged" });
    const base = Date.parse("2026-01-10T12:00:00Z");
    for (let i = 0; i < 5; i++)
      await log({
        subject: `${tag} number ${i}`,
        sentAt: new Date(base + i * 60_000),
        userId: i === 4 ? someone.user.id : null,
        recipientName: i === 4 ? "Pat Logged" : null,
        status: i === 3 ? "failed" : "sent",
        errorMessage: i === 3 ? "Mailbox unavailable" : null,
      });
    const res = await get(`/api/admin/email-logs?search=${tag}&limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("5");
    const rows = res.json();
    expect(rows.map((r: { subject: string }) => r.subject)).toEqual([`${tag} number 4`, `${tag} number 3`]);
    expect(rows[0]).toMatchObject({
      memberFirstName: "Pat",
      memberLastName: "Logged",
      memberEmail: someone.user.email,
      recipientName: "Pat Logged",
      emailType: "password_reset",
      status: "sent",
      errorMessage: null,
      sentAt: new Date(base + 4 * 60_000).toISOString(),
    });
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        "id",
        "sentAt",
        "memberFirstName",
        "memberLastName",
        "memberEmail",
        "recipientEmail",
        "recipientName",
        "subject",
        "emailType",
        "status",
        "errorMessage",
      ].sort(),
    );
    expectExactFields(rows, z.array(emailLogRowSchema));
    expect(rows[1]).toMatchObject({
      status: "failed",
      errorMessage: "Mailbox unavailable",
      memberEmail: null,
    });

    const page2 = (await get(`/api/admin/email-logs?search=${tag}&limit=2&offset=4`)).json();
    expect(page2.map((r: { subject: string }) => r.subject)).toEqual([`${tag} number 0`]);
  });

  it("searches recipient, subject and the member's name and e-mail, case-insensitively", async () => {
    const tag = uid();
    const someone = await t.member({ firstName: "Quentin", lastName: `Searchable${tag}` });
    await log({ recipientEmail: `findme${tag}@example.com`, subject: "Plain" });
    await log({ subject: `Your SURPRISE${tag} awaits` });
    await log({ userId: someone.user.id, subject: "Linked" });
    const total = async (q: string) =>
      (await get(`/api/admin/email-logs?search=${encodeURIComponent(q)}`)).headers["x-total-count"];
    expect(await total(`FINDME${tag}`)).toBe("1");
    expect(await total(`surprise${tag}`)).toBe("1");
    expect(await total(`quentin searchable${tag}`)).toBe("1");
    expect(await total(someone.user.email)).toBe("1");
    // Pattern characters are taken literally.
    expect(await total(`%${tag}%_`)).toBe("0");
  });

  it("filters by status and type", async () => {
    const tag = `filter-${uid()}`;
    await log({ subject: tag, status: "failed", emailType: "reveal" });
    await log({ subject: tag, status: "sent", emailType: "reveal" });
    await log({ subject: tag, status: "sent", emailType: "welcome" });
    const total = async (q: string) =>
      (await get(`/api/admin/email-logs?search=${tag}&${q}`)).headers["x-total-count"];
    expect(await total("status=failed")).toBe("1");
    expect(await total("type=reveal")).toBe("2");
    expect(await total("type=reveal&status=sent")).toBe("1");
    expect(await total("status=&type=")).toBe("3");
  });

  it("refuses bad paging and filters with a message, and ignores unknown keys", async () => {
    const cases: Array<[string, string]> = [
      ["limit=0", "limit must be at least 1"],
      ["limit=201", "limit must be at most 200"],
      ["limit=abc", "limit must be a number"],
      ["limit=1.5", "limit must be a whole number"],
      ["offset=-1", "offset must be at least 0"],
      [`search=${"x".repeat(101)}`, "Search must be at most 100 characters"],
      ["status=DROP%20TABLE", "status must be lower-case letters and underscores"],
      ["type=a'b", "type must be lower-case letters, digits and underscores"],
    ];
    for (const [q, message] of cases) {
      const res = await get(`/api/admin/email-logs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe(message);
    }
    expect((await get("/api/admin/email-logs?_=123")).statusCode).toBe(200);
  });
});

describe("GET /api/admin/email-logs/export", () => {
  it("sends every row as a dated .xlsx, newest first, formulas neutralised", async () => {
    t.clock.set("2026-03-04T10:00:00Z");
    const danger = '=HYPERLINK("http://evil.example","click")';
    const row = await log({
      subject: danger,
      recipientName: "+44 trick",
      sentAt: new Date("2030-01-01T09:30:00Z"),
    });
    const res = await get("/api/admin/email-logs/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="email-logs-2026-03-04.xlsx"');
    const ws = await readXlsx(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "ID",
      "Date & Time (London)",
      "Member",
      "Member Email",
      "Recipient",
      "Recipient Name",
      "Subject",
      "Type",
      "Status",
      "Error",
    ]);
    const [{ n }] = await t.db.select({ n: count() }).from(emailLogs);
    expect(ws.rowCount).toBe(n + 1);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe(row.id);
    expect(first.getCell(2).value).toBe("2030-01-01 09:30:00");
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(7).value).toBe(`'${danger}`);
    expect(first.getCell(6).value).toBe("'+44 trick");
    expect(first.getCell(8).value).toBe("password reset");
  });

  it("streams more rows than one batch without losing or repeating any", async () => {
    // 12,000 rows sharing timestamps in places: the keyset must still visit each exactly once.
    await t.db.execute(sql`
      insert into email_logs (recipient_email, subject, email_type, sent_at)
      select 'bulk' || g || '@example.com', 'Bulk ' || g, 'bulk', timestamptz '2020-01-01' + ((g / 3) || ' seconds')::interval
      from generate_series(1, 12000) g`);
    const started = Date.now();
    const res = await get("/api/admin/email-logs/export");
    const ms = Date.now() - started;
    expect(res.statusCode).toBe(200);
    const ws = await readXlsx(res.rawPayload);
    const ids = new Set<number>();
    ws.eachRow((r, i) => {
      if (i > 1) ids.add(r.getCell(1).value as number);
    });
    const [{ n }] = await t.db.select({ n: count() }).from(emailLogs);
    expect(ids.size).toBe(n);
    expect(ws.rowCount).toBe(n + 1);
    expect(ms).toBeLessThan(10_000);
  });
});

describe("GET /api/admin/export-emails", () => {
  it("answers the members' addresses, all or by marketing choice, without deleted accounts", async () => {
    const tag = uid();
    const inA = await t.member({ email: `in-a${tag}@example.com`, marketingOptOut: false });
    const out = await t.member({ email: `out${tag}@example.com`, marketingOptOut: true });
    await t.member({ email: `gone${tag}@example.com`, deletedAt: new Date() });
    const all = (await get("/api/admin/export-emails")).json();
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(sql`${users.deletedAt} is null`);
    expect(all.count).toBe(n);
    expect(all.emails).toHaveLength(n);
    expect(all.emails).toContain(inA.user.email);
    expect(all.emails).toContain(out.user.email);
    expect(all.emails).not.toContain(`gone${tag}@example.com`);

    const optedIn = (await get("/api/admin/export-emails?marketingOptOut=false")).json();
    expect(optedIn.emails).toContain(inA.user.email);
    expect(optedIn.emails).not.toContain(out.user.email);
    const optedOut = (await get("/api/admin/export-emails?marketingOptOut=true")).json();
    expect(optedOut.emails).toContain(out.user.email);
    expect(optedOut.emails).not.toContain(inA.user.email);
    expect(optedIn.count + optedOut.count).toBe(all.count);
    expectExactFields(all, exportEmailsAnswerSchema);
  });

  it("refuses any other marketingOptOut value", async () => {
    for (const v of ["maybe", "1", "TRUE", ""]) {
      const res = await get(`/api/admin/export-emails?marketingOptOut=${v}`);
      expect(res.statusCode, v).toBe(400);
      expect(res.json().message).toBe("marketingOptOut must be true or false");
    }
  });
});

describe("e-mail templates", () => {
  it("lists the seeded defaults", async () => {
    const res = await get("/api/admin/email-templates");
    expect(res.statusCode).toBe(200);
    const names = res.json().map((x: { name: string }) => x.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Welcome series: how it works",
        "Welcome series: making the most of it",
        "Onboarding nudge",
        "Come back after cancelling",
      ]),
    );
    const first = res.json()[0];
    expect(first.htmlContent).toContain("{{firstName}}");
    expect(first).toMatchObject({ isActive: true, templateType: "welcome_series" });
    expectExactFields(res.json(), z.array(emailTemplateRowSchema));
  });

  it("updates subject, bodies and the switch; an empty text body becomes none", async () => {
    const [tpl] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.name, "Onboarding nudge"));
    const res = await put(`/api/admin/email-templates/${tpl.id}`, {
      subject: "  Nearly there, {{firstName}}  ",
      htmlContent: "<p>Hello {{ firstName }}</p>",
      textContent: "   ",
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: tpl.id,
      subject: "Nearly there, {{firstName}}",
      htmlContent: "<p>Hello {{ firstName }}</p>",
      textContent: null,
      isActive: false,
    });
    const partial = await put(`/api/admin/email-templates/${tpl.id}`, { isActive: true });
    expect(partial.json()).toMatchObject({ subject: "Nearly there, {{firstName}}", isActive: true });
  });

  it("validates every field, and bad input changes nothing", async () => {
    const [tpl] = await t.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.name, "Come back after cancelling"));
    const cases: Array<[unknown, string]> = [
      [{ subject: "" }, EMAILS_MSG.subject],
      [{ subject: "   " }, EMAILS_MSG.subject],
      [{ subject: "x".repeat(256) }, EMAILS_MSG.subject],
      [{ subject: 5 }, EMAILS_MSG.subject],
      [{ htmlContent: "" }, EMAILS_MSG.html],
      [{ htmlContent: " \n " }, EMAILS_MSG.html],
      [{ htmlContent: "x".repeat(100_001) }, EMAILS_MSG.html],
      [{ textContent: "x".repeat(50_001) }, EMAILS_MSG.text],
      [{ subject: "Hi {{nickname}}" }, "Unknown placeholder {{nickname}} in the subject"],
      [{ htmlContent: "<p>{{a}} {{b}}</p>" }, "Unknown placeholder {{a}}, {{b}} in the HTML body"],
      [{ isActive: "yes" }, "isActive must be true or false"],
      [{}, EMAILS_MSG.nothingToUpdate],
    ];
    for (const [body, message] of cases) {
      const res = await put(`/api/admin/email-templates/${tpl.id}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknownKey = await put(`/api/admin/email-templates/${tpl.id}`, {
      subject: "Fine",
      name: "Renamed",
    });
    expect(unknownKey.statusCode).toBe(400);
    const badJson = await put(`/api/admin/email-templates/${tpl.id}`, "{nope");
    expect(badJson.statusCode).toBe(400);
    const [after] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, tpl.id));
    expect(after).toEqual(tpl);
  });

  it("unknown and malformed ids", async () => {
    expect((await put("/api/admin/email-templates/999999", { isActive: true })).statusCode).toBe(404);
    expect((await put("/api/admin/email-templates/999999", { isActive: true })).json().message).toBe(
      EMAILS_MSG.templateNotFound,
    );
    for (const id of ["0", "abc", "-1", "1.5", "99999999999"])
      expect((await put(`/api/admin/email-templates/${id}`, { isActive: true })).statusCode, id).toBe(400);
  });
});

describe("e-mail campaigns", () => {
  it("lists the seeded campaigns with their triggers, delays and templates", async () => {
    const res = await get("/api/admin/email-campaigns");
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ triggerType: string; delayHours: number; templateName: string }>;
    expect(rows.map((r) => [r.triggerType, r.delayHours, r.templateName])).toEqual(
      expect.arrayContaining([
        ["signup", 24, "Welcome series: how it works"],
        ["signup", 72, "Welcome series: making the most of it"],
        ["onboarding_incomplete", 48, "Onboarding nudge"],
        ["cancelled", 168, "Come back after cancelling"],
      ]),
    );
    expectExactFields(rows, z.array(emailCampaignRowSchema));
  });

  it("switches a campaign, changes its delay and its template", async () => {
    const [c] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.triggerType, "cancelled"));
    const [tpl] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.name, "Onboarding nudge"));
    const res = await put(`/api/admin/email-campaigns/${c.id}`, {
      isActive: false,
      delayHours: 8760,
      templateId: tpl.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      isActive: false,
      delayHours: 8760,
      templateId: tpl.id,
      templateName: "Onboarding nudge",
    });
    expect((await put(`/api/admin/email-campaigns/${c.id}`, { delayHours: 0 })).json()).toMatchObject({
      delayHours: 0,
      isActive: false,
    });
  });

  it("validates, and bad input changes nothing", async () => {
    const [c] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.triggerType, "signup"));
    const cases: Array<[unknown, string, number]> = [
      [{ delayHours: -1 }, EMAILS_MSG.delayHours, 400],
      [{ delayHours: 8761 }, EMAILS_MSG.delayHours, 400],
      [{ delayHours: 1.5 }, EMAILS_MSG.delayHours, 400],
      [{ delayHours: "5" }, EMAILS_MSG.delayHours, 400],
      [{ isActive: 1 }, "isActive must be true or false", 400],
      [{ templateId: 999999 }, EMAILS_MSG.templateNotFound, 400],
      [{ templateId: 0 }, "templateId must be a template's id", 400],
      [{}, EMAILS_MSG.nothingToUpdate, 400],
    ];
    for (const [body, message, status] of cases) {
      const res = await put(`/api/admin/email-campaigns/${c.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await put(`/api/admin/email-campaigns/${c.id}`, { name: "x" })).statusCode).toBe(400);
    expect((await put(`/api/admin/email-campaigns/${c.id}`, "[")).statusCode).toBe(400);
    const [after] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, c.id));
    expect(after).toEqual(c);
    expect((await put("/api/admin/email-campaigns/999999", { isActive: true })).statusCode).toBe(404);
    expect((await put("/api/admin/email-campaigns/x", { isActive: true })).statusCode).toBe(400);
  });
});
