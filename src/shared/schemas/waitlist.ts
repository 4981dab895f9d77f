import { z } from "zod";
import { inServiceArea, SERVICE_AREA_MSG } from "../service-area.ts";
import { emailField } from "./auth.ts";
import { postcodeField } from "./onboarding.ts";

/** Joining the waitlist: an address and a real UK postcode outside the area served. */
export const joinWaitlistSchema = z.strictObject({
  email: emailField,
  postcode: postcodeField.refine((p) => !inServiceArea(p), SERVICE_AREA_MSG.alreadyServed),
});

export type JoinWaitlist = z.infer<typeof joinWaitlistSchema>;

/** POST /api/waitlist's answer (201 when added, 200 when the address was already waiting for that area). */
export const waitlistJoinedSchema = z
  .object({
    area: z.string(),
    /** False when this address was already on the list for this area (nothing new was stored). */
    created: z.boolean(),
    message: z.string(),
  })
  .meta({ id: "WaitlistJoined" });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** GET /api/admin/waitlist: people waiting, by postcode area, most first. */
export const waitlistCountsSchema = z
  .object({
    total: z.number(),
    areas: z.array(z.object({ area: z.string(), count: z.number(), latest: z.string() })),
  })
  .meta({ id: "AdminWaitlistCounts" });
export type WaitlistCounts = z.infer<typeof waitlistCountsSchema>;
