import { useQuery } from "@tanstack/react-query";
import { LifeBuoy, Mail, ReceiptText } from "lucide-react";
import { Link } from "wouter";
import { TICKET_STATUS_LABELS, TICKET_STATUSES } from "../../../../shared/admin/support.ts";
import { formatPence } from "../../../../shared/constants.ts";
import { adminMemberWorkspaceApi as api } from "../../../../shared/contract/admin-member-workspace.ts";
import { queryOf } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/queryClient.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDateGB, formatDateTimeGB } from "../common.tsx";
import { EmptyLine, WorkspaceCard } from "./workspace-card.tsx";

type Variant = "success" | "destructive" | "warning" | "neutral";

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  return <p className="text-sm text-destructive-text">{errorMessage(error)}</p>;
}

const PAYMENT_VARIANT: Record<string, Variant> = {
  Paid: "success",
  Failed: "destructive",
  Retrying: "warning",
  Refunded: "neutral",
};

/** The member's billing history, as their own Manage Billing shows it, and the next payment. */
export function MemberBilling({ userId }: { userId: number }) {
  const billing = useQuery({
    ...queryOf(api.billing, { params: { userId: String(userId) } }),
    staleTime: 0,
  });
  const b = billing.data;
  return (
    <WorkspaceCard
      id="billing"
      icon={<ReceiptText aria-hidden />}
      title="Billing history"
      description={
        b?.nextPayment
          ? `Next payment ${formatPence(b.nextPayment.amountPence)} on ${formatDateGB(b.nextPayment.date)}.`
          : "What the member sees on their Manage Billing page."
      }
    >
      {billing.isPending ? (
        <Loading label="Loading billing history" />
      ) : billing.isError ? (
        <LoadFailed error={billing.error} />
      ) : b!.history.length === 0 ? (
        <EmptyLine>No payments on record.</EmptyLine>
      ) : (
        <ul className="divide-y divide-border" aria-label="Billing history, newest first">
          {b!.history.map((h) => (
            <li
              key={h.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{h.description}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {formatDateTimeGB(h.occurredAt)}
                  {h.detail ? ` · ${h.detail}` : ""}
                </p>
              </div>
              <Badge variant={PAYMENT_VARIANT[h.status] ?? "neutral"}>{h.status}</Badge>
            </li>
          ))}
        </ul>
      )}
    </WorkspaceCard>
  );
}

/** "date_reveal" -> "Date reveal". */
function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The e-mails we sent the member and what became of each ("I never got the e-mail"). */
export function MemberEmails({ userId }: { userId: number }) {
  const emails = useQuery({
    ...queryOf(api.emails, { params: { userId: String(userId) } }),
    staleTime: 0,
  });
  return (
    <WorkspaceCard
      id="messages"
      icon={<Mail aria-hidden />}
      title="E-mails sent"
      description="The latest e-mails to this member and whether they went, in London time."
    >
      {emails.isPending ? (
        <Loading label="Loading e-mails" />
      ) : emails.isError ? (
        <LoadFailed error={emails.error} />
      ) : emails.data.length === 0 ? (
        <EmptyLine>No e-mails sent yet.</EmptyLine>
      ) : (
        <ul className="divide-y divide-border" aria-label="E-mails, newest first">
          {emails.data.map((e) => (
            <li key={e.id} className="grid gap-1 py-2.5 text-sm" data-testid="member-email">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">{e.subject}</span>
                {e.status !== "sent" && (
                  <Badge variant={e.status === "failed" ? "destructive" : "neutral"}>
                    {kindLabel(e.status)}
                  </Badge>
                )}
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                {kindLabel(e.kind)} · {formatDateTimeGB(e.sentAt)}
                {e.errorMessage ? ` · ${e.errorMessage}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </WorkspaceCard>
  );
}

const TICKET_VARIANT: Record<string, Variant> = {
  new: "warning",
  open: "warning",
  answered: "success",
  closed: "neutral",
};

/** A ticket's status as the Support tab names it (the answer types it as text). */
function ticketStatusLabel(status: string): string {
  const known = TICKET_STATUSES.find((s) => s === status);
  return known ? TICKET_STATUS_LABELS[known] : kindLabel(status);
}

/** The member's support tickets; the conversation itself is on the Support tab. */
export function MemberTickets({ userId }: { userId: number }) {
  const tickets = useQuery({
    ...queryOf(api.tickets, { params: { userId: String(userId) } }),
    staleTime: 0,
  });
  return (
    <WorkspaceCard
      id="support"
      icon={<LifeBuoy aria-hidden />}
      title="Support tickets"
      action={
        <Button asChild size="sm" variant="outline">
          <Link href="/admin?tab=support">Open Support</Link>
        </Button>
      }
    >
      {tickets.isPending ? (
        <Loading label="Loading tickets" />
      ) : tickets.isError ? (
        <LoadFailed error={tickets.error} />
      ) : tickets.data.length === 0 ? (
        <EmptyLine>No support tickets.</EmptyLine>
      ) : (
        <ul className="divide-y divide-border" aria-label="Support tickets, newest first">
          {tickets.data.map((tk) => (
            <li key={tk.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{tk.subject}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  #{tk.id} · {formatDateTimeGB(tk.createdAt)} · {kindLabel(tk.priority)} priority
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={TICKET_VARIANT[tk.status] ?? "neutral"}>{ticketStatusLabel(tk.status)}</Badge>
                <Button asChild size="sm" variant="ghost">
                  <Link
                    href={`/admin?tab=support&ticket=${tk.id}`}
                    aria-label={`Open ticket #${tk.id}: ${tk.subject}`}
                  >
                    Open
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </WorkspaceCard>
  );
}
