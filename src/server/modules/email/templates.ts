import { BRAND } from "../../../shared/brand.ts";
import { RESET_TOKEN_TTL_MINUTES, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { COOLING_OFF_RULE } from "../../../shared/cooling-off.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { BOOKED_MAIL_SUBJECT_START, firstDateBookedBy } from "../../../shared/planning-schedule.ts";
import { quotedName } from "./header-text.ts";
import { type Rendered, renderMessage } from "./layout.ts";

export type { Rendered } from "./layout.ts";

/** A message of paragraphs in the shared layout (layout.ts), with at most one button and a footnote. */
export function render(
  subject: string,
  heading: string,
  paragraphs: string[],
  cta?: { label: string; url: string },
  footnote?: string,
): Rendered {
  return renderMessage({ subject, heading, blocks: paragraphs, cta, footnote });
}

export function welcomeEmail(firstName: string, appUrl: string): Rendered {
  return render(
    `Welcome to ${BRAND.name}`,
    `Welcome, ${firstName}`,
    [
      "Your next evening together is about to become a mystery, in the best way.",
      "Tell us what you both enjoy in a short questionnaire, pick a plan, and we will take care of the rest. The venue, dress code and plan stay secret until 48 hours before each date.",
    ],
    { label: "Start your questionnaire", url: `${appUrl}/onboarding` },
  );
}

export function verificationEmail(firstName: string, url: string): Rendered {
  return render(
    `Confirm your e-mail address for ${BRAND.name}`,
    "Confirm your e-mail address",
    [
      `Hello ${firstName},`,
      "Please confirm this address so we can send your date reveals and booking details to the right place.",
    ],
    { label: "Confirm my address", url },
    "If you did not create an account, you can ignore this message.",
  );
}

export function passwordResetEmail(firstName: string, url: string): Rendered {
  return render(
    `Reset your ${BRAND.name} password`,
    "Reset your password",
    [
      `Hello ${firstName},`,
      `Someone asked to reset the password for this account. The link works once, for ${RESET_TOKEN_TTL_MINUTES} minutes.`,
    ],
    { label: "Choose a new password", url },
    "If this was not you, ignore this message: your password stays as it is.",
  );
}

/** The step-up's one-time link, sent only when the right password was typed in a browser new to the account. */
export function signInLinkEmail(firstName: string, url: string, minutes: number): Rendered {
  return render(
    `Your ${BRAND.name} sign-in link`,
    "Sign in with this link",
    [
      `Hello ${firstName},`,
      "Your password was just typed correctly in a browser we had not seen before, while someone elsewhere has been trying many wrong passwords for your account. To keep it safe we held the sign-in and sent you this link instead.",
      `The link works once, for ${minutes} minutes, in any browser.`,
    ],
    { label: "Sign in now", url },
    `If this was not you, your password is known to someone else: reset it at once and write to ${BRAND.supportEmail}.`,
  );
}

export function emailChangeNotice(firstName: string, newEmail: string): Rendered {
  return render(
    `Your ${BRAND.name} e-mail address is changing`,
    "A new e-mail address was requested",
    [
      `Hello ${firstName},`,
      `Someone signed in to your account asked to use ${newEmail} from now on. Nothing changes until that address is confirmed from the link we sent to it.`,
    ],
    undefined,
    `If this was not you, change your password and write to ${BRAND.supportEmail}.`,
  );
}

export function passwordChangedEmail(firstName: string, appUrl: string): Rendered {
  return render(
    `Your ${BRAND.name} password was changed`,
    "Your password was changed",
    [
      `Hello ${firstName},`,
      "The password of your account was just changed, and your other devices were signed out.",
    ],
    { label: "Review your security settings", url: `${appUrl}/settings?tab=security` },
    `If this was not you, reset your password at once and write to ${BRAND.supportEmail}.`,
  );
}

/** The goodbye; `datesLine` says what became of the member's booked dates (they may stay with the partner). */
export function accountDeletedEmail(firstName: string, datesLine: string | null = null): Rendered {
  return render(`Your ${BRAND.name} account has been deleted`, "Your account has been deleted", [
    `Hello ${firstName},`,
    "Your account and preferences have been removed, and any subscription has been cancelled with the payment provider. We keep only the anonymised payment records the law requires.",
    ...(datesLine ? [datesLine] : []),
    "Thank you for the evenings you spent with us.",
  ]);
}

export function supportTicketNotice(t: {
  id: number;
  from: string;
  subject: string;
  body: string;
  reservationId: number | null;
}): Rendered {
  return render(`[Ticket ${t.id}] ${t.subject}`, `New message from ${t.from}`, [
    t.body,
    t.reservationId ? `About date ${t.reservationId}.` : "Not about a particular date.",
  ]);
}

export function supportTicketReceipt(firstName: string, subject: string, url: string): Rendered {
  return render(
    `We've got your message: ${subject}`,
    "We've got your message",
    [`Hello ${firstName},`, "Thank you for writing. A member of our team will reply within one working day."],
    { label: "See your messages", url },
  );
}

export function partnerInviteEmail(name: string, url: string, days: number): Rendered {
  // Sent to someone else in the inviter's words: the name is quoted as plain text, never as a link.
  const inviterName = quotedName(name, "Your partner");
  return render(
    `${inviterName} invited you to ${BRAND.name}`,
    `${inviterName} would like to plan dates with you`,
    [
      `${inviterName} has joined ${BRAND.name}, where surprise dates in London are planned for the two of you and revealed 48 hours before.`,
      "Accept the invitation to see your dates together. You won't be charged: the membership stays with the person who subscribed.",
    ],
    { label: "Accept the invitation", url },
    `The link works for ${days} days. If you don't know ${inviterName}, you can ignore this message.`,
  );
}

export function twoFactorChangedEmail(firstName: string, on: boolean, appUrl: string): Rendered {
  return render(
    on ? "Two-factor sign-in is on" : "Two-factor sign-in was turned off",
    on ? "Two-factor sign-in is on" : "Two-factor sign-in was turned off",
    [
      `Hello ${firstName},`,
      on
        ? "From now on, signing in to your account asks for a code from your authenticator app. Keep your recovery codes somewhere safe."
        : "Signing in to your account now needs only your password.",
    ],
    { label: "Review your security settings", url: `${appUrl}/settings?tab=privacy` },
    `If this was not you, reset your password at once and write to ${BRAND.supportEmail}.`,
  );
}

const pounds = (pence: number) => (pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`);

export function subscriptionConfirmedEmail(
  firstName: string,
  plan: { name: string; monthlyPence: number; fullPence: number; discountMonths: number | null },
  appUrl: string,
  setUpAt: Date,
): Rendered {
  const price =
    plan.monthlyPence < plan.fullPence
      ? `${pounds(plan.monthlyPence)} a month${plan.discountMonths ? ` for ${plan.discountMonths} month${plan.discountMonths === 1 ? "" : "s"}, then ${pounds(plan.fullPence)}` : ""}`
      : `${pounds(plan.monthlyPence)} a month`;
  return render(
    `Welcome to ${BRAND.name} ${plan.name}`,
    `Your ${plan.name} membership has begun`,
    [
      `Hello ${firstName},`,
      `Your Direct Debit is set up: ${price}, collected monthly. It renews each month until you cancel, which you can do at any time in Settings; a cancellation takes effect at the end of the month you have paid for.`,
      `Changed your mind? ${COOLING_OFF_RULE}`,
      `We've started planning: your first date will be booked by ${firstDateBookedBy(setUpAt).label}. Look out for an e-mail titled "${BOOKED_MAIL_SUBJECT_START}" with its day and time and a calendar invitation. Where you're going and what to wear arrive ${REVEAL_WINDOW_HOURS} hours before the date.`,
    ],
    { label: "Go to your dashboard", url: `${appUrl}/dashboard` },
  );
}

export function partnerJoinedEmail(firstName: string, partnerName: string, appUrl: string): Rendered {
  return render(
    `${partnerName} has joined you on ${BRAND.name}`,
    `${partnerName} accepted your invitation`,
    [`Hello ${firstName},`, `${partnerName} now sees your dates with you. Billing stays with your account.`],
    { label: "See your dates", url: `${appUrl}/dashboard` },
  );
}

// partnerLeftEmail and the other messages about a partner leaving are in leaving-mails.ts.

/** Support's answer to a ticket; "[#id]" in the subject lets an e-mailed reply find its conversation again. */
export function supportReplyEmail(t: {
  ticketId: number;
  subject: string;
  name: string | null;
  body: string;
  /** The member's conversation page, when the ticket belongs to an account. */
  url: string | null;
}): Rendered {
  const subject = t.subject.replace(/^(\s*re:\s*)+/i, "").replace(/\s*\[#\d+\]\s*$/, "");
  const lines = t.body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return render(
    `Re: ${subject} [#${t.ticketId}]`,
    "A reply from our team",
    [`Hello ${t.name?.trim() || "there"},`, ...lines],
    t.url ? { label: "See the conversation", url: t.url } : undefined,
    `To answer, reply to this e-mail and keep [#${t.ticketId}] in the subject.`,
  );
}
