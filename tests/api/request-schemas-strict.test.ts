/**
 * A request the document's schema accepts is not refused for its shape: the rules the handlers check (a
 * password long enough once trimmed, blank admin fields, a receipt id past the key's range, ranked lists) are
 * in the request schemas themselves, as patterns and bounds the document shows, with the spec's messages.
 */
import { describe, expect, it } from "vitest";
import { NOTES_MSG } from "../../src/shared/admin/member-workspace.ts";
import { AUTH_MSG } from "../../src/shared/auth-messages.ts";
import { BILLING_HISTORY_MSG } from "../../src/shared/billing-history.ts";
import { DATE_TYPES, TIMES_OF_DAY } from "../../src/shared/constants.ts";
import { MSG } from "../../src/shared/messages.ts";
import { ONBOARDING_MSG } from "../../src/shared/schemas/onboarding.ts";
import { NAME_NO_LINKS } from "../../src/shared/schemas/person-name.ts";
import { createTestApp } from "../helpers/app.ts";
import { documentChecker, type OpenApiDoc } from "../helpers/document-check.ts";

const t = await createTestApp();
const doc: OpenApiDoc = (await t.request({ method: "GET", url: "/api/docs/openapi.json" })).json();
const checker = documentChecker(doc);
const json = { "content-type": "application/json" };

/** Whether the document's request body schema of an operation accepts `body`. */
function documentAccepts(method: string, path: string, body: unknown): boolean {
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.["application/json"]?.schema;
  expect(schema, `${method} ${path} has a JSON body`).toBeTruthy();
  return Boolean(checker.validator(schema, `request ${method} ${path}`)(body));
}

describe("request schemas are as strict as the handlers", () => {
  it("a password of spaces around a short word is refused by the schema, in the document too", async () => {
    const person = { email: "strict1@example.com", firstName: "Kit", lastName: "Lee" };
    const padded = { ...person, password: "    short     " };
    expect(documentAccepts("post", "/api/register", padded)).toBe(false);
    const res = await t.request({ method: "POST", url: "/api/register", headers: json, payload: padded });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordMin);
  });

  it("the common-password rule is written in the document with the message the server answers", async () => {
    const body = doc.paths["/api/register"].post.requestBody?.content?.["application/json"]?.schema as {
      properties: { password: { description?: string } };
    };
    expect(body.properties.password.description).toContain(AUTH_MSG.commonPassword);
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      headers: json,
      payload: { email: "strict2@example.com", firstName: "Kit", lastName: "Lee", password: "password123" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MSG.commonPassword);
  });

  it("a name with a link in it is refused by the document's pattern as by the server", async () => {
    const person = {
      email: "strict3@example.com",
      password: "a long and unusual passphrase",
      lastName: "Lee",
    };
    for (const firstName of ["WWW.evil", "Claim-Prize.COM", "<b>Kit</b>"]) {
      expect(documentAccepts("post", "/api/register", { ...person, firstName }), firstName).toBe(false);
      const res = await t.request({
        method: "POST",
        url: "/api/register",
        headers: json,
        payload: { ...person, firstName },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NAME_NO_LINKS);
    }
    expect(documentAccepts("post", "/api/register", { ...person, firstName: "Zoë-Marie" })).toBe(true);
  });

  it("a blank admin note is refused by the schema's pattern, with the spec's message", async () => {
    const admin = await t.admin();
    const member = await t.member();
    const path = "/api/admin/users/{userId}/notes";
    expect(documentAccepts("post", path, { body: "   " })).toBe(false);
    expect(documentAccepts("post", path, { body: " ok " })).toBe(true);
    const res = await t.request({
      method: "POST",
      url: `/api/admin/users/${member.user.id}/notes`,
      as: admin,
      headers: json,
      payload: { body: "  \n " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTES_MSG.bodyRequired);
  });

  it("a receipt id past 2147483647 is malformed by the pattern; the largest one is merely unknown", async () => {
    const member = await t.member();
    const param = doc.paths["/api/billing/receipts/{id}"].get.parameters?.find((p) => p.in === "path");
    expect(param).toBeDefined();
    const pattern = new RegExp((param?.schema as { pattern?: string } | undefined)?.pattern ?? "(?!)");
    expect(pattern.test("2147483647")).toBe(true);
    expect(pattern.test("2147483648.pdf")).toBe(false);
    const over = await t.request({ method: "GET", url: "/api/billing/receipts/2147483648.pdf", as: member });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(BILLING_HISTORY_MSG.receiptMalformed);
    const last = await t.request({ method: "GET", url: "/api/billing/receipts/2147483647", as: member });
    expect(last.statusCode).toBe(404);
  });

  it("a ranked list is no longer than its options, each item once, and says the rest in words", () => {
    const body = doc.paths["/api/onboarding/preferences"].post.requestBody?.content?.["application/json"]
      ?.schema as {
      properties: Record<string, { maxItems?: number; uniqueItems?: boolean; description?: string }>;
    };
    const types = body.properties.dateTypePreferences;
    expect(types.maxItems).toBe(DATE_TYPES.length);
    expect(types.uniqueItems).toBe(true);
    expect(types.description).toContain(ONBOARDING_MSG.ranks);
    expect(body.properties.timePreferences.maxItems).toBe(TIMES_OF_DAY.length);
  });

  it("Assign, the check and the bulk preview document the 404 they answer for unknown records", () => {
    for (const path of [
      "/api/admin/assignments",
      "/api/admin/assignments/check",
      "/api/admin/assignments/bulk/preview",
    ])
      expect(Object.keys(doc.paths[path].post.responses ?? {}), path).toContain("404");
  });
});
