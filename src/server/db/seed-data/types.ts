/**
 * The shapes of the demo content (seed-data/*.ts); seed-demo.ts inserts it. Plain typed constants, no code.
 */
import type {
  ACCESSIBILITY_OPTIONS,
  DATE_IDEA_CATEGORIES,
  DIETARY_OPTIONS,
  DISCOUNT_TYPES,
  PRICE_LEVELS,
  SEASONS,
  TIER_IDS,
  TIME_OF_DAY_SLOTS,
  VENUE_TYPES,
} from "../../../shared/constants.ts";

type VenueType = (typeof VENUE_TYPES)[number];
type PriceLevel = (typeof PRICE_LEVELS)[number];
type Accessibility = (typeof ACCESSIBILITY_OPTIONS)[number];
type Dietary = (typeof DIETARY_OPTIONS)[number];
type Category = (typeof DATE_IDEA_CATEGORIES)[number];
type Season = (typeof SEASONS)[number];
type TimeOfDay = (typeof TIME_OF_DAY_SLOTS)[number];
type DiscountType = (typeof DISCOUNT_TYPES)[number];
type TierId = (typeof TIER_IDS)[number];

export interface DemoVenue {
  name: string;
  address: string;
  postcode: string;
  latitude: string;
  longitude: string;
  type: VenueType;
  priceLevel: PriceLevel;
  experienceBlurb: string;
  features: string[];
  accessibilityFeatures: Accessibility[];
  dietaryAccommodations: Dietary[];
  contactInfo: { phone: string; website: string };
}

export interface DemoDateIdea {
  title: string;
  description: string;
  category: Category;
  duration: number;
  priceLevel: PriceLevel;
  season: Season;
  timeOfDay: TimeOfDay;
  dressCode: string;
  requirements: string[];
  tags: string[];
  /** Name of a demo venue; resolved to its id inside the transaction. */
  venueName: string;
}

export interface DemoOfferCode {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: string;
  durationMonths: number;
  maxUses: number | null;
  applicableTiers: TierId[] | null;
  validFrom: Date | null;
  validUntil: Date | null;
  isActive: boolean;
}
