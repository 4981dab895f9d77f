import { useMutation, useQuery } from "@tanstack/react-query";
import { CalendarDays, Download, Gift, Mail, PartyPopper } from "lucide-react";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { Badge } from "../../../client/components/ui/badge.tsx";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { ConfirmDialog } from "../../../client/components/ui/confirm-dialog.tsx";
import { Input } from "../../../client/components/ui/input.tsx";
import { Label } from "../../../client/components/ui/label.tsx";
import { Spinner } from "../../../client/components/ui/spinner.tsx";
import { call, hrefOf, invalidate, queryOf } from "../../../client/lib/api.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { errorMessage, queryClient, toastCallError } from "../../../client/lib/queryClient.ts";
import { toast } from "../../../client/lib/toast.ts";
import { TIERS } from "../../../shared/constants.ts";
import { giftsApi } from "../contract.ts";
import { formatGiftCode, GIFT, type GiftStatus, type GiftView } from "../shared/schemas.ts";
import { addDays, formatMoney, londonToday, longDay, monthsLabel } from "./format.ts";

const STATUS_LABEL: Record<GiftStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  scheduled: "Scheduled",
  delivered: "Delivered",
  redeemed: "Redeemed",
  expired: "Expired",
  refunded: "Cancelled and refunded",
};

/** A buyer who paid within the last hour has just come back from the bank: thank them first. */
const JUST_PAID_MS = 60 * 60 * 1000;

