import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { partnerInvites, users } from "../../src/server/db/schema.ts";
import { INVITE_TTL_DAYS, PARTNER_MSG } from "../../src/server/modules/partners/service.ts";
import { publicUserSchema } from "../../src/shared/api-types.ts";
import { MSG } from "../../src/shared/messages.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import {
  partnerInviteInfoSchema,
  partnerQuestionnaireSchema,
  partnerStatusSchema,
} from "../../src/shared/schemas/partner.ts";
import { createTestApp, eventually, type SignedIn } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { expectExactFields } from "../helpers/contract.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
const DAY = 86_400_000;
const at = (h: number) => new Date(NOW.getTime() + hours(h));

beforeEach(() => t.clock.set(NOW));

let n = 0;
const partnerEmail = () => `partner${++n}-${process.pid}@example.com`;

function invite(as: SignedIn | undefined, payload: unknown) {
  return t.request({ method: "POST", url: "/api/partner/invite", as, payload: payload as object });
}

function accept(as: SignedIn | undefined, payload: unknown) {
  return t.request({ method: "POST", url: "/api/partner-invite/accept", as, payload: payload as object });
}

const status = (as: SignedIn) => t.request({ method: "GET", url: "/api/partner", as });
const info = (token: string) =>
  t.request({ method: "GET", url: `/api/partner-invite/${encodeURIComponent(token)}` });

/** The token from the newest invitation mail sent to `to`. */
async function tokenSentTo(to: string): Promise<string> {
  const mail = await eventually(() => t.mail.findLast((m) => m.to === to && m.type === "partner_invite"));
  const m = /\/partner-invite\?token=([^\s"'<&]+)/.exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  return decodeURIComponent(m![1]);
}

/** `inviter` invites a fresh address; answers the token from the mail. */
async function invited(inviter: SignedIn, email = partnerEmail()) {
  const res = await invite(inviter, { email });
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: await tokenSentTo(email) };
}

async function partnerIdOf(userId: number) {
  const [row] = await t.db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, userId));
  return row.partnerId;
}

async function pendingRows(inviterId: number) {
  return t.db
    .select()
    .from(partnerInvites)
    .where(and(eq(partnerInvites.inviterId, inviterId), isNull(partnerInvites.acceptedAt)));
}

/** A linked couple made through the real invitation flow. */
async function couple() {
  const a = await t.member();
  const b = await t.member();
  const { token } = await invited(a, b.user.email);
  const res = await accept(b, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { a, b };
}

describe("GET /api/partner", () => {
  it("a member with nobody linked or invited", async () => {
    const me = await t.member();
    const res = await status(me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ partner: null, pendingInvite: null });
  });

  it("visitors get 401 on every signed-in partner route", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/partner", undefined],
      ["POST", "/api/partner/invite", { email: "x@example.com" }],
      ["DELETE", "/api/partner/invite", undefined],
      ["DELETE", "/api/partner", undefined],
      ["POST", "/api/partner-invite/accept", { token: "abc" }],
    ] as const) {
      const res = await t.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: MSG.notSignedIn });
    }
  });
});

