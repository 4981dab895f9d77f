/**
 * Analytics against a small world whose every figure is worked out by hand below (definitions in
 * src/shared/admin/analytics.ts). The clock stands at Wednesday 18 June 2025, 13:00 London (12:00 UTC).
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  aiDateSuggestions,
  dateReservations,
  emailLogs,
  offerCodes,
  offerCodeUsage,
  subscriptionEvents,
  users,
} from "../../src/server/db/schema.ts";
import {
  CHURN_DEFINITION,
  churnAnalyticsSchema,
  operationalAnalyticsSchema,
  subscriptionAnalyticsSchema,
} from "../../src/shared/admin/analytics.ts";
import type { SubscriptionStatus, TierId } from "../../src/shared/constants.ts";
import type { MemberDateStatus } from "../../src/shared/schemas/dates.ts";
import { createTestApp } from "../helpers/app.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { setUserAndState, type UserAndState } from "../helpers/match-arrange.ts";

const t = await createTestApp();
const NOW = new Date("2025-06-18T12:00:00Z");
t.clock.set(NOW);
const admin = await t.admin({ createdAt: new Date("2024-01-10T12:00:00Z") });
const member = await t.member({ createdAt: new Date("2023-05-01T12:00:00Z") });

const at = (day: string) => new Date(day.includes("T") ? day : `${day}T12:00:00Z`);
const get = (url: string) => t.request({ method: "GET", url, as: admin });

const ROUTES = [
  "/api/admin/analytics/subscriptions",
  "/api/admin/analytics/churn",
  "/api/admin/analytics/operational",
  "/api/admin/analytics/subscription/export",
  "/api/admin/analytics/operational/export",
];

async function sheets(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  wb.eachSheet((ws) => {
    const values: unknown[][] = [];
    ws.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    out[ws.name] = values;
  });
  return out;
}

describe("who may read analytics", () => {
  it.each(ROUTES)("%s: visitor 401, member 403, admin 200", async (url) => {
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url, as: member })).statusCode).toBe(403);
    const res = await t.request({ method: "GET", url: `${url}?unexpected=1`, as: admin });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("an empty business", () => {
  it("answers zeros, not errors", async () => {
    const subs = (await get("/api/admin/analytics/subscriptions")).json();
    expect(subs).toMatchObject({
      totalMRR: 0,
      totalMRRPence: 0,
      activeSubscribers: 0,
      arpu: 0,
      arpuPence: 0,
    });
    expect(subs.subscriptionCounts).toEqual([]);
    expect(subs.mrrHistory).toHaveLength(12);
    expect(subs.mrrHistory.every((m: { mrrPence: number }) => m.mrrPence === 0)).toBe(true);
    const churn = (await get("/api/admin/analytics/churn")).json();
    expect(churn).toMatchObject({ churnRate: 0, cancelledLast30Days: 0, totalCancelled: 0 });
    const ops = (await get("/api/admin/analytics/operational")).json();
    expect(ops).toMatchObject({
      totalReservations: 0,
      completedDates: 0,
      completionRate: 0,
      emailDeliveryRate: 0,
      suggestionApprovalRate: 0,
      averageRating: null,
      ratingsGiven: 0,
      bothRatedRate: 0,
      recentReservations: 0,
      reservationsByStatus: [],
    });
  });
});

/**
 * Members A to Z. Events at 12:00 UTC unless a time is given. Prices: silver 1500, gold 2000, platinum 3000.
 * Offers: SAVE10 (10 %), FIVER (£5 off, platinum only), HALF (50 %).
 */
