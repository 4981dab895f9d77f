/**
 * Demo content for a fresh database: fictional London venues, date ideas linked to them, and offer codes.
 * Every venue is invented; phone numbers sit in Ofcom's drama range (020 7946 0000-0999) and websites
 * on example.co.uk. Running it again inserts nothing: existing venues (by lower(name)), date ideas
 * (by lower(title)) and offer codes (by upper(code)) are skipped.
 */
import { inArray, sql } from "drizzle-orm";
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
} from "../../shared/constants.ts";
import type { Db } from "./client.ts";
import { dateIdeas, offerCodes, venues } from "./schema.ts";

type VenueType = (typeof VENUE_TYPES)[number];
type PriceLevel = (typeof PRICE_LEVELS)[number];
type Accessibility = (typeof ACCESSIBILITY_OPTIONS)[number];
type Dietary = (typeof DIETARY_OPTIONS)[number];
type Category = (typeof DATE_IDEA_CATEGORIES)[number];
type Season = (typeof SEASONS)[number];
type TimeOfDay = (typeof TIME_OF_DAY_SLOTS)[number];
type DiscountType = (typeof DISCOUNT_TYPES)[number];
type TierId = (typeof TIER_IDS)[number];

interface DemoVenue {
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

interface DemoDateIdea {
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

interface DemoOfferCode {
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

export const DEMO_VENUES: DemoVenue[] = [
  // Restaurants
  {
    name: "The Gilded Fig",
    address: "42 Dean Street",
    postcode: "W1D 4PZ",
    latitude: "51.5138215",
    longitude: "-0.1321874",
    type: "restaurant",
    priceLevel: "high",
    experienceBlurb:
      "Candlelit booths, a hushed open kitchen and a seven-course tasting menu that changes with the markets. The sort of Soho dining room where you lose track of time in the best possible way.",
    features: ["Tasting menu", "Chef's counter seating", "Sommelier wine pairing", "Private booths"],
    accessibilityFeatures: ["Step-free access", "Large print menus", "Hearing loop"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Pescatarian", "Nut Allergies"],
    contactInfo: { phone: "020 7946 0142", website: "https://the-gilded-fig.example.co.uk" },
  },
  {
    name: "Ember & Oak Smokehouse",
    address: "118 Curtain Road",
    postcode: "EC2A 3AY",
    latitude: "51.5254872",
    longitude: "-0.0804316",
    type: "restaurant",
    priceLevel: "medium",
    experienceBlurb:
      "Brisket smoked low and slow over oak, sticky burnt ends and a board of house pickles to share. Loud, warm and unapologetically messy, with a cracking list of local craft beers.",
    features: ["Sharing platters", "Open-fire kitchen", "Craft beer list", "Late opening"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access"],
    dietaryAccommodations: ["Gluten-free", "Dairy-free", "Vegetarian"],
    contactInfo: { phone: "020 7946 0217", website: "https://ember-and-oak-smokehouse.example.co.uk" },
  },
  {
    name: "Little Saffron Kitchen",
    address: "27 Coldharbour Lane",
    postcode: "SW9 8LF",
    latitude: "51.4622947",
    longitude: "-0.1118603",
    type: "restaurant",
    priceLevel: "low",
    experienceBlurb:
      "A tiny, family-run kitchen turning out fragrant thalis and flaky parathas a few steps from Brixton's market arcades. Bring your own bottle and your appetite.",
    features: ["Bring your own bottle", "Sharing thalis", "Market-fresh spices"],
    accessibilityFeatures: ["Step-free access", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Halal", "Gluten-free"],
    contactInfo: { phone: "020 7946 0358", website: "https://little-saffron-kitchen.example.co.uk" },
  },
  {
    name: "Marrow & Vine",
    address: "64 Marylebone High Street",
    postcode: "W1U 5JF",
    latitude: "51.5208731",
    longitude: "-0.1516294",
    type: "restaurant",
    priceLevel: "high",
    experienceBlurb:
      "Seasonal British plates and a cellar of natural wines served in a Georgian townhouse with a fire in the grate. Elegant without a hint of stuffiness.",
    features: ["Natural wine cellar", "Fireside tables", "Seasonal British menu", "Private dining room"],
    accessibilityFeatures: ["Large print menus", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Gluten-free", "Pescatarian", "Dairy-free", "Low Sodium"],
    contactInfo: { phone: "020 7946 0473", website: "https://marrow-and-vine.example.co.uk" },
  },
  {
    name: "The Larder on Portobello",
    address: "201 Portobello Road",
    postcode: "W11 1LU",
    latitude: "51.5153472",
    longitude: "-0.2057381",
    type: "restaurant",
    priceLevel: "medium",
    experienceBlurb:
      "Sourdough, shakshuka and proper coffee in a sunny corner café above the antiques stalls. Perfect for a lazy brunch before a wander down the market.",
    features: ["All-day brunch", "Pavement tables", "Speciality coffee", "Homemade pastries"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Dairy-free"],
    contactInfo: { phone: "020 7946 0529", website: "https://the-larder-on-portobello.example.co.uk" },
  },
  {
    name: "Saltmarsh Oyster Room",
    address: "9 Hertsmere Road",
    postcode: "E14 4AL",
    latitude: "51.5076428",
    longitude: "-0.0226915",
    type: "restaurant",
    priceLevel: "high",
    experienceBlurb:
      "Native oysters, crudo and grilled lobster on a glass-fronted terrace overlooking the old West India docks. Watch the towers light up as the Champagne arrives.",
    features: ["Waterside terrace", "Raw bar", "Champagne list", "Sunset views"],
    accessibilityFeatures: [
      "Wheelchair accessible",
      "Step-free access",
      "Accessible parking",
      "Hearing loop",
    ],
    dietaryAccommodations: ["Pescatarian", "Gluten-free", "Dairy-free"],
    contactInfo: { phone: "020 7946 0634", website: "https://saltmarsh-oyster-room.example.co.uk" },
  },
  {
    name: "Nonna's Lantern",
    address: "156 Upper Street",
    postcode: "N1 1RA",
    latitude: "51.5384917",
    longitude: "-0.1028463",
    type: "restaurant",
    priceLevel: "low",
    experienceBlurb:
      "Hand-rolled pasta, checked tablecloths and a carafe of house red in a cosy trattoria strung with fairy lights. Comfort food that feels like being welcomed into someone's home.",
    features: ["Fresh pasta daily", "Carafe wine", "Cosy candlelit room"],
    accessibilityFeatures: ["Step-free access", "Large print menus"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0781", website: "https://nonnas-lantern.example.co.uk" },
  },
  {
    name: "The Hidden Ledger",
    address: "31 Parkway",
    postcode: "NW1 7PN",
    latitude: "51.5374286",
    longitude: "-0.1453817",
    type: "restaurant",
    priceLevel: "medium",
    experienceBlurb:
      "Through an unmarked door and down a spiral staircase lies a velvet-lined speakeasy serving small plates and inventive cocktails. In winter, the fire is lit and the mulled wine flows.",
    features: ["Speakeasy entrance", "Signature cocktails", "Small plates", "Open fire in winter"],
    accessibilityFeatures: [],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0865", website: "https://the-hidden-ledger.example.co.uk" },
  },

  // Activities
  {
    name: "Kiln & Clay Studio",
    address: "268 Mare Street",
    postcode: "E8 1HE",
    latitude: "51.5441263",
    longitude: "-0.0555871",
    type: "activity",
    priceLevel: "medium",
    experienceBlurb:
      "Get your hands muddy at the potter's wheel in a light-filled railway-arch studio. You'll each throw a piece to glaze and collect a fortnight later.",
    features: ["Pottery wheel class", "All materials included", "Pieces fired and glazed", "Small groups"],
    accessibilityFeatures: ["Step-free access", "Wheelchair accessible"],
    dietaryAccommodations: [],
    contactInfo: { phone: "020 7946 0093", website: "https://kiln-and-clay-studio.example.co.uk" },
  },
  {
    name: "The Cue & Compass",
    address: "89 Clapham High Street",
    postcode: "SW4 7TB",
    latitude: "51.4634725",
    longitude: "-0.1329648",
    type: "activity",
    priceLevel: "low",
    experienceBlurb:
      "Nine holes of wonky crazy golf, vintage arcade cabinets and a proper pub upstairs. Competitive couples, consider yourselves warned.",
    features: ["Indoor crazy golf", "Retro arcade", "Pool tables", "Bar and snacks"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan"],
    contactInfo: { phone: "020 7946 0176", website: "https://the-cue-and-compass.example.co.uk" },
  },
  {
    name: "Spin Cycle Social",
    address: "33 Chalk Farm Road",
    postcode: "NW1 8AJ",
    latitude: "51.5419874",
    longitude: "-0.1496235",
    type: "activity",
    priceLevel: "low",
    experienceBlurb:
      "Neon-lit ping-pong tables, a DJ on Fridays and street food from the market next door. Easy, giggly fun whether you're a pro or have never held a bat.",
    features: ["Ping-pong tables", "DJ nights", "Street food", "Table hire by the hour"],
    accessibilityFeatures: ["Step-free access"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Halal"],
    contactInfo: { phone: "020 7946 0264", website: "https://spin-cycle-social.example.co.uk" },
  },
  {
    name: "Brushstroke Social Club",
    address: "133 Rye Lane",
    postcode: "SE15 4ST",
    latitude: "51.4693518",
    longitude: "-0.0689427",
    type: "activity",
    priceLevel: "low",
    experienceBlurb:
      "A relaxed paint-and-sip evening in a Peckham loft, with a friendly artist guiding you through each brushstroke. Nobody has to be good at it, and that's rather the point.",
    features: ["Guided painting session", "Drinks included", "Take your canvas home"],
    accessibilityFeatures: [],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0315", website: "https://brushstroke-social-club.example.co.uk" },
  },
  {
    name: "The Knead Collective",
    address: "74 Essex Road",
    postcode: "N1 8LT",
    latitude: "51.5389652",
    longitude: "-0.0981374",
    type: "activity",
    priceLevel: "medium",
    experienceBlurb:
      "A bright cookery school where you'll roll, fold and shape fresh pasta side by side, then sit down to eat what you've made. Aprons, wine and plenty of flour on the nose included.",
    features: [
      "Hands-on cookery class",
      "Eat what you make",
      "Wine with dinner",
      "Recipe cards to take home",
    ],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access", "Large print menus"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Dairy-free", "Nut Allergies"],
    contactInfo: { phone: "020 7946 0402", website: "https://the-knead-collective.example.co.uk" },
  },
  {
    name: "Blend & Bottle Cocktail School",
    address: "58 Neal Street",
    postcode: "WC2H 9PA",
    latitude: "51.5147326",
    longitude: "-0.1259718",
    type: "activity",
    priceLevel: "medium",
    experienceBlurb:
      "Learn to shake, stir and garnish like a pro behind a real Covent Garden bar. You'll mix four classics and invent a signature drink to name after yourselves.",
    features: ["Mixology masterclass", "Four cocktails each", "Create a signature drink", "Bar snacks"],
    accessibilityFeatures: ["Step-free access", "Hearing loop"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0488", website: "https://blend-and-bottle.example.co.uk" },
  },

  // Cultural
  {
    name: "The Lantern Playhouse",
    address: "21 Upper Ground",
    postcode: "SE1 9PP",
    latitude: "51.5076852",
    longitude: "-0.1103946",
    type: "cultural",
    priceLevel: "medium",
    experienceBlurb:
      "An intimate riverside theatre staging bold new writing, with a bar that looks straight out over the Thames. Arrive early for a drink as the lights come up on the water.",
    features: ["New writing", "Riverside bar", "Pre-show dining", "Accessible performances"],
    accessibilityFeatures: [
      "Wheelchair accessible",
      "Hearing loop",
      "Step-free access",
      "Guide dog friendly",
    ],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0551", website: "https://the-lantern-playhouse.example.co.uk" },
  },
  {
    name: "Orrery Gallery",
    address: "12 King William Walk",
    postcode: "SE10 9JH",
    latitude: "51.4815296",
    longitude: "-0.0086471",
    type: "cultural",
    priceLevel: "low",
    experienceBlurb:
      "A small gallery of maps, clocks and celestial curiosities, with telescope evenings on its roof terrace when the skies are clear. A quietly magical corner of maritime Greenwich.",
    features: ["Rooftop telescope evenings", "Late openings", "Guided talks"],
    accessibilityFeatures: ["Large print menus", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan"],
    contactInfo: { phone: "020 7946 0607", website: "https://orrery-gallery.example.co.uk" },
  },
  {
    name: "The Velvet Note",
    address: "19 Greek Street",
    postcode: "W1D 4DU",
    latitude: "51.5137528",
    longitude: "-0.1306284",
    type: "cultural",
    priceLevel: "medium",
    experienceBlurb:
      "A low-ceilinged jazz cellar where the trio plays until the small hours and the Old Fashioneds are stirred just so. Grab a table by the stage and let the evening drift.",
    features: ["Live jazz nightly", "Table service", "Late licence", "Cocktail list"],
    accessibilityFeatures: [],
    dietaryAccommodations: ["Vegetarian", "Gluten-free"],
    contactInfo: { phone: "020 7946 0689", website: "https://the-velvet-note.example.co.uk" },
  },
  {
    name: "The Quill Rooms",
    address: "8 Flask Walk",
    postcode: "NW3 1HE",
    latitude: "51.5563917",
    longitude: "-0.1771485",
    type: "cultural",
    priceLevel: "low",
    experienceBlurb:
      "A bookshop-cum-salon in a Hampstead cottage hosting poetry readings and author evenings by candlelight. Browse the shelves with a glass of wine before the first reading begins.",
    features: ["Poetry readings", "Second-hand bookshop", "Wine bar", "Author evenings"],
    accessibilityFeatures: ["Hearing loop", "Large print menus"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0712", website: "https://the-quill-rooms.example.co.uk" },
  },
  {
    name: "The Foundry Sound Hall",
    address: "112 Kingsland High Street",
    postcode: "E8 2NS",
    latitude: "51.5478236",
    longitude: "-0.0754129",
    type: "cultural",
    priceLevel: "low",
    experienceBlurb:
      "A converted iron foundry with a cracking sound system and a line-up of up-and-coming bands most nights of the week. Sticky floors, big choruses and cheap pints.",
    features: ["Live bands", "Standing and seated areas", "Late bar", "Vinyl shop"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access", "Hearing loop"],
    dietaryAccommodations: ["Vegetarian", "Vegan"],
    contactInfo: { phone: "020 7946 0745", website: "https://the-foundry-sound-hall.example.co.uk" },
  },
  {
    name: "Riverside Picture House",
    address: "47 Hill Rise",
    postcode: "TW10 6UQ",
    latitude: "51.4589163",
    longitude: "-0.3043872",
    type: "cultural",
    priceLevel: "medium",
    experienceBlurb:
      "A restored 1930s picture house with sofas for two, blankets and a little bar serving wine and homemade popcorn. Classic films on Sundays, new releases the rest of the week.",
    features: ["Sofa seating for two", "In-screen bar service", "Classic film Sundays"],
    accessibilityFeatures: ["Wheelchair accessible", "Hearing loop", "Accessible parking"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Nut Allergies"],
    contactInfo: { phone: "020 7946 0798", website: "https://riverside-picture-house.example.co.uk" },
  },

  // Adventure
  {
    name: "Vertical Limits Climbing",
    address: "5 Montfichet Road",
    postcode: "E20 1EJ",
    latitude: "51.5431674",
    longitude: "-0.0071853",
    type: "adventure",
    priceLevel: "medium",
    experienceBlurb:
      "Towering bouldering walls and a friendly coach to get you both scrambling up your first routes. Finish with a smoothie in the café, aching arms and all.",
    features: ["Beginner bouldering sessions", "Shoe hire included", "Qualified coaches", "Café"],
    accessibilityFeatures: ["Step-free access", "Accessible parking"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0021", website: "https://vertical-limits-climbing.example.co.uk" },
  },
  {
    name: "Thames Skyline Kayaks",
    address: "24 Westferry Road",
    postcode: "E14 8JH",
    latitude: "51.5031847",
    longitude: "-0.0263519",
    type: "adventure",
    priceLevel: "medium",
    experienceBlurb:
      "Paddle a double kayak through the docks and out beneath the glittering towers of Canary Wharf as the sun goes down. Guided, safe and utterly unforgettable.",
    features: ["Double kayaks", "Guided dusk tours", "Wetsuits provided", "Hot showers"],
    accessibilityFeatures: ["Accessible parking"],
    dietaryAccommodations: [],
    contactInfo: { phone: "020 7946 0058", website: "https://thames-skyline-kayaks.example.co.uk" },
  },
  {
    name: "The Escape Vault",
    address: "44 Druid Street",
    postcode: "SE1 2HH",
    latitude: "51.5019843",
    longitude: "-0.0776412",
    type: "adventure",
    priceLevel: "low",
    experienceBlurb:
      "Sixty minutes, one locked bank vault and a trail of fiendish clues hidden under a Bermondsey railway arch. Teamwork is compulsory; bickering is optional.",
    features: ["Two-player rooms", "Sixty-minute challenge", "Themed sets", "Photo finish"],
    accessibilityFeatures: ["Step-free access"],
    dietaryAccommodations: ["Vegetarian"],
    contactInfo: { phone: "020 7946 0119", website: "https://the-escape-vault.example.co.uk" },
  },
  {
    name: "Axe & Arrow Lodge",
    address: "17 Wallis Road",
    postcode: "E9 5LN",
    latitude: "51.5443728",
    longitude: "-0.0246581",
    type: "adventure",
    priceLevel: "low",
    experienceBlurb:
      "Log-cabin lanes, expert coaching and the deeply satisfying thunk of an axe hitting the bullseye. Hot dogs and cold beers await the victor (and the loser).",
    features: ["Coached axe throwing", "Private lanes", "Archery range", "Bar and snacks"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access"],
    dietaryAccommodations: ["Vegetarian", "Vegan"],
    contactInfo: { phone: "020 7946 0196", website: "https://axe-and-arrow-lodge.example.co.uk" },
  },
  {
    name: "Tidewater Paddle Club",
    address: "3 Water Lane",
    postcode: "TW9 1TJ",
    latitude: "51.4593862",
    longitude: "-0.3071427",
    type: "adventure",
    priceLevel: "medium",
    experienceBlurb:
      "Stand-up paddleboarding on the gentle, tree-lined stretch of the Thames at Richmond, with an instructor on hand for wobbly first steps. Summer mornings on the water don't get much better.",
    features: ["Stand-up paddleboarding", "Instructor-led", "Boards and wetsuits included", "Riverside café"],
    accessibilityFeatures: ["Accessible parking", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0233", website: "https://tidewater-paddle-club.example.co.uk" },
  },
  {
    name: "Skyward Zip & Abseil",
    address: "1 Westfield Avenue",
    postcode: "E20 1HZ",
    latitude: "51.5437219",
    longitude: "-0.0098462",
    type: "adventure",
    priceLevel: "high",
    experienceBlurb:
      "Abseil down a sculpted steel tower and zip-wire back over the Olympic Park with the whole of East London spread beneath you. Strictly for couples with a taste for adrenaline.",
    features: ["Abseil descent", "Zip-wire ride", "Safety briefing", "Souvenir photos"],
    accessibilityFeatures: ["Step-free access", "Accessible parking"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Halal"],
    contactInfo: { phone: "020 7946 0287", website: "https://skyward-zip-and-abseil.example.co.uk" },
  },

  // Wellness
  {
    name: "Still Waters Spa",
    address: "22 Paddington Street",
    postcode: "W1U 5QY",
    latitude: "51.5207164",
    longitude: "-0.1547832",
    type: "wellness",
    priceLevel: "high",
    experienceBlurb:
      "A serene subterranean spa with a candlelit pool, couples' treatment suites and a relaxation lounge serving herbal teas. Phones off, robes on, shoulders down.",
    features: ["Couples' treatment suite", "Candlelit pool", "Steam room", "Relaxation lounge"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access", "Hearing loop"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Dairy-free"],
    contactInfo: { phone: "020 7946 0331", website: "https://still-waters-spa.example.co.uk" },
  },
  {
    name: "Roman Ember Bathhouse",
    address: "36 Rivington Street",
    postcode: "EC2A 3DT",
    latitude: "51.5264831",
    longitude: "-0.0801269",
    type: "wellness",
    priceLevel: "high",
    experienceBlurb:
      "A sequence of warm, hot and ice-cold pools lit by lanterns beneath vaulted brick ceilings, with a salt scrub to finish. Ancient ritual, East London postcode.",
    features: ["Thermal bathing circuit", "Salt scrub ritual", "Cold plunge", "Robes and slippers provided"],
    accessibilityFeatures: ["Step-free access", "Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free"],
    contactInfo: { phone: "020 7946 0377", website: "https://roman-ember-bathhouse.example.co.uk" },
  },
  {
    name: "Lotus & Lime Yoga Loft",
    address: "15 Clapham Common South Side",
    postcode: "SW4 7AB",
    latitude: "51.4613582",
    longitude: "-0.1387469",
    type: "wellness",
    priceLevel: "low",
    experienceBlurb:
      "Partner yoga in a sunlit loft overlooking Clapham Common, followed by fresh juice on the terrace. Gentle, playful and suitable for complete beginners.",
    features: ["Partner yoga classes", "Mats provided", "Juice bar", "Beginner friendly"],
    accessibilityFeatures: ["Step-free access", "Hearing loop"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Gluten-free", "Dairy-free"],
    contactInfo: { phone: "020 7946 0426", website: "https://lotus-and-lime-yoga-loft.example.co.uk" },
  },
  {
    name: "Heathside Sauna Garden",
    address: "60 Heath Street",
    postcode: "NW3 1DN",
    latitude: "51.5572836",
    longitude: "-0.1785914",
    type: "wellness",
    priceLevel: "medium",
    experienceBlurb:
      "Wood-fired saunas and cedar hot tubs tucked into a walled garden at the edge of the Heath. Especially lovely on a crisp winter evening, steam rising under the stars.",
    features: ["Wood-fired sauna", "Cedar hot tubs", "Cold-water plunge", "Garden fire pit"],
    accessibilityFeatures: ["Guide dog friendly"],
    dietaryAccommodations: ["Vegetarian", "Vegan"],
    contactInfo: { phone: "020 7946 0463", website: "https://heathside-sauna-garden.example.co.uk" },
  },
  {
    name: "Sunrise Sound Studio",
    address: "88 Westbourne Grove",
    postcode: "W11 2RT",
    latitude: "51.5149273",
    longitude: "-0.1998635",
    type: "wellness",
    priceLevel: "low",
    experienceBlurb:
      "Lie back on deep floor cushions as crystal bowls and gongs wash over you in a softly lit Notting Hill studio. You'll float out onto the street an hour later feeling brand new.",
    features: ["Sound baths", "Floor cushions and blankets", "Herbal tea after"],
    accessibilityFeatures: ["Step-free access", "Wheelchair accessible"],
    dietaryAccommodations: ["Vegan", "Gluten-free", "Dairy-free"],
    contactInfo: { phone: "020 7946 0512", website: "https://sunrise-sound-studio.example.co.uk" },
  },
  {
    name: "Canal Float Rooms",
    address: "2 Chancellor Passage",
    postcode: "E14 5AD",
    latitude: "51.5037124",
    longitude: "-0.0196348",
    type: "wellness",
    priceLevel: "medium",
    experienceBlurb:
      "Side-by-side floatation pods filled with warm Epsom-salt water, a calm escape from the bustle of Canary Wharf. Emerge weightless, unhurried and ready for a quiet dinner.",
    features: ["Floatation pods", "Private suites for two", "Infrared sauna", "Tea lounge"],
    accessibilityFeatures: ["Wheelchair accessible", "Step-free access", "Accessible parking"],
    dietaryAccommodations: ["Vegetarian", "Vegan", "Kosher"],
    contactInfo: { phone: "020 7946 0571", website: "https://canal-float-rooms.example.co.uk" },
  },
];

export const DEMO_DATE_IDEAS: DemoDateIdea[] = [
  // Culinary
  {
    title: "Chef's Table Tasting Menu",
    description:
      "Perch at the counter and watch seven courses come together in front of you, each one explained by the chef who made it. Optional wine pairings make it a proper occasion.",
    category: "culinary",
    duration: 3,
    priceLevel: "high",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Smart casual",
    requirements: ["Advance booking required", "Share dietary needs 48 hours ahead"],
    tags: ["tasting menu", "fine dining", "romantic"],
    venueName: "The Gilded Fig",
  },
  {
    title: "Smokehouse Supper & Craft Beers",
    description:
      "Roll up your sleeves for a sharing platter of brisket, ribs and burnt ends straight from the smoker. Pair it with a flight of London craft beers chosen by the bar team.",
    category: "culinary",
    duration: 2,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Casual",
    requirements: ["Over 18s only"],
    tags: ["barbecue", "sharing", "craft beer"],
    venueName: "Ember & Oak Smokehouse",
  },
  {
    title: "Fresh Pasta Masterclass",
    description:
      "Learn to make silky tagliatelle and plump ravioli from scratch under the eye of an Italian chef. Afterwards you'll sit down together to enjoy the fruits of your labour with a glass of wine.",
    category: "culinary",
    duration: 3,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "afternoon",
    dressCode: "Comfortable clothes you don't mind getting floury",
    requirements: ["Advance booking required", "Tell us about any allergies"],
    tags: ["cookery class", "hands-on", "italian"],
    venueName: "The Knead Collective",
  },
  {
    title: "Slow Sunday Brunch on Portobello",
    description:
      "Start the day with shakshuka, sourdough and flat whites at a sunny corner table. Then stroll the market stalls hunting for treasures.",
    category: "culinary",
    duration: 2,
    priceLevel: "low",
    season: "any",
    timeOfDay: "morning",
    dressCode: "Relaxed weekend wear",
    requirements: [],
    tags: ["brunch", "market", "relaxed"],
    venueName: "The Larder on Portobello",
  },

  // Active
  {
    title: "Ping-Pong Showdown",
    description:
      "Book a neon-lit table and settle once and for all who's the better player. Street food and a DJ keep the energy up between games.",
    category: "active",
    duration: 2,
    priceLevel: "low",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Comfortable clothes and trainers",
    requirements: [],
    tags: ["games", "competitive", "playful"],
    venueName: "Spin Cycle Social",
  },
  {
    title: "Crazy Golf & Retro Arcade",
    description:
      "Tackle nine gloriously silly holes of crazy golf, then spend your winnings on the vintage arcade machines. Loser buys the first round upstairs.",
    category: "active",
    duration: 2,
    priceLevel: "low",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Casual",
    requirements: [],
    tags: ["crazy golf", "arcade", "competitive"],
    venueName: "The Cue & Compass",
  },
  {
    title: "Stand-Up Paddleboarding at Richmond",
    description:
      "Glide along a peaceful, leafy stretch of the Thames on paddleboards with an instructor close at hand. Warm up afterwards with coffee by the river.",
    category: "active",
    duration: 2,
    priceLevel: "medium",
    season: "summer",
    timeOfDay: "morning",
    dressCode: "Swimwear or sportswear; wetsuits provided",
    requirements: ["Must be able to swim", "Bring a change of clothes"],
    tags: ["outdoors", "river", "summer"],
    venueName: "Tidewater Paddle Club",
  },
  {
    title: "Partner Yoga on the Common",
    description:
      "A playful partner yoga class built around trust, balance and plenty of laughter. Finish with cold-pressed juices on the sunny terrace.",
    category: "active",
    duration: 1,
    priceLevel: "low",
    season: "any",
    timeOfDay: "morning",
    dressCode: "Comfortable clothes and bare feet",
    requirements: ["Avoid a heavy meal beforehand"],
    tags: ["yoga", "mindful", "beginner friendly"],
    venueName: "Lotus & Lime Yoga Loft",
  },

  // Adventure
  {
    title: "Bouldering for Beginners",
    description:
      "A coach shows you both the basics before you cheer each other up your first colourful routes. Expect sore forearms and a real sense of achievement.",
    category: "adventure",
    duration: 2,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "afternoon",
    dressCode: "Comfortable clothes and trainers",
    requirements: ["Sign a safety waiver on arrival", "Minimum age 16"],
    tags: ["climbing", "fitness", "teamwork"],
    venueName: "Vertical Limits Climbing",
  },
  {
    title: "Escape the Vault",
    description:
      "You're locked in a bank vault with an hour on the clock and a trail of clues to crack. Only by working together will you make it out in time.",
    category: "adventure",
    duration: 2,
    priceLevel: "low",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Casual",
    requirements: ["Arrive 15 minutes early for the briefing"],
    tags: ["puzzles", "teamwork", "indoor"],
    venueName: "The Escape Vault",
  },
  {
    title: "Docklands Kayak at Dusk",
    description:
      "Paddle a double kayak through the old docks and out beneath the towers of Canary Wharf as the lights flicker on. A guide leads the way and tells the story of the river.",
    category: "adventure",
    duration: 3,
    priceLevel: "medium",
    season: "spring",
    timeOfDay: "evening",
    dressCode: "Sportswear; wetsuits provided",
    requirements: ["Must be able to swim", "Bring a change of clothes", "Sign a safety waiver"],
    tags: ["kayaking", "outdoors", "skyline views"],
    venueName: "Thames Skyline Kayaks",
  },
  {
    title: "Axe-Throwing Face-Off",
    description:
      "Your coach teaches you the technique, then it's head to head in your own private lane. Celebrate the winner with hot dogs and cold beers.",
    category: "adventure",
    duration: 2,
    priceLevel: "low",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Closed-toe shoes required",
    requirements: ["Over 18s only", "Photo ID required"],
    tags: ["competitive", "unusual", "adrenaline"],
    venueName: "Axe & Arrow Lodge",
  },
  {
    title: "Abseil & Zip-Wire Over the Park",
    description:
      "Step backwards off a steel tower and abseil down, then race each other back across the Olympic Park on the zip-wire. An afternoon you'll be talking about for years.",
    category: "adventure",
    duration: 3,
    priceLevel: "high",
    season: "summer",
    timeOfDay: "afternoon",
    dressCode: "Comfortable clothes and trainers",
    requirements: ["Weight limit applies", "Sign a safety waiver", "Minimum age 16"],
    tags: ["adrenaline", "heights", "views"],
    venueName: "Skyward Zip & Abseil",
  },

  // Live music
  {
    title: "Late-Night Jazz in a Soho Cellar",
    description:
      "Settle into a candlelit table by the stage as a trio plays standards into the small hours. Order a couple of Old Fashioneds and let the music do the talking.",
    category: "live_music",
    duration: 3,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Smart casual",
    requirements: ["Over 18s only"],
    tags: ["jazz", "cocktails", "late night"],
    venueName: "The Velvet Note",
  },
  {
    title: "Dalston Gig Night",
    description:
      "Catch tomorrow's headliners in a converted foundry with a brilliant sound system. Grab a drink, find your spot and sing along to choruses you'll learn by the end.",
    category: "live_music",
    duration: 3,
    priceLevel: "low",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Casual; comfy shoes for standing",
    requirements: ["Photo ID required"],
    tags: ["live bands", "indie", "nightlife"],
    venueName: "The Foundry Sound Hall",
  },

  // Bars
  {
    title: "Cocktail Masterclass for Two",
    description:
      "Step behind the bar and learn to shake, stir and garnish four classic cocktails. Then invent a signature drink of your own and give it a name only the two of you understand.",
    category: "bars",
    duration: 2,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Smart casual",
    requirements: ["Over 18s only", "Photo ID required"],
    tags: ["cocktails", "hands-on", "playful"],
    venueName: "Blend & Bottle Cocktail School",
  },
  {
    title: "Speakeasy Fireside Cocktails",
    description:
      "Find the unmarked door, descend the spiral stairs and claim a velvet booth by the fire. Mulled wine and warming small plates make it the perfect winter hideaway.",
    category: "bars",
    duration: 2,
    priceLevel: "medium",
    season: "winter",
    timeOfDay: "evening",
    dressCode: "Smart casual",
    requirements: ["Over 18s only"],
    tags: ["speakeasy", "cosy", "winter warmer"],
    venueName: "The Hidden Ledger",
  },

  // Cultural
  {
    title: "Riverside Theatre Evening",
    description:
      "Catch a bold piece of new writing in an intimate theatre right on the South Bank. Arrive early for a drink overlooking the Thames as the city lights up.",
    category: "cultural",
    duration: 3,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Smart casual",
    requirements: ["Arrive 20 minutes before curtain up"],
    tags: ["theatre", "new writing", "riverside"],
    venueName: "The Lantern Playhouse",
  },
  {
    title: "Stargazing at the Gallery",
    description:
      "Explore a collection of antique maps and celestial curiosities after hours. Then head up to the roof terrace, where an astronomer points a telescope at the winter sky.",
    category: "cultural",
    duration: 2,
    priceLevel: "low",
    season: "winter",
    timeOfDay: "evening",
    dressCode: "Warm layers for the roof terrace",
    requirements: ["Weather dependent"],
    tags: ["stargazing", "museum", "unusual"],
    venueName: "Orrery Gallery",
  },
  {
    title: "Poetry & Wine in Hampstead",
    description:
      "Curl up among the bookshelves for an evening of readings by candlelight. Browse the second-hand stacks with a glass of wine and pick a book for each other.",
    category: "cultural",
    duration: 2,
    priceLevel: "low",
    season: "autumn",
    timeOfDay: "evening",
    dressCode: "Casual",
    requirements: [],
    tags: ["poetry", "books", "cosy"],
    venueName: "The Quill Rooms",
  },
  {
    title: "Sofa-for-Two Classic Film Night",
    description:
      "Sink into a sofa built for two in a lovingly restored 1930s picture house. Wine and homemade popcorn are brought to your seat.",
    category: "cultural",
    duration: 3,
    priceLevel: "medium",
    season: "any",
    timeOfDay: "evening",
    dressCode: "Casual",
    requirements: [],
    tags: ["cinema", "classic films", "cosy"],
    venueName: "Riverside Picture House",
  },

  // Wellness
  {
    title: "Thermal Bathhouse Ritual",
    description:
      "Move between warm, hot and ice-cold pools beneath lantern-lit brick vaults. A salt scrub and herbal tea round off a blissfully slow afternoon.",
    category: "wellness",
    duration: 3,
    priceLevel: "high",
    season: "any",
    timeOfDay: "afternoon",
    dressCode: "Swimwear; robes and slippers provided",
    requirements: ["Over 18s only", "Not suitable during pregnancy"],
    tags: ["spa", "relaxation", "bathing"],
    venueName: "Roman Ember Bathhouse",
  },
  {
    title: "Couples' Spa Afternoon",
    description:
      "Side-by-side massages in a private treatment suite, followed by time in the candlelit pool and steam room. Phones go in the locker and the world can wait.",
    category: "wellness",
    duration: 4,
    priceLevel: "high",
    season: "any",
    timeOfDay: "afternoon",
    dressCode: "Swimwear; robes provided",
    requirements: ["Complete a health form on arrival", "Not suitable during pregnancy"],
    tags: ["spa", "massage", "pampering"],
    venueName: "Still Waters Spa",
  },
  {
    title: "Morning Sound Bath",
    description:
      "Lie side by side on deep cushions as gongs and crystal bowls wash over you. You'll leave an hour later calmer than you've felt in months.",
    category: "wellness",
    duration: 1,
    priceLevel: "low",
    season: "any",
    timeOfDay: "morning",
    dressCode: "Loose, comfortable clothing",
    requirements: [],
    tags: ["meditation", "mindful", "calm"],
    venueName: "Sunrise Sound Studio",
  },
  {
    title: "Winter Sauna & Hot Tubs by the Heath",
    description:
      "Alternate between a wood-fired sauna, a bracing cold plunge and a cedar hot tub under the stars. Toast marshmallows at the fire pit to finish.",
    category: "wellness",
    duration: 2,
    priceLevel: "medium",
    season: "winter",
    timeOfDay: "evening",
    dressCode: "Swimwear; bring a towel",
    requirements: ["Over 18s only"],
    tags: ["sauna", "outdoors", "winter warmer"],
    venueName: "Heathside Sauna Garden",
  },
];

export const DEMO_OFFER_CODES: DemoOfferCode[] = [
  {
    code: "WELCOME10",
    description: "10% off your first 3 months",
    discountType: "percentage",
    discountValue: "10.00",
    durationMonths: 3,
    maxUses: null,
    applicableTiers: null,
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "FIRSTDATE",
    description: "£5 off your first month",
    discountType: "fixed_amount",
    discountValue: "5.00",
    durationMonths: 1,
    maxUses: null,
    applicableTiers: null,
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "LOVE25",
    description: "25% off your first 2 months on Gold or Platinum",
    discountType: "percentage",
    discountValue: "25.00",
    durationMonths: 2,
    maxUses: 100,
    applicableTiers: ["gold", "platinum"],
    validFrom: null,
    validUntil: null,
    isActive: true,
  },
  {
    code: "SUMMER24",
    description: "Summer 2024: 20% off your first 3 months (expired)",
    discountType: "percentage",
    discountValue: "20.00",
    durationMonths: 3,
    maxUses: null,
    applicableTiers: null,
    validFrom: new Date("2024-06-01T00:00:00Z"),
    validUntil: new Date("2024-08-31T22:59:59Z"),
    isActive: true,
  },
];

export async function seedDemo(db: Db): Promise<{ venues: number; dateIdeas: number; offerCodes: number }> {
  return db.transaction(async (tx) => {
    // Venues, skipping any whose lower(name) already exists (or repeats within the list).
    const venueKeys = DEMO_VENUES.map((v) => v.name.toLowerCase());
    const existingVenues = await tx
      .select({ key: sql<string>`lower(${venues.name})` })
      .from(venues)
      .where(inArray(sql`lower(${venues.name})`, venueKeys));
    const seenVenues = new Set(existingVenues.map((r) => r.key));
    const newVenues = DEMO_VENUES.filter((v) => {
      const key = v.name.toLowerCase();
      if (seenVenues.has(key)) return false;
      seenVenues.add(key);
      return true;
    });
    if (newVenues.length > 0) {
      await tx.insert(venues).values(newVenues.map((v) => ({ ...v, city: "London" })));
    }

    // Resolve every venue a date idea names to an id (the oldest row wins if names repeat).
    const venueRows = await tx
      .select({ id: venues.id, key: sql<string>`lower(${venues.name})` })
      .from(venues)
      .where(
        inArray(
          sql`lower(${venues.name})`,
          DEMO_DATE_IDEAS.map((d) => d.venueName.toLowerCase()),
        ),
      )
      .orderBy(venues.id);
    const venueIdByKey = new Map<string, number>();
    for (const row of venueRows) {
      if (!venueIdByKey.has(row.key)) venueIdByKey.set(row.key, row.id);
    }

    // Date ideas, skipping any whose title already exists.
    const ideaKeys = DEMO_DATE_IDEAS.map((d) => d.title.toLowerCase());
    const existingIdeas = await tx
      .select({ key: sql<string>`lower(${dateIdeas.title})` })
      .from(dateIdeas)
      .where(inArray(sql`lower(${dateIdeas.title})`, ideaKeys));
    const seenIdeas = new Set(existingIdeas.map((r) => r.key));
    const newIdeas = DEMO_DATE_IDEAS.filter((d) => {
      const key = d.title.toLowerCase();
      if (seenIdeas.has(key)) return false;
      seenIdeas.add(key);
      return true;
    });
    if (newIdeas.length > 0) {
      await tx.insert(dateIdeas).values(
        newIdeas.map(({ venueName, ...idea }) => ({
          ...idea,
          isActive: true,
          venueId: venueIdByKey.get(venueName.toLowerCase()) ?? null,
        })),
      );
    }

    // Offer codes, skipping any whose code already exists (compared case-insensitively).
    const codeKeys = DEMO_OFFER_CODES.map((o) => o.code.toUpperCase());
    const existingCodes = await tx
      .select({ key: sql<string>`upper(${offerCodes.code})` })
      .from(offerCodes)
      .where(inArray(sql`upper(${offerCodes.code})`, codeKeys));
    const seenCodes = new Set(existingCodes.map((r) => r.key));
    const newCodes = DEMO_OFFER_CODES.filter((o) => {
      const key = o.code.toUpperCase();
      if (seenCodes.has(key)) return false;
      seenCodes.add(key);
      return true;
    });
    if (newCodes.length > 0) {
      await tx.insert(offerCodes).values(newCodes);
    }

    return { venues: newVenues.length, dateIdeas: newIdeas.length, offerCodes: newCodes.length };
  });
}
