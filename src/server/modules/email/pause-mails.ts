/**
 * What the plan holder is told when their covered partner takes the couple's month off or resumes it early
 *: the couple is the customer, so either may pause, and the one who pays hears what changed.
 */
import { type Rendered, render } from "./templates.ts";

/** email_logs.email_type of each message. */
export const PAUSE_MAIL_TYPES = {
  pausedByPartner: "pause_by_partner",
  resumedByPartner: "resume_by_partner",
} as const;

/** To the holder: their partner booked a month off (`summary`: what the partner was told, by date). */
export function pausedByPartnerEmail(
  firstName: string,
  partner: string,
  summary: string,
  appUrl: string,
): Rendered {
  return render(
    `${partner} has booked your month off`,
    `${partner} took a month off for you both`,
    [
      `Hello ${firstName},`,
      `${partner} booked a month off on your membership. ${summary}`,
      "Either of you can resume early from Settings, and the payment you skip is then taken after all if the month off has not started.",
    ],
    { label: "See your plan", url: `${appUrl}/settings` },
  );
}

/** To the holder: their partner ended the month off early or called it off. */
export function resumedByPartnerEmail(
  firstName: string,
  partner: string,
  summary: string,
  appUrl: string,
): Rendered {
  return render(
    `${partner} has resumed your membership`,
    `${partner} resumed your plan`,
    [`Hello ${firstName},`, `${partner} resumed your membership early. ${summary}`],
    { label: "See your plan", url: `${appUrl}/settings` },
  );
}
