/**
 * Web push devices: what the browser sends when a member turns push on (its PushSubscription as JSON), and
 * how the devices are listed. The notifications form and the API use the same schemas and messages.
 */
import { z } from "zod";
import { trimmedAtLeast } from "./text.ts";

export const PUSH_MSG = {
  endpoint: "Your browser sent a push address we cannot use. Please try turning push on again.",
  keys: "Your browser sent push keys we cannot use. Please try turning push on again.",
  label: "Give the device a name of 1 to 80 characters.",
  notFound: "That device was not found. It may have been removed already.",
  notSetUp: "Push notifications are not set up on this server.",
  pushService: "That push service is not one we send to.",
} as const;

/** Loopback hosts: a push endpoint on them is accepted outside production only (the tests' push service). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https, or http on this machine (development and tests). */
export function isPushEndpointUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname));
  } catch {
    return false;
  }
}

/** PushSubscription.toJSON(): the P-256 key is 65 bytes (87 base64url characters), the auth secret 16 (22). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MSG.endpoint })
    .max(1000, PUSH_MSG.endpoint)
    .refine(isPushEndpointUrl, PUSH_MSG.endpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_MSG.keys }).regex(/^[A-Za-z0-9_-]{87}={0,1}$/, PUSH_MSG.keys),
      auth: z.string({ error: PUSH_MSG.keys }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MSG.keys),
    },
    { error: PUSH_MSG.keys },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const renamePushDeviceSchema = z.strictObject({
  label: z
    .string({ error: PUSH_MSG.label })
    .regex(trimmedAtLeast(1), PUSH_MSG.label)
    .trim()
    .max(80, PUSH_MSG.label),
});

/** The device list's query: the browser's own endpoint, to mark "This device". */
export const pushDevicesQuerySchema = z.strictObject({
  endpoint: z.string().max(1000).optional(),
});

export const pushDeviceSchema = z
  .object({
    id: z.number(),
    /** "Chrome on Android", or the member's own name for it. */
    label: z.string(),
    createdAt: z.date(),
    lastSuccessAt: z.date().nullable(),
    /** The device asking (its endpoint was sent with the request). */
    current: z.boolean(),
  })
  .meta({ id: "PushDevice" });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesSchema = z.array(pushDeviceSchema);

export const pushKeySchema = z.object({ publicKey: z.string() }).meta({ id: "PushKey" });

/** The phone channels' settings beside the profile's e-mail and SMS switches. */
export const NOTIFY_MSG = {
  choice: "Choose on or off.",
} as const;

export const phoneChannelsSchema = z
  .object({
    /** users.push_notifications: pushes to the devices the member opted in from. */
    push: z.boolean(),
    /** users.clue_notifications: teaser clues by push and/or SMS, as those switches allow. */
    clues: z.boolean(),
    /** When the member replied STOP to our texts (texts are off until they turn SMS on again). */
    smsStoppedAt: z.date().nullable(),
  })
  .meta({ id: "PhoneChannels" });

export const updatePhoneChannelsSchema = z.strictObject({
  push: z.boolean({ error: NOTIFY_MSG.choice }).optional(),
  clues: z.boolean({ error: NOTIFY_MSG.choice }).optional(),
});
