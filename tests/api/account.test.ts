import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  dateRatings,
  dateReservations,
  emailLogs,
  offerCodes,
  offerCodeUsage,
  sessions,
  subscriptionEvents,
  supportTickets,
  userPreferences,
  users,
} from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { readSwitches, saveSwitches } from "../../src/server/modules/notifications/switches.ts";
import { publicUserSchema, sessionInfoSchema } from "../../src/shared/api-types.ts";
import { deletionPreviewSchema } from "../../src/shared/leaving.ts";
import { MSG } from "../../src/shared/messages.ts";
import { planOfferAnswerSchema } from "../../src/shared/schemas/account.ts";
import { MEMBER_MSG } from "../../src/shared/schemas/member.ts";
import { createTestApp, eventually, sessionCookieFrom } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { expectExactFields } from "../helpers/contract.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { subscribe } from "../helpers/subscribe.ts";

const t = await createTestApp();
const NOW = new Date("2026-11-10T12:00:00Z");
beforeEach(() => t.clock.set(NOW));

const userRow = (id: number) => storedMember(t.db, id);

describe("PATCH /api/auth/user", () => {
  it("saves names, city, phone, radius and switches, and answers the updated user", async () => {
    const me = await t.member();
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: {
        firstName: " Jo ",
        lastName: "Smith",
        city: "London",
        phone: "+44 7700 900123",
        travelRadius: 100,
        emailNotifications: false,
        smsNotifications: true,
        marketingOptOut: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Jo",
      lastName: "Smith",
      city: "London",
      phone: "+447700900123",
      emailNotifications: false,
      smsNotifications: true,
      marketingOptOut: true,
      preferences: { travelRadius: 100, city: "London" },
    });
    const [prefs] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, me.user.id));
    expect(prefs.travelRadius).toBe(100);
  });

  it("stores every way of writing a UK number in E.164; turning texts on again lifts a STOP", async () => {
    const me = await t.member();
    for (const [typed, stored] of [
      ["07700 900123", "+447700900123"],
      ["+44 (0)7700 900123", "+447700900123"],
      ["0044 7700 900123", "+447700900123"],
      ["447700900123", "+447700900123"],
      ["020 7946 0000", "+442079460000"],
    ]) {
      const res = await t.request({
        method: "PATCH",
        url: "/api/auth/user",
        as: me,
        payload: { phone: typed },
      });
      expect(res.statusCode, typed).toBe(200);
      expect((await userRow(me.user.id)).phone).toBe(stored);
    }
    await t.db.update(users).set({ phone: "07700900123" }).where(eq(users.id, me.user.id));
    await saveSwitches(t.db, me.user.id, { smsStoppedAt: new Date() });
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { smsNotifications: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readSwitches(t.db, me.user.id)).toMatchObject({
      smsNotifications: true,
      smsStoppedAt: null,
    });
  });

  it("keeps what is not sent and clears city and phone with an empty string", async () => {
    const me = await t.member({ city: "Leeds", phone: "07700900123" });
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { city: "", phone: "" },
    });
    expect(res.json()).toMatchObject({ city: null, phone: null, firstName: me.user.firstName });
  });

  it("gives each field's message and changes nothing on bad input", async () => {
    const me = await t.member();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: "A" }, MSG.firstNameMin],
      [{ lastName: "B" }, MSG.lastNameMin],
      [{ lastName: "B".repeat(81) }, MSG.lastNameMax],
      [{ email: "not-an-email" }, MSG.invalidEmail],
      [{ travelRadius: 0 }, MEMBER_MSG.radius],
      [{ travelRadius: 501 }, MEMBER_MSG.radius],
      [{ travelRadius: 2.5 }, MEMBER_MSG.radius],
      [{ travelRadius: "25" }, MEMBER_MSG.radius],
      [{ phone: "12345" }, MEMBER_MSG.phone],
      [{ city: "x".repeat(101) }, MEMBER_MSG.city],
      [{ smsNotifications: true }, MEMBER_MSG.smsNeedsPhone],
      [{ phone: "+1 212 555 0100" }, MEMBER_MSG.phone],
      [{ phone: "07700 90012" }, MEMBER_MSG.phone],
      // A landline is a fine contact number, but texts need a mobile.
      [{ phone: "020 7946 0000", smsNotifications: true }, MEMBER_MSG.smsNeedsPhone],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request({ method: "PATCH", url: "/api/auth/user", as: me, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await userRow(me.user.id)).firstName).toBe(me.user.firstName);
    expect((await readSwitches(t.db, me.user.id)).smsNotifications).toBe(false);
  });

  it("refuses fields a member may not set (mass assignment)", async () => {
    const me = await t.member();
    const other = await t.member();
    for (const payload of [
      { isAdmin: true },
      { subscriptionStatus: "active" },
      { subscriptionTier: "platinum" },
      { partnerId: other.user.id },
      { id: other.user.id, firstName: "Hacked" },
      { emailVerified: true },
    ]) {
      const res = await t.request({ method: "PATCH", url: "/api/auth/user", as: me, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await userRow(me.user.id)).toMatchObject({
      isAdmin: false,
      subscriptionStatus: null,
      partnerId: null,
      firstName: me.user.firstName,
    });
    expect((await userRow(other.user.id)).firstName).toBe(other.user.firstName);
  });

  it("a new e-mail address takes effect only after it is verified", async () => {
    const me = await t.member();
    const without = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { email: "new@example.com" },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(MEMBER_MSG.passwordForEmail);
    const wrong = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { email: "new@example.com", currentPassword: "not my password" },
    });
    expect(wrong.json().message).toBe(MEMBER_MSG.wrongPassword);
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { email: "New@Example.com", currentPassword: me.password },
    });
    expect(res.json()).toMatchObject({ email: me.user.email, pendingEmail: "new@example.com" });
    const mail = await eventually(() =>
      t.mail.find((m) => m.to === "new@example.com" && m.type === "email_verification"),
    );
    await eventually(() => t.mail.find((m) => m.to === me.user.email && m.type === "email_change_notice"));
    const link = /https?:\/\/\S+verify-email\?token=[\w%-]+/.exec(mail.text)![0];
    const verify = await t.request({ method: "GET", url: new URL(link).pathname + new URL(link).search });
    expect(verify.statusCode).toBe(302);
    expect(await userRow(me.user.id)).toMatchObject({ email: "new@example.com", pendingEmail: null });
  });

  it("refuses an address another account uses", async () => {
    const me = await t.member();
    const other = await t.member();
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { email: other.user.email, currentPassword: me.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it("visitors get 401 and malformed JSON 400", async () => {
    expect(
      (await t.request({ method: "PATCH", url: "/api/auth/user", payload: { city: "x" } })).statusCode,
    ).toBe(401);
    const me = await t.member();
    const bad = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    for (const payload of [[], null, "text", { __proto__: { isAdmin: true } }]) {
      const res = await t.request({
        method: "PATCH",
        url: "/api/auth/user",
        as: me,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await userRow(me.user.id)).isAdmin).toBe(false);
  });
});

describe("e-mail change safety", () => {
  it("withdrawing a change voids the link sent to the other address", async () => {
    const me = await t.member({ emailVerified: false });
    await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { email: "attacker@example.com", currentPassword: me.password },
    });
    const mail = await eventually(() => t.mail.find((m) => m.to === "attacker@example.com"));
    await t.request({ method: "PATCH", url: "/api/auth/user", as: me, payload: { email: me.user.email } });
    const link = new URL(/https?:\/\/\S+verify-email\?token=[\w%-]+/.exec(mail.text)![0]);
    await t.request({ method: "GET", url: link.pathname + link.search });
    expect(await userRow(me.user.id)).toMatchObject({
      email: me.user.email,
      emailVerified: false,
      pendingEmail: null,
    });
  });

  it("text with a NUL character is a 400 and stores nothing", async () => {
    const me = await t.member();
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { city: "Lon\u0000don" },
    });
    expect(res.statusCode).toBe(400);
    expect((await userRow(me.user.id)).city).toBeNull();
  });
});

