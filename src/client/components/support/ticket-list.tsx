import { ChevronRight, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import type { SupportTicketSummary } from "../../../shared/member-api.ts";
import { formatShortWhen } from "./format.ts";
import { TicketStatusBadge } from "./status-badge.tsx";

function replyCountText(count: number): string {
  if (count === 0) return "No replies yet";
  return count === 1 ? "1 reply" : `${count} replies`;
}

/** The member's conversations with support, most recently active first. */
export function TicketList({ tickets }: { tickets: SupportTicketSummary[] }) {
  if (tickets.length === 0)
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-surface/60 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent/15 text-accent-text">
          <MessagesSquare aria-hidden className="size-6" />
        </span>
        <p className="mt-4 font-display text-xl">No messages yet</p>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">
          Questions about a date, your plan or anything else: write to us and the conversation will appear
          here.
        </p>
      </div>
    );

  const sorted = [...tickets].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Your messages">
      {sorted.map((ticket) => (
        <li key={ticket.id}>
          <Link
            href={`/support/${ticket.id}`}
            data-testid="ticket-row"
            className="group flex items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition-colors hover:border-input hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
          >
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <p className="line-clamp-2 min-w-0 font-medium [overflow-wrap:anywhere]">{ticket.subject}</p>
                <TicketStatusBadge status={ticket.status} />
              </div>
              <p className="mt-1.5 text-sm text-muted-foreground">
                <span>Updated {formatShortWhen(ticket.updatedAt)}</span>
                <span aria-hidden> · </span>
                <span>{replyCountText(ticket.replyCount)}</span>
              </p>
            </div>
            <ChevronRight
              aria-hidden
              className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
