import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authApi } from "../../../shared/contract/auth.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import type { TwoFactorChallenge } from "../../../shared/member-api.ts";
import { TOAST } from "../../../shared/messages.ts";
import { type LoginInput, loginSchema } from "../../../shared/schemas/auth.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { call, storeAnswer } from "../../lib/api.ts";
import { setPostAuthDestination } from "../../lib/auth.ts";
import {
  type CallMeta,
  CURRENT_USER_KEY,
  errorMessage,
  queryClient,
  toastCallError,
} from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useErrorSummary } from "../../lib/use-error-summary.ts";
import { usePrefilledEmail } from "../../lib/use-prefilled-email.ts";
import { type CodeRefusal, useCodeRefusal, useTwoFactorCode } from "../../lib/use-two-factor-code.ts";
import { Button } from "../ui/button.tsx";
import { ErrorSummary, SummarisedErrors, SummaryForm } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";

/** A sign-in's answer (by password or by link) that asks for the two-step code. */
export function isChallenge(answer: AnswerOf<typeof authApi.login>): answer is TwoFactorChallenge {
  return "twoFactorRequired" in answer && answer.twoFactorRequired === true;
}

/**
 * Signs in. An account with two-factor authentication answers a challenge instead of the user: the form
 * then asks for a code and sends the e-mail and password again with it.
 */
function useLogin(
  destination: () => string,
  onChallenge: (challenge: TwoFactorChallenge, input: LoginInput) => void,
  /** A refusal: the server's words, and whether it was the code (the second step) that was refused. */
  onRefused?: (message: string, codeStep: boolean) => void,
) {
  return useMutation({
    meta: { expectsUnauthorized: true } satisfies CallMeta,
    mutationFn: async (input: LoginInput & { code?: string }) => await call(authApi.login, { body: input }),
    onSuccess: (answer, input) => {
      if (isChallenge(answer)) {
        if (input.code) {
          toast({ title: TOAST.loginFailed, description: answer.message, variant: "destructive" });
          onRefused?.(answer.message, true);
        }
        onChallenge(answer, { email: input.email, password: input.password });
        return;
      }
      setPostAuthDestination(destination());
      storeAnswer(queryClient, CURRENT_USER_KEY, answer);
      toast({ title: TOAST.welcomeBackTitle, description: TOAST.welcomeBack });
    },
    onError: (error, input) => {
      toastCallError(TOAST.loginFailed, error, { expectsUnauthorized: true });
      onRefused?.(errorMessage(error), Boolean(input.code));
    },
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export function CodeStep({
  message,
  pending,
  refusal,
  onSubmit,
  onBack,
}: {
  message: string;
  pending: boolean;
  /** The server refused the last code: said beside the field and in a summary that takes focus. */
  refusal?: CodeRefusal | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const { code, setCode, error, refused, submit } = useTwoFactorCode(onSubmit, refusal);
  return (
    <SummarisedErrors value={Boolean(refused)}>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Two-factor authentication">
        <ErrorSummary
          items={refused ? [{ fieldId: "login-code", message: refused.message }] : []}
          focusKey={refusal?.count ?? 0}
        />
        <div className="flex gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4 text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
          <p>{message}</p>
        </div>
        <FormField
          id="login-code"
          label="Authentication code"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={20}
          autoFocus
          placeholder="123456"
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          {pending ? "Verifying..." : "Verify"}
        </Button>
        <Button variant="ghost" className="justify-self-center" onClick={onBack} disabled={pending}>
          <ArrowLeft aria-hidden />
          Use a different account
        </Button>
      </form>
    </SummarisedErrors>
  );
}

export function LoginForm({
  destination,
  onForgot,
  defaultEmail,
}: {
  destination: () => string;
  onForgot: () => void;
  /** Filled in, still editable (a partner invitation's address). */
  defaultEmail?: string;
}) {
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail ?? "", password: "" },
    shouldFocusError: false,
  });
  usePrefilledEmail(form, defaultEmail);
  const errorSummary = useErrorSummary(form, { email: "login-email", password: "login-password" });
  /** The e-mail and password that passed, kept for the second step, which sends them again with the code. */
  const [challenge, setChallenge] = useState<LoginInput | null>(null);
  const codeRefusal = useCodeRefusal();
  // A refusal (a wrong password, a locked account) stays on the page, by the password, not only in a toast.
  const login = useLogin(
    destination,
    (_challenge, input) => setChallenge(input),
    (message, codeStep) => {
      if (codeStep) codeRefusal.refuse(message);
      else errorSummary.showServerError(message, "password");
    },
  );
  const { errors } = form.formState;

  if (challenge)
    return (
      <CodeStep
        message={MEMBER_MSG.code}
        pending={login.isPending}
        refusal={codeRefusal.refusal}
        onSubmit={(code) => login.mutate({ ...challenge, code })}
        onBack={() => {
          setChallenge(null);
          codeRefusal.clear();
          form.resetField("password");
        }}
      />
    );

  return (
    <SummaryForm
      summary={errorSummary.summary}
      onSubmit={errorSummary.handleSubmit((values) => login.mutate(values))}
      className="grid gap-5"
    >
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Button variant="link" size="sm" className="text-sm" onClick={onForgot}>
            Forgot your password?
          </Button>
        }
        {...form.register("password")}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" pending={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </SummaryForm>
  );
}
