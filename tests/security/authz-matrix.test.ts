import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingEvents, pushSubscriptions, sessions, users } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { hashToken } from "../../src/server/modules/auth/tokens.ts";
import { createTestApp, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { changedTables, settledSnapshot, snapshotTables } from "./db-snapshot.ts";
import { classify, hasBody, key, type Route } from "./route-classes.ts";

/**
 * The authorisation matrix of the whole API, generated from the app's own route table (route-classes.ts
 * says who may call what; an unlisted route is member-only): every route as a visitor, a member and an
 * admin, then every member route that names an object called with the other couple's object.
 */
const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
t.clock.set(NOW);
const routes = t.app.routeTable.filter((r, i, all) => all.findIndex((x) => key(x) === key(r)) === i);

/**
 * The matrix checks roles, not objects: each path parameter is the id of a decoy account made first (routes
 * such as DELETE /api/admin/users/:userId/sessions act on whatever the id names, and "1" would be a couple's).
 */
const decoy = await t.member();
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, String(decoy.user.id)).replace("*", "x");

function call(r: Route, as?: SignedIn, url = concrete(r.url), payload: object = {}) {
  return t.request({ method: r.method as "GET", url, as, ...(hasBody(r.method) ? { payload } : {}) });
}

function describeRes(r: Route, who: string, res: { statusCode: number; body: string }) {
  return `${who} ${key(r)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
}

describe("every route is classified", () => {
  it("the route table holds the whole app", () => {
    const classes = routes.map(classify);
    expect(routes.length).toBeGreaterThan(90);
    expect(classes.filter((c) => c === "public").length).toBeGreaterThan(5);
    expect(classes.filter((c) => c === "member").length).toBeGreaterThan(30);
    expect(classes.filter((c) => c === "admin").length).toBeGreaterThan(30);
  });
});

describe("roles: visitor, member, admin on every route", () => {
  // A fresh account per request: some routes sign out, delete the account or demote.
  it.each(routes)("$method $url", async (r) => {
    const cls = classify(r);
    const visitor = await call(r);
    const member = await call(r, await t.member());
    const admin = await call(r, await t.admin());
    for (const [who, res] of [
      ["visitor", visitor],
      ["member", member],
      ["admin", admin],
    ] as const)
      expect(res.statusCode, describeRes(r, who, res)).toBeLessThan(500);

    if (cls === "member" || cls === "admin") {
      expect(visitor.statusCode, describeRes(r, "visitor", visitor)).toBe(401);
      expect(visitor.json().message).toBe("Not signed in");
    }
    if (cls === "admin") {
      expect(member.statusCode, describeRes(r, "member", member)).toBe(403);
      expect(member.json().message).toBeTruthy();
      expect([401, 403], describeRes(r, "admin", admin)).not.toContain(admin.statusCode);
    }
    if (cls === "member") {
      // Members' routes are open to admins too (an admin is a member with the back office on top).
      for (const [who, res] of [
        ["member", member],
        ["admin", admin],
      ] as const)
        expect([401, 403], describeRes(r, who, res)).not.toContain(res.statusCode);
    }
    if (cls === "signed") {
      // No signature or secret: refused whoever is signed in.
      for (const [who, res] of [
        ["visitor", visitor],
        ["member", member],
        ["admin", admin],
      ] as const) {
        expect(res.statusCode, describeRes(r, who, res)).toBeGreaterThanOrEqual(400);
        expect(res.json().message).toBeTruthy();
      }
    }
  });
});

/** Two linked couples, each with dates, a support ticket and a second signed-in device. */
async function couple() {
  const a = await t.member();
  const b = await t.member({ partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  const soon = await arrangeDate(t.db, a.user.id, { at: new Date(NOW.getTime() + hours(30)) });
  const later = await arrangeDate(t.db, a.user.id, { at: new Date(NOW.getTime() + hours(24 * 9)) });
  const past = await arrangeDate(t.db, a.user.id, {
    at: new Date(NOW.getTime() - hours(24)),
    status: "completed",
  });
  // Another evening gone by, unrated (the rating route rates `past`): the couple may say they couldn't go.
  const missed = await arrangeDate(t.db, a.user.id, {
    at: new Date(NOW.getTime() - hours(30)),
    status: "completed",
  });
  const ticket = await t.request({
    method: "POST",
    url: "/api/support/tickets",
    as: a,
    payload: { subject: "Our anniversary", body: "Could the date be somewhere quiet?" },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  // A confirmed payment of the plan holder's, with its receipt (billing history).
  const [payment] = await t.db
    .insert(billingEvents)
    .values({
      userId: a.user.id,
      provider: "sandbox",
      kind: "payment_confirmed",
      paymentRef: `PM-${a.user.id}`,
      mandateRef: `MD-${a.user.id}`,
      amountPence: 2000,
      chargeDate: "2026-11-01",
      description: "Gold plan",
      eventKey: `payment_confirmed:PM-${a.user.id}`,
      occurredAt: NOW,
    })
    .returning({ id: billingEvents.id });
  // A second device of a's (not the session the tests use as a, which ending would sign a out).
  const token = (await createSession(t.db, a.user.id, NOW))!;
  const [device] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, hashToken(token)));
  // A push device of a's (web push).
  const [pushDevice] = await t.db
    .insert(pushSubscriptions)
    .values({
      userId: a.user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/authz-${a.user.id}`,
      p256dh: "B".repeat(87),
      auth: "a".repeat(22),
      label: "Chrome on Android",
    })
    .returning({ id: pushSubscriptions.id });
  return {
    a,
    b,
    pushDevice: pushDevice.id,
    soon: soon.reservation.id,
    later: later.reservation.id,
    past: past.reservation.id,
    missed: missed.reservation.id,
    ticket: ticket.json().id as number,
    device: device.publicId,
    receipt: payment.id,
  };
}

