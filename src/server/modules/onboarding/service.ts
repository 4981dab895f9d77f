import { eq, inArray } from "drizzle-orm";
import type { Preferences, SavedPreferences } from "../../../shared/schemas/onboarding.ts";
import { PARTNER_JOIN_MSG } from "../../../shared/schemas/partner.ts";
import { type User, userPreferences, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { conflict } from "../../http-error.ts";
import { readCouple, sharedAnswersOf } from "../couples/couple.ts";
import { readSwitches, saveSwitches } from "../notifications/switches.ts";
import { recheckCoupleAfter } from "../rulebook/recheck.ts";

export async function getPreferences(deps: Deps, user: User): Promise<SavedPreferences | null> {
  const [p] = await deps.db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.userId, user.id))
    .limit(1);
  if (!p) return null;
  return {
    postcode: p.postcode ?? "",
    travelRadius: p.travelRadius,
    dateSpend: p.dateSpend as SavedPreferences["dateSpend"],
    dateTypePreferences: (p.dateTypePreferences ?? []) as Preferences["dateTypePreferences"],
    schedulingPreferences: (p.schedulingPreferences ?? []) as Preferences["schedulingPreferences"],
    timePreferences: (p.timePreferences ?? []) as Preferences["timePreferences"],
    dietaryRestrictions: p.dietaryRestrictions as Preferences["dietaryRestrictions"],
    accessibilityNeeds: p.accessibilityNeeds as Preferences["accessibilityNeeds"],
    alcoholOk: p.alcoholOk,
    openToTrying: p.openToTrying,
    marketingOptOut: (await readSwitches(deps.db, user.id)).marketingOptOut,
    termsAccepted: user.termsAccepted,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Saves the questionnaire and marks onboarding complete, all in one transaction. */
export async function savePreferences(deps: Deps, user: User, prefs: Preferences): Promise<User> {
  const now = deps.now();
  // One set of shared answers per couple: once the other partner's are the couple's (couples/couple.ts), the
  // full questionnaire is not this member's to answer again; their own needs go through the short one.
  const couple = await readCouple(deps.db, user.id);
  if (couple?.partner) {
    const rows = await deps.db
      .select()
      .from(userPreferences)
      .where(inArray(userPreferences.userId, couple.ids));
    const owner = sharedAnswersOf(couple.holder?.id ?? null, rows);
    if (owner && owner.userId === couple.partner.id)
      throw conflict(PARTNER_JOIN_MSG.sharedAnswered(couple.partner.firstName));
  }
  const sortedTypes = [...prefs.dateTypePreferences].sort((a, b) => a.rank - b.rank);
  const sortedTimes = [...prefs.timePreferences].sort((a, b) => a.rank - b.rank);
  const values = {
    postcode: prefs.postcode,
    travelRadius: prefs.travelRadius,
    dateSpend: prefs.dateSpend,
    dateTypePreferences: sortedTypes,
    timePreferences: sortedTimes,
    schedulingPreferences: prefs.schedulingPreferences,
    dayPreferences: [...new Set(prefs.schedulingPreferences.map((s) => s.dayOfWeek))],
    dietaryRestrictions: prefs.dietaryRestrictions,
    accessibilityNeeds: prefs.accessibilityNeeds,
    alcoholOk: prefs.alcoholOk,
    openToTrying: prefs.openToTrying,
    updatedAt: now,
  };
  return saveAndComplete(deps, user, values, prefs.marketingOptOut);
}

/**
 * Writes the member's own user_preferences columns given (others untouched) and marks onboarding complete
 * with the Terms accepted, in one transaction. The full questionnaire and a partner's short one both end here.
 */
export async function saveAndComplete(
  deps: Deps,
  user: User,
  values: Partial<typeof userPreferences.$inferInsert> & { updatedAt: Date },
  marketingOptOut: boolean,
): Promise<User> {
  const saved = await deps.db.transaction(async (tx) => {
    await tx
      .insert(userPreferences)
      .values({ ...values, userId: user.id })
      .onConflictDoUpdate({ target: userPreferences.userId, set: values });
    const [updated] = await tx
      .update(users)
      .set({
        onboardingCompleted: true,
        termsAccepted: true,
        // The first acceptance is the one on record.
        termsAcceptedAt: user.termsAcceptedAt ?? values.updatedAt,
      })
      .where(eq(users.id, user.id))
      .returning();
    await saveSwitches(tx, user.id, { marketingOptOut });
    return updated;
  });
  // Needs, alcohol, postcode or radius may have changed: the couple's dates ahead are asked again.
  await recheckCoupleAfter(deps, [user.id]);
  return saved;
}
