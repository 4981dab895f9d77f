import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId } from "../../../../shared/admin/common.ts";
import {
  adminOfferCodeSchema,
  createOfferCodeSchema,
  updateOfferCodeSchema,
} from "../../../../shared/admin/offers.ts";
import type { Deps } from "../../../deps.ts";
import { createOfferCode, listOfferCodes, updateOfferCode } from "./service.ts";

const params = z.strictObject({ id: adminId });

/** Offer codes (spec section 7). Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminOffersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/offer-codes",
    {
      schema: { summary: "Every offer code, newest first", response: { 200: z.array(adminOfferCodeSchema) } },
    },
    async () => listOfferCodes(deps),
  );
  r.post(
    "/api/admin/offer-codes",
    {
      schema: {
        summary: "Create an offer code",
        body: createOfferCodeSchema,
        response: { 201: adminOfferCodeSchema },
        // A code that already exists (whatever its case).
        errors: [409],
      },
    },
    async (req, reply) => reply.code(201).send(await createOfferCode(deps, req.body)),
  );
  r.put(
    "/api/admin/offer-codes/:id",
    {
      schema: {
        summary: "Change an offer code",
        params,
        body: updateOfferCodeSchema,
        response: { 200: adminOfferCodeSchema },
        errors: [409],
      },
    },
    async (req) => updateOfferCode(deps, req.params.id, req.body),
  );
}
