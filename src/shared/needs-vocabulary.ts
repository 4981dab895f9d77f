/**
 * One vocabulary for needs: a venue's dietary and access lists use exactly the items members choose in the
 * questionnaire (DIETARY_OPTIONS, ACCESSIBILITY_OPTIONS). The forms, the API, the spreadsheet sync and migration
 * 0025 map the same common spellings onto them.
 */
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS } from "./constants.ts";

/**
 * Common spellings of the needs members choose (questionnaire step 5), so the venue's lists use exactly the
 * same words: "GF" -> "Gluten-free", "wheelchair" -> "Wheelchair accessible". Keys are lower case with spaces,
 * hyphens and dots removed.
 */
const squash = (s: string) => s.toLowerCase().replace(/[\s\-_.'’]/g, "");
const DIETARY_ALIASES: Record<string, (typeof DIETARY_OPTIONS)[number]> = {
  vegetarian: "Vegetarian",
  veggie: "Vegetarian",
  veg: "Vegetarian",
  v: "Vegetarian",
  vegan: "Vegan",
  plantbased: "Vegan",
  ve: "Vegan",
  glutenfree: "Gluten-free",
  gf: "Gluten-free",
  coeliac: "Gluten-free",
  celiac: "Gluten-free",
  nogluten: "Gluten-free",
  dairyfree: "Dairy-free",
  df: "Dairy-free",
  nodairy: "Dairy-free",
  lactosefree: "Dairy-free",
  nutallergies: "Nut Allergies",
  nutallergy: "Nut Allergies",
  nutfree: "Nut Allergies",
  nuts: "Nut Allergies",
  nf: "Nut Allergies",
  halal: "Halal",
  kosher: "Kosher",
  pescatarian: "Pescatarian",
  pescetarian: "Pescatarian",
  lowsodium: "Low Sodium",
  lowsalt: "Low Sodium",
};
const ACCESS_ALIASES: Record<string, (typeof ACCESSIBILITY_OPTIONS)[number]> = {
  wheelchairaccessible: "Wheelchair accessible",
  wheelchair: "Wheelchair accessible",
  wheelchairaccess: "Wheelchair accessible",
  hearingloop: "Hearing loop",
  inductionloop: "Hearing loop",
  loop: "Hearing loop",
  largeprintmenus: "Large print menus",
  largeprintmenu: "Large print menus",
  largeprint: "Large print menus",
  stepfreeaccess: "Step-free access",
  stepfree: "Step-free access",
  levelaccess: "Step-free access",
  accessibleparking: "Accessible parking",
  disabledparking: "Accessible parking",
  bluebadgeparking: "Accessible parking",
  guidedogfriendly: "Guide dog friendly",
  guidedogs: "Guide dog friendly",
  guidedog: "Guide dog friendly",
  assistancedogs: "Guide dog friendly",
};

/** The member's word for a venue's dietary or access entry, or null when it is none of them. */
export function canonicalNeed(kind: "dietary" | "access", item: string): string | null {
  const key = squash(item);
  const map: Record<string, string> = kind === "dietary" ? DIETARY_ALIASES : ACCESS_ALIASES;
  if (map[key]) return map[key];
  const options: readonly string[] = kind === "dietary" ? DIETARY_OPTIONS : ACCESSIBILITY_OPTIONS;
  return options.find((o) => squash(o) === key) ?? null;
}
