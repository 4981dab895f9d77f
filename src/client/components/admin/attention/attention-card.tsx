import { ArrowUpRight, Clock } from "lucide-react";
import { Link } from "wouter";
import {
  ATTENTION_KIND_LABEL,
  type AttentionItem,
  type AttentionKind,
} from "../../../../shared/admin/attention.ts";
import { cn } from "../../../lib/cn.ts";
import { Badge } from "../../ui/badge.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { AttentionActionButton } from "./action-button.tsx";
import { dueLabel } from "./due-label.ts";

/** Kinds about a date that is off course: their badge is the warning colour; money and rules, destructive. */
const KIND_VARIANT: Record<AttentionKind, "neutral" | "warning" | "destructive" | "brand"> = {
  rule_broken: "destructive",
  venue_unconfirmed: "warning",
  venue_declined: "destructive",
  venue_proposed: "warning",
  first_date_due: "brand",
  payment_failed: "destructive",
  reschedule_request: "warning",
  support_waiting: "neutral",
  unplaceable: "warning",
  gift_undelivered: "warning",
};

/** One thing that needs a person: what, why, by when, and the buttons that resolve it here. */
export function AttentionCard({
  item,
  now,
  onResolved,
}: {
  item: AttentionItem;
  now: number;
  onResolved?: () => void;
}) {
  const due = dueLabel(item.dueAt, now);
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:items-start sm:gap-6"
      data-testid="attention-item"
      data-kind={item.kind}
      aria-label={`${ATTENTION_KIND_LABEL[item.kind]}: ${item.title}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge variant={KIND_VARIANT[item.kind]}>{ATTENTION_KIND_LABEL[item.kind]}</Badge>
          <span
            className={cn(
              "inline-flex items-center gap-1 text-xs font-medium",
              due.overdue ? "text-destructive-text" : "text-muted-foreground",
            )}
            title={formatDateTimeGB(item.dueAt)}
          >
            <Clock aria-hidden className="size-3.5" />
            {due.text}
            <span className="sr-only"> ({formatDateTimeGB(item.dueAt)})</span>
          </span>
        </div>
        <p className="mt-2 font-medium break-words">{item.title}</p>
        <p className="mt-1 text-sm break-words text-muted-foreground">{item.detail}</p>
        {item.link && (
          <Link
            href={item.link.href}
            aria-label={`${item.link.label}: ${item.title}`}
            className="mt-2 inline-flex items-center gap-1 text-sm text-brand underline-offset-4 hover:underline"
          >
            {item.link.label}
            <ArrowUpRight aria-hidden className="size-3.5" />
          </Link>
        )}
      </div>
      {item.actions.length > 0 && (
        <div className="flex flex-wrap gap-2 sm:max-w-72 sm:justify-end">
          {item.actions.map((a) => (
            <AttentionActionButton key={a.id} item={item} action={a} onResolved={onResolved} />
          ))}
        </div>
      )}
    </li>
  );
}
