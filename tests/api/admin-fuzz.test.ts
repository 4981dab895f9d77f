import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aiDateSuggestions, offerCodes } from "../../src/server/db/schema.ts";
import { storedZip, unpackZip } from "../../src/server/modules/admin/venues/sync/zip-guard.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { bodyChange, brokenBody, idText, queryOf, RUNS } from "../security/fuzz-arbitraries.ts";

/**
 * Hostile input over every back-office route of the app's own route table: each route's valid request with
 * one to three fields (or the path id, or the query) replaced by nasty values (wrong types, huge, negative
 * and odd numbers, out-of-range dates, unicode, "__proto__" keys, arrays for objects, unknown keys). The
 * answer is 2xx or 4xx with a {message}, never a 5xx. FUZZ_RUNS=500 explores longer.
 */
const t = await createTestApp();
const admin = await t.admin();
const member = await t.member();
const { reservation, venue, idea } = await arrangeDate(t.db, member.user.id, {
  at: new Date(t.clock.now().getTime() + hours(72)),
});
const [offer] = await t.db
  .insert(offerCodes)
  .values({ code: "FUZZBASE", discountValue: "10.00" })
  .returning();
const [suggestion] = await t.db
  .insert(aiDateSuggestions)
  .values({
    userId: member.user.id,
    suggestion: "Fuzz",
    suggestedVenues: [{ id: venue.id, suggestedDate: "2031-01-01T19:00:00Z" }],
    status: "pending",
  })
  .returning();

/** Slow streamed exports are walked fewer times (each builds a workbook). */
const SLOW = /\/export$|\/template$/;

const routes = t.app.routeTable.filter((r) => r.url === "/api/admin" || r.url.startsWith("/api/admin/"));

/** A valid body per route; the fuzzer breaks it field by field. */
const VALID: Record<string, () => unknown> = {
  "POST /api/admin/venues": () => ({ name: "Fuzz Venue", city: "London", type: "restaurant" }),
  "PUT /api/admin/venues/:id": () => ({
    name: "Fuzz Venue",
    features: ["a"],
    contactInfo: { phone: "020 7946 0000" },
  }),
  "POST /api/admin/date-ideas": () => ({ title: "Fuzz idea", venueId: venue.id }),
  "PUT /api/admin/date-ideas/:id": () => ({ title: "Fuzz idea", duration: 3 }),
  "POST /api/admin/assignments": () => ({
    userId: member.user.id,
    venueId: venue.id,
    scheduledDate: "2031-03-01T19:00",
  }),
  "PATCH /api/admin/assignments/:assignmentId/status": () => ({ status: "confirmed" }),
  "PATCH /api/admin/ai-suggestions/:id": () => ({ status: "approved" }),
  "POST /api/admin/offer-codes": () => ({
    code: `F${Math.random().toString(36).slice(2, 10)}`,
    discountValue: 10,
  }),
  "PUT /api/admin/offer-codes/:id": () => ({ isActive: true, validUntil: "2031-01-01T00:00:00Z" }),
  "PUT /api/admin/email-templates/:id": () => ({ subject: "Hello" }),
  "PUT /api/admin/email-campaigns/:id": () => ({ delayHours: 2 }),
  "POST /api/admin/support/tickets/:id/replies": () => ({ body: "Thanks" }),
};
/** A real id for each route's path parameter. */
const REAL_ID: Array<[RegExp, number]> = [
  [/venues\/:id/, venue.id],
  [/date-ideas\/:id/, idea.id],
  [/users\/:/, member.user.id],
  [/assignments\/:assignmentId/, reservation.id],
  [/assignments\/auto\/:userId/, member.user.id],
  [/ai-suggestions\/:id/, suggestion.id],
  [/offer-codes\/:id/, offer.id],
];

const KEYS = [
  "name",
  "city",
  "type",
  "address",
  "postcode",
  "latitude",
  "longitude",
  "priceLevel",
  "experienceBlurb",
  "features",
  "accessibilityFeatures",
  "dietaryAccommodations",
  "contactInfo",
  "title",
  "description",
  "category",
  "duration",
  "season",
  "timeOfDay",
  "dressCode",
  "venueId",
  "requirements",
  "tags",
  "isActive",
  "userId",
  "scheduledDate",
  "status",
  "reservationId",
  "code",
  "discountType",
  "discountValue",
  "minOrderValue",
  "maxUses",
  "maxUsesPerUser",
  "durationMonths",
  "validFrom",
  "validUntil",
  "applicableTiers",
  "subject",
  "htmlContent",
  "textContent",
  "delayHours",
  "templateId",
  "body",
  "id",
  "usesCount",
  "isAdmin",
  "createdAt",
  "__proto__",
  "constructor",
  "prototype",
];

