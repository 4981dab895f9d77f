import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleAlert, Gift } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearch } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { SummaryForm } from "../../../client/components/ui/error-summary.tsx";
import { FormField } from "../../../client/components/ui/form-field.tsx";
import { Label } from "../../../client/components/ui/label.tsx";
import { Textarea } from "../../../client/components/ui/textarea.tsx";
import { call } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { cn } from "../../../client/lib/cn.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { errorMessage, errorStatus, toastCallError } from "../../../client/lib/queryClient.ts";
import { useErrorSummary } from "../../../client/lib/use-error-summary.ts";
import { TIER_IDS, TIERS } from "../../../shared/constants.ts";
import type { BodyOf } from "../../../shared/contract/endpoint.ts";
import { giftsApi } from "../contract.ts";
import { deliveryDateProblem, GIFT, giftPurchaseSchema } from "../shared/schemas.ts";
import { addDays, formatMoney, londonToday, longDay, monthsLabel } from "./format.ts";

/** What the payment page's way back (?payment=) means to the buyer. */
const PAYMENT_NOTICE: Record<string, string> = {
  cancelled: "The payment was cancelled, so nothing was taken. You can try again below.",
  incomplete: "The payment wasn't completed, so nothing was taken. You can try again below.",
  unknown: "We couldn't find that payment. Nothing was taken; you can try again below.",
};

const choiceClass = (on: boolean) =>
  cn(
    "rounded-xl border px-4 py-3 text-left transition-colors focus-within:outline-2 focus-within:outline-ring",
    on ? "border-brand bg-brand/10" : "border-border bg-surface hover:border-brand/60",
  );

/** /gift: choose a plan and length, say who it is from and for, see the price, and pay once by bank. */
/** The inputs' ids, in the order they appear: the error summary's links lead to them. */
const GIFT_FIELD_IDS = {
  buyerName: "gift-buyer-name",
  buyerEmail: "gift-buyer-email",
  recipientNames: "gift-recipient-names",
  recipientEmail: "gift-recipient-email",
  deliverOn: "gift-deliver-on",
  message: "gift-message",
  offerCode: "gift-offer-code",
} as const;

