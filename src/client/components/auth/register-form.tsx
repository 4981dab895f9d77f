import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { MSG } from "../../../shared/messages.ts";
import { registerSchema } from "../../../shared/schemas/auth.ts";
import { useRegisterMutation } from "../../lib/auth.ts";
import { useChosenTier } from "../../lib/chosen-tier.ts";
import { errorMessage, isUnauthorizedError } from "../../lib/queryClient.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { usePrefilledEmail } from "../../lib/use-prefilled-email.ts";
import { serverFieldErrors } from "../settings/api.ts";
import { Button } from "../ui/button.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";

/** Create Account; `defaultEmail` fills the address in (a partner invitation's), still editable. */
export function RegisterForm({
  destination,
  defaultEmail,
}: {
  destination: () => string;
  defaultEmail?: string;
}) {
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: defaultEmail ?? "", password: "" },
    shouldFocusError: false,
  });
  usePrefilledEmail(form, defaultEmail);
  const errorSummary = useErrorSummary(form, {
    firstName: "register-first-name",
    lastName: "register-last-name",
    email: "register-email",
    password: "register-password",
  });
  // The server checks what the form cannot (a password on the common list, an address already used): its
  // words go beside the field and in the summary; the toast repeats them.
  const signUp = useRegisterMutation(destination, (error) => {
    if (errorSummary.showServerFieldErrors(serverFieldErrors(error))) return true;
    if (isUnauthorizedError(error)) return false;
    const message = errorMessage(error);
    errorSummary.showServerError(message, message === MSG.emailTaken ? "email" : undefined);
    return false;
  });
  const { errors } = form.formState;
  // The plan picked on the landing page (?tier=) is kept with the new account, for any tab or device.
  const tier = useChosenTier();

  return (
    <SummaryForm
      summary={errorSummary.summary}
      onSubmit={errorSummary.handleSubmit((values) =>
        signUp.mutate({ ...values, ...(tier ? { tier } : {}) }),
      )}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="register-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <FormField
          id="register-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register("lastName")}
        />
      </div>
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A short phrase is easier to remember."
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" pending={signUp.isPending}>
        {signUp.isPending ? "Creating account..." : "Create Account"}
      </Button>
      <p className="text-center text-xs text-muted-foreground">Members must be 18 or over.</p>
    </SummaryForm>
  );
}
