/**
 * Every ten minutes: each newly unlocked teaser clue goes by push and/or text to the partners who switched
 * clue notifications on (modules/clues/notify.ts). The channels claim each message once and hold it through
 * quiet hours, so the sweep is safe to run twice or from two instances.
 */
import { type ClueChannels, sendUnlockedClues } from "../modules/clues/notify.ts";
import { pushToUser } from "../modules/push/send.ts";
import { textUser } from "../modules/sms/send.ts";
import type { JobDefinition } from "./types.ts";

export function cluesJob(channels: ClueChannels): JobDefinition {
  return {
    name: "send-clues",
    cron: "*/10 * * * *",
    run: (deps) => sendUnlockedClues(deps, channels),
  };
}

/** The registered job, with the real senders. */
export const sendCluesJob: JobDefinition = cluesJob({ push: pushToUser, text: textUser });
