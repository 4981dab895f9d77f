import { useMutation } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS } from "../../../shared/constants.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { safeNextPath } from "../../../shared/safe-next.ts";
import {
  PARTNER_JOIN_MSG,
  type PartnerPreferences,
  partnerPreferencesSchema,
} from "../../../shared/schemas/partner.ts";
import { call, queryOf, storeAnswer } from "../../lib/api.ts";
import { CURRENT_USER_KEY, queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { SwitchRow } from "../onboarding/controls.tsx";
import { Fieldset, PillChoices, TermsCheck } from "../onboarding/step-final.tsx";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { SharedAnswersCard } from "./shared-answers.tsx";

type Values = Omit<PartnerPreferences, "termsAccepted"> & { termsAccepted: boolean };

/**
 * /onboarding for a linked partner: only what is theirs (dietary needs, access needs, alcohol), beside the
 * couple's shared answers to read. Saving marks their onboarding done and goes to the dashboard.
 */
export function PartnerQuestionnaireForm({ data }: { data: AnswerOf<typeof partnersApi.preferences> }) {
  const [, navigate] = useLocation();
  // Opened from Settings to edit the needs: back there once saved.
  const next = safeNextPath(new URLSearchParams(useSearch()).get("next"));
  const [values, setValues] = useState<Values>({
    ...data.own,
    marketingOptOut: data.marketingOptOut,
    termsAccepted: data.termsAccepted,
  });
  const [termsError, setTermsError] = useState<string>();
  const termsRef = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const who = data.partnerFirstName?.trim() || "Your partner";

  const save = useMutation({
    mutationFn: async (payload: PartnerPreferences) =>
      await call(partnersApi.savePreferences, { body: payload }),
    onSuccess: ({ user, questionnaire }) => {
      storeAnswer(queryClient, CURRENT_USER_KEY, user);
      storeAnswer(queryClient, queryOf(partnersApi.preferences).queryKey, questionnaire);
      toast({
        title: "Your answers are saved",
        description: "We'll plan around both of your needs.",
        variant: "success",
      });
      navigate(next ?? "/dashboard");
    },
    onError: (error) => toastCallError("Your answers weren't saved", error),
  });
  const busy = save.isPending || save.isSuccess;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = partnerPreferencesSchema.safeParse(values);
    if (!parsed.success) {
      setTermsError(PARTNER_JOIN_MSG.terms);
      termsRef.current?.querySelector("button")?.focus();
      return;
    }
    save.mutate(parsed.data);
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-10 sm:px-6 sm:pt-12 sm:pb-20">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
        Joining {data.partnerFirstName?.trim() || "your partner"}
      </p>
      <h1 className="mt-3 text-[1.75rem] leading-tight font-normal sm:text-4xl">A few things about you</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        {who} has already told us about the dates you'd both enjoy. These answers are yours alone, and we plan
        every date around both of your needs.
      </p>

      <form noValidate onSubmit={onSubmit} aria-label="Your own needs">
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
          <Card className="grid gap-8 p-5 sm:p-8">
            <Fieldset legend="Your dietary needs" hint="Choose any that apply to you.">
              <PillChoices
                options={DIETARY_OPTIONS}
                value={values.dietaryRestrictions}
                onChange={(dietaryRestrictions) => set({ dietaryRestrictions })}
              />
            </Fieldset>
            <Fieldset legend="Your access needs" hint="We only book venues that suit you both.">
              <PillChoices
                options={ACCESSIBILITY_OPTIONS}
                value={values.accessibilityNeeds}
                onChange={(accessibilityNeeds) => set({ accessibilityNeeds })}
              />
            </Fieldset>
            <div className="divide-y divide-border border-y border-border">
              <SwitchRow
                label="Alcohol is fine for me"
                hint="Turn off and we'll skip bars and wine-led dates."
                checked={values.alcoholOk}
                onCheckedChange={(alcoholOk) => set({ alcoholOk })}
              />
              <SwitchRow
                label="I'd rather not receive marketing e-mails"
                hint="You'll still get your reveals and anything about your account."
                checked={values.marketingOptOut}
                onCheckedChange={(marketingOptOut) => set({ marketingOptOut })}
              />
            </div>
            <TermsCheck
              checked={values.termsAccepted}
              onCheckedChange={(termsAccepted) => {
                set({ termsAccepted });
                if (termsAccepted) setTermsError(undefined);
              }}
              error={termsError}
              termsRef={termsRef}
            />
          </Card>
          {data.shared && <SharedAnswersCard shared={data.shared} className="lg:sticky lg:top-24" />}
        </div>

        <div
          data-sticky-bar="bottom"
          className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-border bg-background/90 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
        >
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            {busy ? (
              "Saving..."
            ) : (
              <>
                Save and go to my dashboard
                <Check aria-hidden />
              </>
            )}
          </Button>
        </div>
      </form>
    </div>
  );
}
