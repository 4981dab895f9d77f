/**
 * The check every API test's answers go through (tests/helpers/document-check.ts, wired into createTestApp):
 * it finds the operation as the router would, and refuses an undocumented status, an undocumented media type
 * and a JSON body that breaks the documented schema, naming the operation, the status and the first error.
 */
import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app.ts";
import { documentChecker, type OpenApiDoc } from "../helpers/document-check.ts";

const t = await createTestApp();
const doc: OpenApiDoc = (await t.request({ method: "GET", url: "/api/docs/openapi.json" })).json();
const checker = documentChecker(doc);
const json = { "content-type": "application/json; charset=utf-8" };

describe("answers are held to the document", () => {
  it("finds the operation a request goes to, a static segment before a parameter", () => {
    expect(checker.find("GET", "/api/admin/users/export?q=x")?.path).toBe("/api/admin/users/export");
    expect(checker.find("GET", "/api/dates/123/calendar.ics")?.path).toBe("/api/dates/{id}/calendar.ics");
    expect(checker.find("GET", "/api/nothing/here")).toBeUndefined();
    expect(checker.find("HEAD", "/api/health")).toBeUndefined();
  });

  it("accepts a documented answer", () => {
    const member = { statusCode: 401, headers: json, body: JSON.stringify({ message: "Please sign in" }) };
    expect(checker.check("GET", "/api/auth/user", member)).toBeUndefined();
  });

  it("refuses a status the operation does not list", () => {
    const answer = { statusCode: 418, headers: json, body: JSON.stringify({ message: "teapot" }) };
    expect(checker.check("GET", "/api/health", answer)).toMatch(
      /^GET \/api\/health answered 418, which the document does not list \(it lists 200/,
    );
  });

  it("refuses a media type the status does not list", () => {
    const answer = { statusCode: 401, headers: { "content-type": "text/html" }, body: "<p>no</p>" };
    expect(checker.check("GET", "/api/auth/user", answer)).toBe(
      "GET /api/auth/user 401 came as text/html; the document lists application/json",
    );
  });

  it("refuses a JSON body that breaks the schema, naming the first error", () => {
    const answer = { statusCode: 401, headers: json, body: JSON.stringify({ messages: ["no"] }) };
    expect(checker.check("GET", "/api/auth/user", answer)).toMatch(
      /^GET \/api\/auth\/user 401 does not match its documented schema: \(the body\) must have required property 'message'/,
    );
  });

  it("refuses a page total, version or wait sent where the document does not list it, or not as documented", () => {
    const rows = { statusCode: 200, headers: { ...json, "x-total-count": "12" }, body: "[]" };
    expect(checker.check("GET", "/api/admin/venues", rows)).toBeUndefined();
    expect(checker.check("GET", "/api/admin/date-ideas", rows)).toBe(
      "GET /api/admin/date-ideas 200 sent x-total-count, which the document does not list for it",
    );
    const notANumber = { ...rows, headers: { ...json, "x-total-count": "many" } };
    expect(checker.check("GET", "/api/admin/venues", notANumber)).toBe(
      "GET /api/admin/venues 200 sent x-total-count: many, which its documented schema refuses",
    );
    const tagged = {
      statusCode: 401,
      headers: { ...json, etag: '"v1"' },
      body: JSON.stringify({ message: "no" }),
    };
    expect(checker.check("GET", "/api/auth/user", tagged)).toBe(
      "GET /api/auth/user 401 sent etag, which the document does not list for it",
    );
    const wait = {
      statusCode: 429,
      headers: { ...json, "retry-after": "60" },
      body: JSON.stringify({ message: "wait" }),
    };
    expect(checker.check("POST", "/api/login", wait)).toBeUndefined();
  });

  it("is on for every request a test app makes", async () => {
    const member = await t.member();
    const res = await t.request({ method: "GET", url: "/api/auth/user", as: member });
    expect(res.statusCode).toBe(200);
    // The same answer with a field renamed would have thrown from t.request.
    const broken = { ...res, body: res.body.replace('"email"', '"e_mail"') };
    expect(checker.check("GET", "/api/auth/user", broken)).toMatch(/does not match its documented schema/);
  });
});
