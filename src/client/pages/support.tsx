import { useQuery } from "@tanstack/react-query";
import { Mail, PenLine } from "lucide-react";
import { useRef } from "react";
import { useParams, useSearch } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { supportApi } from "../../shared/contract/support.ts";
import { NewTicketForm } from "../components/support/new-ticket-form.tsx";
import { TicketList } from "../components/support/ticket-list.tsx";
import { TicketThread } from "../components/support/ticket-thread.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { queryOf } from "../lib/api.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorMessage } from "../lib/queryClient.ts";

/** ?date=12 (from a date's "Contact support"): the new message is about that date. */
function dateFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get("date");
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

function SupportOverview() {
  useDocumentTitle("Support");
  const dateId = dateFromSearch(useSearch());
  // Replies arrive from the team at any time: the list is read again each time the page opens.
  const tickets = useQuery({ ...queryOf(supportApi.list), refetchOnMount: "always" });
  const formRef = useRef<HTMLDivElement>(null);

  function goToForm() {
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    formRef.current?.querySelector<HTMLInputElement>("#ticket-subject")?.focus({ preventScroll: true });
  }

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-14 sm:pb-24">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Help</p>
          <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Support</h1>
          <p className="mt-3 text-muted-foreground sm:text-lg">
            A question about a date, your plan or your account? Write to us and our team will reply here.
          </p>
        </div>
        <Button variant="outline" className="self-start sm:self-auto lg:hidden" onClick={goToForm}>
          <PenLine aria-hidden />
          New message
        </Button>
      </header>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <section aria-labelledby="tickets-heading">
          <h2 id="tickets-heading" className="mb-4 font-display text-2xl font-medium">
            Your messages
          </h2>
          {tickets.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner className="size-7 text-brand" label="Loading your messages" />
            </div>
          ) : tickets.isError ? (
            <Card className="p-6 text-center">
              <p className="text-muted-foreground">{errorMessage(tickets.error)}</p>
              <Button variant="outline" className="mt-4" onClick={() => void tickets.refetch()}>
                Try again
              </Button>
            </Card>
          ) : (
            <TicketList tickets={tickets.data} />
          )}
        </section>

        <div ref={formRef} className="scroll-mt-24 lg:sticky lg:top-24">
          <Card className="p-5 sm:p-7">
            <h2 className="font-display text-2xl font-medium">New message</h2>
            <p className="mt-1.5 mb-6 text-sm text-muted-foreground">
              We read every message and reply as soon as we can.
            </p>
            <NewTicketForm
              dateId={dateId}
              onCreated={() => window.scrollTo({ top: 0, behavior: "smooth" })}
            />
          </Card>
          <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Mail aria-hidden className="size-4" />
            Or e-mail
            <a
              href={`mailto:${BRAND.supportEmail}`}
              className="text-brand underline-offset-4 hover:underline"
            >
              {BRAND.supportEmail}
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}

/** /support (the member's conversations and a new message) and /support/:id (one conversation). */
export default function SupportPage() {
  const params = useParams<{ id?: string }>();
  return params.id ? <TicketThread id={params.id} /> : <SupportOverview />;
}
