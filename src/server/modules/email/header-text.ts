/**
 * Text safe for a mail header (the subject, a display name) or for a member-written name quoted to someone
 * else: one line, no markup, no links. Names are checked when they are typed (shared/schemas/person-name.ts);
 * this is the second line of defence for text written before that rule, or arriving from outside (inbound
 * support mail), so our own messages never carry a stranger's link where the reader trusts us.
 */
export function headerText(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/<[^>]*>?/g, "")
    .replace(/[<>]/g, "")
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, "")
    .replace(/\bwww\.\S*/gi, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A member's name as quoted in a message to someone else, with a fallback when nothing readable is left. */
export function quotedName(name: string, fallback = "Your partner"): string {
  return headerText(name) || fallback;
}