describe("POST /api/partner/invite", () => {
  it("records a pending invitation and mails a single-use link", async () => {
    const me = await t.member();
    const res = await invite(me, { email: "  Jamie.Partner@Example.COM " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      partner: null,
      pendingInvite: {
        email: "jamie.partner@example.com",
        sentAt: NOW.toISOString(),
        expiresAt: new Date(NOW.getTime() + INVITE_TTL_DAYS * DAY).toISOString(),
      },
    });
    expect((await status(me)).json()).toEqual(res.json());

    const mail = t.mail.findLast((m) => m.to === "jamie.partner@example.com")!;
    expect(mail.type).toBe("partner_invite");
    expect(mail.subject).toBe(`${me.user.firstName} invited you to Unveil`);
    expect(mail.text).toContain(`${t.config.appUrl}/partner-invite?token=`);
    expect(mail.html).toContain(`${t.config.appUrl}/partner-invite?token=`);
    const token = await tokenSentTo("jamie.partner@example.com");
    expect(token.length).toBeGreaterThanOrEqual(32);

    // Only a hash is stored.
    const [row] = await pendingRows(me.user.id);
    expect(row.tokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const shown = await info(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      inviterFirstName: me.user.firstName,
      email: "jamie.partner@example.com",
      expiresAt: new Date(NOW.getTime() + INVITE_TTL_DAYS * DAY).toISOString(),
    });
  });

  it.each([
    ["no e-mail", {}],
    ["an empty e-mail", { email: "" }],
    ["not an address", { email: "not-an-email" }],
    ["a number", { email: 42 }],
  ])("%s: 400 with the form's message, nothing stored or sent", async (_name, payload) => {
    const me = await t.member();
    const sent = t.mail.length;
    const res = await invite(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidEmail);
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect(t.mail.length).toBe(sent);
  });

  it("unknown fields are 400, nothing stored", async () => {
    const me = await t.member();
    const res = await invite(me, { email: partnerEmail(), partnerId: 1 });
    expect(res.statusCode).toBe(400);
    expect(await pendingRows(me.user.id)).toEqual([]);
  });

  it("refuses the member's own address, in any case", async () => {
    const me = await t.member();
    const sent = t.mail.length;
    const res = await invite(me, { email: ` ${me.user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PARTNER_MSG.self });
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect(t.mail.length).toBe(sent);
  });

  it("refuses a member who is already linked", async () => {
    const { a } = await couple();
    const res = await invite(a, { email: partnerEmail() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PARTNER_MSG.alreadyLinked });
    expect(await pendingRows(a.user.id)).toEqual([]);
  });

  it("a new invitation replaces the one still waiting", async () => {
    const me = await t.member();
    const first = await invited(me);
    t.clock.advance(60_000);
    const second = await invited(me);
    const st = (await status(me)).json();
    expect(st.pendingInvite).toMatchObject({
      email: second.email,
      sentAt: new Date(NOW.getTime() + 60_000).toISOString(),
    });
    expect(await pendingRows(me.user.id)).toHaveLength(1);
    expect((await info(first.token)).statusCode).toBe(404);
    const late = await t.member();
    const res = await accept(late, { token: first.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEMBER_MSG.token });
    expect((await info(second.token)).statusCode).toBe(200);
  });

  it("stops a member after 5 invitations in an hour", async () => {
    const me = await t.member();
    for (let i = 0; i < 5; i++) await invited(me);
    const res = await invite(me, { email: partnerEmail() });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });
});

describe("DELETE /api/partner/invite", () => {
  it("withdraws the waiting invitation: its link stops working", async () => {
    const me = await t.member();
    const { token } = await invited(me);
    const res = await t.request({ method: "DELETE", url: "/api/partner/invite", as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ partner: null, pendingInvite: null });
    expect(await pendingRows(me.user.id)).toEqual([]);
    expect((await info(token)).statusCode).toBe(404);
    // Nothing waiting: still fine.
    const again = await t.request({ method: "DELETE", url: "/api/partner/invite", as: me });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ partner: null, pendingInvite: null });
  });

  it("cannot withdraw someone else's invitation", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { token } = await invited(owner);
    await t.request({ method: "DELETE", url: "/api/partner/invite", as: other });
    expect((await info(token)).statusCode).toBe(200);
    expect(await pendingRows(owner.user.id)).toHaveLength(1);
  });
});

describe("GET /api/partner-invite/:token (public)", () => {
  it("an unknown token is 404 with the invitation message; an absurdly long one is refused unread", async () => {
    const res = await info("no-such-token");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEMBER_MSG.token });
    // Fastify's path parameter limit (100 characters) answers before the schema does.
    const long = await info("x".repeat(201));
    expect(long.statusCode).toBe(414);
  });

  it("expires after 7 days", async () => {
    const me = await t.member();
    const { token } = await invited(me);
    t.clock.set(new Date(NOW.getTime() + INVITE_TTL_DAYS * DAY - 1000));
    expect((await info(token)).statusCode).toBe(200);
    t.clock.set(new Date(NOW.getTime() + 8 * DAY));
    const res = await info(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEMBER_MSG.token });
    const partner = await t.member();
    const acc = await accept(partner, { token });
    expect(acc.statusCode).toBe(404);
    expect(acc.json()).toEqual({ message: MEMBER_MSG.token });
    expect(await partnerIdOf(me.user.id)).toBeNull();
    expect(await partnerIdOf(partner.user.id)).toBeNull();
    expect((await status(me)).json().pendingInvite).toBeNull();
  });

  it("the link dies with the inviter's account", async () => {
    const me = await t.member();
    const { token } = await invited(me);
    const del = await t.request({
      method: "DELETE",
      url: "/api/auth/user",
      as: me,
      payload: { password: me.password },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await info(token)).statusCode).toBe(404);
  });
});

describe("POST /api/partner-invite/accept", () => {
  it("links both members, spends the token and shows each the other", async () => {
    const a = await t.member();
    const b = await t.member();
    const { token } = await invited(a, b.user.email);
    t.clock.advance(DAY);
    const res = await accept(b, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: b.user.id, email: b.user.email, partnerId: a.user.id });
    expect(res.json()).not.toHaveProperty("password");
    expect(await partnerIdOf(a.user.id)).toBe(b.user.id);
    expect(await partnerIdOf(b.user.id)).toBe(a.user.id);

    expect((await status(a)).json()).toEqual({
      partner: { id: b.user.id, firstName: b.user.firstName, email: b.user.email },
      pendingInvite: null,
    });
    expect((await status(b)).json()).toEqual({
      partner: { id: a.user.id, firstName: a.user.firstName, email: a.user.email },
      pendingInvite: null,
    });
    const [row] = await t.db.select().from(partnerInvites).where(eq(partnerInvites.inviterId, a.user.id));
    expect(row.acceptedBy).toBe(b.user.id);
    expect(row.acceptedAt?.toISOString()).toBe(new Date(NOW.getTime() + DAY).toISOString());

    // Single use.
    expect((await info(token)).statusCode).toBe(404);
    const c = await t.member();
    const again = await accept(c, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: MEMBER_MSG.token });
    expect(await partnerIdOf(c.user.id)).toBeNull();
    expect(await partnerIdOf(a.user.id)).toBe(b.user.id);
  });

  it("only the invited address may accept: another account holding the link is refused (tests/api/partner-joining.test.ts)", async () => {
    const a = await t.member();
    const b = await t.member();
    const { token } = await invited(a, "another.address@example.com");
    const res = await accept(b, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^This invitation was sent to a\*\*\*@example\.com\./);
    expect(await partnerIdOf(a.user.id)).toBeNull();
    expect(await partnerIdOf(b.user.id)).toBeNull();
  });

  it("the partner sees the couple's dates, and unlinking hides them again", async () => {
    const a = await t.member();
    const b = await t.member();
    const aDate = await arrangeDate(t.db, a.user.id, { at: at(100) });
    const bDate = await arrangeDate(t.db, b.user.id, { at: at(200) });
    const ids = async (as: SignedIn) => {
      const res = await t.request({ method: "GET", url: "/api/dates/user", as });
      expect(res.statusCode).toBe(200);
      return res.json().map((d: { id: number; isPartnerDate: boolean }) => [d.id, d.isPartnerDate]);
    };
    expect(await ids(b)).toEqual([[bDate.reservation.id, false]]);

    const { token } = await invited(a, b.user.email);
    expect((await accept(b, { token })).statusCode).toBe(200);
    expect(await ids(b)).toEqual([
      [aDate.reservation.id, true],
      [bDate.reservation.id, false],
    ]);
    expect(await ids(a)).toEqual([
      [aDate.reservation.id, false],
      [bDate.reservation.id, true],
    ]);
    const detail = await t.request({ method: "GET", url: `/api/dates/${aDate.reservation.id}`, as: b });
    expect(detail.statusCode).toBe(200);

    // Either side may unlink; it clears both.
    const res = await t.request({ method: "DELETE", url: "/api/partner", as: b });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ partner: null, pendingInvite: null });
    expect(await partnerIdOf(a.user.id)).toBeNull();
    expect(await partnerIdOf(b.user.id)).toBeNull();
    expect((await status(a)).json()).toEqual({ partner: null, pendingInvite: null });
    expect(await ids(b)).toEqual([[bDate.reservation.id, false]]);
    expect(await ids(a)).toEqual([[aDate.reservation.id, false]]);
    const gone = await t.request({ method: "GET", url: `/api/dates/${aDate.reservation.id}`, as: b });
    expect(gone.statusCode).toBe(404);
  });

  it("the inviter cannot accept their own invitation, which stays valid", async () => {
    const me = await t.member();
    const { token } = await invited(me);
    const res = await accept(me, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PARTNER_MSG.ownInvite });
    expect(await partnerIdOf(me.user.id)).toBeNull();
    expect((await info(token)).statusCode).toBe(200);
  });

  it("a member already linked with someone else cannot accept; the link stays usable", async () => {
    const { a, b } = await couple();
    const inviter = await t.member();
    const { token } = await invited(inviter, b.user.email);
    const res = await accept(b, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PARTNER_MSG.youLinked });
    expect(await partnerIdOf(inviter.user.id)).toBeNull();
    expect((await info(token)).statusCode).toBe(200);
    // Once b has unlinked, the same link works.
    expect((await t.request({ method: "DELETE", url: "/api/partner", as: a })).statusCode).toBe(200);
    expect((await accept(b, { token })).statusCode).toBe(200);
    expect(await partnerIdOf(inviter.user.id)).toBe(b.user.id);
  });

  it("an invitation from someone who has since linked with another member is void", async () => {
    const a = await t.member();
    const b = await t.member();
    const x = await t.member();
    const fromA = await invited(a, x.user.email);
    // a links with b through b's invitation instead.
    const fromB = await invited(b, a.user.email);
    expect((await accept(a, { token: fromB.token })).statusCode).toBe(200);
    expect((await status(a)).json().pendingInvite).toBeNull();
    // Linking withdrew a's own waiting invitation.
    const res = await accept(x, { token: fromA.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEMBER_MSG.token });
    expect(await partnerIdOf(a.user.id)).toBe(b.user.id);
    expect(await partnerIdOf(x.user.id)).toBeNull();
  });

  it("two invitations to one person accepted at once: they are linked with exactly one inviter", async () => {
    const a = await t.member();
    const c = await t.member();
    const b = await t.member();
    const fromA = await invited(a, b.user.email);
    const fromC = await invited(c, b.user.email);
    const [ra, rc] = await Promise.all([
      accept(b, { token: fromA.token }),
      accept(b, { token: fromC.token }),
    ]);
    const codes = [ra.statusCode, rc.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const winner = ra.statusCode === 200 ? a : c;
    const loser = winner === a ? c : a;
    expect(await partnerIdOf(b.user.id)).toBe(winner.user.id);
    expect(await partnerIdOf(winner.user.id)).toBe(b.user.id);
    expect(await partnerIdOf(loser.user.id)).toBeNull();
  });

  it.each([
    ["no token", {}],
    ["an empty token", { token: "" }],
    ["a number", { token: 12345 }],
    ["a token too long", { token: "x".repeat(201) }],
  ])("%s: 400 with the invitation message", async (_name, payload) => {
    const me = await t.member();
    const res = await accept(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEMBER_MSG.token);
  });

  it("unknown fields are 400 and link nobody; an unknown token is 404", async () => {
    const a = await t.member();
    const b = await t.member();
    const { token } = await invited(a);
    const extra = await accept(b, { token, partnerId: a.user.id });
    expect(extra.statusCode).toBe(400);
    expect(await partnerIdOf(b.user.id)).toBeNull();
    expect((await info(token)).statusCode).toBe(200);
    const unknown = await accept(b, { token: "definitely-not-a-token" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MEMBER_MSG.token });
  });

  it("an admin uses the partner routes like any member", async () => {
    const admin = await t.admin();
    const member = await t.member();
    const { token } = await invited(member, admin.user.email);
    const res = await accept(admin, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.user.id, partnerId: member.user.id, isAdmin: true });
    expect((await status(admin)).json().partner).toMatchObject({ id: member.user.id });
  });
});

describe("DELETE /api/partner", () => {
  it("the inviter can unlink too; without a partner it is 400", async () => {
    const { a, b } = await couple();
    const res = await t.request({ method: "DELETE", url: "/api/partner", as: a });
    expect(res.statusCode).toBe(200);
    expect(await partnerIdOf(a.user.id)).toBeNull();
    expect(await partnerIdOf(b.user.id)).toBeNull();
    const again = await t.request({ method: "DELETE", url: "/api/partner", as: a });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PARTNER_MSG.noPartner });
    // Free again: either can invite someone new.
    expect((await invite(b, { email: partnerEmail() })).statusCode).toBe(200);
  });
});

describe("the response contract of the partner routes", () => {
  it("answers exactly the schemas' keys: the status with an invitation waiting, the invitation, the linked member", async () => {
    const a = await t.member();
    const b = await t.member();
    const sent = await invite(a, { email: b.user.email });
    expectExactFields(sent.json(), partnerStatusSchema);
    expect(sent.json().pendingInvite).not.toBeNull();
    expectExactFields((await status(a)).json(), partnerStatusSchema);
    const token = await tokenSentTo(b.user.email);
    const shown = await info(token);
    expect(shown.statusCode).toBe(200);
    expectExactFields(shown.json(), partnerInviteInfoSchema);
    const linked = await accept(b, { token });
    expectExactFields(linked.json(), publicUserSchema);
    const linkedStatus = (await status(b)).json();
    expect(linkedStatus.partner).not.toBeNull();
    expectExactFields(linkedStatus, partnerStatusSchema);
    const questionnaire = await t.request({ method: "GET", url: "/api/partner/preferences", as: b });
    expect(questionnaire.statusCode).toBe(200);
    expectExactFields(questionnaire.json(), partnerQuestionnaireSchema);
  });
});
