/** The push and teaser-clue switches (the e-mail and SMS switches are saved with the profile). */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { phoneChannelsSchema, updatePhoneChannelsSchema } from "../../../shared/schemas/push.ts";
import { users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

type Channels = z.infer<typeof phoneChannelsSchema>;

export async function phoneChannels(deps: Deps, userId: number): Promise<Channels> {
  const [u] = await deps.db
    .select({
      push: users.pushNotifications,
      clues: users.clueNotifications,
      smsStoppedAt: users.smsStoppedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u;
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
  if (Object.keys(changes).length > 0) await deps.db.update(users).set(changes).where(eq(users.id, userId));
  return phoneChannels(deps, userId);
}
