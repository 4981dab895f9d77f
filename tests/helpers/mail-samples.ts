/**
 * One sample of every e-mail the member and support templates send, filled with awkward values (a long
 * venue name and address, long names, a long address in a support reply), for the layout tests: the phone
 * width in Chromium (tests/e2e/email-layout.spec.ts) and the plain-text part (tests/unit/email-layout.test.ts).
 */
import { loadConfig } from "../../src/server/config.ts";
import type { User } from "../../src/server/db/schema.ts";
import {
  campaignEmail,
  campaignValues,
  offerEndedEmail,
  renewalReminderEmail,
} from "../../src/server/modules/email/billing-mails.ts";
import {
  type DateForMail,
  holdCancelMail,
  holdMail,
  ratingMail,
  revealMail,
  unconfirmedCancelMail,
} from "../../src/server/modules/email/date-mails.ts";
import type { Rendered } from "../../src/server/modules/email/layout.ts";
import {
  accountGoodbyeEmail,
  partnerLeftEmail,
  partnerUnlinkedEmail,
  planHolderLeftEmail,
  planOfferEndedEmail,
} from "../../src/server/modules/email/leaving-mails.ts";
import { type PlanChange, planChangeEmail } from "../../src/server/modules/email/plan-mails.ts";
import {
  accountDeletedEmail,
  emailChangeNotice,
  partnerInviteEmail,
  partnerJoinedEmail,
  passwordChangedEmail,
  passwordResetEmail,
  render,
  signInLinkEmail,
  subscriptionConfirmedEmail,
  supportReplyEmail,
  supportTicketNotice,
  supportTicketReceipt,
  twoFactorChangedEmail,
  verificationEmail,
  welcomeEmail,
} from "../../src/server/modules/email/templates.ts";

const APP = "https://unveil.example";
const deps = { config: loadConfig({ NODE_ENV: "test", APP_URL: APP, DATABASE_URL: "postgres://x/y" }) };
const now = new Date("2026-12-03T19:30:00Z");
const at = new Date("2026-12-05T19:30:00Z");
const LONG_URL = `${APP}/reset-password?token=${"a1b2c3d4e5".repeat(12)}`;

/** The venue the reveal names, and the one line of address it must show once. */
export const REVEAL_VENUE = {
  name: "The Lantern Room at Bermondsey Street",
  address: "Unit 4, 123 Bermondsey Street, Tower Bridge Business Complex",
  city: "London",
  postcode: "SE1 9PX",
};
export const REVEAL_ADDRESS_LINE = `${REVEAL_VENUE.address}, London SE1 9PX`;

export const sampleDate: DateForMail = {
  id: 42,
  userId: 7,
  scheduledDate: at,
  status: "revealed",
  venueConfirmed: true,
  dressCode: null,
  idea: {
    title: "Candlelit supper",
    description: "Seven small plates by candlelight, each paired with a glass chosen by the sommelier.",
    duration: 3,
    dressCode: "Smart casual",
  },
  venue: {
    ...REVEAL_VENUE,
    type: "restaurant",
    priceLevel: "high",
    latitude: "51.4990000",
    longitude: "-0.0810000",
    contactInfo: { phone: "020 7946 0000", website: "https://venue.example" },
  },
};
const user = { id: 7, email: "sam@example.com", firstName: "Samantha-Josephine", lastName: "Lee" } as User;

export function revealSample(d: DateForMail = sampleDate): Rendered {
  return revealMail(deps, user, d, now);
}

