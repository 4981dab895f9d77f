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

/** POST /api/waitlist's answer. */
export interface WaitlistJoined {
  area: string;
  /** False when this address was already on the list for this area (nothing new was stored). */
  created: boolean;
  message: string;
}

/** GET /api/admin/waitlist: people waiting, by postcode area, most first. */
export interface WaitlistCounts {
  total: number;
  areas: { area: string; count: number; latest: string }[];
}