const ours = await couple();
const theirs = await couple();

interface Target {
  id: string | number;
  /** Who may do it: the partner for a couple's shared dates, the author for a ticket or a device. */
  owner: SignedIn;
  payload?: object;
}

/**
 * The object of the other couple that each member route with a path parameter acts on. A new member route
 * with a parameter must be added here (the test below fails and names it).
 */
const TARGETS: Array<[RegExp, (c: typeof theirs) => Target]> = [
  [/^GET \/api\/dates\/:id(\/calendar\.ics)?$/, (c) => ({ id: c.later, owner: c.b })],
  [/^POST \/api\/dates\/:id\/confirm$/, (c) => ({ id: c.soon, owner: c.b })],
  [
    /^POST \/api\/dates\/:id\/reschedule$/,
    (c) => ({ id: c.later, owner: c.b, payload: { reason: "Work trip" } }),
  ],
  [/^POST \/api\/dates\/:id\/rating$/, (c) => ({ id: c.past, owner: c.b, payload: { rating: 5 } })],
  [
    /^POST \/api\/dates\/:id\/no-show$/,
    (c) => ({ id: c.missed, owner: c.b, payload: { note: "We could not go" } }),
  ],
  [/^GET \/api\/support\/tickets\/:id$/, (c) => ({ id: c.ticket, owner: c.a })],
  [
    /^POST \/api\/support\/tickets\/:id\/replies$/,
    (c) => ({ id: c.ticket, owner: c.a, payload: { body: "Any news?" } }),
  ],
  [/^DELETE \/api\/account\/sessions\/:\w+$/, (c) => ({ id: c.device, owner: c.a })],
  // Money is the plan holder's: the covered partner is refused too (billing-history.test.ts).
  [/^GET \/api\/billing\/receipts\/:id$/, (c) => ({ id: c.receipt, owner: c.a })],
  // A push device is its member's own, like a signed-in device.
  [
    /^PATCH \/api\/push\/subscriptions\/:id$/,
    (c) => ({ id: c.pushDevice, owner: c.a, payload: { label: "Mine" } }),
  ],
  [/^DELETE \/api\/push\/subscriptions\/:id$/, (c) => ({ id: c.pushDevice, owner: c.a })],
];

const withParams = routes.filter((r) => classify(r) === "member" && r.url.includes(":"));
const targetOf = (r: Route) => TARGETS.find(([re]) => re.test(key(r)))?.[1](theirs);

describe("one couple's objects are out of another couple's reach", () => {
  it("every member route with a path parameter has a target object", () => {
    const missing = withParams.filter((r) => !targetOf(r)).map(key);
    expect(missing, `add these routes to TARGETS in ${import.meta.filename}`).toEqual([]);
    expect(withParams.length).toBeGreaterThanOrEqual(7);
  });

  it.each(withParams.filter((r) => targetOf(r)))(
    "$method $url: 404 with the other couple's id and nothing changed; their own member succeeds",
    async (r) => {
      const target = targetOf(r)!;
      const url = r.url.replace(/:[A-Za-z]+/, encodeURIComponent(String(target.id)));
      for (const intruder of [ours.a, ours.b]) {
        const before = await settledSnapshot(t.db);
        const res = await call(r, intruder, url, target.payload);
        expect([403, 404], describeRes(r, "other couple", res)).toContain(res.statusCode);
        expect(res.json().message).toBeTruthy();
        expect(changedTables(before, await snapshotTables(t.db))).toEqual([]);
      }
      // The same request from the object's own member works, so the refusal above was about ownership.
      const own = await call(r, target.owner, url, target.payload);
      expect(own.statusCode, describeRes(r, "owner", own)).toBeLessThan(300);
    },
  );

  it("ids in bodies: a ticket about the other couple's date is refused; about the couple's own shared date, accepted", async () => {
    const ticket = (as: SignedIn, reservationId: number) =>
      t.request({
        method: "POST",
        url: "/api/support/tickets",
        as,
        payload: { subject: "About our date", body: "Could we talk about this date?", reservationId },
      });
    const before = await settledSnapshot(t.db);
    const refused = await ticket(ours.b, theirs.later);
    expect([400, 403, 404], refused.body).toContain(refused.statusCode);
    expect(changedTables(before, await snapshotTables(t.db))).toEqual([]);
    // The partner who did not book the date may still write about it.
    const own = await ticket(theirs.b, theirs.later);
    expect(own.statusCode, own.body).toBe(201);
  });

  it("lists show only the couple's own dates and tickets; a partner reads the couple's shared date", async () => {
    const theirDates = [theirs.soon, theirs.later, theirs.past];
    const partnerList = await t.request({ method: "GET", url: "/api/dates/user", as: theirs.b });
    expect(partnerList.json().map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining(theirDates));
    const shared = await t.request({ method: "GET", url: `/api/dates/${theirs.later}`, as: theirs.b });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().id).toBe(theirs.later);

    for (const intruder of [ours.a, ours.b]) {
      const dates = await t.request({ method: "GET", url: "/api/dates/user", as: intruder });
      const ids = dates.json().map((d: { id: number }) => d.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of theirDates) expect(ids).not.toContain(id);
      const tickets = await t.request({ method: "GET", url: "/api/support/tickets", as: intruder });
      expect(tickets.json().map((x: { id: number }) => x.id)).not.toContain(theirs.ticket);
    }
  });
});