/** Every template, by name; the reveal first. */
export function mailSamples(): { name: string; mail: Rendered }[] {
  const first = "Samantha-Josephine";
  const partner = "Alexandria-Constantina Papadopoulou";
  const plan = { tier: "gold", tierName: "Gold", expiresAt: at, paidUntil: at, dates: 3 };
  const days = ["Fri 4 Dec, 19:30", "Sat 12 Dec, 20:00", "Fri 18 Dec, 19:00"];
  const samples: [string, Rendered][] = [
    ["reveal", revealSample()],
    ["reveal, confirmed", revealSample({ ...sampleDate, status: "confirmed" })],
    ["hold", holdMail(deps, user, { ...sampleDate, status: "scheduled" }, now)],
    ["unconfirmed cancel", unconfirmedCancelMail(deps, user, sampleDate, now)],
    ["hold cancel", holdCancelMail(deps, user, sampleDate, now)],
    ["rating", ratingMail(deps, user, sampleDate)],
    ["welcome", welcomeEmail(first, APP)],
    ["verification", verificationEmail(first, LONG_URL)],
    ["password reset", passwordResetEmail(first, LONG_URL)],
    ["sign-in link", signInLinkEmail(first, LONG_URL, 15)],
    ["e-mail change", emailChangeNotice(first, `${"very.long.address".repeat(4)}@example-domain.co.uk`)],
    ["password changed", passwordChangedEmail(first, APP)],
    ["account deleted", accountDeletedEmail(first, "Your dates stay with your partner.")],
    [
      "ticket notice",
      supportTicketNotice({
        id: 9,
        from: partner,
        subject: "A question",
        body: `See ${LONG_URL}`,
        reservationId: 42,
      }),
    ],
    ["ticket receipt", supportTicketReceipt(first, "A question", `${APP}/support`)],
    ["partner invite", partnerInviteEmail(partner, LONG_URL, 14)],
    ["two-factor", twoFactorChangedEmail(first, true, APP)],
    [
      "subscription confirmed",
      subscriptionConfirmedEmail(
        first,
        { name: "Gold", monthlyPence: 1800, fullPence: 2000, discountMonths: 3 },
        APP,
        now,
      ),
    ],
    ["partner joined", partnerJoinedEmail(first, partner, APP)],
    [
      "support reply",
      supportReplyEmail({
        ticketId: 9,
        subject: "Re: A question",
        name: first,
        body: `Hello again,\nThe page is here: ${LONG_URL}\nBest wishes`,
        url: `${APP}/support?ticket=9`,
      }),
    ],
    [
      "renewal reminder",
      renewalReminderEmail(
        first,
        { tierName: "Gold", renewsAt: at, amountPence: 1800, fullPence: 2000 },
        APP,
      ),
    ],
    ["offer ended", offerEndedEmail(first, { tierName: "Gold", fullPence: 2000, from: at }, APP)],
    [
      "campaign",
      campaignEmail(
        {
          subject: "We miss you, {{firstName}}",
          htmlContent:
            '<p>Hello {{firstName}},</p><p>Your next date is waiting: <a href="{{plansUrl}}">Plans</a></p>',
          textContent: null,
        },
        campaignValues({ firstName: first, lastName: "Lee", email: user.email }, APP),
      ),
    ],
    [
      "partner left",
      partnerLeftEmail(first, partner, { kind: "kept_plan", tierName: "Gold", moved: days, kept: 3 }, APP),
    ],
    [
      "plan holder left",
      planHolderLeftEmail(first, partner, { ...plan, kept: days, atRisk: days, cancelledIfNot: days }, APP),
    ],
    [
      "partner unlinked",
      partnerUnlinkedEmail(first, partner, { kind: "they_hold", tierName: "Gold", moved: days }, APP),
    ],
    ["plan offer ended", planOfferEndedEmail(first, { paidUntil: at, cancelled: days, kept: 1 }, APP)],
    ["account goodbye", accountGoodbyeEmail(first, ["Your dates stay with your partner."])],
    ...planSamples(first, partner, at),
    [
      "any message through render",
      render(
        "A message",
        `A heading with ${"Averyveryverylongword".repeat(5)}`,
        [`A paragraph with ${"unbreakable".repeat(12)} and ${LONG_URL}&from=paragraph inside.`],
        { label: "A button whose label is rather longer than most buttons would ever be", url: LONG_URL },
        `A footnote with ${LONG_URL}&from=footnote.`,
      ),
    ],
  ];
  return samples.map(([name, mail]) => ({ name, mail }));
}

/** Every plan change's e-mail, as the covered partner reads it after the holder acted. */
function planSamples(
  first: string,
  partner: string,
  at: Date,
): Array<[string, { html: string; text: string; subject: string }]> {
  const account = {
    tier: "gold" as const,
    next: { date: at, amountPence: 2000, tier: "gold" as const, retry: false },
    endsAt: null,
    coveredUntil: at,
    pause: { from: at, until: at },
    cycles: [],
  };
  const changes: PlanChange[] = [
    { kind: "tier_changed", tier: "platinum" },
    { kind: "paused" },
    { kind: "resumed", withdrawn: false },
    { kind: "cancelled", refundedPence: 0 },
    { kind: "reactivated" },
    { kind: "taken_over" },
    { kind: "gift_applied", months: 3, giverName: "Ana" },
    { kind: "refunded", amountPence: 2000, paymentDate: at, paymentAmountPence: 2000 },
    { kind: "payment_recovered", amountPence: 2000, paidOn: at },
  ];
  return changes.map((change) => [
    `plan ${change.kind}`,
    planChangeEmail(change, { firstName: first, holderName: partner, byName: partner, account, appUrl: APP }),
  ]);
}
