/** The push and teaser-clue switches (the e-mail and SMS switches are saved with the profile). */
import type { z } from "zod";
import type { phoneChannelsSchema, updatePhoneChannelsSchema } from "../../../shared/schemas/push.ts";
import type { Deps } from "../../deps.ts";
import { type NotificationSwitches, readSwitches, saveSwitches } from "../notifications/switches.ts";

type Channels = z.infer<typeof phoneChannelsSchema>;

const channelsOf = (s: NotificationSwitches): Channels => ({
  push: s.pushNotifications,
  clues: s.clueNotifications,
  smsStoppedAt: s.smsStoppedAt,
});

export async function phoneChannels(deps: Deps, userId: number): Promise<Channels> {
  return channelsOf(await readSwitches(deps.db, userId));
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
  return channelsOf(await saveSwitches(deps.db, userId, changes));
}
