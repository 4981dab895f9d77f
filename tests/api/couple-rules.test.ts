/** One membership per couple, offers that end with their contract, and actions that are safe to repeat. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { offerCodes, users } from "../../src/server/db/schema.ts";
import { MSG } from "../../src/shared/messages.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { startCheckout, subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));

async function couple(): Promise<[SignedIn, SignedIn]> {
  const a = await t.member();
  const b = await t.member({ partnerId: a.user.id });
  await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
  return [{ ...a, user: { ...a.user, partnerId: b.user.id } }, b];
}

async function invite(from: SignedIn, email: string) {
  await t.request({ method: "POST", url: "/api/partner/invite", as: from, payload: { email } });
  const mail = await eventually(() => t.mail.findLast((m) => m.to === email && m.type === "partner_invite"));
  return new URL(/https?:\/\/\S+partner-invite\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get(
    "token",
  )!;
}

describe("one membership covers a couple", () => {
  it("the partner of a member with a plan cannot buy a second one, and sees the plan that covers them", async () => {
    const [a, b] = await couple();
    await subscribe(t, a, "gold");
    const res = await startCheckout(t, b, "silver");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already covers you both/);
    const me = await t.request({ method: "GET", url: "/api/auth/user", as: b });
    expect(me.json().partnerPlan).toEqual({
      tier: "gold",
      status: "active",
      firstName: a.user.firstName,
      pausedFrom: null,
      pausedUntil: null,
      giftedUntil: null,
    });
    // The partner's billing shows the plan that covers them, with the holder's next payment, and never the
    // holder's Direct Debit or payments.
    const [holder, covered] = await Promise.all(
      [a, b].map(async (who) => (await t.request({ method: "GET", url: "/api/billing", as: who })).json()),
    );
    expect(covered).toMatchObject({
      tier: "gold",
      status: "active",
      coveredBy: a.user.firstName,
      nextPayment: holder.nextPayment,
      mandate: null,
      payments: [],
      bankDetails: { changeable: false },
      canReactivate: false,
      coolingOffRefundEligible: false,
    });
    expect(holder.nextPayment).not.toBeNull();
    expect(holder.coveredBy).toBeNull();
  });

  it("two members who both pay cannot link until one cancels", async () => {
    const a = await t.member();
    const b = await t.member();
    await subscribe(t, a, "gold");
    await subscribe(t, b, "silver");
    const token = await invite(a, b.user.email);
    const res = await t.request({
      method: "POST",
      url: "/api/partner-invite/accept",
      as: b,
      payload: { token },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/one covers a couple/);
  });

  it("accepting twice answers like the first time, and the inviter hears about it", async () => {
    const a = await t.member();
    const b = await t.member();
    const token = await invite(a, b.user.email);
    const first = await t.request({
      method: "POST",
      url: "/api/partner-invite/accept",
      as: b,
      payload: { token },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request({
      method: "POST",
      url: "/api/partner-invite/accept",
      as: b,
      payload: { token },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().partnerId).toBe(a.user.id);
    await eventually(() => t.mail.find((m) => m.to === a.user.email && m.type === "partner_joined"));
  });
});

describe("offers end with their contract", () => {
  it("after a refunded cancellation and a new plan without a code, no discount shows or applies", async () => {
    await t.db
      .insert(offerCodes)
      .values({ code: "ENDS10", discountType: "percentage", discountValue: "10.00", durationMonths: 3 });
    const me = await t.member();
    await subscribe(t, me, "gold", "ENDS10");
    const cancel = await t.request({
      method: "POST",
      url: "/api/cancel-subscription",
      as: me,
      payload: { reason: "Other" },
    });
    expect(cancel.json().refunded).toBe(true);
    expect(
      (await t.request({ method: "GET", url: "/api/auth/user", as: me })).json().activeDiscount,
    ).toBeNull();
    await subscribe(t, me, "silver");
    const user = await t.request({ method: "GET", url: "/api/auth/user", as: me });
    expect(user.json().activeDiscount).toBeNull();
    const billing = await t.request({ method: "GET", url: "/api/billing", as: me });
    expect(billing.json()).toMatchObject({ monthlyAmountPence: 1500, nextPayment: { amountPence: 1500 } });
  });
});

describe("safe to repeat", () => {
  it("deleting twice at once sends one goodbye; the partner is told", async () => {
    const [a, b] = await couple();
    const [r1, r2] = await Promise.all([
      t.request({ method: "DELETE", url: "/api/auth/user", as: a, payload: { password: a.password } }),
      t.request({ method: "DELETE", url: "/api/auth/user", as: a, payload: { password: a.password } }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toContain(200);
    await eventually(() => t.mail.find((m) => m.to === b.user.email && m.type === "partner_left"));
    // Both deletions have answered, and a deletion hands its goodbye to the mailer before it answers:
    // every goodbye they were going to send has been sent.
    expect(t.mail.filter((m) => m.to === a.user.email && m.type === "account_deleted")).toHaveLength(1);
  });

  it("a password of spaces is refused", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { email: "spaces@example.com", password: "         ", firstName: "Sam", lastName: "Spaces" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordMin);
  });
});
