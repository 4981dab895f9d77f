/**
 * The billing jobs' e-mails: the renewal reminder, the end of an introductory price (both service
 * mail: billing always goes, whatever the e-mail switch says) and the campaigns' marketing mail, filled from
 * an admin-edited template. Campaign mail always carries a way to turn it off (the settings page).
 */

import { fillTemplate, type TemplatePlaceholder } from "../../../shared/admin/emails.ts";
import { BRAND } from "../../../shared/brand.ts";
import { formatPence } from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { escapeHtml } from "./layout.ts";
import { type Rendered, render } from "./templates.ts";

/** email_logs.email_type of each message. */
export const BILLING_MAIL_TYPES = {
  renewal: "renewal_reminder",
  offerEnded: "offer_ended",
  campaign: "campaign",
} as const;

/** Where a member turns marketing e-mail off. */
export const settingsNotificationsUrl = (appUrl: string) => `${appUrl}/settings?tab=notifications`;

export function renewalReminderEmail(
  firstName: string,
  plan: { tierName: string; renewsAt: Date; amountPence: number; fullPence: number },
  appUrl: string,
): Rendered {
  const day = londonDay(plan.renewsAt);
  const amount = formatPence(plan.amountPence);
  const offer =
    plan.amountPence < plan.fullPence
      ? ` (your introductory price; the full price is ${formatPence(plan.fullPence)})`
      : "";
  return render(
    `Your ${plan.tierName} plan renews on ${day}`,
    `Your ${plan.tierName} plan renews on ${day} for ${amount}`,
    [
      `Hello ${firstName},`,
      `A quick note before your next month: your ${BRAND.name} ${plan.tierName} plan renews on ${day}, and ${amount}${offer} will be collected by Direct Debit.`,
      "Nothing to do if you are happy. To change your plan, pause for a month or cancel, visit Settings before then.",
    ],
    { label: "Manage your plan", url: `${appUrl}/settings?tab=subscription` },
  );
}

export function offerEndedEmail(
  firstName: string,
  plan: { tierName: string; fullPence: number; from: Date },
  appUrl: string,
): Rendered {
  const price = formatPence(plan.fullPence);
  const day = londonDay(plan.from);
  return render(
    `Your introductory price has ended`,
    "Your introductory price has ended",
    [
      `Hello ${firstName},`,
      `Your introductory price has ended: your ${plan.tierName} plan is now ${price} a month from ${day}.`,
      "Thank you for staying with us. You can change or pause your plan at any time in Settings.",
    ],
    { label: "Manage your plan", url: `${appUrl}/settings?tab=subscription` },
  );
}

/** The values a campaign template's {{placeholders}} are filled with for one member. */
export function campaignValues(
  member: { firstName: string | null; lastName: string | null; email: string },
  appUrl: string,
): Record<TemplatePlaceholder, string> {
  return {
    firstName: member.firstName?.trim() || "there",
    lastName: member.lastName ?? "",
    email: member.email,
    appUrl,
    dashboardUrl: `${appUrl}/dashboard`,
    onboardingUrl: `${appUrl}/onboarding`,
    plansUrl: `${appUrl}/subscription`,
    settingsUrl: settingsNotificationsUrl(appUrl),
  };
}

/** A plain-text body from HTML, for a template without one: tags dropped, entities of the escaper undone. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script|title)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|tr|div|li)>/gi, "\n\n")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
      label.trim() && !label.includes(href) ? `${label} (${href})` : href,
    )
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const UNSUBSCRIBE =
  "You receive this because you have an account with us. Turn these e-mails off in your settings:";

/**
 * A campaign's mail for one member: the template's subject, HTML and text with the placeholders filled (values
 * HTML-escaped in the HTML body). A template that does not link the settings page gets an unsubscribe line.
 */
export function campaignEmail(
  template: { subject: string; htmlContent: string; textContent: string | null },
  values: Record<TemplatePlaceholder, string>,
): Rendered {
  const subject = fillTemplate(template.subject, values, { html: false })
    .replace(/[\r\n]+/g, " ")
    .trim();
  let html = fillTemplate(template.htmlContent, values, { html: true });
  let text = template.textContent
    ? fillTemplate(template.textContent, values, { html: false })
    : htmlToText(html);
  const settings = values.settingsUrl;
  if (!template.htmlContent.includes("settingsUrl") && !html.includes(escapeHtml(settings))) {
    const line = `<p style="margin:16px 0 0;font-size:12px;color:#6b5a6e;text-align:center;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(UNSUBSCRIBE)} <a href="${escapeHtml(settings)}" style="color:#6b5a6e">${escapeHtml(settings)}</a></p>`;
    html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${line}</body>`) : `${html}\n${line}`;
  }
  if (!text.includes(settings)) text = `${text}\n\n${UNSUBSCRIBE} ${settings}`;
  return { subject, html, text };
}
