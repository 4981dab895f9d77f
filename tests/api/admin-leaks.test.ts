import { describe, expect, it } from "vitest";
import {
  aiDateSuggestions,
  emailCampaigns,
  emailLogs,
  emailTemplates,
  gifts,
  memberNotes,
  offerCodes,
  paymentLinks,
  supportTickets,
  users,
  userTwoFactor,
} from "../../src/server/db/schema.ts";
import { unpackZip } from "../../src/server/modules/admin/venues/sync/zip-guard.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { saveState } from "../../src/server/modules/plan-account/state.ts";
import { createTestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";

/**
 * No back-office answer carries a member's secrets: password hash, e-mail and reset tokens, TOTP secrets and
 * recovery codes, session tokens, or the payment provider's customer, mandate and subscription ids. Every
 * GET under /api/admin is read (with the canary member's ids in its path), exports unpacked and searched.
 */
const t = await createTestApp();
const admin = await t.admin();

const SECRETS = {
  password: "CANARYpwHASH$argon2id$v=19$secret",
  emailVerificationToken: "CANARYemailVerificationToken",
  passwordResetToken: "CANARYpasswordResetToken",
};
/** The provider's ids, in their own table (payment_links). */
const PAYMENT_LINKS = {
  paymentCustomerId: "CANARYcustomerCU123",
  paymentMandateId: "CANARYmandateMD123",
  paymentSubscriptionId: "CANARYsubscriptionSB123",
  paymentNextSubscriptionId: "CANARYnextSubscriptionSB456",
};
/** Two-step sign-in's secrets, in their own table (user_two_factor). */
const TWO_FACTOR_SECRETS = {
  secret: "CANARYTOTPSECRETBASE32",
  pendingSecret: "CANARYTOTPPENDINGBASE32",
  recoveryCodes: ["CANARYrecoveryCodeHash"],
};
const [canary] = await t.db
  .insert(users)
  .values({
    email: "canary@example.com",
    firstName: "Canary",
    lastName: "Member",
    ...SECRETS,
    onboardingCompleted: true,
    emailVerified: true,
  })
  .returning();
await saveState(t.db, canary.id, {
  subscriptionTier: "gold",
  subscriptionStatus: "active",
  // A paid period, so the back office can preview a month off for them.
  currentPeriodEnd: new Date(t.clock.now().getTime() + 20 * 86_400_000),
});
await t.db.insert(userTwoFactor).values({ userId: canary.id, ...TWO_FACTOR_SECRETS });
await t.db.insert(paymentLinks).values({ userId: canary.id, ...PAYMENT_LINKS });
const session = (await createSession(t.db, canary.id, t.clock.now()))!;
const { reservation, venue, idea } = await arrangeDate(t.db, canary.id, {
  at: new Date(t.clock.now().getTime() + hours(48)),
});
const [suggestion] = await t.db
  .insert(aiDateSuggestions)
  .values({ userId: canary.id, suggestion: "Canary idea", suggestedVenues: [], status: "pending" })
  .returning();
const [ticket] = await t.db
  .insert(supportTickets)
  .values({ userId: canary.id, fromEmail: canary.email, subject: "Help", body: "Canary ticket" })
  .returning();
await t.db.insert(emailLogs).values({
  recipientEmail: canary.email,
  subject: "Welcome",
  emailType: "welcome",
  userId: canary.id,
  reservationId: reservation.id,
});

// A gift the canary bought and redeemed: the back office's gift views name both.
const [gift] = await t.db
  .insert(gifts)
  .values({
    code: "GIFTK7QXM4RZ",
    status: "redeemed",
    tier: "gold",
    months: 3,
    subtotalPence: 6000,
    amountPence: 6000,
    buyerUserId: canary.id,
    buyerName: "Canary Member",
    buyerEmail: canary.email,
    recipientNames: "Canary and partner",
    recipientEmail: canary.email,
    deliverOn: "2026-01-01",
    manageTokenHash: "c".repeat(64),
    provider: "sandbox",
    providerRef: "GIFTREF001",
    paidAt: t.clock.now(),
    redeemedAt: t.clock.now(),
    redeemedBy: canary.id,
  })
  .returning();

// One of each record the back office reads by id, so every GET /api/admin/...:id reads a real one.
const [note] = await t.db
  .insert(memberNotes)
  .values({ userId: canary.id, authorId: admin.user.id, authorName: "Ops", body: "Canary note" })
  .returning();
const [offer] = await t.db
  .insert(offerCodes)
  .values({ code: "LEAKTEST", description: "Leak test", discountType: "percentage", discountValue: "10" })
  .returning();
const [template] = await t.db.select({ id: emailTemplates.id }).from(emailTemplates).limit(1);
const [campaign] = await t.db.select({ id: emailCampaigns.id }).from(emailCampaigns).limit(1);

const needles = [
  ...Object.values(SECRETS),
  ...Object.values(PAYMENT_LINKS),
  TWO_FACTOR_SECRETS.secret,
  TWO_FACTOR_SECRETS.pendingSecret,
  ...TWO_FACTOR_SECRETS.recoveryCodes,
  session,
  "CANARY",
];

/** The text of an answer: JSON as it is, an .xlsx with every part unpacked. */
function textOf(body: Buffer): string {
  if (body.subarray(0, 2).toString() === "PK")
    return [...unpackZip(body).values()].map((b) => b.toString("utf8")).join("\n");
  return body.toString("utf8");
}

const gets = t.app.routeTable.filter((r) => r.method === "GET" && r.url.startsWith("/api/admin"));
const ID_BY_PARAM: Record<string, () => number | undefined> = {
  noteId: () => note.id,
};
const idFor = (url: string) =>
  /venues\/:id/.test(url)
    ? venue.id
    : /date-ideas/.test(url)
      ? idea.id
      : /offer-codes/.test(url)
        ? offer.id
        : /email-templates/.test(url)
          ? template?.id
          : /email-campaigns/.test(url)
            ? campaign?.id
            : /gifts/.test(url)
              ? gift.id
              : /ai-suggestions/.test(url)
                ? suggestion.id
                : /support\/tickets/.test(url)
                  ? ticket.id
                  : /assignments/.test(url)
                    ? reservation.id
                    : canary.id;

describe("admin answers never carry member secrets", () => {
  it.each(gets)("GET $url", async ({ url }) => {
    const path = url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      String(ID_BY_PARAM[name]?.() ?? idFor(url)),
    );
    const res = await t.request({ method: "GET", url: path, as: admin });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(400);
    const text = textOf(res.rawPayload);
    for (const needle of needles) expect(text, `${path} leaks ${needle}`).not.toContain(needle);
  });

  it("the canary member is really listed (the search above looked at them)", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/users?search=canary", as: admin });
    expect(res.json()).toEqual([expect.objectContaining({ id: canary.id, email: canary.email })]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      [
        "createdAt",
        "email",
        "firstName",
        "hasPartner",
        "id",
        "isAdmin",
        "lastName",
        "onboardingCompleted",
        "partner",
        "partnerId",
        "planHolderId",
        "subscriptionStatus",
        "subscriptionTier",
      ].sort(),
    );
  });
});
