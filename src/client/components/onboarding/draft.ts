import type { OnboardingValues } from "./model.ts";

/**
 * The questionnaire in progress, kept in this tab's session storage so a reload, a trip to the Terms or the
 * back button does not lose answers. Per member; cleared once the answers are saved. It keeps the saved
 * answers it started from (`basis`): an answer saved elsewhere since (Settings' radius, another tab) wins over
 * the draft's, and only what the member changed in the draft, and nobody changed since, is taken from it.
 */
const key = (userId: number) => `unveil_onboarding_draft_${userId}`;

export interface Draft {
  values: OnboardingValues;
  step: number;
  /** The saved answers the draft started from. */
  basis: OnboardingValues;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function loadDraft(userId: number | undefined, initial: OnboardingValues): Draft | null {
  if (userId === undefined) return null;
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as {
      values?: Record<string, unknown>;
      step?: unknown;
      basis?: Record<string, unknown>;
    };
    if (!parsed.values || typeof parsed.values !== "object") return null;
    // A draft kept before drafts knew their basis started from what is saved now.
    const basis: Record<string, unknown> =
      parsed.basis && typeof parsed.basis === "object" ? parsed.basis : { ...initial };
    const values = { ...initial };
    // Each answer is taken only if it has the type the form expects; anything else keeps its starting value.
    for (const [k, start] of Object.entries(initial) as Array<[keyof OnboardingValues, unknown]>) {
      const v = parsed.values[k];
      const sameType = Array.isArray(start)
        ? Array.isArray(v)
        : start === null
          ? v === null || typeof v === "string"
          : typeof v === typeof start;
      const changedHere = !same(v, basis[k]);
      const changedElsewhere = !same(start, basis[k]);
      if (v !== undefined && sameType && changedHere && !changedElsewhere)
        (values as Record<string, unknown>)[k] = v;
    }
    const step =
      typeof parsed.step === "number" && parsed.step >= 1 && parsed.step <= 6 ? Math.floor(parsed.step) : 1;
    return { values, step, basis: initial };
  } catch {
    return null;
  }
}

export function saveDraft(userId: number | undefined, draft: Draft): void {
  if (userId === undefined) return;
  try {
    sessionStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the questionnaire still works, only without the safety net.
  }
}

export function clearDraft(userId: number | undefined): void {
  if (userId === undefined) return;
  try {
    sessionStorage.removeItem(key(userId));
  } catch {}
}
