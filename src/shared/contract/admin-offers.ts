/**
 * Offer codes (spec section 7). Every /api/admin/* path is guarded in plugins/auth-context.ts. The read of one
 * code and every save answer an ETag; a save with If-Match is refused with 412 when the code changed since.
 */
import { z } from "zod";
import { adminId } from "../admin/back-office.ts";
import { adminOfferCodeSchema, createOfferCodeSchema, updateOfferCodeSchema } from "../admin/offers.ts";
import { endpoint } from "./endpoint.ts";

const params = z.strictObject({ id: adminId });

export const adminOffersApi = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/offer-codes",
    summary: "Every offer code, newest first",
    responses: { 200: z.array(adminOfferCodeSchema) },
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/offer-codes/:id",
    answerHeaders: ["ETag"],
    summary: "One offer code, with its ETag (send it back as If-Match when saving)",
    params,
    responses: { 200: adminOfferCodeSchema },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/offer-codes",
    answerHeaders: ["ETag"],
    summary: "Create an offer code",
    body: createOfferCodeSchema,
    responses: { 201: adminOfferCodeSchema },
    // A code that already exists (whatever its case).
    errors: [409],
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/admin/offer-codes/:id",
    answerHeaders: ["ETag"],
    summary: "Change an offer code (If-Match: refused with 412 when it changed since it was read)",
    params,
    body: updateOfferCodeSchema,
    responses: { 200: adminOfferCodeSchema },
    errors: [409, 412],
  }),
} as const;
