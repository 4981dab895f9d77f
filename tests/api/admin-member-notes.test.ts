/**
 * Internal notes on a member (decision 0074): admin-only, newest first with who and when, edits and deletions
 * guarded by If-Match (412 from a second admin's stale copy), every change audited about the member, and no
 * member route ever answers them.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../src/server/db/schema.ts";
import { NOTE_MAX, NOTES_MSG } from "../../src/shared/admin/member-workspace.ts";
import { MEMBERS_MSG } from "../../src/shared/admin/members.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
t.clock.set("2031-05-14T09:00:00Z");
const ada = await t.admin({ firstName: "Ada", lastName: "Operator" });
const bob = await t.admin({ firstName: "Bob", lastName: "Second" });
const member = await t.member({ firstName: "Sam", lastName: "Notes" });
const base = `/api/admin/users/${member.user.id}/notes`;

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  as?: SignedIn,
  body?: unknown,
  ifMatch?: string,
) {
  return t.request({
    method,
    url,
    as,
    headers: ifMatch ? { "if-match": ifMatch } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe("who may call", () => {
  it.each([
    ["GET", base],
    ["POST", base],
    ["PUT", `${base}/1`],
    ["DELETE", `${base}/1`],
  ] as const)("%s %s: visitor 401, member 403 (even about themselves)", async (method, url) => {
    const body = method === "POST" || method === "PUT" ? { body: "x" } : undefined;
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(method, url, member, body)).statusCode).toBe(403);
  });
});

describe("notes", () => {
  it("adds, lists newest first with who and when, edits and deletes, each audited about the member", async () => {
    const first = await call("POST", base, ada, { body: "  Called about the nut allergy; venue told.  " });
    expect(first.statusCode).toBe(201);
    expect(first.headers.etag).toMatch(/^"/);
    expect(first.json()).toMatchObject({
      body: "Called about the nut allergy; venue told.",
      authorId: ada.user.id,
      authorName: "Ada Operator",
      createdAt: "2031-05-14T09:00:00.000Z",
    });
    t.clock.set("2031-05-14T10:00:00Z");
    const second = await call("POST", base, bob, { body: "Prefers Friday evenings." });
    const list = await call("GET", base, ada);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((n: { body: string }) => n.body)).toEqual([
      "Prefers Friday evenings.",
      "Called about the nut allergy; venue told.",
    ]);
    expect(list.json()[0].authorName).toBe("Bob Second");

    const id = first.json().id;
    const one = await call("GET", `${base}/${id}`, ada);
    expect(one.headers.etag).toBe(first.headers.etag);
    const edited = await call(
      "PUT",
      `${base}/${id}`,
      ada,
      { body: "Nut allergy: venue told twice." },
      one.headers.etag as string,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body).toBe("Nut allergy: venue told twice.");
    expect(edited.json().updatedAt).toBe("2031-05-14T10:00:00.000Z");
    expect(edited.headers.etag).not.toBe(one.headers.etag);

    const del = await call(
      "DELETE",
      `${base}/${second.json().id}`,
      bob,
      undefined,
      second.headers.etag as string,
    );
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(NOTES_MSG.deleted);
    expect((await call("GET", base, ada)).json()).toHaveLength(1);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "member_note"))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.action, r.actorName, r.subjectUserId])).toEqual([
      ["create", "Ada Operator", member.user.id],
      ["create", "Bob Second", member.user.id],
      ["update", "Ada Operator", member.user.id],
      ["delete", "Bob Second", member.user.id],
    ]);
    expect(rows[2].changes).toEqual([
      {
        field: "body",
        before: "Called about the nut allergy; venue told.",
        after: "Nut allergy: venue told twice.",
      },
    ]);
  });

  it("a stale edit or deletion from a second admin gets 412 with who and when, and changes nothing", async () => {
    t.clock.set("2031-05-14T11:00:00Z");
    const created = await call("POST", base, ada, { body: "Original" });
    const id = created.json().id;
    const tagA = created.headers.etag as string;
    const tagB = (await call("GET", `${base}/${id}`, bob)).headers.etag as string;
    t.clock.set("2031-05-14T11:05:00Z");
    expect((await call("PUT", `${base}/${id}`, ada, { body: "Ada's edit" }, tagA)).statusCode).toBe(200);
    const stale = await call("PUT", `${base}/${id}`, bob, { body: "Bob's edit" }, tagB);
    expect(stale.statusCode).toBe(412);
    // The audit row's time is the database's clock, so only its shape is fixed here.
    expect(stale.json().message).toMatch(
      /^Changed by Ada Operator at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    const staleDelete = await call("DELETE", `${base}/${id}`, bob, undefined, tagB);
    expect(staleDelete.statusCode).toBe(412);
    expect((await call("GET", `${base}/${id}`, ada)).json().body).toBe("Ada's edit");
    // Without If-Match: the last write wins, as for any other client.
    expect((await call("PUT", `${base}/${id}`, bob, { body: "Bob's edit" })).json().body).toBe("Bob's edit");
  });

  it("says what is wrong with a note", async () => {
    for (const [payload, message] of [
      [{}, NOTES_MSG.bodyRequired],
      [{ body: "   " }, NOTES_MSG.bodyRequired],
      [{ body: 42 }, NOTES_MSG.bodyRequired],
      [{ body: "x".repeat(NOTE_MAX + 1) }, NOTES_MSG.bodyMax],
    ] as const) {
      const res = await call("POST", base, ada, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call("POST", base, ada, { body: "ok", extra: 1 })).statusCode).toBe(400);
    expect((await call("POST", base, ada, { body: "x".repeat(NOTE_MAX) })).statusCode).toBe(201);
    const unknownMember = await call("POST", "/api/admin/users/999999/notes", ada, { body: "x" });
    expect(unknownMember.statusCode).toBe(404);
    expect(unknownMember.json().message).toBe(MEMBERS_MSG.notFound);
    const otherMember = await t.member();
    const someNote = (await call("GET", base, ada)).json()[0].id;
    const wrongMember = await call("PUT", `/api/admin/users/${otherMember.user.id}/notes/${someNote}`, ada, {
      body: "x",
    });
    expect(wrongMember.statusCode).toBe(404);
    expect(wrongMember.json().message).toBe(NOTES_MSG.notFound);
    expect((await call("GET", "/api/admin/users/abc/notes", ada)).statusCode).toBe(400);
  });

  it("no member route answers a note's text", async () => {
    const secret = "SECRET-NOTE-TEXT-7731";
    await call("POST", base, ada, { body: secret });
    for (const url of [
      "/api/auth/user",
      "/api/user",
      "/api/dates",
      "/api/onboarding/preferences",
      "/api/partner/preferences",
      "/api/billing",
      "/api/account/export",
      "/api/support/tickets",
      `/api/admin/users/${member.user.id}`,
      `/api/admin/audit?entity=member_note`,
    ]) {
      const res = await call("GET", url, member);
      expect(res.body, url).not.toContain(secret);
    }
  });
});
