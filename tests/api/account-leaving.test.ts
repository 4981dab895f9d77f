/**
 * Leaving deliberately on a real database: deletion needs the password (and the two-step
 * code when on), the preview says what the deletion then does, and each way a couple can come apart keeps the
 * plan and the dates where they belong: the covered partner leaving or unlinking, the plan holder leaving (the
 * partner offered the membership for 14 days), the offer taken up or running out.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  dateReservations,
  sandboxPayments,
  sandboxSubscriptions,
  userPreferences,
  users,
} from "../../src/server/db/schema.ts";
import { endPlanOffers } from "../../src/server/jobs/plan-offers.ts";
import { timeStep, totpAt } from "../../src/server/modules/account/totp.ts";
import { LEAVING_MSG } from "../../src/shared/leaving.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate } from "../helpers/arrange.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const FAILURES = 3;
const t = await createTestApp({ rateLimits: { loginFailuresPerAccount: FAILURES } });
/** Tuesday 10 November 2026; a plan bought now is paid until 10 December. */
const NOW = new Date("2026-11-10T12:00:05Z");
const DAY = 86_400_000;
beforeEach(() => {
  t.clock.set(NOW);
  t.mail.length = 0;
});

const at = (iso: string) => new Date(iso);

async function couple(names = ["Sam", "Alex"]): Promise<[SignedIn, SignedIn]> {
  const a = await t.member({ firstName: names[0] });
  const b = await t.member({ firstName: names[1], partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [{ ...a, user: { ...a.user, partnerId: b.user.id } }, b];
}

const del = (as: SignedIn, payload?: Record<string, unknown>) =>
  t.request({
    method: "DELETE",
    url: "/api/auth/user",
    as,
    ...(payload ? { payload } : {}),
  });
const preview = (as: SignedIn) => t.request({ method: "GET", url: "/api/auth/user/deletion-preview", as });

const userRow = (id: number) => storedMember(t.db, id);
async function datesOf(ids: number[]) {
  const rows = await t.db.select().from(dateReservations).where(inArray(dateReservations.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, { userId: r.userId, status: r.status }]));
}
const mailTo = (email: string, type: string) =>
  eventually(() => t.mail.find((m) => m.to === email && m.type === type));

describe("DELETE /api/auth/user needs the password", () => {
  it("without a body or a password: 400 with the field error, and nothing changes", async () => {
    const me = await t.member();
    const d = await arrangeDate(t.db, me.user.id, { at: at("2026-11-20T19:30:00Z") });
    for (const payload of [undefined, {}, { password: "" }]) {
      const res = await del(me, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: LEAVING_MSG.password,
        errors: [{ path: "password", message: LEAVING_MSG.password }],
      });
    }
    expect((await userRow(me.user.id)).deletedAt).toBeNull();
    expect((await datesOf([d.reservation.id]))[d.reservation.id].status).toBe("scheduled");
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: me })).statusCode).toBe(200);
  });

  it("a wrong password is a 403 and nothing changes; wrong guesses run out (429) even for the right one", async () => {
    const me = await t.member();
    for (let i = 0; i < FAILURES; i++) {
      const res = await del(me, { password: `guess ${i}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: LEAVING_MSG.wrongPassword });
    }
    expect((await del(me, { password: me.password })).statusCode).toBe(429);
    expect((await userRow(me.user.id)).deletedAt).toBeNull();
    // The window passes: the right password deletes.
    t.clock.advance(16 * 60_000);
    const ok = await del(me, { password: me.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: "Account deleted" });
    expect((await userRow(me.user.id)).deletedAt).not.toBeNull();
  });

  it("with two-step sign-in on: the code is needed as well (missing 400, wrong 403, right 200)", async () => {
    const me = await t.member();
    const setup = await t.request({ method: "POST", url: "/api/account/2fa/setup", as: me });
    const { secret } = setup.json();
    const code = (offset = 0) => totpAt(secret, timeStep(t.clock.now()) + offset);
    const on = await t.request({
      method: "POST",
      url: "/api/account/2fa/enable",
      as: me,
      payload: { code: code() },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await preview(me)).json().needsCode).toBe(true);
    t.clock.advance(30_000);

    const missing = await del(me, { password: me.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ path: "code", message: LEAVING_MSG.code }] });
    const wrong = await del(me, { password: me.password, code: code(40) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: LEAVING_MSG.wrongCode });
    // The code is checked only after the password.
    const badPassword = await del(me, { password: "not it", code: code() });
    expect(badPassword.json().message).toBe(LEAVING_MSG.wrongPassword);
    expect((await userRow(me.user.id)).deletedAt).toBeNull();

    const right = await del(me, { password: me.password, code: code() });
    expect(right.statusCode, right.body).toBe(200);
    expect((await userRow(me.user.id)).deletedAt).not.toBeNull();
  });

  it("unknown keys are refused", async () => {
    const me = await t.member();
    const res = await del(me, { password: me.password, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect((await userRow(me.user.id)).deletedAt).toBeNull();
  });
});

describe("no partner", () => {
  it("the preview lists each date as cancelled, and deletion cancels them", async () => {
    const me = await t.member();
    await subscribe(t, me, "silver");
    const d = await arrangeDate(t.db, me.user.id, { at: at("2026-12-04T19:30:00Z") });
    const p = (await preview(me)).json();
    expect(p).toEqual({
      needsCode: false,
      plan: "Your Silver membership and its Direct Debit end now. No further payment is taken.",
      partner: null,
      dates: [
        {
          id: d.reservation.id,
          at: "2026-12-04T19:30:00.000Z",
          when: "Fri 4 Dec, 19:30",
          outcome: "cancelled",
          text: "will be cancelled",
        },
      ],
    });
    expect((await del(me, { password: me.password })).statusCode).toBe(200);
    expect((await datesOf([d.reservation.id]))[d.reservation.id].status).toBe("cancelled");
    const bye = await mailTo(me.user.email, "account_deleted");
    expect(bye.text).toContain(
      "Your Silver membership has ended and its Direct Debit has been cancelled with the payment provider, so no further payment will be taken.",
    );
    expect(bye.text).toContain("Your booked date has been cancelled.");
    expect(bye.text).toContain("We keep only the anonymised payment records the law requires.");
  });
});

describe("the covered partner leaves", () => {
  it("the plan holder keeps the plan and every date, including those booked for the partner", async () => {
    const [holder, covered] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    const ours = await arrangeDate(t.db, holder.user.id, { at: at("2026-11-20T19:30:00Z") });
    const theirs = await arrangeDate(t.db, covered.user.id, { at: at("2026-12-04T19:30:00Z") });
    const past = await arrangeDate(t.db, covered.user.id, { at: at("2026-11-01T19:30:00Z") });

    const p = (await preview(covered)).json();
    expect(p.plan).toBeNull();
    expect(p.partner.outcome).toMatch(/^Sam keeps the Gold membership and every booked date/);
    expect(p.dates).toEqual([
      expect.objectContaining({ id: ours.reservation.id, when: "Fri 20 Nov, 19:30", text: "stays with Sam" }),
      expect.objectContaining({
        id: theirs.reservation.id,
        when: "Fri 4 Dec, 19:30",
        text: "stays with Sam",
      }),
    ]);

    expect((await del(covered, { password: covered.password })).statusCode).toBe(200);
    expect(await datesOf([ours.reservation.id, theirs.reservation.id, past.reservation.id])).toEqual({
      [ours.reservation.id]: { userId: holder.user.id, status: "scheduled" },
      [theirs.reservation.id]: { userId: holder.user.id, status: "scheduled" },
      // A date already past stays where it was (its ratings belong to who wrote them).
      [past.reservation.id]: { userId: covered.user.id, status: "scheduled" },
    });
    expect(await userRow(holder.user.id)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionTier: "gold",
      partnerId: null,
    });
    const mail = await mailTo(holder.user.email, "partner_left");
    expect(mail.text).toContain("Alex deleted their Unveil account");
    expect(mail.text).toContain("You keep your Gold membership and every booked date (2 dates ahead).");
    expect(mail.text).toContain("1 date was booked in Alex's name and is now in yours: Fri 4 Dec, 19:30.");
    expect(mail.text).not.toMatch(/unchanged/);
    // The covered partner had no plan: nothing was cancelled at the provider; Sam keeps the plan and both dates.
    const bye = await mailTo(covered.user.email, "account_deleted");
    expect(bye.text).toContain(
      "You had no membership of your own, so there was nothing to cancel. Sam keeps the Gold membership and your 2 booked dates.",
    );
    expect(bye.text).not.toMatch(/payment provider|subscription|payment records/);
  });

  it("unlinking does the same, whoever unlinks, and the other is told", async () => {
    const [holder, covered] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    const theirs = await arrangeDate(t.db, covered.user.id, { at: at("2026-12-04T19:30:00Z") });
    const res = await t.request({ method: "DELETE", url: "/api/partner", as: covered });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().partner).toBeNull();
    expect(await datesOf([theirs.reservation.id])).toEqual({
      [theirs.reservation.id]: { userId: holder.user.id, status: "scheduled" },
    });
    expect(await userRow(holder.user.id)).toMatchObject({ subscriptionStatus: "active", partnerId: null });
    expect((await userRow(covered.user.id)).partnerId).toBeNull();
    const told = await mailTo(holder.user.email, "partner_unlinked");
    expect(told.text).toContain("You keep your Gold membership and every booked date.");
    expect(told.text).toContain("Fri 4 Dec, 19:30");

    // The holder unlinking: the covered partner's dates stay with the plan too.
    const [h2, c2] = await couple(["Kim", "Jo"]);
    await subscribe(t, h2, "silver");
    const hers = await arrangeDate(t.db, c2.user.id, { at: at("2026-11-27T19:00:00Z") });
    expect((await t.request({ method: "DELETE", url: "/api/partner", as: h2 })).statusCode).toBe(200);
    expect((await datesOf([hers.reservation.id]))[hers.reservation.id].userId).toBe(h2.user.id);
    const tell = await mailTo(c2.user.email, "partner_unlinked");
    expect(tell.text).toContain("The Silver membership was Kim's, so it stays with them");
  });
});

describe("after unlinking, a partner with only their own needs answered", () => {
  it("is asked for the whole questionnaire again; a member with their own answers stays onboarded", async () => {
    const [holder, covered] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    await t.db.insert(userPreferences).values([
      {
        userId: holder.user.id,
        postcode: "SE1 9PX",
        timePreferences: [{ time: "evenings", rank: 1 }],
        schedulingPreferences: [{ weekOfMonth: 1, dayOfWeek: "friday" }],
      },
      { userId: covered.user.id, dietaryRestrictions: ["Vegan"] },
    ]);
    await t.db
      .update(users)
      .set({ onboardingCompleted: true })
      .where(inArray(users.id, [holder.user.id, covered.user.id]));
    expect((await t.request({ method: "DELETE", url: "/api/partner", as: covered })).statusCode).toBe(200);
    expect((await userRow(covered.user.id)).onboardingCompleted).toBe(false);
    expect((await userRow(holder.user.id)).onboardingCompleted).toBe(true);
  });
});

describe("the plan holder leaves", () => {
  async function holderLeaves() {
    const [holder, partner] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    const paidUntil = (await userRow(holder.user.id)).currentPeriodEnd!;
    expect(paidUntil.toISOString()).toBe("2026-12-10T12:00:05.000Z");
    const within = await arrangeDate(t.db, holder.user.id, { at: at("2026-11-27T19:30:00Z") });
    const after = await arrangeDate(t.db, holder.user.id, { at: at("2026-12-18T19:30:00Z") });
    const partners = await arrangeDate(t.db, partner.user.id, { at: at("2026-12-12T19:00:00Z") });
    const ids = [within.reservation.id, after.reservation.id, partners.reservation.id];

    const p = (await preview(holder)).json();
    expect(p.plan).toBe("Your Gold membership and its Direct Debit end now. No further payment is taken.");
    expect(p.partner.outcome).toBe(
      "Alex is offered your Gold membership. Your 3 booked dates stay with Alex. Fri 27 Nov goes ahead either way; Sat 12 Dec and Fri 18 Dec depend on Alex setting up their own Direct Debit by 24 November 2026. We'll e-mail Alex to explain.",
    );
    expect(p.dates.map((d: { when: string; text: string }) => `${d.when}: ${d.text}`)).toEqual([
      "Fri 27 Nov, 19:30: moves to Alex and goes ahead either way (within the month you have paid for)",
      "Sat 12 Dec, 19:00: stays with Alex; depends on Alex setting up their own Direct Debit by 24 November 2026, otherwise it will be cancelled",
      "Fri 18 Dec, 19:30: moves to Alex; depends on Alex setting up their own Direct Debit by 24 November 2026, otherwise it will be cancelled",
    ]);

    const res = await del(holder, { password: holder.password });
    expect(res.statusCode, res.body).toBe(200);
    return { holder, partner, ids, paidUntil };
  }

  it("the partner is offered the membership, every date moves to them and stays booked, and the e-mail says so", async () => {
    const { holder, partner, ids, paidUntil } = await holderLeaves();
    const dates = await datesOf(ids);
    for (const id of ids) expect(dates[id]).toEqual({ userId: partner.user.id, status: "scheduled" });
    expect(await userRow(partner.user.id)).toMatchObject({
      partnerId: null,
      subscriptionStatus: null,
      planOfferTier: "gold",
      planOfferExpiresAt: new Date(NOW.getTime() + 14 * DAY),
      planOfferPaidUntil: paidUntil,
    });
    expect(await userRow(holder.user.id)).toMatchObject({ subscriptionStatus: "cancelled" });

    const mail = await mailTo(partner.user.email, "plan_holder_left");
    expect(mail.subject).toContain("keep your dates by 24 November 2026");
    expect(mail.text).toContain("Sam deleted their Unveil account. Their Gold membership");
    expect(mail.text).toContain("Your 3 booked dates are now in your name and still booked.");
    expect(mail.text).toContain(
      "Set up your own Direct Debit by 24 November 2026 to keep the Gold membership. 2 of your dates (Sat 12 Dec and Fri 18 Dec) depend on it; Fri 27 Nov goes ahead either way.",
    );
    expect(mail.text).toContain(
      "Sam paid until 10 December 2026. If you don't set up a membership by 24 November 2026, these dates will be cancelled: Sat 12 Dec, 19:00; Fri 18 Dec, 19:30.",
    );
    expect(mail.text).not.toMatch(/unchanged|to keep your \d+ booked dates/);
    expect(mail.html).toContain("/subscription?tier=gold");
    // The leaver's goodbye counts the couple's dates (2 were Sam's, 1 already Alex's), in the dialog's words.
    const bye = await mailTo(holder.user.email, "account_deleted");
    expect(bye.text).toContain(
      "Your Gold membership has ended and its Direct Debit has been cancelled with the payment provider",
    );
    expect(bye.text).toContain("Alex has been offered your Gold membership.");
    expect(bye.text).toContain(
      "Your 3 booked dates now stay with Alex. Fri 27 Nov goes ahead either way; Sat 12 Dec and Fri 18 Dec depend on Alex setting up their own Direct Debit by 24 November 2026.",
    );

    const offer = await t.request({ method: "GET", url: "/api/account/plan-offer", as: partner });
    expect(offer.json()).toEqual({
      offer: {
        tier: "gold",
        tierName: "Gold",
        expiresAt: new Date(NOW.getTime() + 14 * DAY).toISOString(),
        paidUntil: paidUntil.toISOString(),
        dates: 3,
        atRisk: 2,
        keptDays: ["Fri 27 Nov"],
        atRiskDays: ["Sat 12 Dec", "Fri 18 Dec"],
      },
    });
    // The partner sees the dates as their own.
    const mine = await t.request({ method: "GET", url: "/api/dates/user", as: partner });
    expect(mine.json().map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining(ids));
  });

  it("one date within the paid month and one after, both in the holder's name: said in the singular, alike everywhere", async () => {
    const [holder, partner] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    await arrangeDate(t.db, holder.user.id, { at: at("2026-11-27T19:30:00Z") });
    await arrangeDate(t.db, holder.user.id, { at: at("2026-12-18T19:30:00Z") });
    expect((await preview(holder)).json().partner.outcome).toBe(
      "Alex is offered your Gold membership. Your 2 booked dates move to Alex. Fri 27 Nov goes ahead either way; Fri 18 Dec depends on Alex setting up their own Direct Debit by 24 November 2026. We'll e-mail Alex to explain.",
    );
    expect((await del(holder, { password: holder.password })).statusCode).toBe(200);
    const mail = await mailTo(partner.user.email, "plan_holder_left");
    expect(mail.text).toContain("Your 2 booked dates are now in your name and still booked.");
    expect(mail.text).toContain(
      "Set up your own Direct Debit by 24 November 2026 to keep the Gold membership. 1 of your dates (Fri 18 Dec) depends on it; Fri 27 Nov goes ahead either way.",
    );
    expect(mail.text).toContain("this date will be cancelled: Fri 18 Dec, 19:30.");
    const bye = await mailTo(holder.user.email, "account_deleted");
    expect(bye.text).toContain(
      "Your 2 booked dates have moved to Alex. Fri 27 Nov goes ahead either way; Fri 18 Dec depends on Alex setting up their own Direct Debit by 24 November 2026.",
    );
    const offer = (await t.request({ method: "GET", url: "/api/account/plan-offer", as: partner })).json()
      .offer;
    expect(offer).toMatchObject({
      dates: 2,
      atRisk: 1,
      keptDays: ["Fri 27 Nov"],
      atRiskDays: ["Fri 18 Dec"],
    });
  });

  it("no date after the paid month: nothing depends on the Direct Debit except the membership itself", async () => {
    const [holder, partner] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    await arrangeDate(t.db, holder.user.id, { at: at("2026-11-27T19:30:00Z") });
    const p = (await preview(holder)).json();
    expect(p.partner.outcome).toBe(
      "Alex is offered your Gold membership. Your booked date moves to Alex. It goes ahead either way, so nothing depends on Alex setting up their own Direct Debit by 24 November 2026 except the membership itself. We'll e-mail Alex to explain.",
    );
    expect(p.dates.map((d: { text: string }) => d.text)).toEqual([
      "moves to Alex and goes ahead either way (within the month you have paid for)",
    ]);
    expect((await del(holder, { password: holder.password })).statusCode).toBe(200);
    const mail = await mailTo(partner.user.email, "plan_holder_left");
    expect(mail.subject).toBe("Sam has left Unveil: keep the Gold membership by 24 November 2026");
    expect(mail.text).toContain("Your booked date is now in your name and still booked.");
    expect(mail.text).toContain(
      "Set up your own Direct Debit by 24 November 2026 to keep the Gold membership. Your date (Fri 27 Nov) goes ahead either way, so nothing depends on it except the membership itself.",
    );
    expect(mail.text).not.toMatch(/will be cancelled/);
    const offer = (await t.request({ method: "GET", url: "/api/account/plan-offer", as: partner })).json()
      .offer;
    expect(offer).toMatchObject({ dates: 1, atRisk: 0, keptDays: ["Fri 27 Nov"], atRiskDays: [] });
  });

  it("no date booked at all: the membership is offered and nothing else is promised", async () => {
    const [holder, partner] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    expect((await preview(holder)).json().partner.outcome).toBe(
      "Alex is offered your Gold membership and can keep it by setting up their own Direct Debit by 24 November 2026. We'll e-mail Alex to explain.",
    );
    expect((await del(holder, { password: holder.password })).statusCode).toBe(200);
    const mail = await mailTo(partner.user.email, "plan_holder_left");
    expect(mail.text).toContain(
      "Set up your own Direct Debit by 24 November 2026 to keep the Gold membership. Nothing depends on it except the membership itself.",
    );
    const bye = await mailTo(holder.user.email, "account_deleted");
    expect(bye.text).toContain(
      "Alex has been offered your Gold membership and can keep it by setting up their own Direct Debit by 24 November 2026.",
    );
  });

  it("the couple's shared answers stay with the partner, beside their own needs, so dates can still be planned", async () => {
    const [holder, partner] = await couple(["Sam", "Alex"]);
    await subscribe(t, holder, "gold");
    await t.db.insert(userPreferences).values([
      {
        userId: holder.user.id,
        postcode: "SE1 9PX",
        travelRadius: 10,
        dateSpend: "££",
        dateTypePreferences: [{ type: "restaurants", rank: 1 }],
        timePreferences: [{ time: "evenings", rank: 1 }],
        schedulingPreferences: [{ weekOfMonth: 1, dayOfWeek: "friday" }],
        dietaryRestrictions: ["Halal"],
      },
      { userId: partner.user.id, dietaryRestrictions: ["Vegan"], alcoholOk: false },
    ]);
    expect((await del(holder, { password: holder.password })).statusCode).toBe(200);
    const [kept] = await t.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, partner.user.id));
    expect(kept).toMatchObject({
      postcode: "SE1 9PX",
      travelRadius: 10,
      dateSpend: "££",
      schedulingPreferences: [{ weekOfMonth: 1, dayOfWeek: "friday" }],
      // Their own needs are theirs; the leaver's are gone with them.
      dietaryRestrictions: ["Vegan"],
      alcoholOk: false,
    });
  });

  it("subscribing within 14 days keeps every date and clears the offer", async () => {
    const { partner, ids } = await holderLeaves();
    t.clock.set(new Date(NOW.getTime() + 10 * DAY));
    await subscribe(t, partner, "gold");
    expect(await userRow(partner.user.id)).toMatchObject({
      subscriptionStatus: "active",
      planOfferExpiresAt: null,
      planOfferTier: null,
      planOfferPaidUntil: null,
    });
    expect((await t.request({ method: "GET", url: "/api/account/plan-offer", as: partner })).json()).toEqual({
      offer: null,
    });
    t.clock.set(new Date(NOW.getTime() + 15 * DAY));
    await endPlanOffers(t.deps);
    const dates = await datesOf(ids);
    for (const id of ids) expect(dates[id]).toEqual({ userId: partner.user.id, status: "scheduled" });
    expect(t.mail.filter((m) => m.to === partner.user.email && m.type === "plan_offer_ended")).toEqual([]);
  });

  it("a partner taking the plan over is not charged for the month the holder paid: collection starts at its end", async () => {
    const { partner, paidUntil } = await holderLeaves();
    t.clock.set(new Date(NOW.getTime() + 10 * DAY));
    await subscribe(t, partner, "gold");
    const row = await userRow(partner.user.id);
    expect(row.currentPeriodEnd!.toISOString()).toBe(paidUntil.toISOString());
    const [sub] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, row.paymentSubscriptionId!));
    expect(sub.startDate.toISOString()).toBe(paidUntil.toISOString());
    const charged = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.mandateId, row.paymentMandateId!));
    expect(charged.filter((p) => p.chargeDate < paidUntil)).toEqual([]);
    const billing = (await t.request({ method: "GET", url: "/api/billing", as: partner })).json();
    expect(billing.nextPayment).toEqual({ date: "2026-12-10", amountPence: 2000 });
    expect(billing.cycles[0]).toMatchObject({ kind: "paid", to: paidUntil.toISOString() });
  });

  it("the offer running out cancels the dates after the paid cycle, with notice; those within it stay", async () => {
    const { partner, ids } = await holderLeaves();
    const [within, after, partners] = ids;
    // Not yet: the offer still stands on day 13.
    t.clock.set(new Date(NOW.getTime() + 13 * DAY));
    expect(await endPlanOffers(t.deps)).toBe(0);
    expect((await datesOf([after]))[after].status).toBe("scheduled");

    t.clock.set(new Date(NOW.getTime() + 14 * DAY + 60_000));
    expect(await endPlanOffers(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await datesOf(ids)).toEqual({
      [within]: { userId: partner.user.id, status: "scheduled" },
      [after]: { userId: partner.user.id, status: "cancelled" },
      [partners]: { userId: partner.user.id, status: "cancelled" },
    });
    expect(await userRow(partner.user.id)).toMatchObject({
      planOfferExpiresAt: null,
      planOfferTier: null,
      planOfferPaidUntil: null,
      subscriptionStatus: null,
    });
    const notice = await mailTo(partner.user.email, "plan_offer_ended");
    expect(notice.text).toContain("Nothing has been charged and nothing will be.");
    expect(notice.text).toContain(
      "The 2 dates after the month your partner paid for (until 10 December 2026) have been cancelled: Sat 12 Dec, 19:00; Fri 18 Dec, 19:30.",
    );
    expect(notice.text).toContain("Your 1 date within that month is still booked and goes ahead.");
    // Once only.
    expect(await endPlanOffers(t.deps)).toBe(0);
    expect(t.mail.filter((m) => m.to === partner.user.email && m.type === "plan_offer_ended")).toHaveLength(
      1,
    );
    expect((await t.request({ method: "GET", url: "/api/account/plan-offer", as: partner })).json()).toEqual({
      offer: null,
    });
  });
});

describe("a partner but no plan on either side", () => {
  it("the leaver's own dates are cancelled, the partner's stay, and the partner is told which", async () => {
    const [a, b] = await couple(["Sam", "Alex"]);
    const mine = await arrangeDate(t.db, a.user.id, { at: at("2026-11-20T19:30:00Z") });
    const theirs = await arrangeDate(t.db, b.user.id, { at: at("2026-11-27T19:30:00Z") });
    const p = (await preview(a)).json();
    expect(p.dates.map((d: { text: string }) => d.text)).toEqual(["will be cancelled", "stays with Alex"]);
    expect((await del(a, { password: a.password })).statusCode).toBe(200);
    expect(await datesOf([mine.reservation.id, theirs.reservation.id])).toEqual({
      [mine.reservation.id]: { userId: a.user.id, status: "cancelled" },
      [theirs.reservation.id]: { userId: b.user.id, status: "scheduled" },
    });
    const mail = await mailTo(b.user.email, "partner_left");
    expect(mail.text).toContain("Your own account and your 1 booked date are unchanged.");
    expect(mail.text).toContain("the 1 date booked in their name was cancelled: Fri 20 Nov, 19:30.");
  });
});