export default function GiftPage() {
  useDocumentTitle("Give Unveil as a gift");
  const { user } = useAuth();
  const payment = new URLSearchParams(useSearch()).get("payment");
  const today = londonToday();
  const lastDay = addDays(today, GIFT.deliveryMaxDaysAhead);
  // What the server would refuse, said on the first submit with the rest: a delivery day out of range, and
  // an offer code the quote already refused (its reason is kept here while that code is the one typed).
  const offerRefusal = useRef<{ code: string; message: string } | null>(null);
  const [schema] = useState(() =>
    giftPurchaseSchema.superRefine((v, ctx) => {
      const problem = deliveryDateProblem(v.deliverOn, londonToday());
      if (problem) ctx.addIssue({ code: "custom", path: ["deliverOn"], message: problem });
      const refused = offerRefusal.current;
      if (refused && v.offerCode?.trim().toUpperCase() === refused.code)
        ctx.addIssue({ code: "custom", path: ["offerCode"], message: refused.message });
    }),
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      tier: "gold" as const,
      months: 3,
      buyerName: user ? `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() : "",
      buyerEmail: user?.email ?? "",
      recipientNames: "",
      recipientEmail: "",
      deliverOn: today,
      message: "",
      offerCode: "",
    },
    shouldFocusError: false,
  });
  // Several problems, or the server's refusal, in the summary at the top (focused); one: focus on its field.
  const errorSummary = useErrorSummary(form, GIFT_FIELD_IDS);
  const errors = form.formState.errors;
  const tier = form.watch("tier");
  const months = form.watch("months");
  const message = form.watch("message") ?? "";
  const offerTyped = String(form.watch("offerCode") ?? "");
  // The offer code is priced once typing pauses, not on every key.
  const [offer, setOffer] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setOffer(offerTyped.trim().toUpperCase()), 400);
    return () => clearTimeout(t);
  }, [offerTyped]);

  const quote = useQuery({
    queryKey: ["gift-quote", tier, months, offer],
    queryFn: () => call(giftsApi.quote, { body: { tier, months, ...(offer ? { offerCode: offer } : {}) } }),
    placeholderData: (prev) => prev,
    retry: false,
  });

  const pay = useMutation({
    mutationFn: (body: BodyOf<typeof giftsApi.buy>) => call(giftsApi.buy, { body }),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => {
      errorSummary.showCallError(error);
      toastCallError("The gift couldn't be started", error);
    },
  });

  // Only the code's own refusal (400, 404): a failed or limited call says nothing about the code.
  const refusedCode = quote.isError && [400, 404].includes(errorStatus(quote.error) ?? 0);
  offerRefusal.current = refusedCode && offer ? { code: offer, message: errorMessage(quote.error) } : null;
  const q = quote.isError ? null : quote.data;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-8 pb-24 sm:px-6 sm:pt-14">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Gift membership</p>
      <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Give Unveil as a gift</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Surprise dates planned for a couple you love, paid once. We e-mail them a card, your message and their
        gift code on the day you choose; no Direct Debit, nothing renews.
      </p>
      {payment && PAYMENT_NOTICE[payment] && (
        <p
          role="status"
          className="mt-6 flex items-start gap-2 rounded-xl border border-border bg-muted/60 p-4 text-sm"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
          {PAYMENT_NOTICE[payment]}
        </p>
      )}

      <SummaryForm
        summary={errorSummary.summary}
        summaryClassName="lg:col-span-2"
        onSubmit={errorSummary.handleSubmit((data) => pay.mutate(data))}
        className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]"
      >
        <div className="grid gap-8">
          <Card className="grid gap-5 p-5 sm:p-7">
            <fieldset className="grid gap-3">
              <legend className="mb-3 text-lg">The plan</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {TIER_IDS.map((id) => (
                  <label key={id} className={choiceClass(tier === id)}>
                    <input type="radio" value={id} className="sr-only" {...form.register("tier")} />
                    <span className="block font-medium">{TIERS[id].name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {formatMoney(TIERS[id].monthlyPricePence)} a month
                    </span>
                  </label>
                ))}
              </div>
              {errors.tier && <p className="text-sm text-destructive-text">{errors.tier.message}</p>}
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-3 text-lg">How long</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {GIFT.lengths.map((m) => (
                  <label key={m} className={choiceClass(months === m)}>
                    <input
                      type="radio"
                      value={m}
                      className="sr-only"
                      name="months"
                      checked={months === m}
                      // Held as a number: a registered radio would give the form its string value.
                      onChange={() =>
                        form.setValue("months", m, { shouldValidate: form.formState.isSubmitted })
                      }
                    />
                    <span className="block font-medium">{monthsLabel(m)}</span>
                    {GIFT.lengthDiscountPercent[m] ? (
                      <span className="block text-sm text-accent-text">
                        {GIFT.lengthDiscountPercent[m]}% off
                      </span>
                    ) : (
                      <span className="block text-sm text-muted-foreground">Full price</span>
                    )}
                  </label>
                ))}
              </div>
              {errors.months && <p className="text-sm text-destructive-text">{errors.months.message}</p>}
            </fieldset>
          </Card>

          <Card className="grid gap-5 p-5 sm:p-7">
            <h2 className="text-lg">From you</h2>
            {/* items-start: a field beside one with a hint keeps its input on the same line, not stretched down. */}
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <FormField
                id={GIFT_FIELD_IDS.buyerName}
                label="Your name"
                autoComplete="name"
                error={errors.buyerName?.message}
                {...form.register("buyerName")}
              />
              <FormField
                id={GIFT_FIELD_IDS.buyerEmail}
                label="Your e-mail"
                type="email"
                autoComplete="email"
                hint="For your receipt, the card and the link to manage the gift."
                error={errors.buyerEmail?.message}
                {...form.register("buyerEmail")}
              />
            </div>
            <h2 className="mt-2 text-lg">For the couple</h2>
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <FormField
                id={GIFT_FIELD_IDS.recipientNames}
                label="Their names"
                placeholder="Sam and Alex"
                error={errors.recipientNames?.message}
                {...form.register("recipientNames")}
              />
              <FormField
                id={GIFT_FIELD_IDS.recipientEmail}
                label="Their e-mail"
                type="email"
                error={errors.recipientEmail?.message}
                {...form.register("recipientEmail")}
              />
            </div>
            <FormField
              id={GIFT_FIELD_IDS.deliverOn}
              label="Delivery date"
              type="date"
              min={today}
              max={lastDay}
              hint={`We e-mail them on the morning of this day (London time): today or up to a year ahead, by ${longDay(lastDay)}.`}
              error={errors.deliverOn?.message}
              {...form.register("deliverOn")}
            />
            <div className="grid gap-2">
              <div className="flex items-baseline justify-between gap-3">
                <Label htmlFor="gift-message">Your message (optional)</Label>
                <span
                  className={cn(
                    "text-xs tabular-nums",
                    message.length > GIFT.messageMax ? "text-destructive-text" : "text-muted-foreground",
                  )}
                  aria-live="polite"
                >
                  {message.length}/{GIFT.messageMax}
                </span>
              </div>
              <Textarea
                id="gift-message"
                placeholder="Happy anniversary, you two!"
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "gift-message-error" : undefined}
                {...form.register("message")}
              />
              {errors.message && (
                <p id="gift-message-error" className="text-sm text-destructive-text">
                  {errors.message.message}
                </p>
              )}
            </div>
          </Card>
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start">
          <Card className="grid gap-4 p-5 sm:p-7" aria-live="polite">
            <span className="flex size-11 items-center justify-center rounded-full bg-accent/20 text-accent-text">
              <Gift aria-hidden className="size-5" />
            </span>
            <h2 className="text-lg">
              {TIERS[tier]?.name} for {monthsLabel(months)}
            </h2>
            <FormField
              id={GIFT_FIELD_IDS.offerCode}
              label="Offer code (optional)"
              autoComplete="off"
              error={
                errors.offerCode?.message ?? (quote.isError && offer ? errorMessage(quote.error) : undefined)
              }
              {...form.register("offerCode")}
            />
            {q && (
              <dl className="grid gap-1.5 text-sm" data-testid="gift-price">
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">
                    {formatMoney(q.monthlyPence)} × {monthsLabel(q.months)}
                  </dt>
                  <dd>{formatMoney(q.subtotalPence)}</dd>
                </div>
                {q.lengthDiscountPence > 0 && (
                  <div className="flex justify-between">
                    <dt className="text-muted-foreground">{q.lengthDiscountPercent}% off for the length</dt>
                    <dd>−{formatMoney(q.lengthDiscountPence)}</dd>
                  </div>
                )}
                {q.offerDiscountPence > 0 && (
                  <div className="flex justify-between">
                    <dt className="text-muted-foreground">Offer {q.offerCode}</dt>
                    <dd>−{formatMoney(q.offerDiscountPence)}</dd>
                  </div>
                )}
                <div className="mt-2 flex justify-between border-t border-border pt-3 text-base font-medium">
                  <dt>Total, paid once</dt>
                  <dd data-testid="gift-total">{formatMoney(q.totalPence)}</dd>
                </div>
              </dl>
            )}
            <Button type="submit" size="lg" pending={pay.isPending || pay.isSuccess}>
              {pay.isPending || pay.isSuccess
                ? "Taking you to pay..."
                : q
                  ? `Pay ${formatMoney(q.totalPence)}`
                  : "Pay"}
            </Button>
            <p className="text-xs text-muted-foreground">
              You pay once from your bank account (not a Direct Debit). You can cancel within{" "}
              {GIFT.cancelDays} days for a full refund if the gift hasn't been redeemed.
            </p>
          </Card>
        </aside>
      </SummaryForm>
    </div>
  );
}
