import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  ASSIGNMENT_MSG,
  createAssignmentSchema,
  dateToLondonLocal,
} from "../../../../shared/admin/assignments.ts";
import { type AdminUser, memberName } from "../../../../shared/admin/members.ts";
import { checkAssignmentSchema, overrideReasonSchema } from "../../../../shared/admin/rulebook.ts";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { call } from "../../../lib/api.ts";
import { errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog.tsx";
import { ErrorSummary, focusField } from "../../ui/error-summary.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { newDateMail, refreshAfterDateChange, toastWithUndo, UNLESS_UNDONE } from "../undo/undo-toast.ts";
import { type VenueChoice, VenuePicker } from "../venues/venue-picker.tsx";
import { CoupleFacts, CoupleNeeds, CoupleSkeleton, useCouple } from "./couple-panel.tsx";
import { MemberPicker } from "./member-picker.tsx";
import { OVERRIDE_REASON_ID, RuleCheckPanel, useRuleCheck } from "./rule-check.tsx";

interface FormValues {
  userId: string;
  venueId: string;
  /** datetime-local: a wall-clock time in London. */
  scheduledDate: string;
}
const EMPTY: FormValues = { userId: "", venueId: "", scheduledDate: "" };

/** "name - city (type)" (spec section 2). */
export const venueLabel = (v: Pick<AdminVenue, "name" | "city" | "type">) =>
  `${v.name} - ${v.city} (${v.type})`;

/**
 * What to know before booking for the chosen member: their couple's plan, the allowance of the month of the
 * chosen time (this month until a time is chosen) and the couple's needs.
 */
function CoupleBrief({ userId, when }: { userId: number; when: string }) {
  const month = /^\d{4}-\d{2}/.exec(when)?.[0] ?? null;
  const couple = useCouple(userId, month);
  const c = couple.data;
  return (
    <section
      aria-label="The couple before booking"
      className="grid content-start gap-3 rounded-xl border border-border bg-muted/40 p-4"
    >
      {couple.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          Couldn't load this member's couple: {errorMessage(couple.error)}
        </p>
      ) : !c ? (
        <CoupleSkeleton label="Loading the couple" />
      ) : (
        <>
          <CoupleFacts couple={c} className="gap-2.5" />
          <CoupleNeeds couple={c} className="border-t border-border/70 pt-2" />
        </>
      )}
    </section>
  );
}

/**
 * Assign Date: a member (searched on the server), a London date and time, and a venue. Assign stays
 * disabled until all three are chosen and the rulebook has checked them (live, as they change): a couple that
 * can't be booked can't be assigned; a date that breaks rules needs an override reason ("Assign anyway").
 */
export function AssignDateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [member, setMember] = useState<AdminUser | null>(null);
  const [venueChoice, setVenueChoice] = useState<VenueChoice | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // A new array only when the server refuses again, so the summary takes focus each time and only then.
  const serverItems = useMemo(() => (serverError ? [{ message: serverError }] : []), [serverError]);
  const form = useForm<FormValues>({
    resolver: zodResolver(createAssignmentSchema) as unknown as Resolver<FormValues>,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [userId, venue, when] = form.watch(["userId", "venueId", "scheduledDate"]);
  const ready = Boolean(userId && venue && when);
  const [overrideReason, setOverrideReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  // The live rulebook check of the current choice (only once it parses: a member, a venue and a time).
  const parsed = checkAssignmentSchema.safeParse({ userId, venueId: venue, scheduledDate: when });
  const check = useRuleCheck(
    ready && parsed.success ? { userId, venueId: venue, scheduledDate: when } : null,
  );
  const verdict = check.current ? check.data : undefined;
  const broken = verdict?.eligible ? verdict.broken : [];
  const needsOverride = broken.length > 0;
  // Assign waits for the check of the current choice; a couple that can't be booked can't be assigned.
  const canAssign = ready && verdict?.eligible === true;

  const reset = () => {
    form.reset(EMPTY);
    setMember(null);
    setVenueChoice(null);
    setServerError(null);
    setOverrideReason("");
    setReasonError(undefined);
  };
  const assign = useSingleFlightMutation({
    mutationFn: async (v: FormValues) =>
      await call(adminAssignmentsApi.create, {
        body: {
          userId: Number(v.userId),
          venueId: Number(v.venueId),
          scheduledDate: v.scheduledDate,
          ...(needsOverride ? { overrideReason } : {}),
        },
      }),
    onSuccess: (created) => {
      // The couple's e-mail waits the undo window; the toast's Undo removes the date before it goes.
      toastWithUndo(queryClient, {
        title: ASSIGNMENT_MSG.created,
        description: `${created.user ? memberName(created.user) : "The member"} has a date at ${created.venue?.name ?? "the venue"}.${created.override ? " The override is on the record." : ""}`,
        assignmentId: created.id,
      });
      refreshAfterDateChange(queryClient);
      onOpenChange(false);
      reset();
    },
    onError: (error) => {
      setServerError(errorMessage(error));
      toastCallError("Failed to assign date", error);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (assign.isPending) return;
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Assign Date</DialogTitle>
          <DialogDescription>
            Plan a mystery date for a member. It counts towards their dates for that month.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-x-8"
          onSubmit={form.handleSubmit(() => {
            setServerError(null);
            if (needsOverride) {
              const reason = overrideReasonSchema.safeParse(overrideReason);
              if (!reason.success) {
                setReasonError(reason.error.issues[0]?.message);
                // Focus goes to the reason, which its message now describes: it is said, and can be typed.
                focusField(OVERRIDE_REASON_ID);
                return;
              }
            }
            assign.mutate(form.getValues());
          })}
        >
          <ErrorSummary items={serverItems} className="lg:col-span-2" testId="assign-error-summary" />
          <div className="grid content-start gap-5">
            <MemberPicker
              value={member}
              error={errors.userId?.message}
              onChange={(u) => {
                setMember(u);
                form.setValue("userId", u ? String(u.id) : "", { shouldValidate: Boolean(u) });
              }}
            />
            <FormField
              label="Scheduled date (London time)"
              type="datetime-local"
              min={dateToLondonLocal(new Date())}
              error={errors.scheduledDate?.message}
              {...form.register("scheduledDate")}
            />
            <VenuePicker
              value={venueChoice}
              error={errors.venueId?.message}
              onChange={(v) => {
                setVenueChoice(v);
                form.setValue("venueId", v ? String(v.id) : "", { shouldValidate: Boolean(v) });
              }}
            />
            {ready && (
              <RuleCheckPanel
                check={check}
                reason={overrideReason}
                reasonError={reasonError}
                onReason={(text) => {
                  setOverrideReason(text);
                  if (reasonError) setReasonError(undefined);
                }}
              />
            )}
          </div>
          {member ? (
            <CoupleBrief userId={member.id} when={when} />
          ) : (
            <p className="hidden items-center justify-center rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground lg:flex">
              Choose a member to see their couple's plan, allowance and needs before booking.
            </p>
          )}
          {canAssign && member && parsed.success && (
            <p className="text-sm text-muted-foreground lg:col-span-2" data-testid="assign-mail-notice">
              {memberName(member)} will be e-mailed {newDateMail(parsed.data.scheduledDate)} {UNLESS_UNDONE}.
            </p>
          )}
          <DialogFooter className="mt-2 lg:col-span-2">
            <Button
              variant="outline"
              disabled={assign.isPending}
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              variant={needsOverride ? "destructive" : undefined}
              disabled={!canAssign}
              pending={assign.isPending}
            >
              {assign.isPending ? "Assigning..." : needsOverride ? "Assign anyway" : "Assign"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
