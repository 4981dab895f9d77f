import type { FastifyInstance } from "fastify";
import { billingHistoryApi as api } from "../../../shared/contract/billing-history.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { memberReceipt } from "./receipts.ts";

/** A history row's receipt as a PDF download. */
export function billingHistoryRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.receipt, { onRequest: memberOnly }, async (req, reply) => {
    const { filename, pdf } = await memberReceipt(deps, requireUser(req), req.params.id);
    return (
      reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        // Fastify sends the buffer as it is, never re-encoded.
        .send(pdf)
    );
  });
}
