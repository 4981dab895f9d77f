import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId } from "../../../../shared/admin/common.ts";
import { createOfferCodeSchema, updateOfferCodeSchema } from "../../../../shared/admin/offers.ts";
import type { Deps } from "../../../deps.ts";
import { createOfferCode, listOfferCodes, updateOfferCode } from "./service.ts";

const params = z.strictObject({ id: adminId });

/** Offer codes (spec section 7). Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminOffersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/offer-codes", async () => listOfferCodes(deps));
  r.post("/api/admin/offer-codes", { schema: { body: createOfferCodeSchema } }, async (req, reply) =>
    reply.code(201).send(await createOfferCode(deps, req.body)),
  );
  r.put("/api/admin/offer-codes/:id", { schema: { params, body: updateOfferCodeSchema } }, async (req) =>
    updateOfferCode(deps, req.params.id, req.body),
  );
}
