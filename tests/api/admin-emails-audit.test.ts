/**
 * E-mail templates and campaigns as records that never overwrite each other (issue #32): each one's read with
 * its ETag, a save with If-Match (fresh: saved with a new ETag; stale: 412 naming the other admin, nothing
 * changed), a save without it as before, and the audit row of each change with its fields before and after.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailCampaigns, emailTemplates } from "../../src/server/db/schema.ts";
import type { AuditEntity } from "../../src/shared/admin/audit.ts";
import { EMAILS_MSG } from "../../src/shared/admin/emails.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
let ada: SignedIn;
let ben: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  ada = await t.admin({ firstName: "Ada", lastName: "Operator" });
  ben = await t.admin({ firstName: "Ben", lastName: "Second" });
  member = await t.member();
});

const read = (url: string, as: SignedIn | null = ada) =>
  t.request({ method: "GET", url, as: as ?? undefined });
const save = (url: string, payload: object, as: SignedIn, etag?: string) =>
  t.request({ method: "PUT", url, as, payload, headers: etag ? { "if-match": etag } : {} });
const history = (entity: AuditEntity, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

async function templateId(name: string) {
  const [tpl] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.name, name));
  return tpl.id;
}
async function campaignId(trigger: string) {
  const [c] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.triggerType, trigger));
  return c.id;
}

const KINDS = [
  {
    name: "template",
    base: "/api/admin/email-templates",
    list: "/api/admin/email-templates",
    id: () => templateId("Onboarding nudge"),
    first: { subject: "Nearly there, {{firstName}}" },
    second: { subject: "Ben's subject" },
    notFound: EMAILS_MSG.templateNotFound,
    row: async (id: number) => (await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, id)))[0],
  },
  {
    name: "campaign",
    base: "/api/admin/email-campaigns",
    list: "/api/admin/email-campaigns",
    id: () => campaignId("onboarding_incomplete"),
    first: { delayHours: 30 },
    second: { delayHours: 99 },
    notFound: EMAILS_MSG.campaignNotFound,
    row: async (id: number) => (await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)))[0],
  },
] as const;

describe.each(KINDS)("an e-mail $name", (kind) => {
  it("has a read of its own: the list's representation with an ETag", async () => {
    const id = await kind.id();
    const res = await read(`${kind.base}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const listed = (await read(kind.list)).json().find((r: { id: number }) => r.id === id);
    expect(res.json()).toEqual(listed);
  });

  it("the read is for admins only; unknown 404, malformed 400", async () => {
    const id = await kind.id();
    expect((await read(`${kind.base}/${id}`, null)).statusCode).toBe(401);
    expect((await read(`${kind.base}/${id}`, member)).statusCode).toBe(403);
    const unknown = await read(`${kind.base}/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(kind.notFound);
    expect((await read(`${kind.base}/abc`)).statusCode).toBe(400);
  });

  it("a fresh If-Match saves and answers a new ETag; a stale one gets 412 and changes nothing", async () => {
    const id = await kind.id();
    const etag = (await read(`${kind.base}/${id}`)).headers.etag as string;
    const first = await save(`${kind.base}/${id}`, kind.first, ada, etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    expect((await read(`${kind.base}/${id}`)).headers.etag).toBe(first.headers.etag);
    const before = await kind.row(id);
    const stale = await save(`${kind.base}/${id}`, kind.second, ben, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(
      /^Changed by Ada Operator at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    expect(await kind.row(id)).toEqual(before);
    // Without If-Match, last write wins as before.
    const plain = await save(`${kind.base}/${id}`, kind.second, ben);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject(kind.second);
  });
});

describe("the audit rows of templates and campaigns", () => {
  it("a template's save lists each changed field; switching it off says so", async () => {
    const id = await templateId("Come back after cancelling");
    const before = (await read(`/api/admin/email-templates/${id}`)).json();
    await save(`/api/admin/email-templates/${id}`, { subject: "We miss you, {{firstName}}" }, ada);
    await save(`/api/admin/email-templates/${id}`, { isActive: false }, ben);
    const rows = await history("template", id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["update", "Ada Operator"],
      ["status", "Ben Second"],
    ]);
    expect(rows[0].summary).toBe(`Template "${before.name}" saved`);
    expect(rows[0].changes).toEqual([
      { field: "subject", before: before.subject, after: "We miss you, {{firstName}}" },
    ]);
    expect(rows[1].summary).toBe(`Template "${before.name}" switched off`);
    expect(rows[1].changes).toEqual([{ field: "isActive", before: true, after: false }]);
  });

  it("a campaign's save lists its delay and template before and after; a refused save records nothing", async () => {
    const id = await campaignId("cancelled");
    const before = (await read(`/api/admin/email-campaigns/${id}`)).json();
    const other = await templateId("Onboarding nudge");
    await save(`/api/admin/email-campaigns/${id}`, { delayHours: 72, templateId: other }, ada);
    expect((await save(`/api/admin/email-campaigns/${id}`, { delayHours: -1 }, ada)).statusCode).toBe(400);
    expect((await save(`/api/admin/email-campaigns/${id}`, { templateId: 999999 }, ada)).statusCode).toBe(
      400,
    );
    const rows = await history("campaign", id);
    expect(rows).toHaveLength(1);
    expect(rows[0].summary).toBe(`Campaign "${before.name}" saved`);
    expect(rows[0].changes).toEqual(
      expect.arrayContaining([
        { field: "delayHours", before: before.delayHours, after: 72 },
        { field: "templateId", before: before.templateId, after: other },
        { field: "templateName", before: before.templateName, after: "Onboarding nudge" },
      ]),
    );
    const off = await save(`/api/admin/email-campaigns/${id}`, { isActive: false }, ben);
    expect(off.statusCode).toBe(200);
    const [, last] = await history("campaign", id);
    expect(last.summary).toBe(`Campaign "${before.name}" switched off`);
    expect(last.action).toBe("status");
  });
});
