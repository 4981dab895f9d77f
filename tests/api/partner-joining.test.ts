/**
 * Joining as a partner: only the verified invited address accepts; the linked partner
 * answers a short questionnaire of their own needs and reads the couple's shared answers; each partner keeps
 * their own notification switches.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { partnerInvites, userPreferences, users } from "../../src/server/db/schema.ts";
import { loadMember } from "../../src/server/modules/matching/load.ts";
import { readSwitches } from "../../src/server/modules/notifications/switches.ts";
import { MSG } from "../../src/shared/messages.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { maskEmail, PARTNER_JOIN_MSG } from "../../src/shared/schemas/partner.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));

let n = 0;
const fresh = (prefix = "partner") => `${prefix}${++n}-${process.pid}@example.com`;

const SHARED = {
  postcode: "se1 9px",
  travelRadius: 10,
  dateSpend: "££",
  dateTypePreferences: [
    { type: "culture", rank: 2 },
    { type: "restaurants", rank: 1 },
  ],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "friday" },
    { weekOfMonth: 2, dayOfWeek: "saturday" },
    { weekOfMonth: 3, dayOfWeek: "sunday" },
  ],
  timePreferences: [{ time: "evenings", rank: 1 }],
  dietaryRestrictions: ["Vegetarian"],
  accessibilityNeeds: [],
  alcoholOk: true,
  termsAccepted: true,
};

const OWN = {
  dietaryRestrictions: ["Vegan", "Nut Allergies"],
  accessibilityNeeds: ["Step-free access"],
  alcoholOk: false,
  marketingOptOut: true,
  termsAccepted: true,
};

async function tokenSentTo(to: string): Promise<string> {
  const mail = await eventually(() => t.mail.findLast((m) => m.to === to && m.type === "partner_invite"));
  return decodeURIComponent(/\/partner-invite\?token=([^\s"'<&]+)/.exec(mail.text)![1]);
}

async function invite(from: SignedIn, email: string): Promise<string> {
  const res = await t.request({ method: "POST", url: "/api/partner/invite", as: from, payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return tokenSentTo(email.trim().toLowerCase());
}

const accept = (as: SignedIn, token: string) =>
  t.request({ method: "POST", url: "/api/partner-invite/accept", as, payload: { token } });

const getQ = (as?: SignedIn) => t.request({ method: "GET", url: "/api/partner/preferences", as });
const putQ = (as: SignedIn | undefined, payload: unknown) =>
  t.request({ method: "PUT", url: "/api/partner/preferences", as, payload: payload as object });

async function answerAll(as: SignedIn, body: object = SHARED) {
  const res = await t.request({ method: "POST", url: "/api/onboarding/preferences", as, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

async function row(id: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return u;
}
async function prefsOf(id: number) {
  const [p] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, id));
  return p;
}

/** A plan holder who has answered the full questionnaire, and their partner linked through the real flow. */
async function couple(opts: { holderPlan?: boolean; holderAnswers?: boolean } = {}) {
  const a = await t.member({
    firstName: "Alex",
    ...(opts.holderPlan === false ? {} : { subscriptionTier: "gold", subscriptionStatus: "active" }),
  });
  if (opts.holderAnswers !== false) await answerAll(a);
  const b = await t.member({ firstName: "Blake" });
  const res = await accept(b, await invite(a, b.user.email));
  expect(res.statusCode, res.body).toBe(200);
  return { a, b };
}