async function arrangeWorld() {
  const ids: Record<string, number> = {};
  const person = async (key: string, joined: string, fields: UserAndState = {}) => {
    const [u] = await t.db
      .insert(users)
      .values({
        email: `${key.toLowerCase()}@analytics.example`,
        firstName: key,
        lastName: "Tester",
        createdAt: at(joined),
      })
      .returning();
    await setUserAndState(t.db, u.id, fields);
    ids[key] = u.id;
    return u.id;
  };
  const active = (tier: TierId) => ({ subscriptionTier: tier, subscriptionStatus: "active" as const });
  await person("A", "2025-01-09", active("gold"));
  await person("B", "2025-03-04", active("gold"));
  await person("C", "2024-11-30", active("platinum"));
  await person("D", "2025-01-31", active("silver"));
  // 23:00 UTC on 31 March is midnight, 1 April, in London.
  await person("E", "2025-03-31T23:00:00Z", active("silver"));
  await person("F", "2024-11-14", { subscriptionTier: "gold", subscriptionStatus: "past_due" });
  await person("G", "2024-09-30", { subscriptionTier: "platinum", subscriptionStatus: "paused" });
  await person("H", "2024-08-31", { subscriptionTier: "gold", subscriptionStatus: "cancelled" });
  await person("I", "2024-07-31", { subscriptionTier: "silver", subscriptionStatus: "cancelled" });
  await person("J", "2025-05-24", { subscriptionTier: "gold", subscriptionStatus: "cancelled" });
  await person("K", "2024-07-09", active("gold"));
  await person("L", "2025-01-12", { partnerId: ids.A });
  await person("M", "2024-12-14", {
    subscriptionTier: "platinum",
    subscriptionStatus: "cancelled",
    deletedAt: at("2025-06-05"),
    firstName: null,
    lastName: null,
    email: "deleted-m@deleted.invalid",
  });
  await person("N", "2025-01-04", { subscriptionTier: "silver", subscriptionStatus: "cancelled" });
  await person("P", "2025-02-14", active("gold"));
  await person("Z", "2025-06-17", { firstName: "=cmd|' /C calc'!A0", lastName: "Evil" });
  await person("Y", "2025-06-30"); // joins after "now": not counted anywhere

  const [save10, fiver, half] = await t.db
    .insert(offerCodes)
    .values([
      { code: "SAVE10", discountType: "percentage", discountValue: "10.00" },
      { code: "FIVER", discountType: "fixed_amount", discountValue: "5.00", applicableTiers: ["platinum"] },
      { code: "HALF", discountType: "percentage", discountValue: "50.00" },
    ])
    .returning();
  const usage = (
    key: string,
    offerCodeId: number,
    tier: TierId,
    amounts: [number, number],
    end: string | null,
    status = "active",
  ) => ({
    offerCodeId,
    userId: ids[key],
    subscriptionTier: tier,
    originalAmount: amounts[0],
    discountAmount: amounts[0] - amounts[1],
    finalAmount: amounts[1],
    discountEndDate: end ? at(end) : null,
    status,
  });
  await t.db.insert(offerCodeUsage).values([
    usage("B", save10.id, "gold", [2000, 1800], null), // running: 1800
    usage("C", fiver.id, "platinum", [3000, 2500], "2025-09-01"), // running: 2500
    usage("D", half.id, "silver", [1500, 750], "2025-06-01"), // ended on 1 June: 1500
    usage("E", fiver.id, "silver", [1500, 1500], null), // platinum only: 1500
    usage("A", half.id, "gold", [2000, 1000], null, "completed"), // not running: 2000
  ]);

  type Status = SubscriptionStatus | null;
  type Ev = [string, string, string, Status, Status, TierId | null, number | null, TierId?];
  // [member, day, type, fromStatus, toStatus, toTier, monthlyAmount, fromTier]
  const events: Ev[] = [
    ["A", "2025-01-10", "created", null, "active", "gold", 2000],
    ["B", "2025-03-05", "created", null, "active", "gold", 1800],
    ["C", "2024-12-01", "created", null, "active", "platinum", 2500],
    ["D", "2025-02-01", "created", null, "active", "silver", 750],
    ["E", "2025-03-31T23:30:00Z", "created", null, "active", "silver", 1500],
    ["F", "2024-11-15", "created", null, "active", "gold", 2000],
    ["F", "2025-06-10", "past_due", "active", "past_due", "gold", null],
    ["G", "2024-10-01", "created", null, "active", "platinum", 3000],
    ["G", "2025-04-01", "pause_scheduled", "active", "active", "platinum", null],
    ["G", "2025-05-01", "paused", "active", "paused", "platinum", null],
    ["H", "2024-09-01", "created", null, "active", "gold", 2000],
    ["H", "2025-06-01", "cancelled", "active", "cancelled", "gold", 0],
    ["I", "2024-08-01", "created", null, "active", "silver", 1500],
    ["I", "2025-04-15", "cancelled", "active", "cancelled", "silver", 0],
    ["J", "2025-05-25", "created", null, "active", "gold", 2000],
    ["J", "2025-05-28", "cancelled", "active", "cancelled", "gold", 0],
    ["J", "2025-05-28", "refunded", "cancelled", "cancelled", "gold", 2000],
    ["K", "2024-07-10", "created", null, "active", "silver", 1500],
    ["K", "2025-01-20", "tier_change_scheduled", "active", "active", "gold", 2000, "silver"],
    ["K", "2025-02-10", "tier_changed", "active", "active", "gold", null, "silver"],
    ["M", "2024-12-15", "created", null, "active", "platinum", 3000],
    ["M", "2025-06-05", "account_deleted", "active", "cancelled", "platinum", null],
    ["N", "2025-01-05", "created", null, "active", "silver", 1500],
    ["N", "2025-05-10", "past_due", "active", "past_due", "silver", null],
    ["N", "2025-05-25T15:00:00Z", "lapsed", "past_due", "cancelled", "silver", null],
    ["P", "2025-02-15", "created", null, "active", "gold", 2000],
    ["P", "2025-06-02", "cancelled", "active", "cancelled", "gold", 0],
    ["P", "2025-06-08", "reactivated", "cancelled", "active", "gold", 2000],
  ];
  await t.db.insert(subscriptionEvents).values(
    events.map(([key, day, eventType, fromStatus, toStatus, toTier, monthlyAmount, fromTier]) => ({
      userId: ids[key],
      eventType,
      fromStatus,
      toStatus,
      toTier,
      fromTier: fromTier ?? toTier,
      monthlyAmount,
      occurredAt: at(day),
    })),
  );

  // The week: Monday 16 June 00:00 London (15 June 23:00 UTC) to Monday 23 June 00:00 London.
  const old = at("2025-01-01");
  type Res = [string, MemberDateStatus, string, Date?];
  const reservations: Res[] = [
    ["A", "completed", "2025-05-10"],
    ["A", "completed", "2025-06-01"],
    ["B", "completed", "2025-06-16T19:00:00Z"], // this week
    ["C", "cancelled", "2025-05-20"],
    ["C", "cancelled", "2025-06-20T19:00:00Z"], // this week, but cancelled
    ["D", "scheduled", "2025-06-10"], // past, never completed
    ["B", "revealed", "2025-06-19T19:00:00Z", at("2025-06-12T10:00:00Z")], // this week, ahead
    ["E", "confirmed", "2025-06-21T18:00:00Z"], // this week, ahead
    ["A", "scheduled", "2025-06-22T22:30:00Z", at("2025-06-18T09:00:00Z")], // Sunday 23:30 London: this week
    ["K", "scheduled", "2025-06-22T23:30:00Z", at("2025-06-19T09:00:00Z")], // Monday 00:30 London: next week
    ["K", "scheduled", "2025-06-15T22:30:00Z"], // Sunday 23:30 London: last week, past
    ["P", "completed", "2025-06-25"], // marked completed early
    ["P", "scheduled", "2025-06-05"], // past, never completed
  ];
  await t.db.insert(dateReservations).values(
    reservations.map(([key, status, day, createdAt]) => ({
      userId: ids[key],
      status,
      scheduledDate: at(day),
      createdAt: createdAt ?? old,
    })),
  );

  const mail = (status: string) => ({
    recipientEmail: "someone@analytics.example",
    subject: "Hello",
    emailType: "welcome",
    status,
    sentAt: old,
  });
  await t.db
    .insert(emailLogs)
    .values([
      ...Array(5).fill(mail("sent")),
      mail("failed"),
      mail("failed"),
    ] as (typeof emailLogs.$inferInsert)[]);
  await t.db.insert(aiDateSuggestions).values(
    ["pending", "pending", "approved", "booked", "rejected"].map((status) => ({
      userId: ids.A,
      suggestion: "A walk",
      suggestedVenues: [],
      status,
    })),
  );
  return ids;
}

