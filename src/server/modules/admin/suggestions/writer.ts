/**
 * The written part of a suggestion. The matching engine picks the venues, dates and reasons; this
 * only puts them into words for the admin: by the built-in writer (deterministic), or, when an LLM is
 * configured, by the model, which is given the engine's three choices and asked to word them. Whatever the
 * model answers, the stored venues are the engine's; an answer that fails, is empty, over-long, or does not
 * name the engine's top pick is replaced by the built-in text.
 */

import { londonFormat, londonWeekdayDayMonth } from "../../../../shared/london-time.ts";
import type { Config } from "../../../config.ts";
import { type ChatPrompt, complete } from "../../../integrations/llm.ts";
import { pricePhrase } from "../../matching/rules.ts";
import type { Match, MemberProfile } from "../../matching/types.ts";

/** The longest LLM answer kept (characters); longer ones are replaced by the built-in text. */
export const LLM_TEXT_MAX = 900;
const LLM_TEXT_MIN = 40;

const DATE_TYPE_WORDS: Record<string, string> = {
  restaurants: "good food",
  active: "getting active",
  live_music: "live music",
  bars: "a good bar",
  culture: "culture",
};

/** "Friday 12 December at 7pm" (London). */
export function whenText(at: Date): string {
  const time = londonFormat({ hour: "numeric", minute: "2-digit", hour12: true })
    .format(at)
    .replace(/\s/g, "")
    .replace(/:00(?=[ap]m)/, "");
  return `${londonWeekdayDayMonth(at)} at ${time}`;
}

/** "Supper Club at Dishoom" or the venue alone. */
export function pickText(m: Pick<Match, "dateIdeaTitle" | "venueName">): string {
  return m.dateIdeaTitle ? `${m.dateIdeaTitle} at ${m.venueName}` : m.venueName;
}

function listText(items: string[], joiner = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${joiner} ${items[items.length - 1]}`;
}

/** The member's first name, or "this member" when the profile's name is an e-mail address. */
function firstName(member: MemberProfile): string {
  const first = member.name.trim().split(/\s+/)[0] ?? "";
  return !first || first.includes("@") ? "this member" : first;
}

/** The built-in writer: 2-4 warm sentences naming the top pick, why it fits, and the alternatives. */
export function builtInSuggestion(member: MemberProfile, matches: readonly Match[]): string {
  const [top, ...others] = matches;
  if (!top) return "";
  const who = firstName(member);
  const couple = member.partnerId ? `${who} and their partner` : who;
  const sentences: string[] = [];
  sentences.push(`Our top pick for ${couple} is ${pickText(top)} on ${whenText(top.scheduledDate)}.`);

  const why: string[] = [];
  // The engine's reason "Their #2 date type: Live music" says which of their ranked date types this is.
  const rank = Number(top.reasons.map((r) => /^Their #(\d) date type/.exec(r)?.[1]).find(Boolean) ?? 0);
  const type = rank > 0 ? member.dateTypes[rank - 1] : undefined;
  if (type) {
    const word = DATE_TYPE_WORDS[type] ?? type;
    why.push(rank === 1 ? `it plays to their love of ${word}` : `${word} is high on their list`);
  }
  const radius = member.travelRadiusMiles;
  why.push(
    top.distanceMiles < 0.1
      ? "it is right on their doorstep"
      : top.distanceMiles <= radius * 0.6
        ? `it is just ${top.distanceMiles.toFixed(1)} miles from home, well within their ${radius}-mile radius`
        : `it is ${top.distanceMiles.toFixed(1)} miles from home, within their ${radius}-mile radius`,
  );
  const needs = [
    ...new Set([...member.dietary, ...member.accessibility].map((s) => s.trim()).filter(Boolean)),
  ];
  if (needs.length > 0) why.push(`it caters for ${listText(needs)}`);
  // The engine's one phrase for this price relation (never a second wording of the same price).
  const price = top.priceLevel ? pricePhrase(member.dateSpend, member.openToTrying, top.priceLevel) : null;
  if (price) why.push(price);
  sentences.push(`It suits them because ${listText(why.slice(0, 3))}.`);

  if (others.length > 0) {
    const alts = others.map((m) => `${pickText(m)} (${whenText(m.scheduledDate)})`);
    sentences.push(
      others.length === 1
        ? `If that doesn't work out, ${alts[0]} is a lovely alternative.`
        : `If that doesn't work out, ${listText(alts, "or")} would suit them just as well.`,
    );
  }
  return sentences.join(" ");
}

/** The prompt: the engine's choices and reasons only (no name, e-mail or postcode of the member). */
export function suggestionPrompt(member: MemberProfile, matches: readonly Match[]): ChatPrompt {
  const choices = matches
    .map(
      (m, i) =>
        `${i + 1}. ${pickText(m)} (${m.venueType}), ${whenText(m.scheduledDate)}, ${m.distanceMiles.toFixed(1)} miles away.\n   Why it fits: ${m.reasons.join("; ")}.`,
    )
    .join("\n");
  return {
    system: [
      "You write short, warm notes for the team of Unveil, a London service that plans surprise dates for couples.",
      "The date has already been chosen by our matching engine. Only put its choice into words:",
      "never suggest, add, rename or swap a venue, date idea or time, and never invent facts.",
      "Write 2 to 4 sentences of plain text (no lists, no markdown, no links).",
      "Name the top pick and why it suits the couple, and mention the alternatives by name.",
    ].join(" "),
    user: [
      `The couple${member.partnerId ? "" : " (one member, partner not linked)"} likes: ${member.dateTypes.join(", ") || "anything"}.`,
      "The engine's choices, best first:",
      choices,
    ].join("\n"),
  };
}

/** Whether a model's answer may be stored: a sensible length, plain text, naming the engine's top venue. */
export function acceptable(text: string, top: Match): boolean {
  if (text.length < LLM_TEXT_MIN || text.length > LLM_TEXT_MAX) return false;
  if (/https?:\/\/|```|^\s*[-*#]\s/m.test(text)) return false;
  return text.toLowerCase().includes(top.venueName.toLowerCase());
}

export interface WrittenSuggestion {
  text: string;
  source: "llm" | "built-in";
}

/**
 * The suggestion's text: the LLM's wording when one is configured and its answer is acceptable, else the
 * built-in writer's.
 */
export async function writeSuggestion(
  config: Pick<Config, "llm">,
  member: MemberProfile,
  matches: readonly Match[],
  opts: { timeoutMs?: number } = {},
): Promise<WrittenSuggestion> {
  const builtIn = { text: builtInSuggestion(member, matches), source: "built-in" as const };
  if (!config.llm || matches.length === 0) return builtIn;
  const answer = await complete(config.llm, suggestionPrompt(member, matches), opts);
  const text = answer
    ?.replace(/^["'“]+|["'”]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text && acceptable(text, matches[0]) ? { text, source: "llm" } : builtIn;
}
