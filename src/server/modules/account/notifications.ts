/** The push and teaser-clue switches (the e-mail and SMS switches are saved with the profile). */
import type { z } from "zod";
import type { phoneChannelsSchema, updatePhoneChannelsSchema } from "../../../shared/schemas/push.ts";
import type { Deps } from "../../deps.ts";
import { readSwitches, saveSwitches } from "../notifications/switches.ts";

type Channels = z.infer<typeof phoneChannelsSchema>;

export async function phoneChannels(deps: Deps, userId: number): Promise<Channels> {
  const s = await readSwitches(deps.db, userId);
  return { push: s.pushNotifications, clues: s.clueNotifications, smsStoppedAt: s.smsStoppedAt };
}

export async function updatePhoneChannels(
  deps: Deps,
  userId: number,
  input: z.infer<typeof updatePhoneChannelsSchema>,
): Promise<Channels> {
  const changes = {
    ...(input.push !== undefined && { pushNotifications: input.push }),
    ...(input.clues !== undefined && { clueNotifications: input.clues }),
  };
  await saveSwitches(deps.db, userId, changes);
  return phoneChannels(deps, userId);
}
