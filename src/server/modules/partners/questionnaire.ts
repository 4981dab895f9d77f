/**
 * The partner's short questionnaire. A couple answers the shared questions once (place
 * and radius, budget, kinds of date, days and times); a linked partner who does not hold the plan answers
 * only what is theirs, into their own user_preferences row: dietary needs, access needs and alcohol. The
 * matching engine merges both partners' needs.
 */
import { inArray } from "drizzle-orm";
import { MSG } from "../../../shared/messages.ts";
import type {
  PartnerPreferences,
  PartnerQuestionnaire,
  SharedAnswers,
} from "../../../shared/schemas/partner.ts";
import { PARTNER_JOIN_MSG } from "../../../shared/schemas/partner.ts";
import { type User, userPreferences } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { conflict, forbidden, notFound } from "../../http-error.ts";
import { type Couple, readCouple, sharedAnswersOf } from "../couples/couple.ts";
import { readSwitches } from "../notifications/switches.ts";
import { saveAndComplete } from "../onboarding/service.ts";

type PrefsRow = typeof userPreferences.$inferSelect;
type Own = PartnerQuestionnaire["own"];

/** Whose answers are the couple's (couples/couple.ts sharedAnswersOf); null when neither has answered. */
function sharedOwner(couple: Couple, prefs: Map<number, PrefsRow>): User | null {
  const { member, partner, holder } = couple;
  if (!partner) return null;
  const row = sharedAnswersOf(holder?.id ?? null, [...prefs.values()]);
  return row ? ([member, partner].find((u) => u.id === row.userId) ?? null) : null;
}

function sharedAnswers(owner: User, p: PrefsRow): SharedAnswers {
  const byRank = <T extends { rank: number }>(l: T[]) => [...l].sort((a, b) => a.rank - b.rank);
  return {
    fromFirstName: owner.firstName,
    postcode: p.postcode ?? "",
    travelRadius: p.travelRadius,
    dateSpend: p.dateSpend as SharedAnswers["dateSpend"],
    dateTypes: byRank(p.dateTypePreferences ?? []).map((d) => d.type as SharedAnswers["dateTypes"][number]),
    scheduling: (p.schedulingPreferences ?? []) as SharedAnswers["scheduling"],
    times: byRank(p.timePreferences ?? []).map((t) => t.time as SharedAnswers["times"][number]),
  };
}

interface Standing {
  questionnaire: PartnerQuestionnaire;
  /** Why the short questionnaire is not this member's (null when it is). */
  refusal: Error | null;
}

async function standing(deps: Deps, userId: number): Promise<Standing> {
  const couple = await readCouple(deps.db, userId);
  if (!couple) throw notFound(MSG.notSignedIn);
  const rows = await deps.db
    .select()
    .from(userPreferences)
    .where(inArray(userPreferences.userId, couple.ids));
  const prefs = new Map(rows.map((r) => [r.userId, r]));
  const { member, partner, holder } = couple;
  const owner = sharedOwner(couple, prefs);
  const refusal = !partner
    ? forbidden(PARTNER_JOIN_MSG.notLinked)
    : holder?.id === member.id
      ? conflict(PARTNER_JOIN_MSG.holder)
      : owner?.id !== partner.id
        ? conflict(PARTNER_JOIN_MSG.noShared)
        : null;
  const mine = prefs.get(member.id);
  const ownerPrefs = owner ? prefs.get(owner.id) : undefined;
  return {
    refusal,
    questionnaire: {
      eligible: refusal === null,
      partnerFirstName: partner?.firstName ?? null,
      shared: refusal === null && owner && ownerPrefs ? sharedAnswers(owner, ownerPrefs) : null,
      own: {
        dietaryRestrictions: (mine?.dietaryRestrictions ?? []) as Own["dietaryRestrictions"],
        accessibilityNeeds: (mine?.accessibilityNeeds ?? []) as Own["accessibilityNeeds"],
        alcoholOk: mine?.alcoholOk ?? true,
      },
      marketingOptOut: (await readSwitches(deps.db, member.id)).marketingOptOut,
      termsAccepted: member.termsAccepted,
      completed: member.onboardingCompleted,
    },
  };
}

/** GET /api/partner/preferences: which questionnaire is the member's, the couple's answers and their own. */
export async function partnerQuestionnaire(deps: Deps, user: User): Promise<PartnerQuestionnaire> {
  return (await standing(deps, user.id)).questionnaire;
}

/**
 * PUT /api/partner/preferences: saves the partner's own needs (their row's shared columns untouched) and
 * marks their onboarding done, in one transaction. Refused, with nothing changed, for anyone whose
 * questionnaire is the full one.
 */
export async function savePartnerPreferences(
  deps: Deps,
  user: User,
  input: PartnerPreferences,
): Promise<{ user: User; questionnaire: PartnerQuestionnaire }> {
  const { refusal } = await standing(deps, user.id);
  if (refusal) throw refusal;
  const updated = await saveAndComplete(
    deps,
    user,
    {
      dietaryRestrictions: input.dietaryRestrictions,
      accessibilityNeeds: input.accessibilityNeeds,
      alcoholOk: input.alcoholOk,
      updatedAt: deps.now(),
    },
    input.marketingOptOut,
  );
  return { user: updated, questionnaire: (await standing(deps, user.id)).questionnaire };
}
