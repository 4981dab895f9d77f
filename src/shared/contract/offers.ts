/** Offer codes on the plans page: checking a code against a plan, and remembering the plan being looked at. */
import { z } from "zod";
import { chosenPlanSchema, offerQuoteSchema, validateOfferSchema } from "../schemas/subscription.ts";
import { endpoint } from "./endpoint.ts";

export const offersApi = {
  // An unknown code (404); guessing codes is cheap, so it is slow (429).
  validate: endpoint({
    method: "POST",
    path: "/api/validate-offer-code",
    summary: "Check an offer code against a plan",
    body: validateOfferSchema,
    responses: { 200: offerQuoteSchema },
    errors: [404, 429],
  }),
  // The plan being looked at on the plans page; `offerCode: null` forgets a removed code.
  chosenPlan: endpoint({
    method: "PUT",
    path: "/api/account/chosen-plan",
    summary: "Remember the plan being looked at",
    body: chosenPlanSchema,
    // No body: the plan is remembered on the account.
    responses: { 204: z.null().describe("Remembered; no body") },
  }),
} as const;