describe("figures of a known world", () => {
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    ids = await arrangeWorld();
  });

  it("subscriptions: MRR after running offers, subscribers, ARPU, counts and tiers", async () => {
    const res = await get("/api/admin/analytics/subscriptions");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Active: A 2000, B 1800 (SAVE10), C 2500 (FIVER), D 1500 (HALF ended), E 1500 (FIVER not for silver),
    // K 2000 (moved to gold), P 2000 (reactivated) = 13300 over 7.
    expect(body).toMatchObject({
      totalMRR: 133,
      totalMRRPence: 13300,
      activeSubscribers: 7,
      arpu: 19,
      arpuPence: 1900,
    });
    expect(body.subscriptionCounts).toEqual([
      { tier: "gold", status: "active", count: 4 },
      { tier: "gold", status: "cancelled", count: 2 },
      { tier: "gold", status: "past_due", count: 1 },
      { tier: "platinum", status: "active", count: 1 },
      { tier: "platinum", status: "paused", count: 1 },
      { tier: "silver", status: "active", count: 2 },
      { tier: "silver", status: "cancelled", count: 2 },
    ]);
    expect(body.tierDistribution).toEqual([
      { tier: "silver", subscribers: 2, percentage: 28.6, mrr: 30, mrrPence: 3000 },
      { tier: "gold", subscribers: 4, percentage: 57.1, mrr: 78, mrrPence: 7800 },
      { tier: "platinum", subscribers: 1, percentage: 14.3, mrr: 25, mrrPence: 2500 },
    ]);
  });

  it("MRR history: month ends rebuilt from events, the current month live", async () => {
    const { mrrHistory } = (await get("/api/admin/analytics/subscriptions")).json();
    const expected: Array<[string, number, number]> = [
      ["2024-07", 1500, 1], // K silver
      ["2024-08", 3000, 2], // + I
      ["2024-09", 5000, 3], // + H
      ["2024-10", 8000, 4], // + G
      ["2024-11", 10000, 5], // + F
      ["2024-12", 15500, 7], // + C 2500, M 3000
      ["2025-01", 19000, 9], // + A, N; K's change is only scheduled
      ["2025-02", 22250, 11], // + D 750, P; K now gold at the scheduled 2000
      ["2025-03", 24050, 12], // + B 1800; E joined 1 April London time
      ["2025-04", 24050, 12], // + E 1500, - I 1500; G's pause only booked
      ["2025-05", 19550, 10], // - G paused 3000, - N past due 1500; J came and went
      ["2025-06", 13300, 7], // live
    ];
    expect(mrrHistory).toEqual(
      expected.map(([month, mrrPence, subscribers]) => ({
        month,
        mrrPence,
        mrr: mrrPence / 100,
        subscribers,
      })),
    );
  });

  it("churn: cohort of 30 days ago, cancellations, sign-ups and new subscriptions by London month", async () => {
    const res = await get("/api/admin/analytics/churn");
    expect(res.statusCode, res.body).toBe(200);
    // Subscribed on 19 May 12:00 UTC: A B C D E F G(paused) H K M N(past due) P = 12.
    // Moved to cancelled since: H, J, M (account deleted), N (lapsed), P (later reactivated) = 5; of the 12: 4.
    // Churn is the share of subscribers at the period's start who cancelled in it (J joined in the window: not
    // counted, above or below the line), and the answer says so.
    expect(res.json()).toEqual({
      churnRate: 33.3,
      definition: CHURN_DEFINITION,
      windowDays: 30,
      windowStart: "2025-05-19T12:00:00.000Z",
      subscribersAtWindowStart: 12,
      churnedFromWindowStart: 4,
      cancelledLast30Days: 5,
      totalCancelled: 4, // H I J N (M's account is deleted)
      // This world's billing history has no failed payment (payment-recovery.test.ts counts them by hand).
      failedPayments: { failed: 0, recovered: 0, recoveryRate: 0 },
      newSignups: [
        ["2024-07", 2],
        ["2024-08", 1],
        ["2024-09", 1],
        ["2024-10", 0],
        ["2024-11", 2],
        ["2024-12", 1],
        ["2025-01", 4],
        ["2025-02", 1],
        ["2025-03", 1],
        ["2025-04", 1],
        ["2025-05", 1],
        ["2025-06", 1],
      ].map(([month, count]) => ({ month, count })),
      newSubscriptions: [
        ["2024-07", 1],
        ["2024-08", 1],
        ["2024-09", 1],
        ["2024-10", 1],
        ["2024-11", 1],
        ["2024-12", 2],
        ["2025-01", 2],
        ["2025-02", 2],
        ["2025-03", 1],
        ["2025-04", 1],
        ["2025-05", 1],
        ["2025-06", 0],
      ].map(([month, count]) => ({ month, count })),
    });
  });

  it("operational: reservations, rates with one decimal, dates this week and the latest activity", async () => {
    const res = await get("/api/admin/analytics/operational");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 13 dates; completed 4; settled = 4 completed + 2 cancelled + 3 past never completed = 9.
    expect(body).toMatchObject({
      totalReservations: 13,
      completedDates: 4,
      completionRate: 44.4,
      emailDeliveryRate: 71.4, // 5 of 7
      suggestionApprovalRate: 66.7, // approved + booked of approved, booked, rejected
      recentReservations: 4, // 16 June completed, 19, 21 and 22 June (Sunday 23:30)
      weekStart: "2025-06-15T23:00:00.000Z",
      weekEnd: "2025-06-22T23:00:00.000Z",
      reservationsByStatus: [
        { status: "cancelled", count: 2 },
        { status: "completed", count: 4 },
        { status: "confirmed", count: 1 },
        { status: "revealed", count: 1 },
        { status: "scheduled", count: 5 },
      ],
      emailsByStatus: [
        { status: "failed", count: 2 },
        { status: "sent", count: 5 },
      ],
      suggestionsByStatus: [
        { status: "approved", count: 1 },
        { status: "booked", count: 1 },
        { status: "pending", count: 2 },
        { status: "rejected", count: 1 },
      ],
    });
    const zName = "=cmd|' /C calc'!A0 Evil";
    expect(body.recentActivity).toEqual([
      {
        type: "booking",
        at: "2025-06-18T09:00:00.000Z",
        userId: ids.A,
        member: "A Tester",
        detail: "Date booked",
        dateAt: "2025-06-22T22:30:00.000Z",
      },
      {
        type: "signup",
        at: "2025-06-17T12:00:00.000Z",
        userId: ids.Z,
        member: zName,
        detail: "Account created",
        dateAt: null,
      },
      {
        type: "booking",
        at: "2025-06-12T10:00:00.000Z",
        userId: ids.B,
        member: "B Tester",
        detail: "Date booked",
        dateAt: "2025-06-19T19:00:00.000Z",
      },
      {
        type: "subscription",
        at: "2025-06-08T12:00:00.000Z",
        userId: ids.P,
        member: "P Tester",
        detail: "Gold plan restarted",
        dateAt: null,
      },
      {
        type: "cancellation",
        at: "2025-06-05T12:00:00.000Z",
        userId: ids.M,
        member: "Deleted member",
        detail: "Account deleted",
        dateAt: null,
      },
      {
        type: "cancellation",
        at: "2025-06-02T12:00:00.000Z",
        userId: ids.P,
        member: "P Tester",
        detail: "Gold plan cancelled",
        dateAt: null,
      },
      {
        type: "cancellation",
        at: "2025-06-01T12:00:00.000Z",
        userId: ids.H,
        member: "H Tester",
        detail: "Gold plan cancelled",
        dateAt: null,
      },
      {
        type: "cancellation",
        at: "2025-05-28T12:00:00.000Z",
        userId: ids.J,
        member: "J Tester",
        detail: "Gold plan cancelled",
        dateAt: null,
      },
      {
        type: "cancellation",
        at: "2025-05-25T15:00:00.000Z",
        userId: ids.N,
        member: "N Tester",
        detail: "Silver plan lapsed after missed payments",
        dateAt: null,
      },
      {
        type: "subscription",
        at: "2025-05-25T12:00:00.000Z",
        userId: ids.J,
        member: "J Tester",
        detail: "Gold plan started",
        dateAt: null,
      },
    ]);
  });

  it("each read sends exactly the fields of its schema, at every depth", async () => {
    for (const [url, schema] of [
      ["/api/admin/analytics/subscriptions", subscriptionAnalyticsSchema],
      ["/api/admin/analytics/churn", churnAnalyticsSchema],
      ["/api/admin/analytics/operational", operationalAnalyticsSchema],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      expectExactFields(res.json(), schema);
    }
  });

  it("the subscription export: its file name carries the date and it holds the tab's figures", async () => {
    const res = await get("/api/admin/analytics/subscription/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="subscription-analytics-2025-06-18.xlsx"',
    );
    const wb = await sheets(res.rawPayload);
    expect(Object.keys(wb)).toEqual(["Summary", "Tier distribution", "By tier and status", "Monthly"]);
    const summary = Object.fromEntries(wb.Summary.slice(1).map((r) => [r[0], r[1]]));
    expect(summary).toMatchObject({
      "Monthly Recurring Revenue (£)": 133,
      "Active Subscribers": 7,
      "Average Revenue Per User (£)": 19,
      "Monthly Churn Rate, last 30 days (%)": 33.3,
      "Cancellations, last 30 days": 5,
      "Cancelled (total)": 4,
    });
    expect(wb["Tier distribution"].slice(1)).toEqual([
      ["Silver", 2, 28.6, 30],
      ["Gold", 4, 57.1, 78],
      ["Platinum", 1, 14.3, 25],
    ]);
    expect(wb["By tier and status"]).toHaveLength(8);
    expect(wb.Monthly[0]).toEqual([
      "Month",
      "MRR (£)",
      "Active subscribers",
      "Sign-ups",
      "New subscriptions",
    ]);
    expect(wb.Monthly[6]).toEqual(["2024-12", 155, 7, 1, 2]);
    expect(wb.Monthly[12]).toEqual(["2025-06", 133, 7, 1, 0]);
  });

  it("the operational export: figures, breakdowns and activity, with formulas neutralised", async () => {
    const res = await get("/api/admin/analytics/operational/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="operational-analytics-2025-06-18.xlsx"',
    );
    const wb = await sheets(res.rawPayload);
    expect(Object.keys(wb)).toEqual(["Summary", "By status", "Recent activity"]);
    const summary = Object.fromEntries(wb.Summary.slice(1).map((r) => [r[0], r[1]]));
    expect(summary).toMatchObject({
      "Total Reservations": 13,
      "Completed Dates": 4,
      "Completion Rate (%)": 44.4,
      "Email Delivery Rate (%)": 71.4,
      "Suggestion Approval Rate (%)": 66.7,
    });
    expect(wb.Summary.some((r) => String(r[0]).startsWith("Dates This Week") && r[1] === 4)).toBe(true);
    expect(wb["By status"]).toContainEqual(["E-mails", "sent", 5]);
    const evil = wb["Recent activity"].find((r) => String(r[2]).includes("calc"));
    expect(evil?.[2]).toBe("'=cmd|' /C calc'!A0 Evil");
    expect(wb["Recent activity"][1]).toEqual([
      "18/06/2025, 10:00",
      "booking",
      "A Tester",
      "Date booked",
      "22/06/2025, 23:30",
    ]);
    expect(JSON.stringify(wb)).not.toMatch(/"=/);
  });

  it("a later clock moves the windows: nothing is read from the real time", async () => {
    t.clock.set("2025-07-01T10:00:00Z");
    try {
      const churn = (await get("/api/admin/analytics/churn")).json();
      expect(churn.windowStart).toBe("2025-06-01T10:00:00.000Z");
      expect(churn.newSignups.at(-1)).toEqual({ month: "2025-07", count: 0 });
      expect(churn.newSignups[0]).toEqual({ month: "2024-08", count: 1 });
      const subs = (await get("/api/admin/analytics/subscriptions")).json();
      // June rebuilt from events: May's 19550 less F (past due), H (cancelled) and M (deleted); P came back.
      // D's offer ran out on 1 June without an event, so the history keeps her 750 (the live card has 1500).
      expect(subs.mrrHistory.at(-2)).toEqual({
        month: "2025-06",
        mrrPence: 12550,
        mrr: 125.5,
        subscribers: 7,
      });
    } finally {
      t.clock.set(NOW);
    }
  });
});
