import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { AUTH_MSG } from "../../../shared/auth-messages.ts";
import { authApi } from "../../../shared/contract/auth.ts";
import type { TwoFactorChallenge } from "../../../shared/member-api.ts";
import { TOAST } from "../../../shared/messages.ts";
import { call, storeAnswer } from "../../lib/api.ts";
import { setPostAuthDestination } from "../../lib/auth.ts";
import { type CallMeta, CURRENT_USER_KEY, errorMessage, queryClient } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { DeadLinkHeader } from "./dead-link-header.tsx";
import { CodeStep, isChallenge } from "./login-form.tsx";

/**
 * The one-time sign-in link e-mailed while the account was under a flood of wrong passwords (/auth?signin=).
 * The page posts the token itself, so a mail scanner that fetches the link spends nothing; with two-step
 * sign-in on, the code is asked before the link is spent.
 */
export function SignInLinkCard({
  token,
  destination,
  onBack,
}: {
  token: string;
  destination: string;
  onBack: () => void;
}) {
  const signIn = useMutation({
    meta: { expectsUnauthorized: true } satisfies CallMeta,
    mutationFn: async (code?: string) => await call(authApi.loginLink, { body: { token, code } }),
    onSuccess: (answer) => {
      if (isChallenge(answer)) return;
      setPostAuthDestination(destination);
      storeAnswer(queryClient, CURRENT_USER_KEY, answer);
      toast({ title: TOAST.welcomeBackTitle, description: TOAST.welcomeBack });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn.mutate(undefined);
  }, [signIn]);

  // A challenge answered keeps the code step up, also while a wrong code's error is shown.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const answer = signIn.data;
  if (answer && isChallenge(answer) && answer !== challenge) setChallenge(answer);
  if (challenge)
    return (
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          <CodeStep
            message={challenge.message}
            pending={signIn.isPending}
            onSubmit={(code) => signIn.mutate(code)}
            onBack={onBack}
          />
          {signIn.error && (
            <p role="alert" className="mt-4 text-center text-sm text-destructive">
              {errorMessage(signIn.error)}
            </p>
          )}
        </CardContent>
      </Card>
    );
  if (signIn.isError)
    return (
      <Card data-testid="sign-in-link-dead">
        <DeadLinkHeader reason={errorMessage(signIn.error) || AUTH_MSG.signInLinkDead} />
        <CardContent>
          <Button size="lg" className="w-full" onClick={onBack}>
            Sign in with your password
          </Button>
        </CardContent>
      </Card>
    );
  return (
    <Card>
      <CardContent className="flex justify-center py-12">
        <Spinner label="Signing you in" className="size-8 text-brand" />
      </CardContent>
    </Card>
  );
}
