import { useQuery } from "@tanstack/react-query";
import { CalendarClock, MailCheck, RotateCw } from "lucide-react";
import { useEffect, useState } from "react";
import { JOBS_MSG, type JobStatusRow } from "../../../../shared/admin/jobs.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { londonTime } from "../../../../shared/london-time.ts";
import { queryOf } from "../../../lib/api.ts";
import { errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { TableCell, TableHead, TableRow } from "../../ui/table.tsx";
import {
  AdminSection,
  EmptyState,
  formatDateTimeGB,
  Pager,
  TableSkeleton,
  usePagedEndpoint,
} from "../common.tsx";
import { FilterSelect, useListFilter } from "../list-toolbar.tsx";
import { CardsAndTable } from "../short-list.tsx";
import { typeLabel } from "./email-logs-section.tsx";

const JOB_LABELS: Record<string, string> = {
  "advance-subscriptions": "Billing cycles",
  "date-cancellations": "Unconfirmed dates cancelled",
  "date-completions": "Dates completed, ratings asked",
  "date-reveals": "Date reveals",
  "date-holds": "Save-the-evening holds",
  "retry-mail": "E-mail retries",
  "purge-sessions": "Expired sessions purged",
};

const jobLabel = (name: string) => {
  const known = JOB_LABELS[name];
  if (known) return known;
  const words = name.replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "Every minute", "Every 10 minutes", "Hourly at :07", else the cron itself. */
function cronLabel(cron: string): string {
  if (cron === "* * * * *") return "Every minute";
  let m = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (m) return `Every ${m[1]} minutes`;
  m = /^(\d{1,2}) \* \* \* \*$/.exec(cron);
  if (m) return `Hourly at :${m[1].padStart(2, "0")}`;
  m = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
  if (m) return `Daily at ${m[2].padStart(2, "0")}:${m[1].padStart(2, "0")}`;
  return cron;
}

const timeGB = (iso: string) => londonTime(new Date(iso));

function RunBadge({ job }: { job: JobStatusRow }) {
  const s = job.lastRun?.status;
  if (!s) return <Badge variant="neutral">{JOBS_MSG.neverRun}</Badge>;
  const variant = s === "ok" ? "success" : s === "failed" ? "destructive" : "warning";
  return (
    <Badge variant={variant} className="capitalize">
      {s === "ok" ? "OK" : s}
    </Badge>
  );
}

const OUTBOUND_FILTERS = [
  { value: "failed", label: "Waiting for a retry" },
  { value: "abandoned", label: "Given up" },
] as const;

/** Scheduled jobs: each job's last run, and scheduled e-mail that failed and is retried (or was given up on). */
export function JobsCard() {
  const overview = useQuery({ ...queryOf(adminEmailsApi.jobRuns), refetchInterval: 60_000 });
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useListFilter<(typeof OUTBOUND_FILTERS)[number]["value"]>("failed", setOffset);
  const failures = usePagedEndpoint(adminEmailsApi.outboundMessages, { limit: 10, offset, status });

  const { isError, error } = overview;
  useEffect(() => {
    if (isError) toastCallError(JOBS_MSG.loadFailed, error);
  }, [isError, error]);

  const out = overview.data?.outbound;
  return (
    <AdminSection
      title="Scheduled jobs"
      description="Reveals, reminders, cancellations and billing run on their own. Each run and each scheduled e-mail that failed is shown here; failed e-mails are retried after 5 minutes, 30 minutes, 2 hours and 6 hours."
      actions={
        <Button
          variant="outline"
          onClick={() => {
            void overview.refetch();
            void failures.query.refetch();
          }}
          disabled={overview.isFetching}
        >
          <RotateCw aria-hidden />
          {overview.isFetching ? "Refreshing..." : "Refresh"}
        </Button>
      }
    >
      {isError ? (
        <div
          role="alert"
          className="rounded-xl border border-destructive-text/30 bg-destructive/5 p-5 text-sm"
        >
          <p className="font-medium text-destructive-text">
            {JOBS_MSG.loadFailed}: {errorMessage(error)}
          </p>
        </div>
      ) : overview.isPending ? (
        <TableSkeleton label="Loading scheduled jobs" rows={4} />
      ) : (
        <>
          <p className="mb-4 text-sm" data-testid="jobs-outbound-summary">
            {out && out.failed + out.abandoned > 0 ? (
              <>
                <span className="font-medium">{out.failed}</span> e-mail{out.failed === 1 ? "" : "s"} waiting
                for a retry
                {out.nextRetryAt ? ` (next at ${timeGB(out.nextRetryAt)})` : ""},{" "}
                <span className="font-medium">{out.abandoned}</span> given up after 5 attempts.
              </>
            ) : (
              <span className="text-muted-foreground">Every scheduled e-mail has gone out.</span>
            )}
          </p>
          <CardsAndTable
            items={overview.data.jobs}
            label="Scheduled jobs"
            head={
              <>
                <TableHead>Job</TableHead>
                <TableHead>Schedule</TableHead>
                <TableHead>Last run</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Handled</TableHead>
                <TableHead className="text-right">Failed runs (24 h)</TableHead>
              </>
            }
            card={(job) => (
              <li
                key={job.name}
                data-testid={`job-card-${job.name}`}
                className="grid gap-1 rounded-xl border border-border p-4 text-sm"
              >
                <div className="flex items-center gap-2">
                  <p className="font-medium">{jobLabel(job.name)}</p>
                  <span className="ml-auto">
                    <RunBadge job={job} />
                  </span>
                </div>
                <p className="text-muted-foreground">
                  {cronLabel(job.cron)} · last run{" "}
                  {job.lastRun ? formatDateTimeGB(job.lastRun.startedAt) : "never"}
                  {job.lastRun?.status === "ok" ? ` · ${job.lastRun.processed} handled` : ""}
                </p>
                {job.failures24h > 0 && (
                  <p className="text-destructive-text">
                    {job.failures24h} failed run{job.failures24h === 1 ? "" : "s"} in 24 h
                  </p>
                )}
                {job.lastRun?.status === "failed" && job.lastRun.error && (
                  <p className="break-words text-destructive-text">{job.lastRun.error}</p>
                )}
              </li>
            )}
            row={(job) => (
              <TableRow key={job.name} data-testid={`job-${job.name}`}>
                <TableCell className="min-w-48">
                  <p className="font-medium">{jobLabel(job.name)}</p>
                  <p className="text-xs text-muted-foreground">{job.name}</p>
                  {job.lastRun?.status === "failed" && job.lastRun.error && (
                    <p className="max-w-80 break-words text-xs text-destructive-text">{job.lastRun.error}</p>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{cronLabel(job.cron)}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {job.lastRun ? formatDateTimeGB(job.lastRun.startedAt) : "-"}
                </TableCell>
                <TableCell>
                  <RunBadge job={job} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {job.lastRun?.status === "ok" ? job.lastRun.processed : "-"}
                </TableCell>
                <TableCell
                  className={`text-right tabular-nums ${job.failures24h ? "text-destructive-text" : ""}`}
                >
                  {job.failures24h}
                </TableCell>
              </TableRow>
            )}
          />
        </>
      )}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 className="font-medium">Scheduled e-mails that failed</h3>
        <FilterSelect
          label="Show scheduled e-mails"
          value={status}
          onChange={setStatus}
          options={OUTBOUND_FILTERS}
          className="sm:w-52"
        />
      </div>
      <div className="mt-3">
        {failures.query.isError ? (
          <p role="alert" className="text-sm text-destructive-text">
            {JOBS_MSG.loadMessagesFailed}: {errorMessage(failures.query.error)}
          </p>
        ) : failures.query.isPending ? (
          <TableSkeleton label="Loading scheduled e-mails" rows={3} />
        ) : failures.rows.length === 0 ? (
          <EmptyState
            icon={status === "failed" ? <MailCheck aria-hidden /> : <CalendarClock aria-hidden />}
            title={status === "failed" ? JOBS_MSG.noFailures : "No scheduled e-mail has been given up on."}
          />
        ) : (
          <>
            <CardsAndTable
              items={failures.rows}
              label="Scheduled e-mails that failed"
              busy={failures.query.isFetching}
              head={
                <>
                  <TableHead>E-mail</TableHead>
                  <TableHead>Recipient</TableHead>
                  <TableHead className="text-right">Attempts</TableHead>
                  <TableHead>{status === "failed" ? "Next try" : "Since"}</TableHead>
                  <TableHead>Last error</TableHead>
                </>
              }
              card={(m) => (
                <li key={m.id} className="grid gap-1 rounded-xl border border-border p-4 text-sm">
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{typeLabel(m.kind)}</span>
                    <span className="ml-auto text-xs text-muted-foreground">attempt {m.attempts} of 5</span>
                  </div>
                  <p className="break-all text-muted-foreground">{m.recipientEmail ?? "-"}</p>
                  {m.nextAttemptAt && <p>Next try {formatDateTimeGB(m.nextAttemptAt)}</p>}
                  {m.lastError && <p className="break-words text-destructive-text">{m.lastError}</p>}
                </li>
              )}
              row={(m) => (
                <TableRow key={m.id} data-testid={`outbound-${m.id}`}>
                  <TableCell className="whitespace-nowrap">
                    {typeLabel(m.kind)}
                    {m.reservationId && (
                      <p className="text-xs text-muted-foreground">date {m.reservationId}</p>
                    )}
                  </TableCell>
                  <TableCell className="min-w-44 max-w-64">
                    {m.recipientName && <p className="font-medium break-words">{m.recipientName}</p>}
                    <p className="break-all text-muted-foreground">{m.recipientEmail ?? "-"}</p>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{m.attempts} of 5</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatDateTimeGB(m.nextAttemptAt ?? m.claimedAt)}
                  </TableCell>
                  <TableCell className="min-w-40 max-w-80 break-words text-destructive-text">
                    {m.lastError ?? "-"}
                  </TableCell>
                </TableRow>
              )}
            />
            <Pager
              total={failures.total}
              limit={failures.limit}
              offset={offset}
              onOffset={setOffset}
              label="e-mails"
            />
          </>
        )}
      </div>
    </AdminSection>
  );
}
