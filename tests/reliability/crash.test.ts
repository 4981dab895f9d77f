import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { completeSubscription } from "../../src/features/payments/server/checkout.ts";
import { finishStaleCompletions } from "../../src/features/payments/server/stale-completions.ts";
import { loadConfig } from "../../src/server/config.ts";
import {
  offerCodes,
  offerCodeUsage,
  paymentCheckouts,
  sandboxSubscriptions,
  subscriptionEvents,
  venues,
} from "../../src/server/db/schema.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { VENUE_SHEET_COLUMNS } from "../../src/shared/admin/venue-sync.ts";
import { authorisedCheckout, complete, type Member, openWorld, userRow } from "./world.ts";

/**
 * The real server is SIGKILLed while paused at a test-only fault point (src/server/fault-point.ts, honoured
 * only with NODE_ENV=test): inside the venue import's transaction after every write, and in a subscription
 * completion between the provider call and the database write. Both are in flight in one server, killed at
 * once; then a server without fault points is started on the same database.
 */
const w = await openWorld({
  UNVEIL_FAULT_PAUSE: "venue-sync-apply,subscription-complete-record,subscription-rebuild-record",
});
const admin = await w.member({ isAdmin: true });

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const csv = (rows: Array<Array<string | number>>) =>
  Buffer.from([[...VENUE_SHEET_COLUMNS], ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n"));
const venueRow = (id: number | "", name: string, city: string) => [
  id,
  name,
  `${name.length} Test Street`,
  city,
  "restaurant",
  "medium",
  ...Array<string>(6).fill(""),
];

const allVenues = () => w.db.select().from(venues).orderBy(asc(venues.id));

function syncUpload(kind: "preview" | "apply", file: Buffer, planId?: string) {
  const q = new URLSearchParams({ filename: "venues.csv", ...(planId ? { planId } : {}) });
  return fetch(`${w.server.url}/api/admin/venues/sync/${kind}?${q}`, {
    method: "POST",
    headers: { cookie: admin.cookie, "content-type": "text/csv" },
    body: new Uint8Array(file),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

async function pausedAt(point: string, times = 1) {
  const deadline = Date.now() + 15_000;
  const seen = () => w.server.logs.filter((l) => l.includes(`fault point ${point}`)).length;
  while (seen() < times) {
    if (Date.now() > deadline) throw new Error(`never paused at ${point}:\n${w.server.logs.join("\n")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The app's services in this test process, on the same database (the sandbox provider keeps its books there). */
const deps = () =>
  createDeps(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: w.databaseUrl, APP_URL: w.server.url }),
    w.db,
    { transport: outboxTransport(null) },
  );

const usesCount = async () =>
  (await w.db.select().from(offerCodes).where(eq(offerCodes.id, offerId)))[0].usesCount;

let venuesBefore: Array<typeof venues.$inferSelect>;
let file: Buffer;
let planId: string;
let offerId: number;
const members: Array<{ m: Member; token: string }> = [];
let changer: Member;
const changeTier = (m: Member) =>
  w.http("/api/subscription/change-tier", { as: m, json: { tier: "platinum" } });

beforeAll(async () => {
  // 300 venues; the file updates 150, drops 50 (removed) and adds 200.
  const seeded = await w.db
    .insert(venues)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Venue ${i}`,
        address: `${`Venue ${i}`.length} Test Street`,
        city: "London",
        type: "restaurant" as const,
        priceLevel: "medium",
      })),
    )
    .returning();
  file = csv([
    ...seeded.slice(0, 150).map((v) => venueRow(v.id, v.name, "Bristol")),
    ...seeded.slice(150, 250).map((v) => venueRow(v.id, v.name, "London")),
    ...Array.from({ length: 200 }, (_, i) => venueRow("", `New Venue ${i}`, "Leeds")),
  ]);
  const preview = await syncUpload("preview", file);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.counts).toMatchObject({ new: 200, updated: 150, removed: 50 });
  planId = preview.body.planId;
  venuesBefore = await allVenues();

  const [offer] = await w.db
    .insert(offerCodes)
    .values({ code: "CRASH25", discountType: "percentage", discountValue: "25", maxUses: 5 })
    .returning();
  offerId = offer.id;
  for (let i = 0; i < 3; i++) {
    const m = await w.member();
    members.push({ m, token: await authorisedCheckout(w, m, "gold", "CRASH25") });
  }

  // A subscribed member whose plan change rebuilds the provider subscription (cancel old, create new).
  // Completed in this process (no fault points here) on the same database and sandbox books.
  changer = await w.member();
  const changerToken = await authorisedCheckout(w, changer, "gold");
  await completeSubscription(deps(), await userRow(w, changer.id), changerToken);
  // In flight together in one server, each paused at its fault point, then SIGKILL.
  const inFlight = [
    syncUpload("apply", file, planId),
    ...members.map(({ m, token }) => complete(w, m, token)),
    changeTier(changer),
  ].map((p) => p.catch((e: Error) => e));
  await pausedAt("venue-sync-apply");
  await pausedAt("subscription-complete-record", members.length);
  await pausedAt("subscription-rebuild-record");
  const exit = await w.server.kill("SIGKILL");
  expect(exit.signal).toBe("SIGKILL");
  for (const r of await Promise.all(inFlight)) expect(r).toBeInstanceOf(Error);
  await w.restart({ UNVEIL_FAULT_PAUSE: "" });
  // However slow the restart was, the claims are treated as made just now (stale after a minute).
  await w.db
    .update(paymentCheckouts)
    .set({ completingSince: sql`now()` })
    .where(eq(paymentCheckouts.status, "completing"));
});

/** A minute later: the claims of these members' checkouts are stale. */
const aMinuteLater = (m: Member) =>
  w.db
    .update(paymentCheckouts)
    .set({ completingSince: sql`now() - interval '2 minutes'` })
    .where(and(eq(paymentCheckouts.userId, m.id), eq(paymentCheckouts.status, "completing")));

describe("a server killed in the middle of a venue import", () => {
  it("leaves the venues table exactly as before; the same plan applied again finishes it", async () => {
    expect(await allVenues()).toEqual(venuesBefore);
    const again = await syncUpload("apply", file, planId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ created: 200, updated: 150, removed: 50 });
    const after = await allVenues();
    expect(after).toHaveLength(450);
    expect(after.filter((v) => v.city === "Bristol")).toHaveLength(150);
    expect(after.filter((v) => v.city === "Leeds")).toHaveLength(200);
  });
});

