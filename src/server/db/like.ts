/**
 * A LIKE/ILIKE pattern that matches `term` anywhere in the text (`%term%`), with the user's own `\`, `%` and `_`
 * taken literally (PostgreSQL's default LIKE escape character is the backslash).
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
