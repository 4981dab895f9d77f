import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CalendarHeart, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { BRAND } from "../../../shared/brand.ts";
import { supportApi } from "../../../shared/contract/support.ts";
import { TOAST } from "../../../shared/messages.ts";
import { ticketReplySchema } from "../../../shared/schemas/member.ts";
import { call, queryOf } from "../../lib/api.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorMessage, errorStatus, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { LogoMark } from "../logo.tsx";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { formatFullWhen } from "./format.ts";
import { storeTicket, type TicketDetail } from "./queries.ts";
import { SendReply } from "./send-reply.tsx";
import { TicketStatusBadge } from "./status-badge.tsx";

function BackLink() {
  return (
    <Button asChild variant="link" size="sm" className="text-sm">
      <Link href="/support">
        <ArrowLeft aria-hidden />
        All messages
      </Link>
    </Button>
  );
}

/** One message in the conversation: the member's on the right, support's on the left in gold. */
function Message({
  fromSupport,
  body,
  createdAt,
}: {
  fromSupport: boolean;
  body: string;
  createdAt: string;
}) {
  return (
    <li
      data-testid={fromSupport ? "message-support" : "message-member"}
      className={fromSupport ? "mr-6 sm:mr-16" : "ml-6 sm:ml-16"}
    >
      <div
        className={
          fromSupport
            ? "rounded-2xl rounded-tl-sm border border-accent/50 bg-accent/10 p-4 sm:p-5"
            : "rounded-2xl rounded-tr-sm border border-border bg-surface p-4 sm:p-5"
        }
      >
        <p className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {fromSupport ? (
            <span className="flex items-center gap-1.5 font-semibold text-accent-text">
              <LogoMark className="size-4" />
              {BRAND.name} support
            </span>
          ) : (
            <span className="font-semibold text-foreground">You</span>
          )}
          <time dateTime={createdAt}>{formatFullWhen(createdAt)}</time>
        </p>
        <p className="text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">{body}</p>
      </div>
    </li>
  );
}

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const form = useForm({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { body: "" },
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, { body: "ticket-reply" });
  const reply = useSingleFlightMutation({
    mutationFn: async (input: { body: string }) =>
      await call(supportApi.reply, { params: { id: String(ticket.id) }, body: input }),
    onSuccess: (updated) => {
      storeTicket(updated);
      form.reset();
      toast({ title: "Reply sent", variant: "success" });
    },
    onError: (error) => {
      toastCallError(TOAST.errorTitle, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(errorMessage(error));
    },
  });
  return (
    <SummaryForm
      summary={errorSummary.summary}
      aria-label="Reply"
      onSubmit={errorSummary.handleSubmit((values) => reply.mutate(values))}
      className="grid gap-4"
    >
      <TextareaField
        id="ticket-reply"
        label="Your reply"
        rows={4}
        maxLength={5000}
        hint={
          ticket.status === "closed" ? "This conversation was closed. Replying opens it again." : undefined
        }
        error={form.formState.errors.body?.message}
        {...form.register("body")}
      />
      <SendReply status={form.formState.isDirty ? "idle" : reply.status} />
    </SummaryForm>
  );
}

function TicketNotFound() {
  useDocumentTitle("Support");
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center sm:py-16">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-normal sm:text-3xl">Conversation not found</h1>
      <p className="mt-2 max-w-sm text-muted-foreground">
        This message doesn't exist or isn't yours to see. Your own conversations are all on the support page.
      </p>
      <Button asChild className="mt-6">
        <Link href="/support">Back to Support</Link>
      </Button>
    </Card>
  );
}

/** /support/:id: the original message, the replies in order, and a box to answer. */
export function TicketThread({ id }: { id: string }) {
  const valid = /^[1-9]\d{0,8}$/.test(id);
  // Support may have answered since this was last read: show what is known, then ask again.
  const query = useQuery({
    ...queryOf(supportApi.get, { params: { id } }),
    enabled: valid,
    refetchOnMount: "always",
  });
  const ticket = query.data;
  useDocumentTitle(ticket ? `${ticket.subject} — Support` : "Support");

  let content: ReactNode;
  if (!valid || errorStatus(query.error) === 404) content = <TicketNotFound />;
  else if (query.isError)
    content = (
      <Card className="p-6 text-center sm:p-8">
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  else if (!ticket)
    content = (
      <div className="flex justify-center py-16">
        <Spinner className="size-7 text-brand" label="Loading the conversation" />
      </div>
    );
  else
    content = (
      <article aria-labelledby="ticket-subject-heading">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1
              id="ticket-subject-heading"
              className="text-3xl leading-tight font-normal [overflow-wrap:anywhere] sm:text-4xl"
            >
              {ticket.subject}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">
              Opened {formatFullWhen(ticket.createdAt)} · Reference #{ticket.id}
            </p>
          </div>
          <TicketStatusBadge status={ticket.status} className="self-start text-sm" />
        </header>
        {ticket.reservationId !== null && (
          <p className="mt-4 flex items-center gap-2 text-sm">
            <CalendarHeart aria-hidden className="size-4 text-accent-text" />
            <Link
              href={`/dates/${ticket.reservationId}`}
              className="text-brand underline-offset-4 hover:underline"
            >
              About one of your dates
            </Link>
          </p>
        )}
        <ol className="mt-8 grid grid-cols-1 gap-4" aria-label="Conversation">
          <Message fromSupport={false} body={ticket.body} createdAt={ticket.createdAt} />
          {ticket.replies.map((r) => (
            <Message key={r.id} fromSupport={r.fromSupport} body={r.body} createdAt={r.createdAt} />
          ))}
        </ol>
        {ticket.replies.every((r) => !r.fromSupport) && (
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Our team has your message and will reply here.
          </p>
        )}
        <Card className="mt-8 p-5 sm:p-6">
          <ReplyForm ticket={ticket} />
        </Card>
      </article>
    );

  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <BackLink />
      <div className="mt-4">{content}</div>
    </div>
  );
}
