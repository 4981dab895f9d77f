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
import { ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { createOfferCode, getOfferCode, listOfferCodes, updateOfferCode } from "./service.ts";

const params = z.strictObject({ id: adminId });

/**
 * Offer codes (spec section 7). Every /api/admin/* path is guarded in plugins/auth-context.ts. The read of one
 * code and every save answer an ETag; a save with If-Match is refused with 412 when the code changed since.
 */
export function adminOffersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/offer-codes",
    {
      schema: { summary: "Every offer code, newest first", response: { 200: z.array(adminOfferCodeSchema) } },
    },
    async () => listOfferCodes(deps),
  );
  r.get(
    "/api/admin/offer-codes/:id",
    {
      schema: {
        summary: "One offer code, with its ETag (send it back as If-Match when saving)",
        params,
        response: { 200: adminOfferCodeSchema },
      },
    },
    async (req, reply) => sendTagged(reply, await getOfferCode(deps, req.params.id)),
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
    async (req, reply) =>
      reply.code(201).send(sendTagged(reply, await createOfferCode(deps, actorOf(req.user!), req.body))),
  );
  r.put(
    "/api/admin/offer-codes/:id",
    {
      schema: {
        summary: "Change an offer code (If-Match: refused with 412 when it changed since it was read)",
        params,
        body: updateOfferCodeSchema,
        response: { 200: adminOfferCodeSchema },
        errors: [409, 412],
      },
    },
    async (req, reply) =>
      sendTagged(
        reply,
        await updateOfferCode(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
      ),
  );
}
