import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { receiptParamsSchema } from "../../../shared/schemas/billing.ts";
import type { Deps } from "../../deps.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { memberReceipt } from "./receipts.ts";

/** GET /api/billing/receipts/{id}: a history row's receipt as a PDF download ("123" or "123.pdf"). */
export function billingHistoryRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/billing/receipts/:id",
    {
      onRequest: memberOnly,
      schema: { summary: "A billing history row's receipt (PDF)", params: receiptParamsSchema },
    },
    async (req, reply) => {
      const { filename, pdf } = await memberReceipt(deps, requireUser(req), req.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
