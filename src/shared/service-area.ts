import { normalisePostcode, postcodeDistrict } from "./postcode.ts";

/**
 * The area where dates are planned: Greater London, as the postcode districts (outward codes) that lie in it.
 *
 * Source: Royal Mail's London postal district (E, EC, N, NW, SE, SW, W, WC, which lies wholly inside Greater
 * London) and, for the outer boroughs, the post towns' districts with their local authorities as listed in
 * Wikipedia's "List of postcode districts in the United Kingdom" and the "BR", "CR", "DA", "EN", "HA", "IG",
 * "KT", "RM", "SM", "TW" and "UB" postcode area articles (checked November 2026). The district names are the
 * ones in the shipped centroid table (src/server/modules/matching/geo/postcode-districts.csv).
 *
 * Rule for a district split by the boundary: it is listed when most of it lies in a London borough. So
 * EN4 (Cockfosters, Hadley Wood), EN5 (Barnet), KT4 (Worcester Park), CR5 (Coulsdon), CR8 (Purley, Kenley),
 * RM14 (Upminster), IG8 (Woodford Green) and UB9 (Harefield, with Denham) are in; DA1 (Dartford, with
 * Crayford), IG7 (Chigwell), KT17 (Epsom, with Cheam's edge), SM7 (Banstead), BR8 (Swanley), TN16
 * (Westerham, with Biggin Hill) and EN6 (Potters Bar) are out. Non-geographic districts of London post towns
 * (E98, EC1P, N1P, NW1W, SE1P, SW95, W1A, CR9...) are in: their mail is delivered in London.
 */
const LONDON_DISTRICTS: Record<string, readonly string[]> = {
  // London postal district
  E: ["1", "1W", ...range(2, 18), "20", "98"],
  EC: words("1A 1M 1N 1P 1R 1V 1Y 2A 2M 2N 2P 2R 2V 2Y 3A 3M 3N 3P 3R 3V 4A 4M 4N 4P 4R 4V 4Y"),
  N: ["1", "1C", "1P", ...range(2, 22), "81"],
  NW: ["1", "1W", ...range(2, 11), "26"],
  SE: ["1", "1P", ...range(2, 28)],
  SW: [...words("1A 1E 1H 1P 1V 1W 1X 1Y"), ...range(2, 20), "95"],
  W: [...words("1A 1B 1C 1D 1F 1G 1H 1J 1K 1S 1T 1U 1W"), ...range(2, 14)],
  WC: words("1A 1B 1E 1H 1N 1R 1V 1X 2A 2B 2E 2H 2N 2R"),
  // Outer London: the districts of these post towns that lie (mostly) in a London borough
  BR: range(1, 7), // Bromley, Beckenham, West Wickham, Orpington, Chislehurst (BR8 Swanley is Kent)
  CR: ["0", "2", "4", "5", "7", "8", "9", "44", "90"], // Croydon, Mitcham, Coulsdon, Thornton Heath, Purley (CR3, CR6 Surrey)
  DA: [...range(5, 8), ...range(14, 18)], // Bexley, Bexleyheath, Erith, Sidcup, Welling, Belvedere
  EN: range(1, 5), // Enfield, Barnet (EN6 onward Hertfordshire)
  HA: range(0, 9), // Wembley, Harrow, Ruislip, Pinner, Northwood, Stanmore, Edgware
  IG: [...range(1, 6), "8", "11"], // Ilford, Woodford Green, Barking (IG7, IG9, IG10 Essex)
  KT: [...range(1, 6), "9"], // Kingston, New Malden, Worcester Park, Surbiton, Chessington
  RM: range(1, 14), // Romford, Dagenham, Hornchurch, Rainham, Upminster (RM15 onward Thurrock)
  SM: range(1, 6), // Sutton, Cheam, Morden, Carshalton, Wallington (SM7 Banstead is Surrey)
  TW: range(1, 14), // Twickenham, Hounslow, Heathrow, Isleworth, Brentford, Richmond, Teddington, Hampton, Feltham
  UB: [...range(1, 11), "18"], // Southall, Hayes, Northolt, Greenford, West Drayton, Uxbridge
};

function words(list: string): string[] {
  return list.split(" ");
}

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** Every postcode district in the service area ("SW1A", "E1", "CR0"...). */
export const SERVICE_AREA_DISTRICTS: ReadonlySet<string> = new Set(
  Object.entries(LONDON_DISTRICTS).flatMap(([area, districts]) => districts.map((d) => `${area}${d}`)),
);

/** What the service area is called in copy. */
export const SERVICE_AREA_NAME = "Greater London";

/** The postcode area: the letters of the outward code ("EH" of "EH1 1YZ", "E" of "E1 6AN"). */
export function postcodeArea(postcode: string): string {
  return /^[A-Z]+/.exec(postcodeDistrict(postcode))?.[0] ?? "";
}

/**
 * Whether a postcode lies in the area served. Accepts any spacing and case; false for a postcode that is not a
 * real UK format (it cannot be placed).
 */
export function inServiceArea(postcode: string): boolean {
  const normalised = normalisePostcode(postcode);
  return normalised !== null && SERVICE_AREA_DISTRICTS.has(postcodeDistrict(normalised));
}

export const SERVICE_AREA_MSG = {
  outside: (area: string) =>
    `We only plan dates in ${SERVICE_AREA_NAME} for now. Join the waitlist and we'll tell you when we reach the ${area} area.`,
  joined: (area: string) => `You're on the list. We'll e-mail you when we reach the ${area} area.`,
  alreadyServed: `That postcode is in ${SERVICE_AREA_NAME}: we already plan dates there.`,
} as const;