describe("POST /api/account/password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const me = await t.member();
    const otherToken = await createSession(t.db, me.user.id, NOW);
    const res = await t.request({
      method: "POST",
      url: "/api/account/password",
      as: me,
      payload: { currentPassword: me.password, newPassword: "a brand new passphrase" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: me })).statusCode).toBe(200);
    const other = await t.request({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `unveil_sid=${otherToken}` },
    });
    expect(other.statusCode).toBe(401);
    const login = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { email: me.user.email, password: "a brand new passphrase" },
    });
    expect(login.statusCode).toBe(200);
    await eventually(() => t.mail.find((m) => m.to === me.user.email && m.type === "password_changed"));
  });

  it("refuses a wrong current password, a short or unchanged new one", async () => {
    const me = await t.member();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { currentPassword: "wrong password", newPassword: "another passphrase" },
        400,
        MEMBER_MSG.wrongPassword,
      ],
      [{ currentPassword: me.password, newPassword: "short" }, 400, MSG.passwordMin],
      [{ currentPassword: me.password, newPassword: me.password }, 400, MEMBER_MSG.samePassword],
      [{ newPassword: "another passphrase" }, 400, MEMBER_MSG.currentPassword],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.request({ method: "POST", url: "/api/account/password", as: me, payload });
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(message);
    }
    expect((await userRow(me.user.id)).password).toBe(me.user.password);
    expect((await t.request({ method: "POST", url: "/api/account/password", payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe("GET /api/account/export", () => {
  it("contains everything stored about the member, and no secret of a locked date", async () => {
    const me = await t.member({ city: "London" });
    await t.request({
      method: "POST",
      url: "/api/onboarding/preferences",
      as: me,
      payload: {
        postcode: "SW1A 1AA",
        travelRadius: 20,
        dateSpend: "££",
        dateTypePreferences: [{ type: "restaurants", rank: 1 }],
        schedulingPreferences: [
          { weekOfMonth: 1, dayOfWeek: "friday" },
          { weekOfMonth: 2, dayOfWeek: "friday" },
          { weekOfMonth: 3, dayOfWeek: "friday" },
        ],
        timePreferences: [{ time: "evenings", rank: 1 }],
        dietaryRestrictions: ["Vegan"],
        accessibilityNeeds: [],
        alcoholOk: true,
        openToTrying: false,
        termsAccepted: true,
        marketingOptOut: false,
      },
    });
    await t.db
      .insert(offerCodes)
      .values({ code: "EXPORT10", discountType: "percentage", discountValue: "10.00" })
      .onConflictDoNothing();
    await subscribe(t, me, "gold", "EXPORT10");
    const past = await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() - hours(30)),
      rating: 5,
      feedback: "Magic",
    });
    const locked = await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + hours(100)) });
    await t.request({
      method: "POST",
      url: "/api/support/tickets",
      as: me,
      payload: { subject: "Parking", body: "Is there parking near the venue?" },
    });
    const res = await t.request({ method: "GET", url: "/api/account/export", as: me });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="unveil-my-data-2026-11-10\.json"/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: me.user.id, email: me.user.email, city: "London" });
    expect(data.account.password).toBeUndefined();
    expect(data.preferences).toMatchObject({
      postcode: "SW1A 1AA",
      dietaryRestrictions: ["Vegan"],
      dateSpend: "££",
    });
    expect(data.subscription).toMatchObject({ tier: "gold", status: "active" });
    expect(data.subscription.history.map((e: { event: string }) => e.event)).toContain("created");
    expect(data.dates.map((d: { id: number }) => d.id)).toEqual([past.reservation.id, locked.reservation.id]);
    expect(data.ratings).toEqual([
      expect.objectContaining({ dateId: past.reservation.id, rating: 5, feedback: "Magic" }),
    ]);
    expect(data.supportTickets[0]).toMatchObject({ subject: "Parking" });
    expect(data.offerCodesUsed[0]).toMatchObject({ code: "EXPORT10", finalAmountPence: 1800 });
    expect(data.emailsSent.length).toBeGreaterThan(0);
    expect(data.signedInDevices.length).toBeGreaterThan(0);
    // The export is as secret as the dashboard: the locked date's venue is not in it.
    expect(res.body).not.toContain(locked.venue.name);
    expect(res.body).not.toMatch(/password|token_hash|totp/i);
    // Nothing of another member.
    const other = await t.member();
    const theirs = await t.request({ method: "GET", url: "/api/account/export", as: other });
    expect(theirs.body).not.toContain(me.user.email);
  });

  it("visitors get 401", async () => {
    expect((await t.request({ method: "GET", url: "/api/account/export" })).statusCode).toBe(401);
  });

  it("a one-sided partner link shows nothing of the other's dates", async () => {
    const a = await t.member();
    const c = await t.member({ partnerId: a.user.id });
    const d = await arrangeDate(t.db, a.user.id, { at: new Date(NOW.getTime() + hours(100)) });
    expect((await t.request({ method: "GET", url: "/api/dates/user", as: c })).json()).toEqual([]);
    expect(
      (await t.request({ method: "GET", url: `/api/dates/${d.reservation.id}`, as: c })).statusCode,
    ).toBe(404);
  });
});

