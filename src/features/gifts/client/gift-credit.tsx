import { useQuery } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { formatLongDate } from "../../../client/components/settings/format.ts";
import { queryOf } from "../../../client/lib/api.ts";
import { giftsApi } from "../contract.ts";

/** A gift redeemed as credit on the couple's paying plan: collections are paused, the next one named. */
export function GiftCreditNotice() {
  const { data } = useQuery(queryOf(giftsApi.credit));
  const credit = data?.credit;
  if (!credit) return null;
  const months = `${credit.months} monthly payment${credit.months === 1 ? "" : "s"}`;
  return (
    <p
      className="flex gap-2.5 rounded-xl border border-accent/60 bg-accent/10 p-3 text-sm"
      data-testid="gift-credit"
    >
      <Gift aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
      <span>
        Collections paused: {credit.from}'s gift covers {months}.
        {credit.nextPaymentOn
          ? ` Your next payment is on ${formatLongDate(`${credit.nextPaymentOn}T12:00:00Z`)}.`
          : ""}
      </span>
    </p>
  );
}
