import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useForm } from "react-hook-form";
import { RESET_TOKEN_TTL_MINUTES } from "../../../shared/constants.ts";
import { authApi } from "../../../shared/contract/auth.ts";
import { MSG, TOAST } from "../../../shared/messages.ts";
import {
  AUTH_MSG,
  type ResetPasswordFormInput,
  resetPasswordFormSchema,
} from "../../../shared/schemas/auth.ts";
import { call, queryOf } from "../../lib/api.ts";
import { errorMessage, isUnauthorizedError, queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { serverFieldErrors } from "../settings/api.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { DeadLinkHeader } from "./dead-link-header.tsx";

const checkQuery = (token: string) => queryOf(authApi.resetCheck, { query: { token } });

/**
 * Whether the reset link can still be used, asked as soon as it is opened: "checking", "live" or "dead".
 * A failed check (offline, too many tries) shows the form: the reset itself checks the link again.
 */
export function useResetLink(token: string | null): "checking" | "live" | "dead" {
  const check = useQuery({ ...checkQuery(token ?? ""), enabled: Boolean(token), staleTime: 0 });
  if (token && check.isPending) return "checking";
  return check.data?.valid === false ? "dead" : "live";
}

/** Sets a new password with the token from the e-mailed link; a dead link says so and offers a fresh one. */
export function ResetCard({
  token,
  state,
  onDone,
  onRequestNew,
}: {
  token: string;
  state: "checking" | "live" | "dead";
  onDone: () => void;
  onRequestNew: () => void;
}) {
  if (state === "dead") return <DeadLinkCard onRequestNew={onRequestNew} onBack={onDone} />;
  if (state === "checking")
    return (
      <Card>
        <CardContent className="flex justify-center py-12">
          <Spinner label="Checking your link" className="size-8 text-brand" />
        </CardContent>
      </Card>
    );
  return <ResetForm token={token} onDone={onDone} />;
}

function DeadLinkCard({ onRequestNew, onBack }: { onRequestNew: () => void; onBack: () => void }) {
  return (
    <Card data-testid="reset-link-dead">
      <DeadLinkHeader reason={AUTH_MSG.resetLinkDead} />
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          A reset link works once, for {RESET_TOKEN_TTL_MINUTES} minutes, and only the newest one you asked
          for. We'll send you a fresh one.
        </p>
        <Button size="lg" className="w-full" onClick={onRequestNew}>
          Send me a new link
        </Button>
        <Button variant="ghost" className="justify-self-center" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back to sign in
        </Button>
      </CardContent>
    </Card>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, {
    password: "reset-password",
    confirmPassword: "reset-confirm-password",
  });
  const reset = useMutation({
    mutationFn: async (input: ResetPasswordFormInput) =>
      call(authApi.resetPassword, { body: { ...input, token } }),
    onSuccess: () => {
      toast({ title: TOAST.passwordUpdatedTitle, description: TOAST.passwordUpdated });
      onDone();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (errorSummary.showServerFieldErrors(fields)) return;
      // The link died while the page was open (used in another tab, replaced by a newer one): say so.
      if (errorMessage(error) === MSG.invalidResetToken)
        return queryClient.setQueryData(checkQuery(token).queryKey, { valid: false });
      toastCallError(TOAST.resetFailed, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(errorMessage(error));
    },
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose a new password</CardTitle>
        <CardDescription>At least 8 characters. You'll sign in with it straight afterwards.</CardDescription>
      </CardHeader>
      <CardContent>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={errorSummary.handleSubmit((values) => reset.mutate(values))}
          className="grid gap-5"
        >
          <FormField
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <FormField
            id="reset-confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register("confirmPassword")}
          />
          <Button type="submit" size="lg" className="w-full" pending={reset.isPending}>
            {reset.isPending ? "Updating..." : "Update Password"}
          </Button>
        </SummaryForm>
      </CardContent>
    </Card>
  );
}
