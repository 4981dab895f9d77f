import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, CheckCircle2, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { supportApi } from "../../../shared/contract/support.ts";
import { TOAST } from "../../../shared/messages.ts";
import { createTicketSchema } from "../../../shared/schemas/member.ts";
import { call, invalidate } from "../../lib/api.ts";
import { queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";

const formSchema = createTicketSchema.pick({ subject: true, body: true });

/**
 * "Contact support" from a date: a subject and a message, sent as a support ticket linked to the date.
 * The team's replies appear on /support.
 */
export function ContactSupportDialog({
  reservationId,
  defaultSubject,
  open,
  onOpenChange,
}: {
  reservationId: number;
  defaultSubject: string;
  /** Opened by the date page's own button (quick-actions.tsx), which loads this form on intent. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [sent, setSent] = useState<AnswerOf<typeof supportApi.create> | null>(null);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: defaultSubject, body: "" },
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, { subject: "support-subject", body: "support-body" });
  const { errors } = form.formState;

  const send = useSingleFlightMutation({
    mutationFn: async (input: { subject: string; body: string }) =>
      await call(supportApi.create, { body: { ...input, reservationId } }),
    onSuccess: (ticket) => {
      void invalidate(queryClient, supportApi.list);
      toast({
        title: "Message sent",
        description: "Our team will reply by e-mail and on your Support page.",
        variant: "success",
      });
      setSent(ticket);
    },
    onError: (error) => {
      // At the top of the form (focused) and beside the field it is about; the toast repeats it.
      errorSummary.showCallError(error);
      toastCallError(TOAST.errorTitle, error);
    },
  });

  function changeOpen(next: boolean) {
    onOpenChange(next);
    if (!next) {
      // Opening again starts a fresh message.
      setSent(null);
      form.reset({ subject: defaultSubject, body: "" });
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        {sent ? (
          <div className="grid gap-4" data-testid="support-sent">
            <CheckCircle2 aria-hidden className="size-10 text-success-text" />
            <DialogHeader>
              <DialogTitle>Message sent</DialogTitle>
              <DialogDescription>
                Thank you. We've got your message about this date and will reply as soon as we can, by e-mail
                and on your Support page.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter className="mt-2">
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <Button asChild>
                <Link href={`/support/${sent.id}`}>
                  View your messages
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <SummaryForm
            summary={errorSummary.summary}
            aria-label="Contact support"
            onSubmit={errorSummary.handleSubmit((values) => send.mutate(values))}
          >
            <DialogHeader>
              <DialogTitle>Contact support</DialogTitle>
              <DialogDescription>
                A question about this date, a change of plan, or something not right? Tell us and a real
                person will reply.
              </DialogDescription>
            </DialogHeader>
            <div className="mt-6 grid gap-5">
              <FormField
                id="support-subject"
                label="Subject"
                maxLength={200}
                error={errors.subject?.message}
                {...form.register("subject")}
              />
              <TextareaField
                id="support-body"
                label="Message"
                rows={5}
                maxLength={5000}
                placeholder="Tell us what's happening and how we can help."
                error={errors.body?.message}
                {...form.register("body")}
              />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" pending={send.isPending}>
                <Send aria-hidden />
                {send.isPending ? "Sending..." : "Send message"}
              </Button>
            </DialogFooter>
          </SummaryForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
