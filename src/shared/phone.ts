/**
 * UK phone numbers in E.164 ("+447700900123"), the form the SMS provider takes and the profile stores. Members
 * type numbers every way: "07700 900123", "+44 7700 900123", "+44 (0)7700 900123", "0044 7700 900123",
 * "447700900123". Landlines (01, 02, 03) are fine as a contact number; only mobiles receive texts.
 */

/** Spaces, dashes, dots and brackets people put in numbers. */
const SEPARATORS = /[\s\-().]/g;

/** The UK number in E.164, or null when it is not a UK mobile or landline. */
export function toUkE164(input: string): string | null {
  let d = input.replace(SEPARATORS, "");
  if (d.startsWith("+")) d = d.slice(1);
  else if (d.startsWith("00")) d = d.slice(2);
  else if (d.startsWith("0")) d = `44${d.slice(1)}`;
  if (!d.startsWith("44")) return null;
  // "+44 (0)7700..." keeps its trunk zero once the brackets are gone.
  let national = d.slice(2);
  if (national.startsWith("0")) national = national.slice(1);
  // 1x/2x/3x landlines and non-geographic numbers: 9 or 10 digits; mobiles: 7 and 9 more.
  if (!/^[1237]\d{8,9}$/.test(national)) return null;
  if (national.startsWith("7") && national.length !== 10) return null;
  return `+44${national}`;
}

/**
 * A UK mobile that can receive texts: +447 with 9 more digits, except 070 (personal numbers) and 076 (pagers),
 * but with 07624 (Isle of Man mobiles).
 */
export function isUkMobile(e164: string): boolean {
  return /^\+447(?:[1-57-9]\d{2}|624)\d{6}$/.test(e164);
}

/** The number a text can go to (E.164), or null when the stored phone is not a UK mobile. */
export function textableNumber(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const e164 = toUkE164(stored);
  return e164 && isUkMobile(e164) ? e164 : null;
}

/** The national form of an E.164 UK number ("07700 900123" style without the space), for matching old rows. */
export function ukNational(e164: string): string | null {
  return e164.startsWith("+44") ? `0${e164.slice(3)}` : null;
}

/**
 * A stored number as people write it: "07700 900123" for a mobile, "020 7946 0018" for 02 numbers, "0161 496
 * 0000" for the cities with four-figure codes (011x, 01x1), "01632 960123" for the rest; anything that is not a
 * UK number as it was stored.
 */
export function ukPhoneForDisplay(stored: string): string {
  const e164 = toUkE164(stored);
  const national = e164 ? ukNational(e164) : null;
  if (national === null) return stored;
  if (national.length !== 11) return national;
  if (national.startsWith("07")) return `${national.slice(0, 5)} ${national.slice(5)}`;
  if (national.startsWith("02"))
    return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  if (/^01(1\d|\d1)/.test(national))
    return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}
