/**
 * UK postcodes: outward code (area + district) and inward code (sector + unit), e.g. "SW1A 1AA", "M1 1AE",
 * "EC1A 1BB", "W1D 4HS". The pattern follows the published format rules (letters that never appear in a
 * position are excluded); GIR 0AA is the one historic exception.
 */
const POSTCODE_PATTERN =
  "(GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})";
const POSTCODE = new RegExp(`^${POSTCODE_PATTERN}$`);
/** The same rule inside free text (an address), any case. */
const IN_TEXT = new RegExp(`\\b${POSTCODE_PATTERN}\\b`, "gi");

export function normalisePostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/\s+/g, "");
  if (compact.length < 5 || compact.length > 7) return null;
  const formatted = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return POSTCODE.test(formatted) ? formatted : null;
}

/** The outward code ("SW1A" of "SW1A 1AA"): the district used for locating a member. */
export function postcodeDistrict(postcode: string): string {
  return postcode.split(" ")[0];
}

/** The last full UK postcode written in an address ("12 Old Compton St, London W1D 4HS" -> "W1D 4HS"), or null. */
export function postcodeInText(text: string | null | undefined): string | null {
  if (!text || text.length > 1000) return null;
  let last: string | null = null;
  for (const m of text.matchAll(IN_TEXT)) last = normalisePostcode(m[1]) ?? last;
  return last;
}
