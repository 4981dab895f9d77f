import { useQuery } from "@tanstack/react-query";
import { onboardingApi } from "../../shared/contract/onboarding.ts";
import { partnersApi } from "../../shared/contract/partners.ts";
import { initialValues } from "../components/onboarding/model.ts";
import { OnboardingWizard } from "../components/onboarding/wizard.tsx";
import { PartnerQuestionnaireForm } from "../components/partner/questionnaire.tsx";
import { Button } from "../components/ui/button.tsx";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { queryOf } from "../lib/api.ts";
import { useAuth } from "../lib/auth.ts";
import { useChosenTier } from "../lib/chosen-tier.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorMessage } from "../lib/queryClient.ts";

/**
 * /onboarding: the preferences questionnaire, pre-filled with the saved answers on a return visit. A linked
 * partner whose partner has answered the couple's questions gets the short version: only their own needs.
 */
export default function OnboardingPage() {
  const { user } = useAuth();
  const linked = Boolean(user?.partnerId);
  // Asked afresh on each visit: linking and unlinking change the answer.
  const partner = useQuery({ ...queryOf(partnersApi.preferences), enabled: linked, staleTime: 0 });
  // The full questionnaire names its step in the title itself ("Step 4 of 6: When are you usually free?").
  useDocumentTitle(
    linked && partner.isPending
      ? "Your preferences"
      : linked && partner.data?.eligible
        ? "Your own needs"
        : null,
  );

  if (linked && partner.isPending) return <FullPageSpinner label="Loading your preferences" />;
  if (linked && partner.data?.eligible) return <PartnerQuestionnaireForm data={partner.data} />;
  return <FullQuestionnaire />;
}

function FullQuestionnaire() {
  const tier = useChosenTier();
  const saved = useQuery(queryOf(onboardingApi.preferences));
  useDocumentTitle(saved.isSuccess ? null : "Your preferences");

  if (saved.isPending) return <FullPageSpinner label="Loading your preferences" />;
  if (saved.isError)
    return (
      <div className="mx-auto w-full max-w-xl flex-1 px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-normal">We couldn't load your preferences</h1>
        <p className="mt-3 text-muted-foreground">{errorMessage(saved.error)}</p>
        <Button className="mt-8" onClick={() => void saved.refetch()}>
          Try again
        </Button>
      </div>
    );

  const preferences = saved.data.preferences;
  return (
    <OnboardingWizard initial={initialValues(preferences)} returning={preferences !== null} tier={tier} />
  );
}
