import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleAlert, Gift } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { ErrorSummary, SummaryForm } from "../../../client/components/ui/error-summary.tsx";
import { FormField } from "../../../client/components/ui/form-field.tsx";
import { Spinner } from "../../../client/components/ui/spinner.tsx";
import { call, queryOf } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import {
  CURRENT_USER_KEY,
  errorMessage,
  errorStatus,
  queryClient,
  toastCallError,
} from "../../../client/lib/queryClient.ts";
import { toast } from "../../../client/lib/toast.ts";
import { useOneFieldErrors, useRefusalSummary } from "../../../client/lib/use-error-summary.ts";
import type { PublicUser } from "../../../shared/api-types.ts";
import { giftsApi } from "../contract.ts";
import { formatGiftCode, normaliseGiftCode } from "../shared/schemas.ts";
import { longDay, monthsLabel } from "./format.ts";

/** Headings for the refusals the check can give (the server's message says the rest). */
const REFUSAL_TITLE: Record<number, string> = {
  404: "We can't find that gift",
  409: "This gift has been used",
  410: "This gift can no longer be used",
  429: "Too many tries",
};

/**
 * /gift/redeem?code=: what the gift is, then for a visitor Create Account (the code kept in ?next=, so
 * sign-up comes back here) and for a member the redemption itself, then the questionnaire if not done.
 */
export default function GiftRedeemPage() {
  useDocumentTitle("Redeem a gift");
  const code = normaliseGiftCode(new URLSearchParams(useSearch()).get("code") ?? "");
  return (
    <div className="mx-auto w-full max-w-xl px-4 pt-8 pb-24 sm:px-6 sm:pt-14">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Redeem a gift</p>
      {code ? <CheckedGift code={code} /> : <CodeForm />}
    </div>
  );
}

function CodeForm({ initial = "" }: { initial?: string }) {
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initial);
  const errors = useOneFieldErrors();
  return (
    <>
      <h1 className="mt-3 text-4xl leading-tight font-normal">Enter your gift code</h1>
      <p className="mt-3 text-muted-foreground">
        It's in the e-mail and on the card: 12 letters and numbers.
      </p>
      <SummaryForm
        summary={errors.summary}
        className="mt-8 grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          errors.clear();
          const c = normaliseGiftCode(value);
          if (!c) return errors.invalid("Please enter your gift code");
          navigate(`/gift/redeem?code=${encodeURIComponent(formatGiftCode(c))}`);
        }}
      >
        <FormField
          id={errors.fieldId}
          label="Gift code"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="K7QX-M4RZ-T9WA"
          className="font-mono"
          value={value}
          error={errors.error}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" className="justify-self-start">
          Check the code
        </Button>
      </SummaryForm>
    </>
  );
}

function CheckedGift({ code }: { code: string }) {
  const { user } = useAuth();
  const check = useQuery({
    ...queryOf(giftsApi.check, { query: { code } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (check.isError) {
    const status = errorStatus(check.error) ?? 0;
    return (
      <div role="alert">
        <h1 className="mt-3 flex items-center gap-3 text-3xl leading-tight font-normal">
          <CircleAlert aria-hidden className="size-7 shrink-0 text-destructive-text" />
          {REFUSAL_TITLE[status] ?? "We couldn't check the code"}
        </h1>
        <p className="mt-3 text-muted-foreground" data-testid="gift-refusal">
          {errorMessage(check.error)}
        </p>
        {status === 404 && (
          <div className="mt-8">
            <CodeForm initial={formatGiftCode(code)} />
          </div>
        )}
        {status !== 404 && (
          <p className="mt-6 text-sm text-muted-foreground">
            If you think this is wrong, ask the person who gave it to you, or e-mail us and we'll help.
          </p>
        )}
      </div>
    );
  }
  if (!check.data)
    return (
      <div className="grid justify-items-center py-16">
        <Spinner label="Checking your gift" className="size-8 text-brand" />
      </div>
    );
  const g = check.data;
  const here = `/gift/redeem?code=${encodeURIComponent(formatGiftCode(code))}`;
  return (
    <>
      <h1 className="mt-3 text-4xl leading-tight font-normal">A gift from {g.from}</h1>
      <Card className="mt-8 grid gap-4 p-5 sm:p-7">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-accent/20 text-accent-text">
            <Gift aria-hidden className="size-5" />
          </span>
          <div>
            <p className="text-lg" data-testid="gift-what">
              {g.tierName} for {monthsLabel(g.months)}
            </p>
            <p className="text-sm text-muted-foreground">
              Surprise dates in London, planned and booked for you
            </p>
          </div>
        </div>
        {g.message && (
          <blockquote className="border-l-2 border-brand pl-4 whitespace-pre-line italic">
            {g.message}
          </blockquote>
        )}
        <p className="text-sm text-muted-foreground">
          Code <span className="font-mono">{formatGiftCode(code)}</span>, usable until {longDay(g.expiresAt)}.
          No Direct Debit: nothing is taken from you.
        </p>
      </Card>
      {user ? (
        <RedeemAsMember code={code} user={user} />
      ) : (
        <div className="mt-8 grid gap-3">
          <p>To use it, create your account (one for the two of you; you can invite your partner later).</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href={`/auth?tab=register&next=${encodeURIComponent(here)}`}>
                Create account to redeem
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link href={`/auth?next=${encodeURIComponent(here)}`}>I have an account</Link>
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

function RedeemAsMember({ code, user }: { code: string; user: PublicUser }) {
  const [, navigate] = useLocation();
  // A refusal (the code used meanwhile, a plan already running) said here, focused; the toast repeats it.
  const refusal = useRefusalSummary();
  const redeem = useMutation({
    mutationFn: () => call(giftsApi.redeem, { body: { code } }),
    onSuccess: async (r) => {
      toast({ title: "Gift redeemed", description: r.message });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      // Not yet told us what they like: the questionnaire first, then the dashboard (not /subscription:
      // the gift is the plan).
      navigate(user.onboardingCompleted ? "/dashboard" : "/onboarding?next=%2Fdashboard");
    },
    onError: (e) => {
      refusal.showCallError(e);
      toastCallError("The gift couldn't be redeemed", e);
    },
  });
  return (
    <div className="mt-8 grid gap-3">
      <ErrorSummary {...refusal.summary} />
      <p>
        Signed in as {user.email}.{" "}
        {user.onboardingCompleted
          ? "The gift is added to your membership."
          : "Next, a few questions about what you both like."}
      </p>
      <Button
        size="lg"
        className="justify-self-start"
        pending={redeem.isPending || redeem.isSuccess}
        onClick={() => {
          refusal.clear();
          redeem.mutate();
        }}
      >
        {redeem.isPending ? "Redeeming..." : "Redeem the gift"}
      </Button>
    </div>
  );
}
