import { useQuery } from "@tanstack/react-query";
import { initialValues, PREFERENCES_KEY, type SavedPreferences } from "../components/onboarding/model.ts";
import { OnboardingWizard } from "../components/onboarding/wizard.tsx";
import { Button } from "../components/ui/button.tsx";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { useChosenTier } from "../lib/chosen-tier.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorMessage } from "../lib/queryClient.ts";

/** /onboarding: the preferences questionnaire, pre-filled with the saved answers on a return visit. */
export default function OnboardingPage() {
  useDocumentTitle("Your preferences");
  const tier = useChosenTier();
  const saved = useQuery<{ preferences: SavedPreferences | null }>({ queryKey: PREFERENCES_KEY });

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
