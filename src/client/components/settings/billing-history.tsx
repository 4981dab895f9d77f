import {
  CircleCheck,
  CircleX,
  Clock,
  Download,
  History,
  Landmark,
  type LucideIcon,
  RotateCcw,
  Undo2,
} from "lucide-react";
import { billingHistoryApi } from "../../../shared/contract/billing-history.ts";
import { londonMonthYear } from "../../../shared/london-time.ts";
import type { BillingHistoryItem } from "../../../shared/member-api.ts";
import { hrefOf } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { Badge } from "../ui/badge.tsx";
import { formatShortDate } from "./format.ts";

type Tone = "neutral" | "success" | "destructive" | "warning" | "gold";

/** How a row looks: its icon and the colour of its status, by what happened. */
function lookOf(kind: string): { icon: LucideIcon; tone: Tone } {
  switch (kind) {
    case "payment_confirmed":
    case "payment_paid_out":
      return { icon: CircleCheck, tone: "success" };
    case "payment_refunded":
    case "payment_charged_back":
      return { icon: Undo2, tone: "success" };
    case "payment_failed":
    case "mandate_failed":
      return { icon: CircleX, tone: "destructive" };
    case "payment_retried":
      return { icon: RotateCcw, tone: "warning" };
    case "payment_cancelled":
      return { icon: CircleX, tone: "neutral" };
    case "payment_created":
    case "payment_submitted":
      return { icon: Clock, tone: "warning" };
    default:
      return { icon: Landmark, tone: "neutral" };
  }
}

const ICON_TONE: Record<Tone, string> = {
  success: "bg-success-text/10 text-success-text",
  destructive: "bg-destructive/10 text-destructive-text",
  warning: "bg-accent/15 text-accent-text",
  gold: "bg-accent/15 text-accent-text",
  neutral: "bg-muted text-muted-foreground",
};

/** Rows grouped by their London month, newest month first (the rows come newest first). */
function byMonth(items: BillingHistoryItem[]): Array<[string, BillingHistoryItem[]]> {
  const groups = new Map<string, BillingHistoryItem[]>();
  for (const item of items) {
    const month = londonMonthYear(new Date(item.occurredAt));
    groups.set(month, [...(groups.get(month) ?? []), item]);
  }
  return [...groups];
}

function detailOf(item: BillingHistoryItem): string | null {
  const due = item.kind === "payment_created" || item.kind === "payment_submitted";
  // The charge day is worth saying only when it is not the row's own day.
  const charged = item.chargeDate ? formatShortDate(item.chargeDate) : null;
  const day =
    charged && charged !== formatShortDate(item.occurredAt) ? `${due ? "due" : "charged"} ${charged}` : null;
  const parts = [item.detail, day];
  const text = parts.filter(Boolean).join(" · ");
  return text || null;
}

/**
 * Every payment, failure, retry, refund and change of bank details, newest first, each collected payment and
 * refund with its receipt. A list on every width: the row wraps its status and receipt on a phone.
 */
export function BillingHistory({
  items,
  coveredBy = null,
}: {
  items: BillingHistoryItem[];
  /** The plan holder's name when the member is covered by their plan: the holder's payments stay theirs. */
  coveredBy?: string | null;
}) {
  if (items.length === 0)
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input px-6 py-10 text-center"
        data-testid="history-empty"
      >
        <span
          aria-hidden
          className="flex size-11 items-center justify-center rounded-full bg-muted text-accent-text"
        >
          <History className="size-5" />
        </span>
        <p className="font-medium">Nothing here yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {coveredBy
            ? `Your plan is paid by ${coveredBy}'s Direct Debit, so its payments and receipts are in ${coveredBy}'s billing.`
            : "Payments, refunds and changes to your Direct Debit will appear here, each with its receipt."}
        </p>
      </div>
    );
  return (
    <div className="grid gap-6" data-testid="billing-history">
      {byMonth(items).map(([month, rows]) => (
        <section key={month} aria-label={month}>
          <h3 className="mb-1 font-sans text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
            {month}
          </h3>
          <ol className="divide-y divide-border/70">
            {rows.map((item) => {
              const look = lookOf(item.kind);
              const Icon = look.icon;
              const detail = detailOf(item);
              return (
                <li
                  key={item.id}
                  className="flex items-start gap-3 py-3.5 sm:gap-4"
                  data-testid="history-row"
                  data-kind={item.kind}
                >
                  <span
                    aria-hidden
                    className={cn(
                      "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
                      ICON_TONE[look.tone],
                    )}
                  >
                    <Icon className="size-4.5" />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                    <div className="min-w-0">
                      <p className="font-medium">{item.description}</p>
                      <p className="text-sm text-muted-foreground">
                        <time dateTime={item.occurredAt}>{formatShortDate(item.occurredAt)}</time>
                        {detail ? ` · ${detail}` : ""}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-3">
                      <Badge variant={look.tone}>{item.status}</Badge>
                      {item.receiptAvailable && (
                        <a
                          href={hrefOf(billingHistoryApi.receipt, { params: { id: `${item.id}.pdf` } })}
                          download
                          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          aria-label={`Download receipt: ${item.description}, ${formatShortDate(item.occurredAt)}`}
                          data-testid="receipt-link"
                        >
                          <Download aria-hidden className="size-4" />
                          Receipt
                        </a>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
