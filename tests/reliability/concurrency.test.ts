import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sign } from "../../src/features/payments/server/webhooks.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  sandboxSubscriptions,
  subscriptionEvents,
  webhookEvents,
} from "../../src/server/db/schema.ts";
import { OFFER_MSG } from "../../src/server/modules/offers/service.ts";
import { authorisedCheckout, complete, inBatches, type Member, openWorld, userRow } from "./world.ts";

// One real server (a child process) on one fresh database for the whole file.
const w = await openWorld();

/** A member with an active gold subscription, through the real checkout. */
async function subscribed(): Promise<Member> {
  const m = await w.member();
  const token = await authorisedCheckout(w, m);
  const done = await complete(w, m, token);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return m;
}

let seq = 0;
function event(
  row: { paymentMandateId: string | null; paymentSubscriptionId: string | null },
  resource: string,
  action: string,
  createdAt: Date,
) {
  return {
    id: `EVREL${Date.now()}${++seq}`,
    created_at: createdAt.toISOString(),
    resource_type: resource,
    action,
    links: { mandate: row.paymentMandateId!, subscription: row.paymentSubscriptionId! },
  };
}

function deliver(events: ReturnType<typeof event>[]) {
  const raw = JSON.stringify({ events });
  return fetch(`${w.server.url}/api/webhooks/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "webhook-signature": sign(raw, w.server.webhookSecret) },
    body: raw,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

/** Provider times after the member subscribed (their payment status time is the completion). */
const history = (userId: number, type: string) =>
  w.db
    .select()
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), eq(subscriptionEvents.eventType, type)));

const at = (secondsLater: number) => new Date(Date.now() + secondsLater * 1000);

describe("an offer code with maxUses=10 redeemed by 100 members at once", () => {
  let offer: typeof offerCodes.$inferSelect;
  let members: Member[];
  let tokens: string[];
  beforeAll(async () => {
    [offer] = await w.db
      .insert(offerCodes)
      .values({ code: "RUSH10", discountType: "percentage", discountValue: "50", maxUses: 10 })
      .returning();
    members = await Promise.all(Array.from({ length: 100 }, () => w.member()));
    // Every checkout is quoted while the code still has uses left, so all 100 carry the discount to completion.
    tokens = await inBatches(members, 10, (m) => authorisedCheckout(w, m, "gold", "RUSH10"));
  });

  it("counts exactly 10 uses; the other 90 get a clear 400 and no discount, never a 5xx", async () => {
    const results = await Promise.all(members.map((m, i) => complete(w, m, tokens[i])));

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(OFFER_MSG.usedUp);
    }

    const [after] = await w.db.select().from(offerCodes).where(eq(offerCodes.id, offer.id));
    expect(after.usesCount).toBe(10);
    const usage = await w.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.offerCodeId, offer.id));
    expect(usage).toHaveLength(10);
    const winners = members.filter((_, i) => results[i].status === 200).map((m) => m.id);
    expect(usage.map((u) => u.userId).sort()).toEqual([...winners].sort());
    for (const u of usage) expect(u.finalAmount).toBe(u.originalAmount - u.discountAmount);

    // The refused members: no subscription, no provider subscription, the checkout left to retry.
    const loser = members[results.findIndex((r) => r.status !== 200)];
    const row = await userRow(w, loser.id);
    expect(row.subscriptionStatus).not.toBe("active");
    expect(row.paymentSubscriptionId).toBeNull();
    const [checkout] = await w.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.userId, loser.id));
    expect(checkout.status).toBe("authorised");
    expect(checkout.offerReserved).toBe(false);
    // Exactly one provider subscription per winner and none for anyone else.
    const subs = await w.db.select().from(sandboxSubscriptions);
    const winnerMandates = await Promise.all(
      winners.map(async (id) => (await userRow(w, id)).paymentMandateId),
    );
    expect(subs.map((s) => s.mandateId).sort()).toEqual([...winnerMandates].sort());
  }, 40_000);
});

describe("webhooks under concurrency and disorder", () => {
  it("the same webhook delivered 20 times at once has one effect", async () => {
    const m = await subscribed();
    const row = await userRow(w, m.id);
    const failed = event(row, "payments", "failed", at(1));

    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver([failed])));

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => a.body.outcomes[failed.id]).sort();
    expect(outcomes).toEqual([...Array(19).fill("duplicate"), "status past_due"]);
    expect((await userRow(w, m.id)).subscriptionStatus).toBe("past_due");
    expect(await w.db.select().from(webhookEvents).where(eq(webhookEvents.id, failed.id))).toHaveLength(1);
    expect(await history(m.id, "past_due")).toHaveLength(1);
  });

  it("payment failed then confirmed, delivered confirmed first: the member ends active", async () => {
    const m = await subscribed();
    const row = await userRow(w, m.id);
    const failed = event(row, "payments", "failed", at(1));
    const confirmed = event(row, "payments", "confirmed", at(2));
    expect((await deliver([confirmed])).body.outcomes[confirmed.id]).toBe("no change");
    expect((await deliver([failed])).body.outcomes[failed.id]).toBe("older than current state");
    expect((await userRow(w, m.id)).subscriptionStatus).toBe("active");
  });

  it("payment failed and confirmed sent together in both orders, many times at once: active, recorded once each", async () => {
    const m = await subscribed();
    const row = await userRow(w, m.id);
    const failed = event(row, "payments", "failed", at(1));
    const confirmed = event(row, "payments", "confirmed", at(2));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(i % 2 ? [confirmed] : [failed])).concat(
        deliver([confirmed, failed]),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await userRow(w, m.id)).subscriptionStatus).toBe("active");
    const recorded = await w.db.select().from(webhookEvents).where(eq(webhookEvents.userId, m.id));
    expect(recorded.map((e) => e.id).sort()).toEqual([confirmed.id, failed.id].sort());
  });

  it("a subscription cancelled, its earlier payment confirmation arriving after: the member stays cancelled", async () => {
    const m = await subscribed();
    const row = await userRow(w, m.id);
    const created = event(row, "subscriptions", "created", at(1));
    const confirmed = event(row, "payments", "confirmed", at(2));
    const cancelled = event(row, "subscriptions", "cancelled", at(3));
    expect((await deliver([cancelled])).body.outcomes[cancelled.id]).toBe("status cancelled");
    await deliver([confirmed]);
    await deliver([created]);
    const after = await userRow(w, m.id);
    expect(after.subscriptionStatus).toBe("cancelled");
    expect(await history(m.id, "ended")).toHaveLength(1);
  });

  it("a mandate cancellation older than a payment failure still ends the plan; a later confirmation does not revive it", async () => {
    const m = await subscribed();
    const row = await userRow(w, m.id);
    const mandateCancelled = event(row, "mandates", "cancelled", at(1));
    const failed = event(row, "payments", "failed", at(5));
    expect((await deliver([failed])).body.outcomes[failed.id]).toBe("status past_due");
    expect((await deliver([mandateCancelled])).body.outcomes[mandateCancelled.id]).toBe("status cancelled");
    // A late "active" (confirmed) for the old mandate cannot bring the plan back.
    const confirmed = event(row, "payments", "confirmed", at(10));
    expect((await deliver([confirmed])).body.outcomes[confirmed.id]).toBe("no change");
    expect((await userRow(w, m.id)).subscriptionStatus).toBe("cancelled");
  });
});
