import { Inbox, MessageSquareText } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type AdminTicketRow,
  SUPPORT_MSG,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from "../../../shared/admin/support.ts";
import {
  AdminSection,
  EmptyState,
  formatDateTimeGB,
  Pager,
  SearchBox,
  TableSkeleton,
  useDebounced,
  usePagedList,
} from "../../components/admin/common.tsx";
import { PriorityBadge } from "../../components/admin/support/ticket-badges.tsx";
import { TICKETS_URL, TicketDialog } from "../../components/admin/support/ticket-dialog.tsx";
import { LoadErrorCard } from "../../components/load-error-card.tsx";
import { TicketStatusBadge } from "../../components/support/status-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "../../components/ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { cn } from "../../lib/cn.ts";
import { toastCallError } from "../../lib/queryClient.ts";

const ALL = "all";

function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  labels,
  allLabel,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly T[];
  labels: Record<T, string>;
  allLabel: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="sm:w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o} value={o}>
            {labels[o]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The "support" tab of /admin: tickets from the contact form and the support mailbox, each opened in a dialog. */
export default function SupportTab() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ALL);
  const [priority, setPriority] = useState(ALL);
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const term = useDebounced(search.trim());
  const list = usePagedList<AdminTicketRow>(TICKETS_URL, {
    search: term,
    offset,
    extra: { status: status === ALL ? undefined : status, priority: priority === ALL ? undefined : priority },
  });
  const { isError, error } = list.query;
  useEffect(() => {
    if (isError) toastCallError(SUPPORT_MSG.fetchFailed, error);
  }, [isError, error]);

  const filtered = term || status !== ALL || priority !== ALL;

  return (
    <AdminSection
      title="Support Tickets"
      description="Messages from the contact form and the support mailbox, most recently active first."
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <SearchBox
          label="Search tickets"
          placeholder="Search subject, sender or #id"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setOffset(0);
          }}
        />
        <FilterSelect
          label="Filter by status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setOffset(0);
          }}
          options={TICKET_STATUSES}
          labels={TICKET_STATUS_LABELS}
          allLabel="All statuses"
        />
        <FilterSelect
          label="Filter by priority"
          value={priority}
          onChange={(v) => {
            setPriority(v);
            setOffset(0);
          }}
          options={TICKET_PRIORITIES}
          labels={TICKET_PRIORITY_LABELS}
          allLabel="All priorities"
        />
      </div>
      {isError ? (
        <LoadErrorCard
          title={SUPPORT_MSG.fetchFailed}
          error={error}
          onRetry={() => void list.query.refetch()}
        />
      ) : list.query.isPending ? (
        <TableSkeleton label="Loading tickets" />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<Inbox aria-hidden />}
          title={filtered ? "No tickets match these filters" : SUPPORT_MSG.noTickets}
        />
      ) : (
        <>
          <ul aria-label="Support tickets" className="grid gap-3 sm:hidden">
            {list.rows.map((t) => (
              <li key={t.id} data-testid={`ticket-card-${t.id}`}>
                <button
                  type="button"
                  onClick={() => setOpenId(t.id)}
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
                  {t.replyCount > 0 && (
                    <span className="text-xs text-muted-foreground">
                      {t.replyCount} repl{t.replyCount === 1 ? "y" : "ies"}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table aria-label="Support tickets" aria-busy={list.query.isFetching || undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Ticket</TableHead>
                  <TableHead>Priority</TableHead>
                  <TableHead>From</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Updated</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((t) => (
                  <TableRow
                    key={t.id}
                    data-testid={`ticket-row-${t.id}`}
                    className={cn(
                      t.priority === "urgent" &&
                        "bg-destructive/5 shadow-[inset_3px_0_0_var(--destructive-text)]",
                      t.priority === "high" && "bg-accent/5 shadow-[inset_3px_0_0_var(--accent)]",
                    )}
                  >
                    <TableCell className="font-mono text-xs whitespace-nowrap text-muted-foreground">
                      <span className="pl-2">#{t.id}</span>
                    </TableCell>
                    <TableCell>
                      <PriorityBadge priority={t.priority} />
                    </TableCell>
                    <TableCell className="min-w-44 max-w-60">
                      {t.fromName && <p className="font-medium break-words">{t.fromName}</p>}
                      <p className="break-all text-muted-foreground">{t.fromEmail}</p>
                    </TableCell>
                    <TableCell className="min-w-56 max-w-96">
                      <p className="font-medium break-words">{t.subject}</p>
                      <p className="line-clamp-1 text-xs break-all text-muted-foreground">{t.body}</p>
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-col items-start gap-1">
                        <TicketStatusBadge status={t.status} />
                        {t.replyCount > 0 && (
                          <span className="text-xs text-muted-foreground">
                            {t.replyCount} repl{t.replyCount === 1 ? "y" : "ies"}
                          </span>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {formatDateTimeGB(t.updatedAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setOpenId(t.id)}
                        aria-label={`Open ticket #${t.id}: ${t.subject}`}
                      >
                        <MessageSquareText aria-hidden />
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager total={list.total} limit={list.limit} offset={offset} onOffset={setOffset} label="tickets" />
        </>
      )}
      <TicketDialog id={openId} onOpenChange={(open) => !open && setOpenId(null)} />
    </AdminSection>
  );
}
