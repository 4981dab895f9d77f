import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { CalendarHeart, Send, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { datesApi } from "../../../shared/contract/dates.ts";
import { supportApi } from "../../../shared/contract/support.ts";
import { londonWeekdayDayMonth } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import { createTicketSchema } from "../../../shared/schemas/member.ts";
import { call, queryOf } from "../../lib/api.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Button } from "../ui/button.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { SaveStatus } from "../ui/save-status.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { storeTicket, type TicketDetail } from "./queries.ts";

const formSchema = createTicketSchema.pick({ subject: true, body: true });

/** The date a message is about (from /support?date=12), shown as a chip the member can remove. */
function useAboutDate(dateId: number | null) {
  const query = useQuery({
    ...queryOf(datesApi.get, { params: { id: String(dateId ?? 0) } }),
    enabled: dateId !== null,
  });
  return dateId !== null && query.data ? query.data : null;
}

/** "New message": a subject and a message to the support team, optionally about one date. */
export function NewTicketForm({
  dateId,
  onCreated,
}: {
  dateId: number | null;
  onCreated: (ticket: TicketDetail) => void;
}) {
  const [attachDate, setAttachDate] = useState(true);
  const about = useAboutDate(dateId);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: "", body: "" },
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const errorSummary = useErrorSummary(form, { subject: "ticket-subject", body: "ticket-body" });

  const create = useSingleFlightMutation({
    mutationFn: async (input: { subject: string; body: string; reservationId?: number }) =>
      await call(supportApi.create, { body: input }),
    onSuccess: (ticket) => {
      storeTicket(ticket);
      form.reset();
      setAttachDate(false);
      toast({
        title: "Message sent",
        description: "Thank you. Our team will reply to you here.",
        variant: "success",
      });
      onCreated(ticket);
    },
    onError: (error) => {
      toastCallError(TOAST.errorTitle, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(errorMessage(error));
    },
  });

  const reservationId = about && attachDate ? about.id : undefined;

  return (
    <SummaryForm
      summary={errorSummary.summary}
      aria-label="New message"
      onSubmit={errorSummary.handleSubmit((values) =>
        create.mutate({ ...values, ...(reservationId ? { reservationId } : {}) }),
      )}
      className="grid gap-5"
    >
      {about && attachDate && (
        <p className="flex items-center gap-2 rounded-xl border border-accent/50 bg-accent/10 py-2 pr-2 pl-3 text-sm">
          <CalendarHeart aria-hidden className="size-4 shrink-0 text-accent-text" />
          <span className="min-w-0 flex-1">
            About your date on {londonWeekdayDayMonth(new Date(about.scheduledDate))}
          </span>
          <button
            type="button"
            onClick={() => setAttachDate(false)}
            aria-label="Don't link this message to the date"
            className="rounded-full p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </button>
        </p>
      )}
      <FormField
        id="ticket-subject"
        label="Subject"
        maxLength={200}
        placeholder="e.g. A question about our next date"
        error={errors.subject?.message}
        {...form.register("subject")}
      />
      <TextareaField
        id="ticket-body"
        label="Message"
        rows={6}
        maxLength={5000}
        placeholder="Tell us what's happening and how we can help."
        error={errors.body?.message}
        {...form.register("body")}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" className="w-full sm:w-auto" pending={create.isPending}>
          <Send aria-hidden />
          {create.isPending ? "Sending..." : "Send message"}
        </Button>
        <SaveStatus
          status={form.formState.isDirty ? "idle" : create.status}
          saving="Sending..."
          saved="Sent"
        />
      </div>
    </SummaryForm>
  );
}
