import { Inbox, MessageSquareText } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import {
  type AdminTicketRow,
  SUPPORT_MSG,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from "../../../shared/admin/support.ts";
import { AdminSection, EmptyState, formatDateTimeGB, usePagedList } from "../../components/admin/common.tsx";
import { FilterSelect, ListToolbar, useListFilter } from "../../components/admin/list-toolbar.tsx";
import { type ListColumn, PagedList, useListSearch } from "../../components/admin/paged-list.tsx";
import { PriorityBadge } from "../../components/admin/support/ticket-badges.tsx";
import { TICKETS_URL, TicketDialog } from "../../components/admin/support/ticket-dialog.tsx";
import { TicketStatusBadge } from "../../components/support/status-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { toastCallError } from "../../lib/queryClient.ts";

const ALL = "all";

/** The filters' options: "All ..." first, then each value in its order. */
const withAll = <T extends string>(allLabel: string, values: readonly T[], labels: Record<T, string>) => [
  { value: ALL, label: allLabel },
  ...values.map((value) => ({ value, label: labels[value] })),
];
const STATUS_OPTIONS = withAll("All statuses", TICKET_STATUSES, TICKET_STATUS_LABELS);
const PRIORITY_OPTIONS = withAll("All priorities", TICKET_PRIORITIES, TICKET_PRIORITY_LABELS);

const replies = (t: AdminTicketRow) =>
  t.replyCount > 0 && (
    <span className="text-xs text-muted-foreground">
      {t.replyCount} repl{t.replyCount === 1 ? "y" : "ies"}
    </span>
  );

function ticketColumns(open: (id: number) => void): ListColumn<AdminTicketRow>[] {
  return [
    {
      id: "ticket",
      header: "Ticket",
      card: "none",
      className: "font-mono text-xs whitespace-nowrap text-muted-foreground",
      cell: (t) => <span className="pl-2">#{t.id}</span>,
    },
    {
      id: "priority",
      header: "Priority",
      card: "none",
      cell: (t) => <PriorityBadge priority={t.priority} />,
    },
    {
      id: "from",
      header: "From",
      card: "none",
      className: "min-w-44 max-w-60",
      cell: (t) => (
        <>
          {t.fromName && <p className="font-medium break-words">{t.fromName}</p>}
          <p className="break-all text-muted-foreground">{t.fromEmail}</p>
        </>
      ),
    },
    {
      id: "subject",
      header: "Subject",
      card: "none",
      className: "min-w-56 max-w-96",
      cell: (t) => (
        <>
          <p className="font-medium break-words">{t.subject}</p>
          <p className="line-clamp-1 text-xs break-all text-muted-foreground">{t.body}</p>
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      card: "none",
      cell: (t) => (
        <div className="flex flex-col items-start gap-1">
          <TicketStatusBadge status={t.status} />
          {replies(t)}
        </div>
      ),
    },
    {
      id: "updated",
      header: "Updated",
      card: "none",
      className: "whitespace-nowrap tabular-nums",
      cell: (t) => formatDateTimeGB(t.updatedAt),
    },
    {
      id: "actions",
      header: "Actions",
      card: "none",
      className: "text-right",
      headClassName: "text-right",
      cell: (t) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => open(t.id)}
          aria-label={`Open ticket #${t.id}: ${t.subject}`}
        >
          <MessageSquareText aria-hidden />
          Open
        </Button>
      ),
    },
  ];
}

/** On phones a ticket is one button: tapping anywhere on it opens the ticket. */
function TicketCard({ ticket: t, onOpen }: { ticket: AdminTicketRow; onOpen: (id: number) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(t.id)}
      aria-label={`Open ticket #${t.id}: ${t.subject}`}
      className={cn(
        "grid w-full gap-2 rounded-xl border border-border p-4 text-left transition-colors hover:bg-muted/40",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        t.priority === "urgent" && "border-destructive-text/40 bg-destructive/5",
        t.priority === "high" && "border-accent/60 bg-accent/5",
      )}
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs text-muted-foreground">#{t.id}</span>
        <PriorityBadge priority={t.priority} />
        <TicketStatusBadge status={t.status} />
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">
          {formatDateTimeGB(t.updatedAt)}
        </span>
      </span>
      <span className="font-medium break-words">{t.subject}</span>
      <span className="text-sm break-all text-muted-foreground">
        {t.fromName ? `${t.fromName} · ` : ""}
        {t.fromEmail}
      </span>
      {replies(t)}
    </button>
  );
}

/** The "support" tab of /admin: tickets from the contact form and the support mailbox, each opened in a dialog. */
export default function SupportTab() {
  const s = useListSearch();
  const [status, setStatus] = useListFilter<string>(ALL, s.setOffset);
  const [priority, setPriority] = useListFilter<string>(ALL, s.setOffset);
  // A link from elsewhere (the member page) opens one ticket: /admin?tab=support&ticket={id}.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const linked = Number(new URLSearchParams(search).get("ticket"));
  const [openId, setOpenIdState] = useState<number | null>(
    Number.isInteger(linked) && linked > 0 ? linked : null,
  );
  const setOpenId = (id: number | null) => {
    setOpenIdState(id);
    // Closing a linked ticket drops it from the address, so Back and a reload do not open it again.
    if (id === null && new URLSearchParams(search).has("ticket")) {
      const params = new URLSearchParams(search);
      params.delete("ticket");
      navigate(`${location}?${params.toString()}`, { replace: true });
    }
  };
  const list = usePagedList<AdminTicketRow>(TICKETS_URL, {
    search: s.term,
    offset: s.offset,
    extra: { status: status === ALL ? undefined : status, priority: priority === ALL ? undefined : priority },
  });
  const { isError, error } = list.query;
  useEffect(() => {
    if (isError) toastCallError(SUPPORT_MSG.fetchFailed, error);
  }, [isError, error]);

  const filtered = s.term || status !== ALL || priority !== ALL;

  return (
    <AdminSection
      title="Support Tickets"
      description="Messages from the contact form and the support mailbox, most recently active first."
    >
      <ListToolbar search={s} label="Search tickets" placeholder="Search subject, sender or #id">
        <FilterSelect label="Filter by status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        <FilterSelect
          label="Filter by priority"
          value={priority}
          onChange={setPriority}
          options={PRIORITY_OPTIONS}
        />
      </ListToolbar>
      <PagedList
        list={list}
        columns={ticketColumns(setOpenId)}
        rowKey={(t) => t.id}
        label="Support tickets"
        testIdPrefix="ticket"
        errorTitle={SUPPORT_MSG.fetchFailed}
        loadingLabel="Loading tickets"
        empty={
          <EmptyState
            icon={<Inbox aria-hidden />}
            title={filtered ? "No tickets match these filters" : SUPPORT_MSG.noTickets}
          />
        }
        pagerLabel="tickets"
        onOffset={s.setOffset}
        tableFrom="sm"
        renderCard={(t) => <TicketCard ticket={t} onOpen={setOpenId} />}
        rowClassName={(t) =>
          cn(
            t.priority === "urgent" && "bg-destructive/5 shadow-[inset_3px_0_0_var(--destructive-text)]",
            t.priority === "high" && "bg-accent/5 shadow-[inset_3px_0_0_var(--accent)]",
          )
        }
      />
      <TicketDialog id={openId} onOpenChange={(open) => !open && setOpenId(null)} />
    </AdminSection>
  );
}
