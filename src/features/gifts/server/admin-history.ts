/**
 * A gift's history for the back office, rebuilt from what is recorded: the gift's own times, and the couple's
 * e-mails claimed in outbound_messages (the delivery job's "gift-delivery:{id}:{day}" and each resend's
 * "gift-resend:{id}:{n}"), with the address each went to from email_logs. Delivery-date changes are not
 * recorded anywhere, so they are not listed.
 */
import { eq, like, or } from "drizzle-orm";
import { emailLogs, outboundMessages } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { formatMoney } from "../../../shared/billing-history.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import type { AdminGiftHistory, GiftHistoryKind } from "../shared/admin.ts";
import { adminGift, giftById } from "./admin.ts";

type Event = AdminGiftHistory["events"][number];

const months = (n: number) => `${n} month${n === 1 ? "" : "s"}`;

export async function giftHistory(deps: Deps, id: number): Promise<AdminGiftHistory> {
  const g = await giftById(deps, id);
  const { redeemer } = await adminGift(deps, id);
  const amount = formatMoney(g.amountPence);
  const tier = TIERS[g.tier]?.name ?? g.tier;
  const events: Event[] = [
    {
      at: g.createdAt,
      kind: "ordered",
      detail: `${g.buyerName} (${g.buyerEmail}) chose ${tier} for ${months(g.months)} for ${g.recipientNames}, to be delivered on ${g.deliverOn.split("-").reverse().join("/")}`,
    },
  ];
  if (g.paidAt)
    events.push({
      at: g.paidAt,
      kind: "paid",
      detail: `${amount} paid by bank; the receipt and card were e-mailed to ${g.buyerEmail}`,
    });

  const sends = await deps.db
    .select({
      key: outboundMessages.key,
      status: outboundMessages.status,
      claimedAt: outboundMessages.claimedAt,
      sentAt: outboundMessages.sentAt,
      lastError: outboundMessages.lastError,
      to: emailLogs.recipientEmail,
    })
    .from(outboundMessages)
    .leftJoin(emailLogs, eq(emailLogs.id, outboundMessages.emailLogId))
    .where(
      or(
        like(outboundMessages.key, `gift-delivery:${g.id}:%`),
        like(outboundMessages.key, `gift-resend:${g.id}:%`),
      ),
    );
  // The first e-mail that went is the delivery, whether the day came or an admin sent it early.
  sends.sort((a, b) => (a.sentAt ?? a.claimedAt).getTime() - (b.sentAt ?? b.claimedAt).getTime());
  let delivered = false;
  for (const s of sends) {
    const to = s.to ?? g.recipientEmail;
    const resend = delivered;
    let kind: GiftHistoryKind | null = null;
    let detail = "";
    if (s.status === "sent") {
      kind = resend ? "resent" : "sent";
      delivered = true;
      detail = `The gift e-mail with the card, the message and the code went to ${to}`;
    } else if (s.status === "failed" || s.status === "abandoned") {
      kind = "send_failed";
      detail = `The gift e-mail to ${to} ${s.status === "failed" ? "failed and will be tried again" : "failed and was given up"}${s.lastError ? `: ${s.lastError}` : ""}`;
    }
    if (kind) events.push({ at: s.sentAt ?? s.claimedAt, kind, detail });
  }
  if (g.deliveredAt && !events.some((e) => e.kind === "sent" || e.kind === "resent"))
    events.push({ at: g.deliveredAt, kind: "sent", detail: `Marked delivered to ${g.recipientEmail}` });

  if (g.redeemedAt)
    events.push({
      at: g.redeemedAt,
      kind: "redeemed",
      detail: `${redeemer ? `By ${redeemer.name} (${redeemer.email})` : "By an account since deleted"}${
        g.redeemedAs === "credit"
          ? `: ${months(g.months)} of their paid plan not collected`
          : g.redeemedAs === "plan"
            ? `: ${tier} for ${months(g.months)}, no Direct Debit`
            : ""
      }`,
    });
  if (g.refundedAt)
    events.push({
      at: g.refundedAt,
      kind: "refunded",
      detail: `${amount} refunded to ${g.buyerName}; the code was cancelled`,
    });
  if (g.status === "expired" && g.expiresAt)
    events.push({
      at: g.expiresAt,
      kind: "expired",
      detail: "The code was never redeemed and stopped working",
    });

  // The order is always first; the rest by time (createdAt is the database's clock, the rest the app's).
  const [ordered, ...rest] = events;
  rest.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { redeemer, events: [ordered, ...rest] };
}
