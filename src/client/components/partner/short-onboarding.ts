import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "../../../shared/api-types.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { queryOf } from "../../lib/api.ts";

type Questionnaire = AnswerOf<typeof partnersApi.preferences>;

/**
 * A linked partner who still has their own needs to give, when the other partner has answered the couple's
 * questions: the short questionnaire is theirs (null otherwise, or while unknown).
 */
export function useShortQuestionnaire(user: PublicUser | null): Questionnaire | null {
  const enabled = Boolean(user?.partnerId && !user.onboardingCompleted);
  const query = useQuery({ ...queryOf(partnersApi.preferences), enabled });
  return enabled && query.data?.eligible ? query.data : null;
}

/** The one step such a partner has left, in the words of the dashboard and home screens. */
export function partnerNeedsStep(q: Questionnaire) {
  const who = q.partnerFirstName?.trim() || "Your partner";
  return {
    title: "Add your own needs",
    text: `${who} has told us about the dates you'll both enjoy. Tell us your dietary, access and drink needs: it takes a minute.`,
    href: "/onboarding",
    label: "Add your needs",
  };
}
