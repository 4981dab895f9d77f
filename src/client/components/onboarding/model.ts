import type {
  ACCESSIBILITY_OPTIONS,
  DATE_TYPES,
  DAYS_OF_WEEK,
  DIETARY_OPTIONS,
  TIMES_OF_DAY,
} from "../../../shared/constants.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import type { onboardingApi } from "../../../shared/contract/onboarding.ts";
import {
  MIN_SCHEDULING_OPTIONS,
  PREFERENCE_DEFAULTS,
  type PreferencesInput,
  postcodeField,
} from "../../../shared/schemas/onboarding.ts";

export type DateType = (typeof DATE_TYPES)[number];
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export type DateSpend = "£" | "££" | "£££";
export type Dietary = (typeof DIETARY_OPTIONS)[number];
export type Accessibility = (typeof ACCESSIBILITY_OPTIONS)[number];
export interface Slot {
  weekOfMonth: number;
  dayOfWeek: DayOfWeek;
}

/**
 * The questionnaire while it is being filled in. Ranked choices are kept as lists in the order chosen
 * (first = rank 1), which makes "unselecting re-numbers" automatic; toPayload turns them into ranks.
 */
export interface OnboardingValues {
  postcode: string;
  travelRadius: number;
  dateSpend: DateSpend | null;
  dateTypes: DateType[];
  scheduling: Slot[];
  times: TimeOfDay[];
  dietaryRestrictions: Dietary[];
  accessibilityNeeds: Accessibility[];
  alcoholOk: boolean;
  openToTrying: boolean;
  marketingOptOut: boolean;
  termsAccepted: boolean;
}

/** The saved answers of a member who has saved before (what reading the questionnaire answers). */
export type SavedPreferences = NonNullable<AnswerOf<typeof onboardingApi.preferences>["preferences"]>;

const byRank = <T extends { rank: number }>(list: T[]) => [...list].sort((a, b) => a.rank - b.rank);

/** Section 9's defaults for a first visit, or the saved answers for a returning member. */
export function initialValues(saved: SavedPreferences | null): OnboardingValues {
  if (!saved)
    return {
      postcode: PREFERENCE_DEFAULTS.postcode,
      travelRadius: PREFERENCE_DEFAULTS.travelRadius,
      dateSpend: null,
      dateTypes: [],
      scheduling: [],
      times: [],
      dietaryRestrictions: [],
      accessibilityNeeds: [],
      alcoholOk: PREFERENCE_DEFAULTS.alcoholOk,
      openToTrying: PREFERENCE_DEFAULTS.openToTrying,
      marketingOptOut: PREFERENCE_DEFAULTS.marketingOptOut,
      termsAccepted: PREFERENCE_DEFAULTS.termsAccepted,
    };
  return {
    postcode: saved.postcode ?? "",
    travelRadius: saved.travelRadius ?? PREFERENCE_DEFAULTS.travelRadius,
    dateSpend: saved.dateSpend,
    dateTypes: byRank(saved.dateTypePreferences ?? []).map((p) => p.type),
    scheduling: (saved.schedulingPreferences ?? []).map((s) => ({
      weekOfMonth: s.weekOfMonth,
      dayOfWeek: s.dayOfWeek,
    })),
    times: byRank(saved.timePreferences ?? []).map((p) => p.time),
    dietaryRestrictions: saved.dietaryRestrictions ?? [],
    accessibilityNeeds: saved.accessibilityNeeds ?? [],
    alcoholOk: saved.alcoholOk,
    openToTrying: saved.openToTrying,
    marketingOptOut: saved.marketingOptOut,
    termsAccepted: saved.termsAccepted,
  };
}

/** The payload for saving the questionnaire: exactly the schema's fields, ranks 1..n. */
export function toPayload(v: OnboardingValues): PreferencesInput {
  return {
    postcode: v.postcode,
    travelRadius: v.travelRadius,
    dateSpend: v.dateSpend as DateSpend,
    dateTypePreferences: v.dateTypes.map((type, i) => ({ type, rank: i + 1 })),
    schedulingPreferences: v.scheduling,
    timePreferences: v.times.map((time, i) => ({ time, rank: i + 1 })),
    dietaryRestrictions: v.dietaryRestrictions,
    accessibilityNeeds: v.accessibilityNeeds,
    alcoholOk: v.alcoholOk,
    openToTrying: v.openToTrying,
    marketingOptOut: v.marketingOptOut,
    termsAccepted: v.termsAccepted as true,
  };
}

/** The postcode in its stored form ("SW1A 1AA"), or null when it is not a UK postcode. */
export function normalisedPostcode(raw: string): string | null {
  const parsed = postcodeField.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const hasEnoughSlots = (slots: Slot[]) => slots.length >= MIN_SCHEDULING_OPTIONS;

export const STEP_COUNT = 6;

export const STEPS = [
  {
    name: "Location",
    title: "Where are you based?",
    intro: "We plan every date within easy reach of home.",
  },
  {
    name: "Budget",
    title: "What would you like to spend?",
    intro: "Per person, on the date itself. You pay the venue directly; your membership covers the planning.",
  },
  {
    name: "Date types",
    title: "What do you enjoy together?",
    intro: "Choose in order of preference. Your first choice is ranked 1.",
  },
  {
    name: "Scheduling",
    title: "When are you usually free?",
    intro: `Pick at least ${MIN_SCHEDULING_OPTIONS} days across a typical month. The more you choose, the easier it is to find a great slot.`,
  },
  {
    name: "Times",
    title: "What time of day suits you?",
    intro: "Choose in order of preference. Your first choice is ranked 1.",
  },
  {
    name: "Final details",
    title: "A few last details",
    intro: "Anything we should plan around, and how adventurous you're feeling.",
  },
] as const;

/** Toasts of the questionnaire (member-app.md section 8); the spec's "title - description" split in two. */
export const ONBOARDING_TOAST = {
  missingPostcode: { title: "Missing postcode", description: "Please enter a valid UK postcode." },
  missingDateTypes: {
    title: "Missing date preferences",
    description: "Please choose at least one kind of date.",
  },
  missingScheduling: {
    title: "Missing scheduling preferences",
    description: `Please choose at least ${MIN_SCHEDULING_OPTIONS} days you're usually free.`,
  },
  missingTimes: { title: "Missing time preferences", description: "Please choose at least one time of day." },
  validationFailed: {
    title: "Validation failed",
    description: "Please check your selections in previous steps and try again.",
  },
  failed: {
    title: "Something went wrong",
    description: "Please try again or contact support if the problem persists.",
  },
  updated: {
    title: "Preferences saved",
    description: "We'll use them when we plan your next dates.",
  },
} as const;
