import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { TOAST } from "../../../shared/messages.ts";
import { type ResetPasswordFormInput, resetPasswordFormSchema } from "../../../shared/schemas/auth.ts";
import { apiRequest, toastCallError } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { FormField } from "../ui/form-field.tsx";
import { toast } from "../ui/use-toast.ts";

/** Sets a new password with the token from the e-mailed link. */
export function ResetCard({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const reset = useMutation({
    mutationFn: async (input: ResetPasswordFormInput) =>
      (await apiRequest("POST", "/api/reset-password", { ...input, token })).json(),
    onSuccess: () => {
      toast({ title: TOAST.passwordUpdatedTitle, description: TOAST.passwordUpdated });
      onDone();
    },
    onError: (error) => {
      toastCallError(TOAST.resetFailed, error);
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
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => reset.mutate(values))}
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
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? "Updating..." : "Update Password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
