import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sign } from "../../src/features/payments/server/webhooks.ts";
import { subscriptionEvents, webhookEvents } from "../../src/server/db/schema.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { type StoredMember, storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const SECRET = "test-webhook-secret-0123456789abcdef";
const t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: SECRET } });
let n = 0;

function send(body: string, signature = sign(body, SECRET), extraHeaders: Record<string, string> = {}) {
  return t.request({
    method: "POST",
    url: "/api/webhooks/payments",
    headers: { "content-type": "application/json", "webhook-signature": signature, ...extraHeaders },
    payload: body,
  });
}
function event(
  member: StoredMember,
  resource: string,
  action: string,
  createdAt = new Date(Date.now() + ++n * 1000),
) {
  return {
    id: `EV${Date.now()}${++n}`,
    created_at: createdAt.toISOString(),
    resource_type: resource,
    action,
    links: { mandate: member.paymentMandateId!, subscription: member.paymentSubscriptionId! },
  };
}
async function subscribed(): Promise<{ m: SignedIn; row: StoredMember }> {
  const m = await t.member();
  await subscribe(t, m, "gold");
  const row = await storedMember(t.db, m.user.id);
  return { m, row };
}
const status = async (id: number) => (await storedMember(t.db, id)).subscriptionStatus;

describe("POST /api/webhooks/payments", () => {
  it("answers 498 for a bad or missing signature and changes nothing", async () => {
    const { row } = await subscribed();
    const body = JSON.stringify({ events: [event(row, "payments", "failed")] });
    expect((await send(body, "00".repeat(32))).statusCode).toBe(498);
    expect((await send(body, "not-hex")).statusCode).toBe(498);
    expect((await send(body, sign(`${body} `, SECRET))).statusCode).toBe(498);
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/webhooks/payments",
          headers: { "content-type": "application/json" },
          payload: body,
        })
      ).statusCode,
    ).toBe(498);
    expect(await status(row.id)).toBe("active");
  });

  it("the monitoring guide alerts on the status a bad signature really gets", async () => {
    const guide = await readFile(new URL("../../docs/production.md", import.meta.url), "utf8");
    const row = guide.split("\n").find((l) => l.startsWith("| payment webhooks |"));
    expect(row).toContain("any 498");
    expect(row).not.toMatch(/\b401\b/);
  });

  it("is not subject to the browser origin check (it is signed instead)", async () => {
    const { row } = await subscribed();
    const body = JSON.stringify({ events: [event(row, "payments", "confirmed")] });
    expect((await send(body, sign(body, SECRET), { origin: "https://api.gocardless.com" })).statusCode).toBe(
      200,
    );
  });

  it("payment failed -> past_due; confirmed -> active; replay changes nothing", async () => {
    const { row } = await subscribed();
    const failed = event(row, "payments", "failed");
    const body = JSON.stringify({ events: [failed] });
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcomes[failed.id]).toBe("status past_due");
    expect(await status(row.id)).toBe("past_due");
    const replay = await send(body);
    expect(replay.json().outcomes[failed.id]).toBe("duplicate");
    expect(await t.db.$count(webhookEvents, eq(webhookEvents.id, failed.id))).toBe(1);
    await send(JSON.stringify({ events: [event(row, "payments", "confirmed")] }));
    expect(await status(row.id)).toBe("active");
    const history = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, row.id));
    expect(history.map((h) => h.toStatus)).toEqual(["active", "past_due", "active"]);
  });

  it("applies a batch in time order, and an older event arriving late changes nothing", async () => {
    const { row } = await subscribed();
    const t0 = Date.now() + 60_000;
    const confirmed = event(row, "payments", "confirmed", new Date(t0 + 2000));
    const failed = event(row, "payments", "failed", new Date(t0 + 1000));
    // Out of order in the batch: failed (older) must apply first, then confirmed.
    await send(JSON.stringify({ events: [confirmed, failed] }));
    expect(await status(row.id)).toBe("active");
    const stale = event(row, "payments", "failed", new Date(t0 + 500));
    const res = await send(JSON.stringify({ events: [stale] }));
    expect(res.json().outcomes[stale.id]).toBe("older than current state");
    expect(await status(row.id)).toBe("active");
  });

  it.each([
    ["mandates", "cancelled"],
    ["mandates", "failed"],
    ["mandates", "expired"],
    ["subscriptions", "cancelled"],
  ])("%s %s -> cancelled", async (resource, action) => {
    const { row } = await subscribed();
    await send(JSON.stringify({ events: [event(row, resource, action)] }));
    expect(await status(row.id)).toBe("cancelled");
  });

  it("payment charged back -> past_due", async () => {
    const { row } = await subscribed();
    await send(JSON.stringify({ events: [event(row, "payments", "charged_back")] }));
    expect(await status(row.id)).toBe("past_due");
  });

  it("an ended mandate applies even when it arrives after a newer event", async () => {
    const { row } = await subscribed();
    const t0 = Date.now() + 120_000;
    await send(JSON.stringify({ events: [event(row, "payments", "confirmed", new Date(t0 + 5000))] }));
    await send(JSON.stringify({ events: [event(row, "mandates", "cancelled", new Date(t0 + 1000))] }));
    expect(await status(row.id)).toBe("cancelled");
  });

  it("records events for unknown mandates and irrelevant actions without failing", async () => {
    const body = JSON.stringify({
      events: [
        {
          id: "EVUNKNOWN1",
          created_at: new Date().toISOString(),
          resource_type: "payments",
          action: "failed",
          links: { mandate: "MD000NOPE" },
        },
        {
          id: "EVIGNORED1",
          created_at: new Date().toISOString(),
          resource_type: "payouts",
          action: "paid",
          links: {},
        },
      ],
    });
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcomes).toEqual({ EVUNKNOWN1: "no matching member", EVIGNORED1: "ignored" });
  });

  it.each([
    ["not JSON", "{nope"],
    ["no events", "{}"],
    ["empty events", '{"events":[]}'],
    ["bad event", '{"events":[{"id":1}]}'],
    [
      "bad date",
      '{"events":[{"id":"E1","created_at":"yesterday","resource_type":"payments","action":"failed"}]}',
    ],
  ])("answers 400 for a correctly signed but malformed body: %s", async (_name, body) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe("string");
  });
});