describe("DELETE /api/auth/user", () => {
  it("cancels at the provider, removes personal data, keeps anonymised financial records and ends sessions", async () => {
    const partner = await t.member();
    const me = await t.member({ city: "London", phone: "07700900123", partnerId: partner.user.id });
    await t.db.update(users).set({ partnerId: me.user.id }).where(eq(users.id, partner.user.id));
    await t.db
      .insert(offerCodes)
      .values({ code: "BYE10", discountType: "percentage", discountValue: "10.00" })
      .onConflictDoNothing();
    await subscribe(t, me, "silver", "BYE10");
    const future = await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + hours(200)) });
    await arrangeDate(t.db, me.user.id, {
      at: new Date(NOW.getTime() - hours(200)),
      rating: 4,
      feedback: "Personal words",
    });
    await t.request({
      method: "POST",
      url: "/api/support/tickets",
      as: me,
      payload: { subject: "Hello there", body: "A personal message about us." },
    });
    const email = me.user.email;
    const res = await t.request({
      method: "DELETE",
      url: "/api/auth/user",
      as: me,
      payload: { password: me.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === "unveil_sid")?.value).toBe("");
    expect((await t.request({ method: "GET", url: "/api/auth/user", as: me })).statusCode).toBe(401);
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({
      firstName: null,
      lastName: null,
      password: null,
      city: null,
      phone: null,
      partnerId: null,
      subscriptionStatus: "cancelled",
    });
    expect(row.email).not.toContain(email.split("@")[0]);
    expect(row.deletedAt).not.toBeNull();
    expect((await userRow(partner.user.id)).partnerId).toBeNull();
    // No personal data left anywhere that can be searched by address or name.
    const dump = await t.db.execute(sql`
      SELECT (SELECT count(*) FROM email_logs WHERE lower(recipient_email) = lower(${email}))
           + (SELECT count(*) FROM support_tickets WHERE lower(from_email) = lower(${email}))
           + (SELECT count(*) FROM users WHERE lower(email) = lower(${email}))
           + (SELECT count(*) FROM sessions WHERE user_id = ${me.user.id})
           + (SELECT count(*) FROM user_preferences WHERE user_id = ${me.user.id})
           + (SELECT count(*) FROM payment_checkouts WHERE user_id = ${me.user.id})
           + (SELECT count(*) FROM date_ratings WHERE user_id = ${me.user.id} AND feedback IS NOT NULL) AS n`);
    expect(Number(dump.rows[0].n)).toBe(0);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.userId, me.user.id))).toEqual([]);
    // Financial records remain, tied to the anonymous row.
    const usage = await t.db.select().from(offerCodeUsage).where(eq(offerCodeUsage.userId, me.user.id));
    expect(usage).toHaveLength(1);
    expect(usage[0].finalAmount).toBe(1350);
    const events = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, me.user.id));
    expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(["created", "account_deleted"]));
    const [futureRow] = await t.db
      .select()
      .from(dateReservations)
      .where(eq(dateReservations.id, future.reservation.id));
    // The plan holder left: the date ahead stays booked, now in the partner's name (couples/leaving.ts).
    expect(futureRow).toMatchObject({ status: "scheduled", userId: partner.user.id });
    // A goodbye is sent, and not logged against anyone.
    await eventually(() => t.mail.find((m) => m.to === email && m.type === "account_deleted"));
    expect(await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "account_deleted"))).toEqual([]);
    // The address can be used for a new account, and the old password no longer signs in.
    const login = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { email, password: me.password },
    });
    expect(login.statusCode).toBe(401);
    const again = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { email, password: "a fresh passphrase", firstName: "New", lastName: "Start" },
    });
    expect(again.statusCode).toBe(201);
    expect(sessionCookieFrom(again)).toBeTruthy();
  });

  it("removes words written about the partner's dates and invitations to the address; leaves a re-linked partner alone", async () => {
    const a = await t.member();
    const b = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: b.user.id }).where(eq(users.id, a.user.id));
    const shared = await arrangeDate(t.db, a.user.id, { at: new Date(NOW.getTime() - hours(30)) });
    const rated = await t.request({
      method: "POST",
      url: `/api/dates/${shared.reservation.id}/rating`,
      as: b,
      payload: { rating: 4, feedback: "B's private words" },
    });
    expect(rated.statusCode).toBe(200);
    // Someone invited b's address once.
    const c = await t.member();
    await t.request({ method: "POST", url: "/api/partner/invite", as: c, payload: { email: b.user.email } });
    // a links with someone else meanwhile (b's row still points at a).
    const d = await t.member({ partnerId: a.user.id });
    await t.db.update(users).set({ partnerId: d.user.id }).where(eq(users.id, a.user.id));
    expect(
      (await t.request({ method: "DELETE", url: "/api/auth/user", as: b, payload: { password: b.password } }))
        .statusCode,
    ).toBe(200);
    // B's stars stay (on the anonymous row); B's words go.
    const ratings = await t.db
      .select()
      .from(dateRatings)
      .where(eq(dateRatings.reservationId, shared.reservation.id));
    expect(ratings).toEqual([expect.objectContaining({ userId: b.user.id, rating: 4, feedback: null })]);
    expect((await userRow(a.user.id)).partnerId).toBe(d.user.id);
    const invites = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM partner_invites WHERE lower(email) = lower(${b.user.email})`,
    );
    expect(invites.rows[0].n).toBe(0);
  });

  it("keeps the last administrator", async () => {
    const admins = await t.db.select().from(users).where(eq(users.isAdmin, true));
    for (const a of admins) await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, a.id));
    const admin = await t.admin();
    const res = await t.request({
      method: "DELETE",
      url: "/api/auth/user",
      as: admin,
      payload: { password: admin.password },
    });
    expect(res.statusCode).toBe(409);
    expect((await userRow(admin.user.id)).deletedAt).toBeNull();
    const second = await t.admin();
    expect(
      (
        await t.request({
          method: "DELETE",
          url: "/api/auth/user",
          as: second,
          payload: { password: second.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("when the provider cannot be reached nothing is deleted", async () => {
    const me = await t.member();
    await subscribe(t, me, "gold");
    const original = t.deps.payments.cancelSubscription;
    t.deps.payments.cancelSubscription = async () => {
      throw new Error("down");
    };
    try {
      const res = await t.request({
        method: "DELETE",
        url: "/api/auth/user",
        as: me,
        payload: { password: me.password },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe("Failed to delete account. Please contact support.");
    } finally {
      t.deps.payments.cancelSubscription = original;
    }
    expect(await userRow(me.user.id)).toMatchObject({
      email: me.user.email,
      deletedAt: null,
      subscriptionStatus: "active",
    });
    expect(
      (await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).length,
    ).toBeGreaterThan(0);
  });

  it("visitors get 401", async () => {
    expect((await t.request({ method: "DELETE", url: "/api/auth/user" })).statusCode).toBe(401);
  });
});

describe("the response contract of the account routes", () => {
  it("answers exactly the schemas' keys: the updated user, the devices, the deletion preview and the plan offer", async () => {
    const me = await t.member();
    const partner = await t.member({ partnerId: me.user.id });
    await t.db.update(users).set({ partnerId: partner.user.id }).where(eq(users.id, me.user.id));
    await arrangeDate(t.db, me.user.id, { at: new Date(NOW.getTime() + hours(24 * 5)) });

    const patched = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: me,
      payload: { city: "London" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expectExactFields(patched.json(), publicUserSchema);

    const devices = await t.request({ method: "GET", url: "/api/account/sessions", as: me });
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toHaveLength(1);
    expectExactFields(devices.json(), z.array(sessionInfoSchema));

    const preview = await t.request({ method: "GET", url: "/api/auth/user/deletion-preview", as: me });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().dates).toHaveLength(1);
    expect(preview.json().partner).not.toBeNull();
    expectExactFields(preview.json(), deletionPreviewSchema);

    const offer = await t.request({ method: "GET", url: "/api/account/plan-offer", as: me });
    expect(offer.json()).toEqual({ offer: null });
    expectExactFields(offer.json(), planOfferAnswerSchema);
  });
});
