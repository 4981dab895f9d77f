/**
 * What a partner is told when the other leaves (deletes the account) or unlinks. Each
 * message says what really happened to the membership and to every booked date, by day and time.
 */
import { BRAND } from "../../../shared/brand.ts";
import { offerDependsText } from "../../../shared/leaving.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { type Rendered, render } from "./templates.ts";

/** email_logs.email_type of each message. */
export const LEAVING_MAIL_TYPES = {
  partnerLeft: "partner_left",
  holderLeft: "plan_holder_left",
  unlinked: "partner_unlinked",
  offerEnded: "plan_offer_ended",
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (whens: string[]) => whens.join("; ");

/**
 * To the partner who stays, when the other deleted their account and the plan did not end with them: the
 * stayer holds the plan (their dates all stay), or neither had one (the leaver's own dates were cancelled).
 */
export function partnerLeftEmail(
  firstName: string,
  leaver: string,
  what:
    | { kind: "kept_plan"; tierName: string; moved: string[]; kept: number }
    | { kind: "no_plan"; cancelled: string[]; kept: number },
  appUrl: string,
): Rendered {
  const lines = [
    `Hello ${firstName},`,
    `${leaver} deleted their ${BRAND.name} account, so your accounts are no longer linked.`,
  ];
  if (what.kind === "kept_plan") {
    lines.push(
      `You keep your ${what.tierName} membership and every booked date (${plural(what.kept, "date")} ahead).`,
    );
    if (what.moved.length > 0)
      lines.push(
        `${plural(what.moved.length, "date was", "dates were")} booked in ${leaver}'s name and ${what.moved.length === 1 ? "is" : "are"} now in yours: ${list(what.moved)}.`,
      );
  } else {
    lines.push(
      what.kept > 0
        ? `Your own account and your ${plural(what.kept, "booked date")} are unchanged.`
        : "Your own account is unchanged.",
    );
    if (what.cancelled.length > 0)
      lines.push(
        `${leaver} had no membership running, so the ${plural(what.cancelled.length, "date", "dates")} booked in their name ${what.cancelled.length === 1 ? "was" : "were"} cancelled: ${list(what.cancelled)}.`,
      );
  }
  return render(`${leaver} has left ${BRAND.name}`, `${leaver} deleted their account`, lines, {
    label: "See your dates",
    url: `${appUrl}/dashboard`,
  });
}

/**
 * To the partner when the plan holder deleted their account: the membership is offered to them, every date
 * of the couple is now theirs; those within the cycle the holder paid for go ahead either way, those after it
 * depend on the partner setting up their own Direct Debit (said as the dashboard's banner says it).
 */
export function planHolderLeftEmail(
  firstName: string,
  leaver: string,
  offer: {
    tier: string;
    tierName: string;
    expiresAt: Date;
    paidUntil: Date;
    /** Every date ahead, now in the partner's name. */
    dates: number;
    /** The days of the dates within the paid cycle ("Fri 27 Nov"), which go ahead either way. */
    kept: string[];
    /** The days of the dates after it, which depend on the partner's own Direct Debit. */
    atRisk: string[];
    /** The same dates after the paid cycle, with their times: cancelled unless the partner subscribes in time. */
    cancelledIfNot: string[];
  },
  appUrl: string,
): Rendered {
  const by = londonDay(offer.expiresAt);
  const lines = [
    `Hello ${firstName},`,
    `${leaver} deleted their ${BRAND.name} account. Their ${offer.tierName} membership, which covered you both, has ended and no further payment will be taken from them. Your accounts are no longer linked.`,
  ];
  if (offer.dates > 0)
    lines.push(
      offer.dates === 1
        ? "Your booked date is now in your name and still booked."
        : `Your ${offer.dates} booked dates are now in your name and still booked.`,
    );
  lines.push(
    `Set up your own Direct Debit by ${by} to keep the ${offer.tierName} membership. ${offerDependsText(offer.kept, offer.atRisk)}`,
  );
  if (offer.cancelledIfNot.length > 0)
    lines.push(
      `${leaver} paid until ${londonDay(offer.paidUntil)}. If you don't set up a membership by ${by}, ${offer.cancelledIfNot.length === 1 ? "this date" : "these dates"} will be cancelled: ${list(offer.cancelledIfNot)}.`,
    );
  return render(
    `${leaver} has left ${BRAND.name}: ${offer.atRisk.length > 0 ? "keep your dates" : `keep the ${offer.tierName} membership`} by ${by}`,
    `${offer.atRisk.length > 0 ? "Keep your dates" : `Keep the ${offer.tierName} membership`}: choose a plan by ${by}`,
    lines,
    { label: "Choose your plan", url: `${appUrl}/subscription?tier=${encodeURIComponent(offer.tier)}` },
    "Nothing is charged to you unless you set up a membership yourself.",
  );
}

/** To the other partner when one unlinked the accounts: who keeps the plan and the dates. */
export function partnerUnlinkedEmail(
  firstName: string,
  unlinker: string,
  what:
    | { kind: "you_hold"; tierName: string; moved: string[] }
    | { kind: "they_hold"; tierName: string; moved: string[] }
    | { kind: "no_plan" },
  appUrl: string,
): Rendered {
  const lines = [`Hello ${firstName},`, `${unlinker} unlinked your ${BRAND.name} accounts.`];
  if (what.kind === "you_hold") {
    lines.push(`You keep your ${what.tierName} membership and every booked date.`);
    if (what.moved.length > 0)
      lines.push(
        `${plural(what.moved.length, "date was", "dates were")} booked in ${unlinker}'s name and ${what.moved.length === 1 ? "is" : "are"} now in yours: ${list(what.moved)}.`,
      );
  } else if (what.kind === "they_hold") {
    lines.push(
      `The ${what.tierName} membership was ${unlinker}'s, so it stays with them, with every booked date. You no longer have a membership.`,
    );
    if (what.moved.length > 0)
      lines.push(
        `${plural(what.moved.length, "date", "dates")} booked in your name ${what.moved.length === 1 ? "is" : "are"} now in ${unlinker}'s: ${list(what.moved)}.`,
      );
  } else {
    lines.push("Your own account and dates are unchanged.");
  }
  return render(
    `${unlinker} unlinked your accounts`,
    `${unlinker} unlinked your accounts`,
    lines,
    what.kind === "they_hold"
      ? { label: "Choose a plan of your own", url: `${appUrl}/subscription` }
      : { label: "See your dates", url: `${appUrl}/dashboard` },
  );
}

/** After an offered membership was not taken up: which dates were cancelled, which stay, nothing charged. */
export function planOfferEndedEmail(
  firstName: string,
  what: { paidUntil: Date; cancelled: string[]; kept: number },
  appUrl: string,
): Rendered {
  const lines = [
    `Hello ${firstName},`,
    "No membership was set up in the 14 days after your partner left, so the membership offered to you has ended. Nothing has been charged and nothing will be.",
  ];
  if (what.cancelled.length > 0)
    lines.push(
      `The ${plural(what.cancelled.length, "date", "dates")} after the month your partner paid for (until ${londonDay(what.paidUntil)}) ${what.cancelled.length === 1 ? "has" : "have"} been cancelled: ${list(what.cancelled)}.`,
    );
  if (what.kept > 0)
    lines.push(
      `Your ${plural(what.kept, "date")} within that month ${what.kept === 1 ? "is" : "are"} still booked and ${what.kept === 1 ? "goes" : "go"} ahead.`,
    );
  lines.push("You can choose a plan of your own at any time.");
  return render(
    `Your ${BRAND.name} dates after ${londonDay(what.paidUntil)}`,
    "Your offered membership has ended",
    lines,
    {
      label: "Choose a plan",
      url: `${appUrl}/subscription`,
    },
  );
}

/** To the member who deleted their account, at the address they had: what happened, as the dialog said. */
export function accountGoodbyeEmail(firstName: string, lines: string[]): Rendered {
  return render(`Your ${BRAND.name} account has been deleted`, "Your account has been deleted", [
    `Hello ${firstName},`,
    "Your account and preferences have been removed.",
    ...lines,
    "Thank you for the evenings you spent with us.",
  ]);
}
