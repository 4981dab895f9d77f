import { TicketPercent } from "lucide-react";
import type { ActiveDiscount } from "../../../shared/api-types.ts";
import { discountRemainingText, discountText } from "./plan-status.ts";

/** The offer code currently lowering the member's payments. */
export function ActiveDiscountBox({ discount }: { discount: ActiveDiscount }) {
  return (
    <section
      aria-label="Active Discount"
      data-testid="active-discount"
      className="flex gap-3.5 rounded-xl border border-accent/60 bg-accent/10 p-4"
    >
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
      >
        <TicketPercent className="size-4.5" />
      </span>
      <div className="grid gap-0.5 text-sm">
        <h3 className="font-sans font-semibold">Active Discount</h3>
        <p>
          <span className="font-mono font-semibold tracking-wide">{discount.offerCode}</span>:{" "}
          {discountText(discount)} {discountRemainingText(discount)}.
        </p>
        <p className="text-muted-foreground">After that your plan returns to its usual price.</p>
      </div>
    </section>
  );
}
