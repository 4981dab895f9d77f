import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useForm } from "react-hook-form";
import { authApi } from "../../../shared/contract/auth.ts";
import { TOAST } from "../../../shared/messages.ts";
import { type ForgotPasswordInput, forgotPasswordSchema } from "../../../shared/schemas/auth.ts";
import { call } from "../../lib/api.ts";
import { errorMessage, isUnauthorizedError, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotCard({ onDone }: { onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, { email: "forgot-email" });
  const forgot = useMutation({
    mutationFn: async (input: ForgotPasswordInput) => call(authApi.forgotPassword, { body: input }),
    onSuccess: () => {
      toast({ title: TOAST.resetSentTitle, description: TOAST.resetSent });
      onDone();
    },
    onError: (error) => {
      toastCallError(TOAST.requestFailed, error);
      if (!isUnauthorizedError(error)) errorSummary.showServerError(errorMessage(error));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reset your password</CardTitle>
        <CardDescription>
          Enter the e-mail address you signed up with and we'll send you a link.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SummaryForm
          summary={errorSummary.summary}
          onSubmit={errorSummary.handleSubmit((values) => forgot.mutate(values))}
          className="grid gap-5"
        >
          <FormField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={form.formState.errors.email?.message}
            {...form.register("email")}
          />
          <Button type="submit" size="lg" className="w-full" pending={forgot.isPending}>
            {forgot.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
          <Button variant="ghost" className="justify-self-center" onClick={onDone}>
            <ArrowLeft aria-hidden />
            Back to sign in
          </Button>
        </SummaryForm>
      </CardContent>
    </Card>
  );
}
