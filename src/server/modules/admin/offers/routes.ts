import type { FastifyInstance } from "fastify";
import { adminOffersApi as api } from "../../../../shared/contract/admin-offers.ts";
import type { Deps } from "../../../deps.ts";
import { route } from "../../../route.ts";
import { ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { createOfferCode, getOfferCode, listOfferCodes, updateOfferCode } from "./service.ts";

/**
 * Offer codes (spec section 7). Every /api/admin/* path is guarded in plugins/auth-context.ts. The read of one
 * code and every save answer an ETag; a save with If-Match is refused with 412 when the code changed since.
 */
export function adminOffersRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.list, {}, async () => listOfferCodes(deps));
  route(app, api.get, {}, async (req, reply) => sendTagged(reply, await getOfferCode(deps, req.params.id)));
  route(app, api.create, {}, async (req, reply) =>
    reply.code(201).send(sendTagged(reply, await createOfferCode(deps, actorOf(req.user!), req.body))),
  );
  route(app, api.update, {}, async (req, reply) =>
    sendTagged(
      reply,
      await updateOfferCode(deps, actorOf(req.user!), req.params.id, req.body, ifMatchOf(req)),
    ),
  );
}