describe("a server killed between the provider call and the database write of a completion", () => {
  it("leaves no half-written subscription: the claim alone, which a retry can finish", async () => {
    for (const { m } of members) {
      const row = await userRow(w, m.id);
      expect(row.subscriptionStatus).toBeNull();
      expect(row.paymentSubscriptionId).toBeNull();
      expect(row.subscriptionTier).toBeNull();
      const [checkout] = await w.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, m.id));
      expect(checkout).toMatchObject({ status: "completing", offerReserved: true, completedAt: null });
      expect(checkout.mandateId).toBeTruthy();
      // The provider subscription was created before the kill: the one a retry must adopt, not duplicate.
      const atProvider = await w.db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.mandateId, checkout.mandateId!));
      expect(atProvider).toHaveLength(1);
      expect(await w.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, m.id))).toEqual(
        [],
      );
    }
    // The code's uses are reserved by the claims, not redeemed: no usage row without a subscription.
    expect(await w.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.offerCodeId, offerId))).toEqual(
      [],
    );
    expect(await usesCount()).toBe(members.length);
  });

  it("the member's return to the completion URL finishes it with exactly one provider subscription", async () => {
    const { m, token } = members[0];
    // While the claim is fresh another attempt is told to wait (the first may still be running).
    const early = await complete(w, m, token);
    expect(early.status).toBe(409);
    // A minute later the claim is stale and the retry takes over.
    await aMinuteLater(m);
    const retry = await complete(w, m, token);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await expectSubscribedOnce(m);
    // Done is done: the same URL again changes nothing.
    expect((await complete(w, m, token)).status).toBe(200);
    await expectSubscribedOnce(m);
  });

  it("one the member never retries is finished by the stale-completion sweep, with the same provider subscription", async () => {
    const { m } = members[1];
    // A fresh claim may belong to an attempt still running: the sweep leaves it alone.
    expect(await finishStaleCompletions(deps())).toBe(0);
    expect((await userRow(w, m.id)).subscriptionStatus).toBeNull();
    await aMinuteLater(m);
    expect(await finishStaleCompletions(deps())).toBe(1);
    await expectSubscribedOnce(m);
    expect(await finishStaleCompletions(deps())).toBe(0);
    // Two redemptions and one claim still held: the crash and the recoveries counted none twice.
    expect(await usesCount()).toBe(3);
  });

  it("one whose member subscribed another way meanwhile is set aside as a duplicate: its provider subscription cancelled, its offer use given back", async () => {
    const { m } = members[2];
    await aMinuteLater(m);
    const [stuck] = await w.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, m.id));
    // The member gives up on the first checkout and subscribes again, without the code.
    const again = await complete(w, m, await authorisedCheckout(w, m, "silver"));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await finishStaleCompletions(deps())).toBe(1);

    const [after] = await w.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, stuck.id));
    // The second mandate is cancelled at the provider too (no second mandate stays live).
    expect(after).toMatchObject({ status: "duplicate", offerReserved: false, completingSince: null });
    const orphans = await w.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.mandateId, stuck.mandateId!));
    expect(orphans.map((s) => s.status)).toEqual(["cancelled"]);
    const row = await userRow(w, m.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", subscriptionTier: "silver" });
    expect(await usesCount()).toBe(2);
    expect(await w.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.id))).toEqual([]);
    expect(await finishStaleCompletions(deps())).toBe(0);
  });
});

describe("a server killed between a plan change's provider calls and its database write", () => {
  it("the member's retry ends with one collecting provider subscription, the one recorded", async () => {
    const before = await userRow(w, changer.id);
    expect(before.pendingTier).toBeNull();
    const collecting = () =>
      w.db
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.mandateId, before.paymentMandateId!),
            eq(sandboxSubscriptions.status, "active"),
          ),
        );
    const retry = await changeTier(changer);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const after = await userRow(w, changer.id);
    expect(after.pendingTier).toBe("platinum");
    expect((await collecting()).map((s) => s.id)).toEqual([after.paymentSubscriptionId]);
  });
});

async function expectSubscribedOnce(m: Member) {
  const row = await userRow(w, m.id);
  expect(row.subscriptionStatus).toBe("active");
  expect(row.paymentSubscriptionId).toBeTruthy();
  const subs = await w.db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.mandateId, row.paymentMandateId!));
  expect(subs.map((s) => s.id)).toEqual([row.paymentSubscriptionId]);
  const usage = await w.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, m.id));
  expect(usage).toHaveLength(1);
  expect(usage[0].paymentSubscriptionId).toBe(row.paymentSubscriptionId);
  const [checkout] = await w.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, m.id));
  expect(checkout.status).toBe("completed");
  const created = await w.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, m.id));
  expect(created.map((e) => e.eventType)).toEqual(["created"]);
}
