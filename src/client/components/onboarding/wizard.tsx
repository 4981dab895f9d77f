import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Check, CircleAlert } from "lucide-react";
import { Progress } from "radix-ui";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { TierId } from "../../../shared/constants.ts";
import { onboardingApi } from "../../../shared/contract/onboarding.ts";
import { safeNextPath } from "../../../shared/safe-next.ts";
import { ONBOARDING_MSG, type Preferences, preferencesSchema } from "../../../shared/schemas/onboarding.ts";
import { inServiceArea } from "../../../shared/service-area.ts";
import { call, queryOf, storeAnswer } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { withTier } from "../../lib/chosen-tier.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { CURRENT_USER_KEY, isUnauthorizedError, queryClient } from "../../lib/queryClient.ts";
import { dismissAllToasts, toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import {
  hasEnoughSlots,
  normalisedPostcode,
  ONBOARDING_TOAST,
  type OnboardingValues,
  STEP_COUNT,
  STEPS,
  toPayload,
} from "./model.ts";
import { SchedulingGrid } from "./scheduling-grid.tsx";
import { BudgetStep } from "./step-budget.tsx";
import { FinalStep } from "./step-final.tsx";
import { LocationStep } from "./step-location.tsx";
import { DateTypesStep, TimesStep } from "./step-ranked.tsx";

type FocusTarget = "heading" | "postcode" | "terms" | "error";

/** The id of the message under a step whose answer is missing (steps 2-5). */
const STEP_ERROR_ID = "onboarding-step-error";
/** The id of "Step N of 6", which describes the step's heading. */
const STEP_COUNT_ID = "onboarding-step-count";

/** The step asked for in the query string (?step=N, 1 to 6), if any. */
function stepInSearch(search: string): number | null {
  const n = Number(new URLSearchParams(search).get("step"));
  return Number.isInteger(n) && n >= 1 && n <= STEP_COUNT ? n : null;
}

/** The first step whose required answers are missing (6 when all are there): no later step can open. */
function firstIncompleteStep(values: OnboardingValues): number {
  if (!inServiceArea(values.postcode)) return 1;
  if (!values.dateSpend) return 2;
  if (values.dateTypes.length === 0) return 3;
  if (!hasEnoughSlots(values.scheduling)) return 4;
  if (values.times.length === 0) return 5;
  return STEP_COUNT;
}

/** The six-step questionnaire: one step at a time, each checked before moving on, saved on step 6. */
export function OnboardingWizard({
  initial,
  returning,
  tier,
}: {
  initial: OnboardingValues;
  /** The member has saved answers before: this visit updates them. */
  returning: boolean;
  /** The plan chosen before sign-up, carried on to /subscription. */
  tier: TierId | null;
}) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const userId = useAuth().user?.id;
  // Answers in progress survive a reload or a trip away (the draft is per member, in this tab).
  const [draft] = useState(() => loadDraft(userId, initial));
  const [values, setValues] = useState(draft?.values ?? initial);
  // Each step is a history entry (?step=N), so Back/Forward move between steps and a reload keeps it.
  // Without ?step= the first visit resumes the draft's step; later, it is step 1 (the entry before step 2).
  const [step, setStep] = useState(() =>
    Math.min(stepInSearch(search) ?? draft?.step ?? 1, firstIncompleteStep(draft?.values ?? initial)),
  );
  const mounted = useRef(false);
  // The focus target of a step change asked for here; none when the change came from Back/Forward.
  const pendingTarget = useRef<FocusTarget | null>(null);
  // The saved answers this visit started from: the draft keeps them, to tell its own changes from later ones.
  const [basis] = useState(initial);
  useEffect(() => {
    saveDraft(userId, { values, step, basis });
  }, [userId, values, step, basis]);
  const [postcodeError, setPostcodeError] = useState<string>();
  const [termsError, setTermsError] = useState<string>();
  // Steps 2-5: the missing answer is said beside the choices (and marked invalid), not only in a toast.
  const [stepError, setStepError] = useState<{ step: number; message: string } | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const postcodeRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLDivElement>(null);
  // Where focus goes after a step change or a refused submit; a new object each time, so it always runs.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === "terms") {
      termsRef.current?.querySelector<HTMLElement>("[role=checkbox]")?.focus();
      return;
    }
    if (target === "error") {
      // The first choice of the invalid group, so the member can answer at once; its group's description
      // (the message) is read with it.
      const group = contentRef.current?.querySelector<HTMLElement>("[aria-invalid=true]");
      const first =
        group?.querySelector<HTMLElement>('[tabindex="0"]') ??
        group?.querySelector<HTMLElement>("button, [role=radio]");
      if (first) {
        first.focus();
        return;
      }
    }
    window.scrollTo({ top: 0 });
    if (target === "postcode") postcodeRef.current?.focus();
    else headingRef.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  /** The address of step n, keeping the other query parameters (such as ?tier=). */
  function stepAddress(n: number): string {
    const params = new URLSearchParams(search);
    params.set("step", String(n));
    return `${location}?${params}`;
  }

  // The address decides the step: a step whose earlier answers are missing opens the first incomplete one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of address moves the step
  useEffect(() => {
    const requested = mounted.current ? (stepInSearch(search) ?? 1) : step;
    mounted.current = true;
    const allowed = Math.min(requested, firstIncompleteStep(values));
    if (allowed !== stepInSearch(search) && (allowed !== 1 || stepInSearch(search) !== null))
      navigate(stepAddress(allowed), { replace: true });
    if (allowed === step) return;
    if (pendingTarget.current === null) dismissAllToasts();
    setStep(allowed);
    setFocusRequest({ target: pendingTarget.current ?? "heading" });
    pendingTarget.current = null;
  }, [search]);

  function goTo(n: number, target: FocusTarget = "heading") {
    if (n === step) {
      setFocusRequest({ target });
      return;
    }
    // A prompt about the step being left ("Please select a budget") no longer applies.
    dismissAllToasts();
    pendingTarget.current = target;
    navigate(stepAddress(n));
  }

  const set = (patch: Partial<OnboardingValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // An answer given: the message about the missing one goes (Next checks again).
    if (stepError && !("postcode" in patch) && !("termsAccepted" in patch)) setStepError(null);
  };

  /**
   * Keeps the member on step n: the message beside the choices (said once, as an alert, and again as the
   * group's description when focus reaches its first choice). No toast: it said the same words a second time.
   */
  function refuse(n: number, message: string) {
    setStepError({ step: n, message });
    setFocusRequest({ target: "error" });
  }

  function setPostcode(postcode: string) {
    set({ postcode });
    if (postcodeError && normalisedPostcode(postcode)) setPostcodeError(undefined);
  }

  /** The check of one step (section 5): false, with a message, when the member must stay. */
  function stepPasses(n: number): boolean {
    switch (n) {
      case 1:
        if (inServiceArea(values.postcode)) return true;
        // Outside the area, the step already says so and offers the waitlist: no date can be planned there.
        if (!normalisedPostcode(values.postcode)) setPostcodeError(ONBOARDING_MSG.postcode);
        postcodeRef.current?.focus();
        return false;
      case 2:
        if (values.dateSpend) return true;
        refuse(2, ONBOARDING_MSG.budget);
        return false;
      case 3:
        if (values.dateTypes.length > 0) return true;
        refuse(3, ONBOARDING_MSG.dateTypes);
        return false;
      case 4:
        if (hasEnoughSlots(values.scheduling)) return true;
        refuse(4, ONBOARDING_MSG.scheduling);
        return false;
      case 5:
        if (values.times.length > 0) return true;
        refuse(5, ONBOARDING_MSG.times);
        return false;
      default:
        return true;
    }
  }

  const save = useMutation({
    mutationFn: async (payload: Preferences) => await call(onboardingApi.savePreferences, { body: payload }),
    onSuccess: async ({ user, preferences }) => {
      clearDraft(userId);
      storeAnswer(queryClient, CURRENT_USER_KEY, user);
      storeAnswer(queryClient, queryOf(onboardingApi.preferences).queryKey, { preferences });
      if (returning) toast(ONBOARDING_TOAST.updated);
      // Opened from Settings or the dashboard to edit the answers: back there once saved.
      const next = safeNextPath(new URLSearchParams(search).get("next"));
      navigate(next ?? withTier("/subscription", tier));
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => {
      // A lost session has its own toast and goes to sign in.
      if (!isUnauthorizedError(error)) toast({ ...ONBOARDING_TOAST.failed, variant: "destructive" });
    },
  });

  /** Complete Setup: re-check the earlier steps in order, then the Terms, then the whole schema. */
  function complete() {
    const missing = (t: { title: string; description: string }, back: number, target?: FocusTarget) => {
      goTo(back, target);
      toast({ ...t, variant: "destructive" });
    };
    if (!normalisedPostcode(values.postcode)) {
      setPostcodeError(ONBOARDING_MSG.postcode);
      return missing(ONBOARDING_TOAST.missingPostcode, 1, "postcode");
    }
    if (!inServiceArea(values.postcode)) return goTo(1, "postcode");
    if (values.dateTypes.length === 0) {
      setStepError({ step: 3, message: ONBOARDING_MSG.dateTypes });
      return missing(ONBOARDING_TOAST.missingDateTypes, 3);
    }
    if (!hasEnoughSlots(values.scheduling)) {
      setStepError({ step: 4, message: ONBOARDING_MSG.scheduling });
      return missing(ONBOARDING_TOAST.missingScheduling, 4);
    }
    if (values.times.length === 0) {
      setStepError({ step: 5, message: ONBOARDING_MSG.times });
      return missing(ONBOARDING_TOAST.missingTimes, 5);
    }
    if (!values.termsAccepted) {
      setTermsError(ONBOARDING_MSG.terms);
      setFocusRequest({ target: "terms" });
      return;
    }
    const parsed = preferencesSchema.safeParse(toPayload(values));
    if (!parsed.success) {
      toast({ ...ONBOARDING_TOAST.validationFailed, variant: "destructive" });
      return;
    }
    save.mutate(parsed.data);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending || save.isSuccess) return;
    if (step < STEP_COUNT) {
      if (stepPasses(step)) goTo(step + 1);
    } else complete();
  }

  const meta = STEPS[step - 1];
  useDocumentTitle(`Step ${step} of ${STEP_COUNT}: ${meta.title}`);
  const error = stepError?.step === step ? stepError.message : undefined;
  const invalid = error ? { invalid: true, errorId: STEP_ERROR_ID } : {};
  const busy = save.isPending || save.isSuccess;

  let content: ReactNode;
  if (step === 1)
    content = (
      <LocationStep
        postcode={values.postcode}
        travelRadius={values.travelRadius}
        error={postcodeError}
        postcodeRef={postcodeRef}
        onPostcodeChange={setPostcode}
        onRadiusChange={(travelRadius) => set({ travelRadius })}
      />
    );
  else if (step === 2)
    content = (
      <BudgetStep {...invalid} value={values.dateSpend} onChange={(dateSpend) => set({ dateSpend })} />
    );
  else if (step === 3)
    content = (
      <DateTypesStep {...invalid} value={values.dateTypes} onChange={(dateTypes) => set({ dateTypes })} />
    );
  else if (step === 4)
    content = (
      <SchedulingGrid {...invalid} value={values.scheduling} onChange={(scheduling) => set({ scheduling })} />
    );
  else if (step === 5)
    content = <TimesStep {...invalid} value={values.times} onChange={(times) => set({ times })} />;
  else
    content = (
      <FinalStep
        values={values}
        termsError={termsError}
        termsRef={termsRef}
        onChange={(patch) => {
          set(patch);
          if (patch.termsAccepted) setTermsError(undefined);
        }}
      />
    );

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-10 sm:px-6 sm:pt-12 sm:pb-20">
      <div className="flex items-baseline justify-between gap-4">
        <p id={STEP_COUNT_ID} className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
          Step {step} of {STEP_COUNT}
        </p>
        <p className="text-sm text-muted-foreground">{meta.name}</p>
      </div>
      <Progress.Root
        value={step}
        max={STEP_COUNT}
        getValueLabel={(value, max) => `Step ${value} of ${max}`}
        aria-label="Questionnaire progress"
        className="relative mt-3 h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <Progress.Indicator
          className="h-full w-full rounded-full bg-accent transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${100 - (step / STEP_COUNT) * 100}%)` }}
        />
      </Progress.Root>

      {returning && (
        <p className="mt-4 text-sm text-muted-foreground">
          Your saved answers are filled in. Changes are kept when you press Complete Setup on step 6.
        </p>
      )}

      <form noValidate onSubmit={onSubmit} aria-labelledby="onboarding-step-title">
        <Card className="mt-6 p-5 sm:mt-8 sm:p-8">
          <h1
            id="onboarding-step-title"
            ref={headingRef}
            tabIndex={-1}
            // Focus moves here on each step: a screen reader says the step's title, then "Step 3 of 6".
            aria-describedby={STEP_COUNT_ID}
            className="text-[1.75rem] leading-tight font-normal outline-none sm:text-4xl"
          >
            {meta.title}
          </h1>
          <p className="mt-2 text-muted-foreground">{meta.intro}</p>
          {/* Above the choices, where focus lands: below them it was out of sight on a phone. */}
          {error && (
            <p
              id={STEP_ERROR_ID}
              role="alert"
              className="mt-5 flex gap-2.5 rounded-xl bg-destructive/10 p-3 text-sm font-medium text-destructive-text"
            >
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          )}
          <div ref={contentRef} className={error ? "mt-5" : "mt-7"}>
            {content}
          </div>
        </Card>

        <div
          data-sticky-bar="bottom"
          data-testid="step-nav"
          className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center gap-3 border-t border-border bg-background/90 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
        >
          <Button
            variant="outline"
            size="lg"
            disabled={step === 1 || busy}
            onClick={() => goTo(step - 1)}
            className="px-5 max-[359px]:px-3.5"
          >
            <ArrowLeft aria-hidden />
            {/* At 320 px (a phone, or 400% zoom) both labels do not fit: Previous keeps its arrow and name. */}
            <span className="max-[359px]:sr-only">Previous</span>
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={busy}
            className="ml-auto min-w-0 flex-1 max-[359px]:px-4 sm:flex-none"
          >
            {step < STEP_COUNT ? (
              <>
                Next
                <ArrowRight aria-hidden />
              </>
            ) : busy ? (
              "Saving..."
            ) : (
              <>
                Complete Setup
                <Check aria-hidden />
              </>
            )}
          </Button>
        </div>
      </form>
    </div>
  );
}