describe("accepting an invitation: only the verified invited address", () => {
  async function nothingChanged(inviter: SignedIn, stranger: SignedIn, token: string, mailsBefore: number) {
    expect((await row(inviter.user.id)).partnerId).toBeNull();
    expect((await row(stranger.user.id)).partnerId).toBeNull();
    const pending = await t.db
      .select()
      .from(partnerInvites)
      .where(and(eq(partnerInvites.inviterId, inviter.user.id), isNull(partnerInvites.acceptedAt)));
    expect(pending).toHaveLength(1);
    expect(pending[0].acceptedBy).toBeNull();
    expect((await t.request({ method: "GET", url: `/api/partner-invite/${token}` })).statusCode).toBe(200);
    expect(t.mail.filter((m) => m.type === "partner_joined").length).toBe(mailsBefore);
  }

  it("another account is refused with a masked address and a way forward; nothing changes", async () => {
    const a = await t.member({ firstName: "Alex" });
    const invited = fresh("jamie");
    const token = await invite(a, invited);
    const stranger = await t.member();
    const joined = t.mail.filter((m) => m.type === "partner_joined").length;

    const res = await accept(stranger, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PARTNER_JOIN_MSG.wrongAddress(maskEmail(invited), "Alex") });
    expect(res.json().message).toBe(
      "This invitation was sent to j***@example.com. Sign in with that address to accept it, or ask Alex to invite the address you use.",
    );
    expect(res.body).not.toContain(invited);
    await nothingChanged(a, stranger, token, joined);

    // The invited address, verified, still can.
    const jamie = await t.member({ email: invited });
    const ok = await accept(jamie, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await row(a.user.id)).partnerId).toBe(jamie.user.id);
  });

  it("an admin with another address is refused the same way", async () => {
    const a = await t.member({ firstName: null });
    const token = await invite(a, fresh());
    const admin = await t.admin();
    const res = await accept(admin, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^This invitation was sent to p\*\*\*@example\.com\. .*ask your partner/,
    );
    expect((await row(admin.user.id)).partnerId).toBeNull();
  });

  it("the invited address not yet verified is asked to verify first; after the link, it accepts", async () => {
    const a = await t.member();
    const email = fresh();
    const token = await invite(a, email);
    const b = await t.member({ email, emailVerified: false });
    const joined = t.mail.filter((m) => m.type === "partner_joined").length;

    const res = await accept(b, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PARTNER_JOIN_MSG.verifyFirst(email) });
    expect(res.json().message).not.toBe(PARTNER_JOIN_MSG.wrongAddress(maskEmail(email), null));
    await nothingChanged(a, b, token, joined);

    // The real verification link, then the same request succeeds.
    expect((await t.request({ method: "POST", url: "/api/resend-verification", as: b })).statusCode).toBe(
      200,
    );
    const mail = await eventually(() =>
      t.mail.findLast((m) => m.to === email && m.type === "email_verification"),
    );
    const link = /\/api\/verify-email\?token=[^\s"'<]+/.exec(mail.text)![0];
    const verified = await t.request({ method: "GET", url: link });
    expect(verified.headers.location).toBe("/?verified=1");
    const ok = await accept(b, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: b.user.id, partnerId: a.user.id, emailVerified: true });
  });

  it("the invited address waiting as an unverified change of address is asked to verify it", async () => {
    const a = await t.member();
    const email = fresh();
    const token = await invite(a, email);
    const b = await t.member({ pendingEmail: email });
    const res = await accept(b, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PARTNER_JOIN_MSG.verifyFirst(email) });
    expect((await row(b.user.id)).partnerId).toBeNull();
  });

  it("the address matches whatever its case", async () => {
    const a = await t.member();
    const lower = fresh("casey");
    const token = await invite(a, `  ${lower.toUpperCase()} `);
    const b = await t.member({ email: `Casey${lower.slice(5)}` });
    const res = await accept(b, token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(b.user.id)).partnerId).toBe(a.user.id);
  });

  it("an expired or unknown link is still 404, whoever asks", async () => {
    const a = await t.member();
    const token = await invite(a, fresh());
    const stranger = await t.member();
    t.clock.set(new Date(NOW.getTime() + 8 * 86_400_000));
    const res = await accept(stranger, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEMBER_MSG.token });
  });

  it("the public invitation answer keeps its contract: the full invited address for the token holder", async () => {
    const a = await t.member({ firstName: "Alex" });
    const email = fresh();
    const token = await invite(a, email);
    const res = await t.request({ method: "GET", url: `/api/partner-invite/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inviterFirstName: "Alex", email });
  });
});

describe("GET /api/partner/preferences", () => {
  it("a linked partner reads the plan holder's shared answers and their own defaults", async () => {
    const { a, b } = await couple();
    const res = await getQ(b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      eligible: true,
      partnerFirstName: "Alex",
      shared: {
        fromFirstName: "Alex",
        postcode: "SE1 9PX",
        travelRadius: 10,
        dateSpend: "££",
        dateTypes: ["restaurants", "culture"],
        scheduling: SHARED.schedulingPreferences,
        times: ["evenings"],
      },
      own: { dietaryRestrictions: [], accessibilityNeeds: [], alcoholOk: true },
      marketingOptOut: false,
      termsAccepted: false,
      completed: false,
    });
    // The plan holder's own needs are theirs: not shown as the partner's.
    expect(JSON.stringify(res.json().own)).not.toContain("Vegetarian");
    // The holder answers the full questionnaire.
    const holder = (await getQ(a)).json();
    expect(holder).toMatchObject({
      eligible: false,
      shared: null,
      partnerFirstName: "Blake",
      completed: true,
    });
  });

  it("a member not linked: not eligible, nothing shared", async () => {
    const me = await t.member();
    const res = await getQ(me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eligible: false, partnerFirstName: null, shared: null });
  });

  it("without a plan, the partner who answered is the couple's voice; both answered, whoever answered first", async () => {
    const { a, b } = await couple({ holderPlan: false });
    expect((await getQ(b)).json()).toMatchObject({ eligible: true, shared: { fromFirstName: "Alex" } });
    expect((await getQ(a)).json()).toMatchObject({ eligible: false });

    // The couple's questions are answered: the other partner's full questionnaire is refused, nothing changes.
    t.clock.advance(60_000);
    const again = await t.request({
      method: "POST",
      url: "/api/onboarding/preferences",
      as: b,
      payload: { ...SHARED, postcode: "N1 9GU" },
    });
    expect(again.statusCode).toBe(409);
    expect((await getQ(b)).json()).toMatchObject({ eligible: true, shared: { postcode: "SE1 9PX" } });
    expect((await getQ(a)).json()).toMatchObject({ eligible: false });
  });

  it("visitors get 401", async () => {
    const res = await getQ();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });
});

describe("PUT /api/partner/preferences", () => {
  it("saves the partner's own needs in their own row, marks their onboarding done, and leaves the holder's alone", async () => {
    const { a, b } = await couple();
    const holderBefore = await prefsOf(a.user.id);
    t.clock.advance(60_000);

    const res = await putQ(b, OWN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      id: b.user.id,
      onboardingCompleted: true,
      marketingOptOut: true,
    });
    expect(res.json().questionnaire).toMatchObject({
      eligible: true,
      completed: true,
      termsAccepted: true,
      own: {
        dietaryRestrictions: OWN.dietaryRestrictions,
        accessibilityNeeds: OWN.accessibilityNeeds,
        alcoholOk: false,
      },
    });

    const mine = await prefsOf(b.user.id);
    expect(mine).toMatchObject({
      dietaryRestrictions: OWN.dietaryRestrictions,
      accessibilityNeeds: OWN.accessibilityNeeds,
      alcoholOk: false,
      postcode: null,
      dateSpend: null,
    });
    const me = await row(b.user.id);
    expect(me).toMatchObject({ onboardingCompleted: true, termsAccepted: true });
    expect((await readSwitches(t.db, b.user.id)).marketingOptOut).toBe(true);
    expect(me.termsAcceptedAt?.toISOString()).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect(await prefsOf(a.user.id)).toEqual(holderBefore);
    expect((await readSwitches(t.db, a.user.id)).marketingOptOut).toBe(false);

    const current = await t.request({ method: "GET", url: "/api/auth/user", as: b });
    expect(current.json().onboardingCompleted).toBe(true);

    // Changing them later: same row, the first acceptance of the Terms stays on record.
    t.clock.advance(60_000);
    const again = await putQ(b, { ...OWN, dietaryRestrictions: [], alcoholOk: true, marketingOptOut: false });
    expect(again.statusCode).toBe(200);
    expect(await prefsOf(b.user.id)).toMatchObject({ id: mine.id, dietaryRestrictions: [], alcoholOk: true });
    expect((await row(b.user.id)).termsAcceptedAt?.toISOString()).toBe(me.termsAcceptedAt?.toISOString());
  });

  it("the matching engine plans with both partners' needs", async () => {
    const { a, b } = await couple();
    expect((await putQ(b, OWN)).statusCode).toBe(200);
    const profile = await loadMember(t.deps, a.user.id);
    expect(profile).not.toBeNull();
    expect([...profile!.dietary].sort()).toEqual(["Nut Allergies", "Vegan", "Vegetarian"]);
    expect(profile!.accessibility).toEqual(["Step-free access"]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a dietary need not on the list", { dietaryRestrictions: ["Carnivore"] }, PARTNER_JOIN_MSG.dietary],
    ["dietary needs not a list", { dietaryRestrictions: "Vegan" }, PARTNER_JOIN_MSG.dietary],
    ["dietary needs missing", { dietaryRestrictions: undefined }, PARTNER_JOIN_MSG.dietary],
    ["a dietary need twice", { dietaryRestrictions: ["Vegan", "Vegan"] }, PARTNER_JOIN_MSG.duplicate],
    ["an access need not on the list", { accessibilityNeeds: ["Lift"] }, PARTNER_JOIN_MSG.access],
    ["access needs not a list", { accessibilityNeeds: null }, PARTNER_JOIN_MSG.access],
    ["alcohol missing", { alcoholOk: undefined }, PARTNER_JOIN_MSG.alcohol],
    ["alcohol as words", { alcoholOk: "yes" }, PARTNER_JOIN_MSG.alcohol],
    ["marketing as words", { marketingOptOut: "no" }, PARTNER_JOIN_MSG.marketing],
    ["the Terms not accepted", { termsAccepted: false }, PARTNER_JOIN_MSG.terms],
    ["the Terms missing", { termsAccepted: undefined }, PARTNER_JOIN_MSG.terms],
  ];
  it.each(invalid)("%s: 400 with its message, nothing saved", async (_name, patch, message) => {
    const { b } = await couple();
    const res = await putQ(b, { ...OWN, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await prefsOf(b.user.id)).toBeUndefined();
    expect((await row(b.user.id)).onboardingCompleted).toBe(false);
  });

  it("malformed input is a 4xx, never a 500, and saves nothing", async () => {
    const { b } = await couple();
    const bad = await t.request({
      method: "PUT",
      url: "/api/partner/preferences",
      as: b,
      headers: { "content-type": "application/json" },
      payload: '{"dietaryRestrictions": [',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MSG.malformedJson });
    for (const payload of [[OWN], "just text", 42]) {
      const res = await t.request({
        method: "PUT",
        url: "/api/partner/preferences",
        as: b,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Shared answers and other people's rows are not this route's to write.
    for (const extra of [{ postcode: "N1 9GU" }, { userId: 1 }, { onboardingCompleted: true }]) {
      const res = await putQ(b, { ...OWN, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await prefsOf(b.user.id)).toBeUndefined();
    expect((await row(b.user.id)).onboardingCompleted).toBe(false);
  });

  it("visitors 401; a member not linked 403; the plan holder and a partner of an unanswered couple 409", async () => {
    const visitor = await putQ(undefined, OWN);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: MSG.notSignedIn });

    const alone = await t.member();
    const notLinked = await putQ(alone, OWN);
    expect(notLinked.statusCode).toBe(403);
    expect(notLinked.json()).toEqual({ message: PARTNER_JOIN_MSG.notLinked });
    expect(await prefsOf(alone.user.id)).toBeUndefined();
    expect((await row(alone.user.id)).onboardingCompleted).toBe(false);

    const { a } = await couple();
    const before = await prefsOf(a.user.id);
    const holder = await putQ(a, OWN);
    expect(holder.statusCode).toBe(409);
    expect(holder.json()).toEqual({ message: PARTNER_JOIN_MSG.holder });
    expect(await prefsOf(a.user.id)).toEqual(before);

    const unanswered = await couple({ holderAnswers: false });
    const res = await putQ(unanswered.b, OWN);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PARTNER_JOIN_MSG.noShared });
    expect((await getQ(unanswered.b)).json()).toMatchObject({ eligible: false, shared: null });
  });

  it("an admin: refused when not linked, and like any partner when linked", async () => {
    const admin = await t.admin();
    const res = await putQ(admin, OWN);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PARTNER_JOIN_MSG.notLinked });

    const a = await t.member({ subscriptionTier: "silver", subscriptionStatus: "active" });
    await answerAll(a);
    expect((await accept(admin, await invite(a, admin.user.email))).statusCode).toBe(200);
    const ok = await putQ(admin, OWN);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: admin.user.id, isAdmin: true, onboardingCompleted: true });
  });

  it("after unlinking, the short questionnaire is no longer the former partner's", async () => {
    const { b } = await couple();
    expect((await t.request({ method: "DELETE", url: "/api/partner", as: b })).statusCode).toBe(200);
    const res = await putQ(b, OWN);
    expect(res.statusCode).toBe(403);
    expect((await getQ(b)).json()).toMatchObject({ eligible: false, shared: null });
  });
});

describe("each partner keeps their own notification switches", () => {
  it("one partner's change does not touch the other's", async () => {
    const { a, b } = await couple();
    const patch = (as: SignedIn, body: object) =>
      t.request({ method: "PATCH", url: "/api/auth/user", as, payload: body });
    const switches = async (id: number) => {
      const u = await readSwitches(t.db, id);
      return { email: u.emailNotifications, sms: u.smsNotifications };
    };

    expect((await patch(a, { emailNotifications: false })).statusCode).toBe(200);
    expect(await switches(a.user.id)).toEqual({ email: false, sms: false });
    expect(await switches(b.user.id)).toEqual({ email: true, sms: false });

    expect((await patch(b, { phone: "07700 900123", smsNotifications: true })).statusCode).toBe(200);
    expect(await switches(b.user.id)).toEqual({ email: true, sms: true });
    expect(await switches(a.user.id)).toEqual({ email: false, sms: false });

    expect((await patch(a, { emailNotifications: true })).statusCode).toBe(200);
    expect((await patch(b, { emailNotifications: false })).statusCode).toBe(200);
    expect(await switches(a.user.id)).toEqual({ email: true, sms: false });
    expect(await switches(b.user.id)).toEqual({ email: false, sms: true });

    // Each sees their own in the current-user answer.
    const me = async (as: SignedIn) => (await t.request({ method: "GET", url: "/api/auth/user", as })).json();
    expect(await me(a)).toMatchObject({ emailNotifications: true, smsNotifications: false });
    expect(await me(b)).toMatchObject({ emailNotifications: false, smsNotifications: true });
  });
});
