/** The hand-written matching cases' member and idea, shared by the engine's and the planner's unit tests. */
import type { IdeaCandidate, MemberProfile } from "../../src/server/modules/matching/types.ts";

/** Alex: Gold, active, near Green Park, restaurants and culture on two chosen evenings a month. */
export const base: MemberProfile = {
  userId: 1,
  partnerId: null,
  name: "Alex",
  tier: "gold",
  subscriptionStatus: "active",
  pausedUntil: null,
  postcode: "SW1A 1AA",
  location: { lat: 51.501, lng: -0.1416 },
  travelRadiusMiles: 10,
  dateSpend: "££",
  openToTrying: false,
  alcoholOk: true,
  dateTypes: ["restaurants", "culture"],
  times: ["evenings"],
  scheduling: [
    { weekOfMonth: 1, dayOfWeek: "saturday" },
    { weekOfMonth: 3, dayOfWeek: "friday" },
  ],
  dietary: [],
  accessibility: [],
  excludedVenueIds: [],
  history: [],
  quotaRemaining: () => 2,
};
/** A medium-priced evening supper club with no requirements. */
export const supper: IdeaCandidate = {
  id: 11,
  title: "Supper club",
  category: "culinary",
  priceLevel: "medium",
  season: "any",
  timeOfDay: "evening",
  duration: 2,
  tags: [],
  requirements: [],
};