/** /gift/manage?token=: the buyer's private page for one gift (the link in their receipt). */
export default function GiftManagePage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const gift = useQuery({
    ...queryOf(giftsApi.manage, { query: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
  useDocumentTitle("Your gift");

  if (!token || gift.isError)
    return (
      <Shell>
        <h1 className="text-3xl font-normal">We can't open this gift</h1>
        <p className="mt-3 text-muted-foreground">
          {token ? errorMessage(gift.error) : "This gift link isn't complete."} Use the link in your gift
          receipt e-mail, or contact us if it still doesn't work.
        </p>
        <Button asChild className="mt-6">
          <Link href="/gift">Give a gift</Link>
        </Button>
      </Shell>
    );
  if (!gift.data)
    return (
      <Shell>
        <div className="grid justify-items-center py-10">
          <Spinner label="Loading your gift" className="size-8 text-brand" />
        </div>
      </Shell>
    );
  return (
    <GiftDetails gift={gift.data} token={token} refresh={() => invalidate(queryClient, giftsApi.manage)} />
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-24 sm:px-6 sm:pt-14">{children}</div>;
}

function GiftDetails({ gift, token, refresh }: { gift: GiftView; token: string; refresh: () => void }) {
  const justPaid = gift.paidAt && Date.now() - new Date(gift.paidAt).getTime() < JUST_PAID_MS;
  const tierName = TIERS[gift.tier].name;
  const done = (title: string) => (r: { message: string }) => {
    toast({ title, description: r.message });
    refresh();
  };
  const resend = useMutation({
    mutationFn: () => call(giftsApi.resend, { body: { token } }).then(done("Sent")),
    onError: (e) => toastCallError("The gift couldn't be sent", e),
  });
  const [day, setDay] = useState(gift.deliverOn);
  const move = useMutation({
    mutationFn: () =>
      call(giftsApi.changeDelivery, { body: { token, deliverOn: day } }).then(done("Date changed")),
    onError: (e) => toastCallError("The date couldn't be changed", e),
  });
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => call(giftsApi.cancel, { body: { token } }).then(done("Gift cancelled")),
    onSettled: () => setConfirming(false),
    onError: (e) => toastCallError("The gift couldn't be cancelled", e),
  });
  const today = londonToday();
  const cancelUntil = gift.paidAt && new Date(new Date(gift.paidAt).getTime() + GIFT.cancelDays * 86_400_000);

  return (
    <Shell>
      {justPaid && gift.status !== "refunded" ? (
        <div className="mb-10">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent/20 text-accent-text">
            <PartyPopper aria-hidden className="size-7" />
          </span>
          <p className="mt-5 text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
            Payment received
          </p>
          <h1 className="mt-3 text-4xl leading-tight font-normal">Thank you, {gift.buyerName}</h1>
          <p className="mt-3 text-muted-foreground">
            Your gift of {tierName} for {monthsLabel(gift.months)} to {gift.recipientNames} is booked.
          </p>
          <h2 className="mt-8 text-lg">What happens next</h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-5 text-muted-foreground">
            <li>
              Your receipt and a printable gift card are on their way to {gift.buyerEmail}, with a link back
              to this page. Keep it: it's the only way to manage the gift.
            </li>
            <li>
              On {longDay(gift.deliverOn)}, in the morning, we e-mail {gift.recipientNames} at{" "}
              {gift.recipientEmail} with the card, your message and their gift code.
            </li>
            <li>
              They redeem the code in a minute: create an account, tell us what they like, and their first
              date is planned. No Direct Debit; the code works for {GIFT.codeValidMonths} months.
            </li>
          </ol>
        </div>
      ) : (
        <div className="mb-10">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Your gift</p>
          <h1 className="mt-3 text-4xl leading-tight font-normal">
            {tierName} for {gift.recipientNames}
          </h1>
        </div>
      )}

      <Card className="grid gap-5 p-5 sm:p-7">
        <div className="flex flex-wrap items-center gap-3">
          <Gift aria-hidden className="size-5 text-accent-text" />
          <h2 className="text-lg">
            {tierName}, {monthsLabel(gift.months)}
          </h2>
          <Badge variant="brand" data-testid="gift-status">
            {STATUS_LABEL[gift.status]}
          </Badge>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label="For">
            {gift.recipientNames} ({gift.recipientEmail})
          </Item>
          <Item label="From">{gift.buyerName}</Item>
          <Item label="Paid">{formatMoney(gift.amountPence)}</Item>
          <Item label={gift.deliveredAt ? "Delivered" : "Delivery"}>
            {longDay(gift.deliveredAt ?? gift.deliverOn)}
          </Item>
          {gift.code && (
            <Item label="Gift code">
              <span className="font-mono tracking-wider" data-testid="gift-code">
                {formatGiftCode(gift.code)}
              </span>
            </Item>
          )}
          {gift.expiresAt && gift.status !== "redeemed" && gift.status !== "refunded" && (
            <Item label="Code works until">{longDay(gift.expiresAt)}</Item>
          )}
          {gift.redeemedAt && <Item label="Redeemed">{longDay(gift.redeemedAt)}</Item>}
        </dl>
        {gift.message && (
          <blockquote className="border-l-2 border-brand pl-4 text-sm whitespace-pre-line italic">
            {gift.message}
          </blockquote>
        )}
        <div className="flex flex-wrap gap-3">
          {gift.code && gift.status !== "refunded" && (
            <Button asChild variant="outline">
              <a href={hrefOf(giftsApi.card, { query: { token } })} download>
                <Download aria-hidden /> Download the card (PDF)
              </a>
            </Button>
          )}
          {gift.canResend && (
            <Button variant="outline" pending={resend.isPending} onClick={() => resend.mutate()}>
              <Mail aria-hidden />
              {resend.isPending
                ? "Sending..."
                : gift.deliveredAt
                  ? "Send it to them again"
                  : "Send it to them now"}
            </Button>
          )}
        </div>
      </Card>

      {gift.canChangeDelivery && (
        <Card className="mt-6 grid gap-4 p-5 sm:p-7">
          <h2 className="flex items-center gap-2 text-lg">
            <CalendarDays aria-hidden className="size-5 text-accent-text" /> Change the delivery date
          </h2>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              move.mutate();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor="gift-day">Delivery date</Label>
              <Input
                id="gift-day"
                type="date"
                min={today}
                max={addDays(today, GIFT.deliveryMaxDaysAhead)}
                value={day}
                onChange={(e) => setDay(e.target.value)}
                className="w-auto"
              />
            </div>
            <Button type="submit" disabled={move.isPending || day === gift.deliverOn}>
              {move.isPending ? "Saving..." : "Save date"}
            </Button>
          </form>
        </Card>
      )}

      {gift.canCancel && (
        <Card className="mt-6 grid gap-3 p-5 sm:p-7">
          <h2 className="text-lg">Cancel the gift</h2>
          <p className="text-sm text-muted-foreground">
            You can cancel until it's redeemed
            {cancelUntil ? `, up to ${longDay(cancelUntil)}` : ""}, for a full refund.
          </p>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            pending={cancel.isPending}
            title="Cancel this gift?"
            description={`We'll refund ${formatMoney(gift.amountPence)} in full to the bank account you paid from (it usually arrives within a few working days). The code ${gift.code ? formatGiftCode(gift.code) : ""} stops working at once${gift.deliveredAt ? `, so ${gift.recipientNames} won't be able to redeem the gift they've received` : ` and nothing will be sent to ${gift.recipientNames}`}. This can't be undone.`}
            cancelLabel="Keep the gift"
            confirmLabel={`Cancel and refund ${formatMoney(gift.amountPence)}`}
            pendingLabel="Cancelling..."
            onConfirm={() => cancel.mutate()}
            trigger={
              <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
                Cancel the gift
              </Button>
            }
          />
        </Card>
      )}

      <p className="mt-8 text-sm text-muted-foreground">
        Questions? Reply to your receipt e-mail.{" "}
        <Link href="/gift" className="underline">
          Give another gift
        </Link>
      </p>
    </Shell>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}
