/**
 * The questionnaire's draft (components/onboarding/draft.ts): a reload keeps what the member typed, and an
 * answer saved elsewhere since the draft began (Settings' radius, another tab) is not overwritten by it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { loadDraft, saveDraft } from "../../src/client/components/onboarding/draft.ts";
import { initialValues, type OnboardingValues } from "../../src/client/components/onboarding/model.ts";

// The tab's session storage, as the browser gives it (Node has none).
const kept = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  },
});

const saved: OnboardingValues = { ...initialValues(null), postcode: "SE1 9PX", travelRadius: 25 };

describe("the questionnaire's draft", () => {
  beforeEach(() => kept.clear());

  it("keeps what the member changed, over a reload", () => {
    saveDraft(7, { values: { ...saved, postcode: "E1 6AN" }, step: 2, basis: saved });
    expect(loadDraft(7, saved)).toMatchObject({ step: 2, values: { postcode: "E1 6AN", travelRadius: 25 } });
  });

  it("an answer saved elsewhere since wins; the draft's other changes stay", () => {
    // The draft moved the slider to 40 and changed the postcode; then Settings saved a radius of 100.
    saveDraft(7, { values: { ...saved, postcode: "E1 6AN", travelRadius: 40 }, step: 1, basis: saved });
    const now = { ...saved, travelRadius: 100 };
    const draft = loadDraft(7, now);
    expect(draft?.values).toMatchObject({ postcode: "E1 6AN", travelRadius: 100 });
    // Kept again from here, the draft's basis is what is saved now.
    expect(draft?.basis.travelRadius).toBe(100);
  });

  it("a draft from before drafts kept their basis is taken as it was", () => {
    kept.set(
      "unveil_onboarding_draft_7",
      JSON.stringify({ values: { ...saved, travelRadius: 40 }, step: 3 }),
    );
    expect(loadDraft(7, saved)?.values.travelRadius).toBe(40);
  });
});
