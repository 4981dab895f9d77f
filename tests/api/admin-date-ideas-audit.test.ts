/**
 * A date idea's own read, its saves guarded by If-Match (412), its audit rows (create, update, switch on/off,
 * delete), and the re-check of its dates ahead when its season, time of day or switch changes (decision 0070).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dateReservations } from "../../src/server/db/schema.ts";
import { RULE_MSG } from "../../src/shared/admin/rulebook.ts";
import { adminDateIdeaSchema, DATE_IDEA_MSG } from "../../src/shared/admin/venues.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));
const ada = await t.admin({ firstName: "Ada", lastName: "Lovelace" });
const bob = await t.admin({ firstName: "Bob", lastName: "Builder" });
const member = await t.member();

type Body = Record<string, unknown>;
const call = (method: string, url: string, as?: SignedIn, payload?: Body, ifMatch?: string) =>
  t.request({
    method: method as "GET",
    url,
    as,
    headers: ifMatch ? { "if-match": ifMatch } : {},
    ...(payload === undefined ? {} : { payload }),
  });

let n = 0;
async function newIdea() {
  const res = await call("POST", "/api/admin/date-ideas", ada, { title: `Rooftop picnic ${++n}` });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  return adminDateIdeaSchema.parse(res.json());
}
const url = (id: number) => `/api/admin/date-ideas/${id}`;
const history = async (id: number) =>
  (await call("GET", `/api/admin/audit?entity=date_idea&entityId=${id}`, ada)).json() as Array<{
    action: string;
    actorName: string;
    summary: string;
    changes: Body[];
  }>;

describe("GET /api/admin/date-ideas/:id", () => {
  it("answers the idea as the list does, with an ETag; admins only; 404 and 400", async () => {
    const idea = await newIdea();
    const res = await call("GET", url(idea.id), ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(idea);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect((await call("GET", "/api/admin/date-ideas", ada)).json()).toContainEqual(idea);
    expect((await call("GET", url(idea.id))).statusCode).toBe(401);
    expect((await call("GET", url(idea.id), member)).statusCode).toBe(403);
    const missing = await call("GET", url(999999), ada);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DATE_IDEA_MSG.notFound);
    expect((await call("GET", "/api/admin/date-ideas/x1", ada)).statusCode).toBe(400);
  });
});

describe("saving with If-Match", () => {
  it("matching saves with a new ETag; stale is 412 naming the other admin, nothing changed; none is as before", async () => {
    const idea = await newIdea();
    const tag = (await call("GET", url(idea.id), ada)).headers.etag as string;
    const first = await call("PUT", url(idea.id), bob, { duration: 4 }, tag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(tag);
    const stale = await call("PUT", url(idea.id), ada, { duration: 6, title: "Changed" }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(
      /^Changed by Bob Builder at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    const now = (await call("GET", url(idea.id), ada)).json();
    expect([now.duration, now.title]).toEqual([4, idea.title]);
    const staleDelete = await call("DELETE", url(idea.id), ada, undefined, tag);
    expect(staleDelete.statusCode).toBe(412);
    expect((await call("GET", url(idea.id), ada)).statusCode).toBe(200);
    const plain = await call("PUT", url(idea.id), ada, { duration: 6 });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().duration).toBe(6);
    const fresh = await call("PUT", url(idea.id), ada, { duration: 2 }, plain.headers.etag as string);
    expect(fresh.statusCode).toBe(200);
    expect(
      (await call("DELETE", url(idea.id), ada, undefined, fresh.headers.etag as string)).statusCode,
    ).toBe(204);
    expect((await call("GET", url(idea.id), ada)).statusCode).toBe(404);
  });
});

describe("audit rows", () => {
  it("create, update, switch off, switch on and delete each write a row with the fields before and after", async () => {
    const idea = await newIdea();
    await call("PUT", url(idea.id), bob, { season: "summer", dressCode: "Smart" });
    await call("PUT", url(idea.id), ada, { isActive: false });
    await call("PUT", url(idea.id), ada, { isActive: true });
    await call("PUT", url(idea.id), ada, { isActive: true });
    await call("DELETE", url(idea.id), bob);
    const rows = await history(idea.id);
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["delete", "Bob Builder"],
      ["switch_on", "Ada Lovelace"],
      ["switch_off", "Ada Lovelace"],
      ["update", "Bob Builder"],
      ["create", "Ada Lovelace"],
    ]);
    expect(rows[3].changes).toEqual([
      { field: "season", before: "any", after: "summer" },
      { field: "dressCode", before: null, after: "Smart" },
    ]);
    expect(rows[2].summary).toBe(`Date idea "${idea.title}" switched off`);
    expect(rows[4].changes).toContainEqual({ field: "title", before: null, after: idea.title });
    expect(rows[0].changes).toContainEqual({ field: "title", before: idea.title, after: null });
  });

  it("a refused delete (dates were planned from it) writes no row", async () => {
    const d = await arrangeDate(t.db, member.user.id, { at: new Date("2026-11-20T19:30:00Z") });
    const res = await call("DELETE", url(d.idea.id), ada);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DATE_IDEA_MSG.inUse);
    expect(await history(d.idea.id)).toEqual([]);
  });
});

describe("re-check of the dates ahead", () => {
  const problems = async (id: number) =>
    (await t.db.select().from(dateReservations).where(eq(dateReservations.id, id)))[0].ruleProblems ?? [];

  it("switching an idea off flags its dates ahead, switching it on clears them", async () => {
    const couple = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const d = await arrangeDate(t.db, couple.user.id, { at: new Date("2026-11-20T19:30:00Z") });
    expect((await call("PUT", url(d.idea.id), ada, { isActive: false })).statusCode).toBe(200);
    expect(await problems(d.reservation.id)).toContain(RULE_MSG.ideaInactive(d.idea.title));
    await call("PUT", url(d.idea.id), ada, { isActive: true });
    expect(await problems(d.reservation.id)).not.toContain(RULE_MSG.ideaInactive(d.idea.title));
  });

  it("a season the date is not in flags it", async () => {
    const couple = await t.member({ subscriptionTier: "platinum", subscriptionStatus: "active" });
    const d = await arrangeDate(t.db, couple.user.id, { at: new Date("2026-11-20T19:30:00Z") });
    await call("PUT", url(d.idea.id), ada, { season: "summer" });
    expect(await problems(d.reservation.id)).toContain(RULE_MSG.ideaSeason("summer"));
  });
});
