import { useQuery } from "@tanstack/react-query";
import { CalendarHeart, CreditCard, HeartHandshake, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { TIMING } from "../../../shared/constants.ts";
import { accountApi } from "../../../shared/contract/account.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { type DateOutcome, LEAVING_MSG } from "../../../shared/leaving.ts";
import { TOAST } from "../../../shared/messages.ts";
import { call, queryOf } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { errorMessage, errorStatus, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toastAcrossNavigation } from "../../lib/toast.ts";
import { useRefusalSummary } from "../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { focusField, SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { serverFieldErrors } from "./api.ts";

type DeletionPreview = AnswerOf<typeof accountApi.deletionPreview>;

const OUTCOME_CLASS: Record<DateOutcome, string> = {
  stays: "text-success-text",
  offered: "text-foreground",
  cancelled: "text-destructive-text",
};

/** What deleting does, as the server will do it: the plan, the partner, and each booked date. */
function WhatHappens({ preview }: { preview: DeletionPreview }) {
  return (
    <div
      className="grid gap-4 rounded-xl border border-border bg-muted/40 p-4 text-sm"
      data-testid="deletion-preview"
    >
      <h3 className="font-semibold">What happens when you delete</h3>
      {preview.plan && (
        <p className="flex gap-2.5">
          <CreditCard aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{preview.plan}</span>
        </p>
      )}
      {preview.partner && (
        <p className="flex gap-2.5" data-testid="deletion-partner">
          <HeartHandshake aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{preview.partner.outcome}</span>
        </p>
      )}
      <div className="flex gap-2.5">
        <CalendarHeart aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        {preview.dates.length === 0 ? (
          <p>You have no dates booked.</p>
        ) : (
          <div className="grid min-w-0 gap-1.5">
            <p>Your booked dates:</p>
            <ul className="grid gap-1.5" data-testid="deletion-dates">
              {preview.dates.map((d) => (
                <li key={d.id} className="[overflow-wrap:anywhere]">
                  <span className="font-semibold tabular-nums">{d.when}</span>:{" "}
                  <span className={cn(OUTCOME_CLASS[d.outcome])}>{d.text}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * What is deleted, and (once the preview is in) that the dates listed stay with the partner: the dates are
 * not deleted with the account.
 */
function whatIsDeleted(preview: DeletionPreview | undefined): string {
  const deleted = "Your profile, your preferences and the words of your own ratings are deleted";
  const partner = preview?.partner?.firstName?.trim() || "your partner";
  const staying = preview?.dates.filter((d) => d.outcome !== "cancelled").length ?? 0;
  if (!preview?.partner || staying === 0) return `${deleted}.`;
  return staying === preview.dates.length
    ? `${deleted}; the dates listed below stay with ${partner}.`
    : `${deleted}; the dates listed below stay with ${partner}, except those marked cancelled.`;
}

/**
 * Delete Account: the dialog first says exactly what happens (the deletion preview), then asks
 * for the password (and the two-step code when it is on). Afterwards a full page load of "/" (signed out).
 */
/** The inputs' ids: the error summary's links lead to them. */
const DELETE_IDS = { password: "delete-password", code: "delete-code" } as const;

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // Each message beside its field; several, or any refusal, also in the summary at the top (focused).
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const summary = useRefusalSummary();
  const fieldItems = (next: { password?: string; code?: string }) => [
    ...(next.password ? [{ fieldId: DELETE_IDS.password, message: next.password }] : []),
    ...(next.code ? [{ fieldId: DELETE_IDS.code, message: next.code }] : []),
  ];
  const preview = useQuery({
    ...queryOf(accountApi.deletionPreview),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const needsCode = preview.data?.needsCode ?? false;

  const reset = () => {
    setPassword("");
    setCode("");
    setErrors({});
    summary.clear();
  };

  const remove = useSingleFlightMutation({
    mutationFn: () =>
      call(accountApi.deleteAccount, {
        body: needsCode ? { password, code: code.trim() } : { password },
      }),
    onSuccess: () => {
      // Close first: while the dialog is open, the toast outside it is hidden from assistive technology.
      setOpen(false);
      toastAcrossNavigation({
        title: TOAST.accountDeletedTitle,
        description: "Your account and your data have been deleted.",
      });
      setTimeout(() => {
        window.location.href = "/";
      }, TIMING.afterDeleteRedirectMs);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const fields = serverFieldErrors(error);
      if (fields.password || fields.code) {
        const next = { password: fields.password, code: fields.code };
        setErrors(next);
        summary.showAll(fieldItems(next));
        return;
      }
      // Too many wrong passwords: said where the password is typed.
      if (errorStatus(error) === 429) {
        setErrors({ password: errorMessage(error) });
        summary.show(errorMessage(error), DELETE_IDS.password);
        return;
      }
      // Anything else: the dialog stays, the words at its top; the toast repeats them.
      setErrors({});
      summary.show(errorMessage(error));
      toastCallError(TOAST.accountDeleteFailed, error);
    },
  });
  const busy = remove.isPending || remove.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      password: password ? undefined : LEAVING_MSG.password,
      code: needsCode && !code.trim() ? LEAVING_MSG.code : undefined,
    };
    setErrors(next);
    const wrong = fieldItems(next);
    // One wrong field: focus on it; both: the summary.
    if (wrong.length > 1) return summary.showAll(wrong);
    summary.clear();
    if (wrong[0]) return focusField(wrong[0].fieldId);
    remove.mutate();
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            {whatIsDeleted(preview.data)} You'll be signed out and can't sign in again. This can't be undone.
            We keep only the payment records the law requires, without your name.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="mt-5" aria-live="polite" aria-busy={preview.isPending}>
          {preview.isPending ? (
            <div
              className="grid gap-2 rounded-xl border border-border p-4"
              data-testid="deletion-preview-loading"
            >
              <span className="sr-only">Checking what happens to your plan and dates</span>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ) : preview.isError ? (
            <div role="alert" className="grid gap-3 rounded-xl border border-border p-4 text-sm">
              <p>We couldn't check what happens to your plan and dates: {errorMessage(preview.error)}</p>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => void preview.refetch()}
              >
                Try again
              </Button>
            </div>
          ) : (
            <WhatHappens preview={preview.data} />
          )}
        </div>
        <SummaryForm summary={summary.summary} onSubmit={submit} className="mt-5 grid gap-4">
          <FormField
            id={DELETE_IDS.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            hint="Enter your password to confirm it's you."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            disabled={busy}
          />
          {needsCode && (
            <FormField
              id={DELETE_IDS.code}
              label="Two-step code"
              inputMode="text"
              autoComplete="one-time-code"
              hint="The 6-digit code from your authenticator app, or a recovery code."
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.code}
              disabled={busy}
            />
          )}
          <AlertDialogFooter className="mt-2">
            <AlertDialogCancel disabled={busy}>Keep My Account</AlertDialogCancel>
            <Button type="submit" variant="destructive" pending={busy} disabled={!preview.isSuccess}>
              {busy ? "Deleting..." : "Delete Account"}
            </Button>
          </AlertDialogFooter>
        </SummaryForm>
      </AlertDialogContent>
    </AlertDialog>
  );
}
