import type { SupportTicketSummary } from "../../../shared/member-api.ts";
import { cn } from "../../lib/cn.ts";

type TicketStatus = SupportTicketSummary["status"];

const LABELS: Record<TicketStatus, string> = {
  new: "New",
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

const TONES: Record<TicketStatus, string> = {
  new: "border-brand/30 bg-brand/10 text-brand",
  open: "border-brand/30 bg-brand/10 text-brand",
  answered: "border-accent/60 bg-accent/15 text-accent-text",
  closed: "border-border bg-muted text-muted-foreground",
};

/** A ticket's status as a small pill; "Answered" is gold, like everything support has revealed. */
export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <span
      data-testid="ticket-status"
      className={cn(
        "inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        TONES[status],
        className,
      )}
    >
      {LABELS[status]}
    </span>
  );
}
