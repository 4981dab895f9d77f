/**
 * The document is the truth: each answer these tests provoke (refusals, rate limits, unknown tokens, the data
 * export, the sandbox's HTML pages) is listed in /api/docs/openapi.json for its operation, with the media type
 * it is sent as; and request schemas refuse by shape what the handlers would refuse by shape.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GIFT, GIFT_MSG } from "../../src/features/gifts/shared/schemas.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { GIFT_ORDER } from "../helpers/gifts.ts";

// Low limits so a few requests reach each 429.
const t = await createTestApp({
  rateLimits: { loginPerIp: 2, registerPerIp: 1, forgotPerIp: 1, resetPerIp: 1 },
});

interface MediaType {
  schema?: { $ref?: string; type?: string; required?: string[]; enum?: unknown[]; format?: string };
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
  requestBody?: {
    content: Record<string, MediaType & { schema: { properties: Record<string, MediaType["schema"]> } }>;
  };
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }> };
};
let doc: Doc;

beforeAll(async () => {
  doc = (await t.request({ method: "GET", url: "/api/docs/openapi.json" })).json();
});

const json = { "content-type": "application/json" };
const post = (url: string, payload: unknown, as?: SignedIn) =>
  t.request({ method: "POST", url, as, headers: json, payload: JSON.stringify(payload) });

/**
 * The answer's status is documented for the operation (method and path template), with the media type it came
 * as; a JSON error carries the Error body (a `message`). Answers the documented entry.
 */
function expectDocumented(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  method: string,
  path: string,
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  const op = doc.paths[path]?.[method];
  expect(op, `${method} ${path} is documented`).toBeTruthy();
  const entry = op.responses[String(status)];
  expect(entry, `${method} ${path} lists ${status}`).toBeTruthy();
  const mediaType = String(res.headers["content-type"]).split(";")[0];
  expect(Object.keys(entry.content ?? {}), `${method} ${path} ${status} as ${mediaType}`).toContain(
    mediaType,
  );
  if (mediaType === "application/json" && status >= 400) {
    expect(entry.content?.["application/json"]?.schema?.$ref).toBe("#/components/schemas/Error");
    expect(typeof JSON.parse(res.body).message).toBe("string");
  }
  return entry;
}

describe("sign-in, registration and reset answers are documented", () => {
  it("a wrong password is 401; too many sign-ins from one address 429", async () => {
    const member = await t.member();
    const wrong = { email: member.user.email, password: "not the password at all" };
    expectDocumented(await post("/api/login", wrong), "post", "/api/login", 401);
    await post("/api/login", wrong);
    const flood = await post("/api/login", wrong);
    expectDocumented(flood, "post", "/api/login", 429);
    expect(flood.headers["retry-after"]).toBeTruthy();
  });

  it("a second account from one address is 429", async () => {
    const person = { password: "a long and unusual passphrase", firstName: "Kit", lastName: "Lee" };
    expect((await post("/api/register", { ...person, email: "kit1@example.com" })).statusCode).toBe(201);
    const again = await post("/api/register", { ...person, email: "kit2@example.com" });
    expectDocumented(again, "post", "/api/register", 429);
  });

  it("forgot-password and reset-password floods are 429", async () => {
    await post("/api/forgot-password", { email: "a@example.com" });
    expectDocumented(
      await post("/api/forgot-password", { email: "b@example.com" }),
      "post",
      "/api/forgot-password",
      429,
    );
    const reset = { token: "x".repeat(40), password: "a long and unusual passphrase" };
    expectDocumented(await post("/api/reset-password", reset), "post", "/api/reset-password", 400);
    expectDocumented(await post("/api/reset-password", reset), "post", "/api/reset-password", 429);
  });
});

