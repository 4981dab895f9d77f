import { MailX, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { EMAILS_MSG, type EmailLogRow } from "../../../../shared/admin/emails.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { AdminSection, EmptyState, formatDateTimeGB, usePagedEndpoint } from "../common.tsx";
import { ExportButton, FilterSelect, ListToolbar, useListFilter } from "../list-toolbar.tsx";
import { useExportButton } from "../members/export-button.tsx";
import { type ListColumn, PagedList, useListSearch } from "../paged-list.tsx";
import { ExportMemberEmails } from "./export-member-emails.tsx";

const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
] as const;

/** "password_reset" reads "password reset" (spec: underscores shown as spaces). */
export const typeLabel = (type: string) => type.replaceAll("_", " ");

function LogStatusBadge({ status }: { status: string }) {
  const variant = status === "sent" ? "success" : status === "failed" ? "destructive" : "neutral";
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}

function memberOf(row: EmailLogRow): string | null {
  const name = [row.memberFirstName, row.memberLastName].filter(Boolean).join(" ");
  return name || row.memberEmail;
}

const dash = <span className="text-muted-foreground">-</span>;

const COLUMNS: ListColumn<EmailLogRow>[] = [
  {
    id: "sent",
    header: "Date & Time",
    card: "none",
    className: "whitespace-nowrap tabular-nums",
    cell: (row) => formatDateTimeGB(row.sentAt),
  },
  {
    id: "member",
    header: "Member",
    card: "none",
    className: "min-w-36 max-w-52 break-words",
    cell: (row) => memberOf(row) ?? dash,
  },
  {
    id: "recipient",
    header: "Recipient",
    card: "none",
    className: "min-w-44 max-w-64",
    cell: (row) => (
      <>
        {row.recipientName && <p className="font-medium break-words">{row.recipientName}</p>}
        <p className="break-all text-muted-foreground">{row.recipientEmail}</p>
      </>
    ),
  },
  {
    id: "subject",
    header: "Subject",
    card: "none",
    className: "min-w-52 max-w-80 break-words",
    cell: (r) => r.subject,
  },
  {
    id: "type",
    header: "Type",
    card: "none",
    className: "whitespace-nowrap",
    cell: (r) => typeLabel(r.emailType),
  },
  { id: "status", header: "Status", card: "none", cell: (r) => <LogStatusBadge status={r.status} /> },
  {
    id: "error",
    header: "Error",
    card: "none",
    className: "min-w-32 max-w-64 break-words text-destructive-text",
    cell: (r) => r.errorMessage ?? dash,
  },
];

/** On phones: when, what kind and how it went on top, then the subject, the recipient and any error. */
function LogCard({ row }: { row: EmailLogRow }) {
  return (
    <div className="grid gap-1.5 rounded-xl border border-border p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">{formatDateTimeGB(row.sentAt)}</span>
        <span className="text-xs text-muted-foreground">{typeLabel(row.emailType)}</span>
        <span className="ml-auto">
          <LogStatusBadge status={row.status} />
        </span>
      </div>
      <p className="font-medium break-words">{row.subject}</p>
      <p className="break-all text-muted-foreground">
        To {row.recipientName ? `${row.recipientName} · ` : ""}
        {row.recipientEmail}
      </p>
      {memberOf(row) && <p className="text-muted-foreground">Member: {memberOf(row)}</p>}
      {row.errorMessage && <p className="break-words text-destructive-text">{row.errorMessage}</p>}
    </div>
  );
}

/** The log of sent mail: searched, filtered and paged on the server, with the two exports. */
export function EmailLogsSection() {
  const s = useListSearch();
  const [status, setStatus] = useListFilter<(typeof STATUS_FILTERS)[number]["value"]>("all", s.setOffset);
  const list = usePagedEndpoint(adminEmailsApi.logs, {
    search: s.term,
    offset: s.offset,
    status: status === "all" ? undefined : status,
  });
  const exportLogs = useExportButton(adminEmailsApi.logsExport, "email-logs", "Email logs");

  const { isError, error } = list.query;
  useEffect(() => {
    if (isError) toastCallError(EMAILS_MSG.fetchLogsFailed, error);
  }, [isError, error]);

  return (
    <AdminSection
      title="Email Logs"
      description="Every message the app has sent, newest first. Search looks in recipients, members, subjects and types."
      actions={
        <>
          <ExportButton download={exportLogs} label="Export Logs" />
          <ExportMemberEmails />
        </>
      }
    >
      <ListToolbar search={s} label="Search email logs" placeholder="Search recipient, member or subject">
        <FilterSelect label="Filter by status" value={status} onChange={setStatus} options={STATUS_FILTERS} />
      </ListToolbar>
      <PagedList
        list={list}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        label="Email logs"
        testIdPrefix="email-log"
        rowTestId={(row) => `email-log-${row.id}`}
        errorTitle={EMAILS_MSG.loadLogsError}
        error={
          <div
            role="alert"
            className="rounded-xl border border-destructive-text/30 bg-destructive/5 p-5 text-sm"
            data-testid="email-logs-error"
          >
            <p className="font-medium text-destructive-text">
              {EMAILS_MSG.loadLogsError}: {errorMessage(error)}
            </p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => void list.query.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        }
        loadingLabel="Loading email logs"
        empty={<EmptyState icon={<MailX aria-hidden />} title={EMAILS_MSG.noLogs} />}
        pagerLabel="e-mails"
        onOffset={s.setOffset}
        tableFrom="sm"
        renderCard={(row) => <LogCard row={row} />}
      />
    </AdminSection>
  );
}
