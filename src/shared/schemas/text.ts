/**
 * "At least n characters once trimmed", as a pattern on the text as sent, so the OpenAPI document says it:
 * "   " passes a `minLength: 1` and is refused once trimmed; `\S` (n = 1) or `\S[\s\S]{n-2,}\S` is refused
 * before. JavaScript's trim() removes exactly what `\s` matches, so the two never disagree.
 */
export function trimmedAtLeast(n: number): RegExp {
  return n <= 1 ? /\S/ : new RegExp(`\\S[\\s\\S]{${n - 2},}\\S`);
}