describe("gift answers are documented", () => {
  it("an unknown manage token or gift code is 404", async () => {
    const token = "t".repeat(30);
    expectDocumented(
      await t.request({ method: "GET", url: `/api/gifts/manage?token=${token}` }),
      "get",
      "/api/gifts/manage",
      404,
    );
    expectDocumented(
      await post("/api/gifts/manage/resend", { token }),
      "post",
      "/api/gifts/manage/resend",
      404,
    );
    expectDocumented(
      await t.request({ method: "GET", url: "/api/gifts/redeem/check?code=NOPE-NOPE" }),
      "get",
      "/api/gifts/redeem/check",
      404,
    );
    const member = await t.member();
    expectDocumented(
      await post("/api/gifts/redeem", { code: "NOPE-NOPE" }, member),
      "post",
      "/api/gifts/redeem",
      404,
    );
  });

  it("months: 0 and deliverOn: 0000-00-00 are refused by validation with the field's message", async () => {
    for (const [change, field, message] of [
      [{ months: 0 }, "months", GIFT_MSG.months],
      [{ deliverOn: "0000-00-00" }, "deliverOn", GIFT_MSG.deliverOn],
      [{ deliverOn: "2026-02-30" }, "deliverOn", GIFT_MSG.deliverOn],
    ] as const) {
      const res = await post("/api/gifts", { ...GIFT_ORDER, ...change });
      expectDocumented(res, "post", "/api/gifts", 400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual([{ path: field, message }]);
    }
    const quote = await post("/api/gifts/quote", { tier: "gold", months: 0 });
    expectDocumented(quote, "post", "/api/gifts/quote", 400);
    expect(quote.json().message).toBe(GIFT_MSG.months);
  });

  it("the document says which lengths a gift takes and that the delivery day is a date", () => {
    for (const path of ["/api/gifts", "/api/gifts/quote"]) {
      const props = doc.paths[path].post.requestBody?.content["application/json"].schema.properties ?? {};
      expect(props.months?.enum, path).toEqual([...GIFT.lengths]);
      expect(Math.min(...((props.months?.enum ?? [0]) as number[]))).toBeGreaterThanOrEqual(1);
    }
    for (const path of ["/api/gifts", "/api/gifts/manage/delivery"]) {
      const props = doc.paths[path].post.requestBody?.content["application/json"].schema.properties ?? {};
      expect(props.deliverOn?.format, path).toBe("date");
    }
  });
});

describe("a body Fastify refuses before the route runs is documented on every writing operation", () => {
  it("malformed JSON is 400, an unread content type 415, a body over the limit 413", async () => {
    const member = await t.member();
    for (const [path, method] of [
      ["/api/logout", "POST"],
      ["/api/partner/invite", "DELETE"],
      ["/api/gifts", "POST"],
    ] as const) {
      const send = (headers: Record<string, string>, payload: string) =>
        t.request({ method, url: path, headers, payload, as: member });
      const m = method.toLowerCase();
      expectDocumented(await send(json, "{not json"), m, path, 400);
      expectDocumented(await send({ "content-type": "application/xml" }, "<a/>"), m, path, 415);
      expectDocumented(await send(json, JSON.stringify({ x: "y".repeat(1024 * 1024 + 1) })), m, path, 413);
    }
  });
});

describe("list fields that refuse repeats say so in the document", () => {
  it("the questionnaires' choice lists are uniqueItems", () => {
    const body = (path: string, method: string) =>
      (doc.paths[path][method].requestBody?.content["application/json"].schema.properties ?? {}) as Record<
        string,
        { uniqueItems?: boolean }
      >;
    for (const [path, method] of [
      ["/api/onboarding/preferences", "post"],
      ["/api/partner/preferences", "put"],
    ]) {
      expect(body(path, method).dietaryRestrictions?.uniqueItems, path).toBe(true);
      expect(body(path, method).accessibilityNeeds?.uniqueItems, path).toBe(true);
    }
  });
});

describe("partner and plan answers are documented", () => {
  it("unlinking without a partner, resuming or reactivating without a plan are 400", async () => {
    const member = await t.member();
    expectDocumented(
      await t.request({ method: "DELETE", url: "/api/partner", as: member }),
      "delete",
      "/api/partner",
      400,
    );
    expectDocumented(
      await t.request({ method: "POST", url: "/api/reactivate-subscription", as: member }),
      "post",
      "/api/reactivate-subscription",
      400,
    );
    expectDocumented(
      await t.request({ method: "POST", url: "/api/subscription/resume", as: member }),
      "post",
      "/api/subscription/resume",
      400,
    );
  });

  it("an unknown partner invitation is 404 when accepted", async () => {
    const member = await t.member();
    expectDocumented(
      await post("/api/partner-invite/accept", { token: "u".repeat(40) }, member),
      "post",
      "/api/partner-invite/accept",
      404,
    );
  });
});

describe("the data export and the sandbox pages are documented as what they are", () => {
  it("GET /api/account/export is a JSON file with the sections the document names", async () => {
    const member = await t.member();
    const res = await t.request({ method: "GET", url: "/api/account/export", as: member });
    const entry = expectDocumented(res, "get", "/api/account/export", 200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="unveil-my-data-/);
    const schema = entry.content?.["application/json"]?.schema;
    expect(schema?.format).toBeUndefined();
    const ref = schema?.$ref?.replace("#/components/schemas/", "") ?? "";
    const required = doc.components.schemas[ref]?.required ?? [];
    expect(required).toEqual(expect.arrayContaining(["exportedAt", "account", "subscription"]));
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(required));
  });

  it("an unknown sandbox payment link is a 404 page, documented as HTML", async () => {
    for (const path of ["/sandbox/bank-payment/{ref}", "/sandbox/direct-debit/{ref}"]) {
      const res = await t.request({ method: "GET", url: path.replace("{ref}", "nothing-here") });
      expectDocumented(res, "get", path, 404);
      expect(res.body).toMatch(/<html|<!doctype/i);
    }
  });
});