const query = queryOf(["search", "limit", "offset", "status", "priority", "filter", "planId", "filename"]);

function pathFor(url: string, useReal: boolean, bad: string): string {
  const real = REAL_ID.find(([re]) => re.test(url))?.[1];
  return url.replace(/:[A-Za-z]+/g, () => (useReal && real !== undefined ? String(real) : bad));
}

describe("back-office routes under hostile input", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes)("$method $url never answers 5xx", async ({ method, url }) => {
    const withBody = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
    const valid = VALID[`${method} ${url}`];
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        idText,
        query,
        bodyChange(Object.keys((valid?.() ?? {}) as object), KEYS),
        async (useReal, bad, q, change) => {
          const path = pathFor(url, useReal, bad);
          const qs = Object.entries(q)
            .map(([k, v]) => `${k}=${v}`)
            .join("&");
          const payload = withBody
            ? brokenBody((valid?.() ?? {}) as Record<string, unknown>, change)
            : undefined;
          const res = await t.request({
            method: method as "GET",
            url: qs ? `${path}?${qs}` : path,
            as: admin,
            ...(withBody ? { payload, headers: { "content-type": "application/json" } } : {}),
          });
          if (res.statusCode >= 500)
            throw new Error(
              `${method} ${path}?${qs} ${String(payload).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          if (res.statusCode >= 400) expect(typeof res.json().message).toBe("string");
        },
      ),
      { numRuns: SLOW.test(url) ? Math.ceil(RUNS / 4) : RUNS },
    );
  });

  it("venue sync preview: damaged, truncated and random files are 200 or 4xx, never 5xx", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Venues");
    ws.addRow(["Name", "City", "Type"]);
    ws.addRow(["Fuzz Venue", "London", "restaurant"]);
    const good = Buffer.from(await wb.xlsx.writeBuffer());
    const parts = unpackZip(good);
    const names = [...parts.keys()];
    const xmlSnippets = fc.constantFrom(
      "<",
      "&bogus;",
      "&#0;",
      '<c r="XFD1048576" t="s"><v>99999</v></c>',
      '<c r="A1" t="s"><v>-1</v></c>',
      '<row r="0">',
      '<mergeCell ref="A1:XFD1048576"/>',
      '<definedName name="x">Venues!$A:$XFD</definedName>',
      '<sheet name="x" sheetId="9" r:id="rId99"/>',
      "]]>",
      '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    );
    const mutatedPart = fc
      .tuple(
        fc.constantFrom(...names),
        fc.nat(),
        fc.oneof(xmlSnippets, fc.string({ maxLength: 20 })),
        fc.boolean(),
      )
      .map(([name, at, text, cut]) => {
        const copy = new Map(parts);
        const xml = parts.get(name)!.toString("latin1");
        const i = at % (xml.length + 1);
        copy.set(name, Buffer.from(cut ? xml.slice(0, i) : xml.slice(0, i) + text + xml.slice(i), "latin1"));
        return storedZip(copy);
      });
    const xls = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1024)]);
    const file = fc.oneof(
      { weight: 3, arbitrary: mutatedPart },
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
      fc.tuple(fc.nat({ max: good.length - 1 }), fc.nat({ max: 255 })).map(([at, byte]) => {
        const copy = Buffer.from(good);
        copy[at] = byte;
        return copy;
      }),
      fc.nat({ max: good.length }).map((n) => good.subarray(0, n)),
      fc
        .uint8Array({ minLength: 8, maxLength: 2048 })
        .map((b) => Buffer.concat([xls.subarray(0, 8), Buffer.from(b)])),
      fc.string({ maxLength: 500 }).map((text) => Buffer.from(`Name,City,Type\n${text}`)),
    );
    await fc.assert(
      fc.asyncProperty(file, fc.constantFrom("v.xlsx", "v.xls", "v.csv", ""), async (body, name) => {
        const res = await t.request({
          method: "POST",
          url: `/api/admin/venues/sync/preview${name ? `?filename=${name}` : ""}`,
          as: admin,
          headers: { "content-type": "application/octet-stream" },
          payload: body,
        });
        if (res.statusCode >= 500)
          throw new Error(`${name} ${body.length} bytes -> ${res.statusCode} ${res.body}`);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});
