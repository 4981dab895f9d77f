import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { statusLabel, tierLabel } from "../../../../shared/admin/members.ts";
import {
  ADMIN_REPLY_MAX,
  type AdminTicketDetail,
  adminReplySchema,
  SUPPORT_MSG,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type UpdateTicketInput,
} from "../../../../shared/admin/support.ts";
import { BRAND } from "../../../../shared/brand.ts";
import { adminSupportApi } from "../../../../shared/contract/admin-support.ts";
import { supportApi } from "../../../../shared/contract/support.ts";
import { call, keyOf, queryOf, storeAnswer } from "../../../lib/api.ts";
import { statusText } from "../../../lib/labels.ts";
import { errorMessage, isUnauthorizedError, queryClient, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { SendReply } from "../../support/send-reply.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { EmailAddress } from "../../ui/email-address.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { HistorySection, refreshHistory } from "../audit/stale-edit.tsx";
import { formatDateTimeGB } from "../common.tsx";

/** The list's address, which its pages' keys start with (the Support tab reads it until it moves). */
export const TICKETS_URL = adminSupportApi.tickets.path;

const ticketQuery = (id: number) => queryOf(adminSupportApi.ticket, { params: { id: String(id) } });

function useTicket(id: number) {
  return useQuery({ ...ticketQuery(id), staleTime: 0 });
}

function afterChange(ticket: AdminTicketDetail) {
  storeAnswer(queryClient, ticketQuery(ticket.id).queryKey, ticket);
  refreshHistory(queryClient);
  // Every page of the list (its keys start with the list's address, then the query string), not the ticket
  // just set.
  void queryClient.invalidateQueries({ queryKey: keyOf(adminSupportApi.tickets, { query: {} }) });
}

function TicketSelects({ ticket }: { ticket: AdminTicketDetail }) {
  const update = useMutation({
    mutationFn: async (input: UpdateTicketInput) =>
      await call(supportApi.update, { params: { id: String(ticket.id) }, body: input }),
    onSuccess: (saved, input) => {
      afterChange(saved);
      toast({
        title: "Status Updated",
        description: input.status
          ? `Ticket #${saved.id} is ${TICKET_STATUS_LABELS[saved.status].toLowerCase()}.`
          : `Ticket #${saved.id} is ${TICKET_PRIORITY_LABELS[saved.priority].toLowerCase()} priority.`,
        variant: "success",
      });
    },
    onError: (error) => toastCallError(SUPPORT_MSG.updateFailed, error),
  });
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`ticket-status-${ticket.id}`}>Status</Label>
        <Select
          value={ticket.status}
          disabled={update.isPending}
          onValueChange={(v) => {
            const status = TICKET_STATUSES.find((s) => s === v);
            if (status) update.mutate({ status });
          }}
        >
          <SelectTrigger id={`ticket-status-${ticket.id}`} className="h-10">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`ticket-priority-${ticket.id}`}>Priority</Label>
        <Select
          value={ticket.priority}
          disabled={update.isPending}
          onValueChange={(v) => {
            const priority = TICKET_PRIORITIES.find((p) => p === v);
            if (priority) update.mutate({ priority });
          }}
        >
          <SelectTrigger id={`ticket-priority-${ticket.id}`} className="h-10">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {TICKET_PRIORITY_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function Message({
  who,
  at,
  body,
  fromSupport,
}: {
  who: string;
  at: string;
  body: string;
  fromSupport: boolean;
}) {
  return (
    <li
      className={fromSupport ? "ml-6 sm:ml-12" : "mr-6 sm:mr-12"}
      data-testid={fromSupport ? "thread-support" : "thread-member"}
    >
      <div
        className={
          fromSupport
            ? "rounded-2xl rounded-tr-sm border border-accent/50 bg-accent/10 p-4"
            : "rounded-2xl rounded-tl-sm border border-border bg-muted/30 p-4"
        }
      >
        <p className="mb-1.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span className={fromSupport ? "font-semibold text-accent-text" : "font-semibold text-foreground"}>
            {who}
          </span>
          <time dateTime={at}>{formatDateTimeGB(at)}</time>
        </p>
        <p className="text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">{body}</p>
      </div>
    </li>
  );
}

function ReplyForm({ ticket }: { ticket: AdminTicketDetail }) {
  const form = useForm({
    resolver: zodResolver(adminReplySchema),
    defaultValues: { body: "" },
    shouldFocusError: false,
  });
  const replyId = `ticket-reply-${ticket.id}`;
  const errorSummary = useErrorSummary(form, { body: replyId });
  const reply = useMutation({
    mutationFn: async (input: { body: string }) =>
      await call(adminSupportApi.reply, { params: { id: String(ticket.id) }, body: input }),
    onSuccess: ({ ticket: saved, mailSent }) => {
      afterChange(saved);
      form.reset();
      if (mailSent)
        toast({ title: "Reply sent", description: `E-mailed to ${saved.fromEmail}`, variant: "success" });
      else
        toast({
          title: "Reply saved, but the e-mail could not be sent",
          description: "It shows on the member's Support page; the failure is in the Email Logs.",
          variant: "destructive",
        });
    },
    onError: (error) => {
      toastCallError(SUPPORT_MSG.replyFailed, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(errorMessage(error));
    },
  });
  return (
    <SummaryForm
      summary={errorSummary.summary}
      aria-label="Reply to the ticket"
      className="grid gap-3"
      onSubmit={errorSummary.handleSubmit((v) => {
        if (!reply.isPending) reply.mutate(v);
      })}
    >
      <TextareaField
        id={replyId}
        label="Your reply"
        rows={5}
        maxLength={ADMIN_REPLY_MAX}
        hint={`E-mailed to ${ticket.fromEmail}${ticket.userId ? " and shown on the member's Support page" : ""}. The ticket becomes Answered.`}
        error={form.formState.errors.body?.message}
        {...form.register("body")}
      />
      <SendReply
        status={form.formState.isDirty ? "idle" : reply.status}
        sent={reply.data?.mailSent === false ? "Saved, not e-mailed" : "Sent"}
      />
    </SummaryForm>
  );
}

function TicketBody({ id }: { id: number }) {
  const query = useTicket(id);
  if (query.isError)
    return (
      <div role="alert" className="grid gap-3">
        <DialogTitle>Ticket #{id}</DialogTitle>
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const t = query.data;
  if (!t)
    return (
      <>
        <DialogTitle className="sr-only">Ticket #{id}</DialogTitle>
        <div className="flex justify-center py-12">
          <Spinner className="size-7 text-brand" label="Loading the ticket" />
        </div>
      </>
    );
  const memberName = t.member
    ? [t.member.firstName, t.member.lastName].filter(Boolean).join(" ") || t.member.email
    : null;
  return (
    <div className="grid gap-6">
      <DialogHeader>
        <p className="font-mono text-xs text-muted-foreground">Ticket #{t.id}</p>
        <DialogTitle className="[overflow-wrap:anywhere]">{t.subject}</DialogTitle>
        <DialogDescription>Received {formatDateTimeGB(t.createdAt)}</DialogDescription>
      </DialogHeader>
      <TicketSelects ticket={t} />
      <dl className="grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-2">
        <Fact label="From">
          {t.fromName && <span className="block font-medium">{t.fromName}</span>}
          <a
            href={`mailto:${t.fromEmail}`}
            className="text-brand underline underline-offset-4 [overflow-wrap:anywhere]"
          >
            <EmailAddress address={t.fromEmail} />
          </a>
        </Fact>
        <Fact label="Member">
          {t.member ? (
            <Link href={`/admin/members/${t.member.id}`} className="text-brand underline underline-offset-4">
              {memberName}
            </Link>
          ) : (
            <span className="text-muted-foreground">No account with this address</span>
          )}
          {t.member?.subscriptionTier && (
            <span className="text-muted-foreground">
              {" "}
              · {tierLabel(t.member.subscriptionTier)} · {statusLabel(t.member.subscriptionStatus)}
            </span>
          )}
        </Fact>
        {t.reservation && (
          <Fact label="About a date">
            #{t.reservation.id} on {formatDateTimeGB(t.reservation.scheduledDate)}
            {t.reservation.venueName ? ` at ${t.reservation.venueName}` : ""} (
            {statusText(t.reservation.status)})
          </Fact>
        )}
        {t.replyToId && <Fact label="Mentions">Ticket #{t.replyToId} (sent by a different address)</Fact>}
      </dl>
      <ol aria-label="Conversation" className="grid gap-3">
        <Message who={t.fromName ?? t.fromEmail} at={t.createdAt} body={t.body} fromSupport={false} />
        {t.replies.map((r) => (
          <Message
            key={r.id}
            who={r.isFromAdmin ? `${BRAND.name} support` : r.fromEmail}
            at={r.createdAt}
            body={r.body}
            fromSupport={r.isFromAdmin}
          />
        ))}
      </ol>
      <ReplyForm ticket={t} />
      <HistorySection entity="support_ticket" entityId={t.id} />
    </div>
  );
}

/** One ticket: id, priority, status, sender, subject, the whole conversation and a reply box. */
export function TicketDialog({
  id,
  onOpenChange,
}: {
  id: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" aria-describedby={undefined}>
        {id !== null && <TicketBody key={id} id={id} />}
      </DialogContent>
    </Dialog>
  );
}
