import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { HeartHandshake, MailPlus, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { PublicUser } from "../../../shared/api-types.ts";
import { TIERS } from "../../../shared/constants.ts";
import { datesApi } from "../../../shared/contract/dates.ts";
import type { AnswerOf, BodyOf } from "../../../shared/contract/endpoint.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { londonDayMonth } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import { partnerInviteSchema } from "../../../shared/schemas/member.ts";
import { call, invalidate, queryOf, storeAnswer } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { CURRENT_USER_KEY, errorMessage, queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmailAddress } from "../ui/email-address.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { SettingsSection } from "./section.tsx";

type PartnerStatus = AnswerOf<typeof partnersApi.status>;
const statusQuery = queryOf(partnersApi.status);

/** A partner change: the answer is the new status; the member (partnerId) and the couple's dates change too. */
function usePartnerCall<I = void>(
  send: (input: I) => Promise<PartnerStatus>,
  onDone: (status: PartnerStatus) => void,
  /** Also said on the page (a form's summary), beside the toast. */
  onRefused?: (error: unknown) => void,
) {
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => {
      storeAnswer(queryClient, statusQuery.queryKey, status);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      // Every date read: the list, the counts and each date (all at an address under one date's).
      void invalidate(queryClient, datesApi.get);
      onDone(status);
    },
    onError: (error) => {
      onRefused?.(error);
      toastCallError(TOAST.errorTitle, error);
    },
  });
}

/** What unlinking does (couples/leaving.ts): whoever holds the plan keeps it and every date ahead. */
function unlinkOutcome(user: PublicUser | null | undefined, name: string): string {
  if (user?.partnerPlan)
    return `${name}'s ${TIERS[user.partnerPlan.tier].name} membership stays with ${name}, and so does every booked date, including those in your name. You'll have no membership of your own. We'll e-mail ${name} to say so.`;
  if (user?.subscriptionTier && LIVE.has(user.subscriptionStatus ?? ""))
    return `You keep your ${TIERS[user.subscriptionTier].name} membership and every booked date, including those in ${name}'s name. We'll e-mail ${name} to say so.`;
  return "You'll stop sharing dates: each of you will only see the dates on your own account.";
}
const LIVE = new Set(["active", "past_due", "paused"]);

function Linked({ partner }: { partner: NonNullable<PartnerStatus["partner"]> }) {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const name = partner.firstName?.trim() || partner.email;
  const unlink = usePartnerCall(
    () => call(partnersApi.unlink),
    () => {
      setOpen(false);
      toast({ title: "Partner unlinked", description: `You and ${name} no longer share dates.` });
    },
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3.5">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent/15 font-display text-lg text-accent-text ring-1 ring-accent/50"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0" data-testid="partner-linked">
          <p className="font-medium [overflow-wrap:anywhere]">
            {partner.firstName?.trim() || "Your partner"}
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <EmailAddress address={partner.email} />
          </p>
        </div>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={unlink.isPending}
        trigger={
          <Button variant="outline" className="self-start sm:self-auto" onClick={() => setOpen(true)}>
            Unlink partner
          </Button>
        }
        title={`Unlink ${name}?`}
        description={`${unlinkOutcome(user, name)} Either of you can send a new invitation later.`}
        cancelLabel="Keep linked"
        confirmLabel="Unlink partner"
        pendingLabel="Unlinking..."
        onConfirm={() => unlink.mutate(undefined)}
      />
    </div>
  );
}

function Pending({ invite }: { invite: NonNullable<PartnerStatus["pendingInvite"]> }) {
  const cancel = usePartnerCall(
    () => call(partnersApi.cancelInvite),
    () =>
      toast({
        title: "Invitation cancelled",
        description: `The link sent to ${invite.email} no longer works.`,
      }),
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3.5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MailPlus aria-hidden className="size-5" />
        </span>
        <div className="min-w-0" data-testid="partner-pending">
          <p className="text-sm text-muted-foreground">Invitation sent to</p>
          <p className="font-medium [overflow-wrap:anywhere]">
            <EmailAddress address={invite.email} />
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            Sent {londonDayMonth(new Date(invite.sentAt))} · the link works until{" "}
            {londonDayMonth(new Date(invite.expiresAt))}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        className="self-start sm:self-auto"
        pending={cancel.isPending}
        onClick={() => cancel.mutate(undefined)}
      >
        {cancel.isPending ? "Cancelling..." : "Cancel invitation"}
      </Button>
    </div>
  );
}

function InviteForm() {
  const form = useForm({ resolver: zodResolver(partnerInviteSchema), defaultValues: { email: "" } });
  const errorSummary = useErrorSummary(form, { email: "partner-email" });
  const invite = usePartnerCall(
    (body: BodyOf<typeof partnersApi.invite>) => call(partnersApi.invite, { body }),
    (status) => {
      form.reset();
      toast({
        title: "Invitation sent",
        description: `We've e-mailed ${status.pendingInvite?.email ?? "your partner"} a link to join you.`,
        variant: "success",
      });
    },
    // Every refusal of an invitation is about the address given: beside it, and in the focused summary.
    (error) => errorSummary.showCallError(error, { email: errorMessage(error) }),
  );
  return (
    <SummaryForm
      summary={errorSummary.summary}
      summaryClassName="sm:basis-full"
      onSubmit={errorSummary.handleSubmit((values) => invite.mutate(values))}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <FormField
        id="partner-email"
        label="Invite your partner"
        type="email"
        autoComplete="off"
        inputMode="email"
        placeholder="their@email.com"
        className="flex-1"
        error={form.formState.errors.email?.message}
        {...form.register("email")}
      />
      <Button type="submit" className="sm:mt-7" pending={invite.isPending}>
        <Send aria-hidden />
        {invite.isPending ? "Sending..." : "Send invitation"}
      </Button>
    </SummaryForm>
  );
}

/** Settings, Profile tab: the member's partner, a pending invitation, or a way to invite one. */
export function PartnerCard() {
  // The partner may accept (or unlink) at any time: read again whenever the card opens.
  const query = useQuery({ ...statusQuery, refetchOnMount: "always" });
  const status = query.data;
  return (
    <SettingsSection
      title="Your partner"
      description="Partners share the couple's dates: both of you see each date, its countdown and the reveal. The plan and its billing stay with the member who subscribed."
      aside={
        status?.partner ? (
          <Badge variant="success">
            <HeartHandshake aria-hidden className="size-3.5" />
            Linked
          </Badge>
        ) : status?.pendingInvite ? (
          <Badge variant="warning">Invitation pending</Badge>
        ) : null
      }
    >
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : status?.partner ? (
        <Linked partner={status.partner} />
      ) : status?.pendingInvite ? (
        <Pending invite={status.pendingInvite} />
      ) : (
        <InviteForm />
      )}
    </SettingsSection>
  );
}
