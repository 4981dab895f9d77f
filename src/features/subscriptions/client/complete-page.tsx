import { useMutation } from "@tanstack/react-query";
import { ArrowRight, CircleAlert, PartyPopper, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { Spinner } from "../../../client/components/ui/spinner.tsx";
import { call } from "../../../client/lib/api.ts";
import { forgetTier } from "../../../client/lib/chosen-tier.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { CURRENT_USER_KEY, queryClient, toastCallError } from "../../../client/lib/queryClient.ts";
import { toast } from "../../../client/lib/toast.ts";
import { BRAND } from "../../../shared/brand.ts";
import { REVEAL_WINDOW_HOURS, TIERS } from "../../../shared/constants.ts";
import { paymentsApi } from "../../payments/contract.ts";

const COMPLETE_TOAST = {
  invalidReturnTitle: "Invalid Return",
  invalidReturn: "Missing session token. Please try again.",
  failed: "Setup Failed",
} as const;

/** /subscription/complete: the return from the payment provider; confirms the Direct Debit once. */
export default function SubscriptionCompletePage() {
  const token = new URLSearchParams(useSearch()).get("session_token")?.trim() || null;
  const started = useRef<string | null>(null);

  const complete = useMutation({
    mutationFn: async (sessionToken: string) =>
      await call(paymentsApi.completeSubscription, { body: { session_token: sessionToken } }),
    onSuccess: async () => {
      forgetTier();
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => toastCallError(COMPLETE_TOAST.failed, error),
  });
  const { mutate } = complete;

  // Once per token: StrictMode runs effects twice in development, and a second POST is pointless.
  useEffect(() => {
    if (started.current === (token ?? "")) return;
    started.current = token ?? "";
    if (!token) {
      toast({
        title: COMPLETE_TOAST.invalidReturnTitle,
        description: COMPLETE_TOAST.invalidReturn,
        variant: "destructive",
      });
      return;
    }
    mutate(token);
  }, [token, mutate]);

  const state = !token ? "error" : complete.isSuccess ? "success" : complete.isError ? "error" : "loading";
  useDocumentTitle(
    state === "success" ? "Welcome aboard" : state === "error" ? "Set-up not finished" : "Setting up",
  );

  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 items-start px-4 py-12 sm:items-center sm:px-6 sm:py-20">
      <Card className="w-full p-7 text-center sm:p-10" aria-live="polite">
        {state === "loading" && (
          <div className="grid justify-items-center gap-5 py-6">
            <Spinner label="Setting up your subscription" className="size-10 text-brand" />
            <h1 className="text-2xl font-normal sm:text-3xl">Setting up your subscription...</h1>
            <p className="text-muted-foreground">This only takes a moment. Please keep this page open.</p>
          </div>
        )}

        {state === "success" && complete.data?.duplicate && (
          <div className="grid justify-items-center gap-4">
            <span className="flex size-16 items-center justify-center rounded-full bg-accent/20 text-accent-text">
              <ShieldCheck aria-hidden className="size-8" />
            </span>
            <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
              Nothing to worry about
            </p>
            {/* The plan is the one the other tab made, which may not be this tab's tier. */}
            <h1 className="text-3xl font-normal sm:text-4xl">Your membership is already in place</h1>
            <p className="text-muted-foreground">{complete.data.message}</p>
            <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
              <Link href="/dashboard">
                Continue to Dashboard
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        )}

        {state === "success" && complete.data && !complete.data.duplicate && (
          <div className="grid justify-items-center gap-4">
            <span className="flex size-16 items-center justify-center rounded-full bg-accent/20 text-accent-text">
              <PartyPopper aria-hidden className="size-8" />
            </span>
            <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
              You're all set
            </p>
            {complete.data.kind === "update_mandate" ? (
              <>
                <h1 className="text-3xl font-normal sm:text-4xl">Your bank details are updated</h1>
                <p className="text-muted-foreground">
                  Your {TIERS[complete.data.tier].name} membership now collects from the new Direct Debit.
                  Nothing else changes: your dates carry on as planned.
                </p>
                <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
                  <Link href="/billing">
                    View billing
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </>
            ) : (
              <>
                <h1 className="text-3xl font-normal sm:text-4xl">
                  Welcome to {TIERS[complete.data.tier].name}
                </h1>
                <p className="text-muted-foreground">
                  Your Direct Debit is in place and we've started planning. Keep an eye on your inbox: each
                  date is revealed {REVEAL_WINDOW_HOURS} hours before.
                </p>
                <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
                  <Link href="/dashboard">
                    Continue to Dashboard
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </>
            )}
          </div>
        )}

        {state === "error" && (
          <div className="grid justify-items-center gap-4">
            <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive-text">
              <CircleAlert aria-hidden className="size-8" />
            </span>
            <h1 className="text-3xl font-normal">We couldn't finish your set-up</h1>
            <p className="text-muted-foreground">
              {token
                ? "Your payment authorisation may still be valid, so there's no need to set up another Direct Debit straight away. Go back to the plans and try again, or contact us and we'll sort it out."
                : "This page was opened without the details we need from the payment provider. Your payment authorisation may still be valid. Go back to the plans and try again."}
            </p>
            <div className="mt-4 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg">
                <Link href="/subscription">Back to plans</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href={`mailto:${BRAND.supportEmail}`}>Contact support</a>
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
