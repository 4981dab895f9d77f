import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allJobs } from "../../src/app/server/jobs.ts";
import { jobRuns, outboundMessages } from "../../src/server/db/schema.ts";
import { JOBS_MSG, jobRunsAnswerSchema, outboundMessageRowSchema } from "../../src/shared/admin/jobs.ts";
import { createTestApp } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-05T10:00:00Z");
t.clock.set(NOW);
const admin = await t.admin();
const member = await t.member();
const ago = (min: number) => new Date(NOW.getTime() - min * 60_000);

await t.db.insert(jobRuns).values([
  { name: "date-reveals", startedAt: ago(3), finishedAt: ago(3), status: "ok", processed: 4 },
  { name: "date-reveals", startedAt: ago(2), finishedAt: ago(2), status: "failed", error: "db down" },
  { name: "date-reveals", startedAt: ago(1), finishedAt: ago(1), status: "ok", processed: 2 },
  { name: "date-holds", startedAt: ago(60 * 30), finishedAt: ago(60 * 30), status: "failed", error: "old" },
]);
await t.db.insert(outboundMessages).values([
  {
    key: "reveal:1:1",
    kind: "date_reveal",
    userId: member.user.id,
    status: "failed",
    attempts: 2,
    nextAttemptAt: new Date(NOW.getTime() + 30 * 60_000),
    lastError: "connection refused (attempt 2 of 5, next try 10:30)",
  },
  {
    key: "hold:2:1:x",
    kind: "date_hold",
    status: "failed",
    attempts: 1,
    nextAttemptAt: new Date(NOW.getTime() + 5 * 60_000),
  },
  { key: "rate:3:1", kind: "date_rating", status: "abandoned", attempts: 5, lastError: "gave up" },
  { key: "rate:4:1", kind: "date_rating", status: "sent", attempts: 1 },
]);

describe("GET /api/admin/job-runs", () => {
  it("refuses visitors (401) and members (403)", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/job-runs" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/admin/job-runs", as: member })).statusCode).toBe(403);
  });

  it("answers each registered job's last run, failures of the last day and the retry backlog", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/job-runs", as: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jobs.map((j: { name: string }) => j.name)).toEqual(allJobs.map((j) => j.name));
    const reveals = body.jobs.find((j: { name: string }) => j.name === "date-reveals");
    expect(reveals).toMatchObject({
      cron: "* * * * *",
      failures24h: 1,
      lastRun: { status: "ok", processed: 2, startedAt: ago(1).toISOString() },
    });
    const holds = body.jobs.find((j: { name: string }) => j.name === "date-holds");
    expect(holds).toMatchObject({ failures24h: 0, lastRun: { status: "failed", error: "old" } });
    expect(body.jobs.find((j: { name: string }) => j.name === "retry-mail").lastRun).toBeNull();
    expect(body.recentFailures.map((f: { error: string }) => f.error)).toEqual(["db down", "old"]);
    expect(body.outbound).toEqual({
      failed: 2,
      abandoned: 1,
      nextRetryAt: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
    });
    expectExactFields(body, jobRunsAnswerSchema);
  });
});

describe("GET /api/admin/outbound-messages", () => {
  const get = (q = "") => t.request({ method: "GET", url: `/api/admin/outbound-messages${q}`, as: admin });

  it("refuses visitors (401) and members (403)", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/outbound-messages" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "GET", url: "/api/admin/outbound-messages", as: member })).statusCode,
    ).toBe(403);
  });

  it("lists failed and abandoned mail, next retry first, paged with a total", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.json().map((r: { key: string }) => r.key)).toEqual(["hold:2:1:x", "reveal:1:1", "rate:3:1"]);
    const reveal = res.json()[1];
    expect(reveal).toMatchObject({
      status: "failed",
      attempts: 2,
      recipientEmail: member.user.email,
      lastError: "connection refused (attempt 2 of 5, next try 10:30)",
    });
    expectExactFields(res.json(), z.array(outboundMessageRowSchema));
    const failed = await get("?status=failed&limit=1&offset=1");
    expect(failed.headers["x-total-count"]).toBe("2");
    expect(failed.json().map((r: { key: string }) => r.key)).toEqual(["reveal:1:1"]);
    const abandoned = await get("?status=abandoned");
    expect(abandoned.json().map((r: { key: string }) => r.key)).toEqual(["rate:3:1"]);
    const search = await get(`?search=${encodeURIComponent(member.user.email)}`);
    expect(search.json().map((r: { key: string }) => r.key)).toEqual(["reveal:1:1"]);
    expect((await get("?status=")).headers["x-total-count"]).toBe("3");
  });

  it("refuses bad queries with a message, never a 500", async () => {
    for (const [q, msg] of [
      ["?status=sent", JOBS_MSG.status],
      ["?status=failed%27", JOBS_MSG.status],
      ["?limit=0", "limit must be at least 1"],
      ["?limit=abc", "limit must be a number"],
      ["?offset=-1", "offset must be at least 0"],
    ] as const) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe(msg);
    }
  });
});
