import { AlertTriangle, ArrowUp } from "lucide-react";
import { TICKET_PRIORITY_LABELS, type TicketPriority } from "../../../../shared/admin/support.ts";
import { Badge } from "../../ui/badge.tsx";

/** Urgent in red and High in gold stand out in the list; Normal and Low stay quiet. */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  if (priority === "urgent")
    return (
      <Badge variant="destructive" data-testid="ticket-priority">
        <AlertTriangle aria-hidden className="size-3" />
        {TICKET_PRIORITY_LABELS.urgent}
      </Badge>
    );
  if (priority === "high")
    return (
      <Badge variant="warning" data-testid="ticket-priority">
        <ArrowUp aria-hidden className="size-3" />
        {TICKET_PRIORITY_LABELS.high}
      </Badge>
    );
  return (
    <Badge
      variant="neutral"
      className={priority === "low" ? "opacity-75" : undefined}
      data-testid="ticket-priority"
    >
      {TICKET_PRIORITY_LABELS[priority] ?? priority}
    </Badge>
  );
}
