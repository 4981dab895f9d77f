/**
 * A date's clues as one editable record: their read and save answer an ETag, a stale If-Match is 412 with
 * nothing changed, and each save writes an audit row of the slots it changed (decision 0070).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";

const t = await createTestApp();
beforeEach(() => t.clock.set(new Date("2026-11-10T12:00:00Z")));
const ada = await t.admin({ firstName: "Ada", lastName: "Lovelace" });
const bob = await t.admin({ firstName: "Bob", lastName: "Builder" });
const member = await t.member();

const call = (method: string, url: string, as?: SignedIn, payload?: object, ifMatch?: string) =>
  t.request({
    method: method as "GET",
    url,
    as,
    headers: ifMatch ? { "if-match": ifMatch } : {},
    ...(payload === undefined ? {} : { payload }),
  });
const added = (text: string) => ({ clues: [{ slot: "extra-1", text, hoursBefore: 96, hidden: false }] });

describe("a date's clues with If-Match", () => {
  it("GET answers an ETag; admins only; a stale save is 412 naming the other admin and changes nothing", async () => {
    const d = await arrangeDate(t.db, member.user.id, { at: new Date("2026-11-20T19:30:00Z") });
    const url = `/api/admin/assignments/${d.reservation.id}/clues`;
    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("GET", url, member)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/assignments/999999/clues", ada)).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/assignments/nope/clues", ada)).statusCode).toBe(400);
    const read = await call("GET", url, ada);
    expect(read.statusCode).toBe(200);
    const tag = read.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const first = await call("PUT", url, bob, added("Bring a scarf."), tag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).not.toBe(tag);
    expect((await call("GET", url, ada)).headers.etag).toBe(first.headers.etag);
    const stale = await call("PUT", url, ada, added("Bring gloves."), tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(
      /^Changed by Bob Builder at \d\d:\d\d on \d+ \w+: reload to see their change$/,
    );
    const now = (await call("GET", url, ada)).json();
    expect(now.clues.find((c: { slot: string }) => c.slot === "extra-1").text).toBe("Bring a scarf.");
    // Without If-Match: as before.
    const plain = await call("PUT", url, ada, added("Bring gloves."));
    expect(plain.statusCode).toBe(200);
    const reset = await call("PUT", url, ada, { clues: [] }, plain.headers.etag as string);
    expect(reset.statusCode).toBe(200);

    const rows = (await call("GET", `/api/admin/audit?entity=clue&entityId=${d.reservation.id}`, ada)).json();
    expect(rows.map((r: { action: string; actorName: string }) => [r.action, r.actorName])).toEqual([
      ["reset", "Ada Lovelace"],
      ["update", "Ada Lovelace"],
      ["update", "Bob Builder"],
    ]);
    expect(rows[2].changes).toEqual([
      { field: "extra-1", before: null, after: "Bring a scarf. · 96 h before" },
    ]);
    expect(rows[1].changes).toEqual([
      { field: "extra-1", before: "Bring a scarf. · 96 h before", after: "Bring gloves. · 96 h before" },
    ]);
    expect(rows[0].summary).toBe(`Clues of date #${d.reservation.id} reset to the derived ones`);
  });
});
