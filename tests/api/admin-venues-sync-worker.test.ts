import { afterEach, describe, expect, it } from "vitest";
import { readWorkerLimits } from "../../src/server/modules/admin/venues/sync/read-in-worker.ts";
import { SYNC_MSG, VENUE_SHEET_COLUMNS, VENUE_SYNC } from "../../src/shared/admin/venue-sync.ts";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const admin = await t.admin();

/** The venue sync's advisory lock key (lock.ts), taken here as another app instance would. */
const SYNC_LOCK_KEY = 0x7673796e;

const csv = (rows: number) => {
  const lines = [VENUE_SHEET_COLUMNS.join(",")];
  for (let i = 1; i <= rows; i++) lines.push(`,Venue ${i},${i} High Street,London,restaurant,medium,,,,,,`);
  return Buffer.from(lines.join("\r\n"));
};

const preview = (file: Buffer, fileName = "venues.csv") =>
  t.request({
    method: "POST",
    url: `/api/admin/venues/sync/preview?filename=${fileName}`,
    as: admin,
    headers: { "content-type": "application/octet-stream" },
    payload: file,
  });

async function healthy() {
  const started = performance.now();
  const res = await t.request({ method: "GET", url: "/api/health" });
  expect(res.statusCode).toBe(200);
  return performance.now() - started;
}

afterEach(() => readWorkerLimits.reset());

describe("venue sync reading thread", () => {
  it("refuses a 200,000-row csv with the row limit's message, quickly, and the server keeps answering", async () => {
    // The shape of the reported file: 3.7 MB of short rows, under the upload's byte limit.
    const lines = ["Name,City,Type"];
    for (let i = 1; i <= 200_000; i++) lines.push(`V${i},L,x`);
    const file = Buffer.from(lines.join("\n"));
    expect(file.length).toBeLessThan(VENUE_SYNC.maxBytes);
    // The test client checks every answer against the API document, compiling its schemas on first use: done
    // here first, so the gaps below are the server's own.
    await healthy();
    await preview(csv(2));
    // The event loop stays free while the thread reads: the longest gap between 5 ms ticks stays short
    // (the body hook walking the Buffer entry by entry once froze it for seconds).
    let maxGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const pending = preview(file);
    expect(await healthy()).toBeLessThan(1_000);
    const res = await pending;
    clearInterval(ticker);
    expect(maxGap).toBeLessThan(500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SYNC_MSG.tooManyRows);
    expect(performance.now() - started).toBeLessThan(10_000);
    await healthy();
  });

  it("a file that needs more than the thread's heap is refused in words (413), not a 500", async () => {
    readWorkerLimits.heapMb = 4;
    const res = await preview(csv(20_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SYNC_MSG.tooHeavy(SYNC_MSG.heavyMemory));
    await healthy();
  });

  it("a file that takes longer than the time cap is refused in words (413) and the thread is stopped", async () => {
    readWorkerLimits.timeMs = 1;
    const res = await preview(csv(20_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SYNC_MSG.tooHeavy(SYNC_MSG.heavyTime));
    await healthy();
  });

  it("a normal file still previews after refusals", async () => {
    const res = await preview(csv(50));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 50, counts: { new: 50 } });
  });
});

describe("one venue sync at a time", () => {
  it("a sync while another holds the site's sync lock gets 409 (preview and apply); afterwards it runs", async () => {
    const other = await t.db.$client.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [SYNC_LOCK_KEY]);
      const res = await preview(csv(5));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SYNC_MSG.busy);
      const apply = await t.request({
        method: "POST",
        url: `/api/admin/venues/sync/apply?filename=venues.csv&planId=${"0".repeat(64)}`,
        as: admin,
        headers: { "content-type": "application/octet-stream" },
        payload: csv(5),
      });
      expect(apply.statusCode).toBe(409);
      expect(apply.json().message).toBe(SYNC_MSG.busy);
    } finally {
      await other.query("select pg_advisory_unlock($1)", [SYNC_LOCK_KEY]);
      other.release();
    }
    expect((await preview(csv(5))).statusCode).toBe(200);
  });

  it("two previews sent together: one reads, the other gets 409", async () => {
    const [a, b] = await Promise.all([preview(csv(15_000)), preview(csv(15_000))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
