import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { receiptParamsSchema } from "../../../shared/schemas/billing.ts";
import { fileResponse } from "../../../shared/schemas/responses.ts";
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
      schema: {
        summary: "A billing history row's receipt (PDF)",
        params: receiptParamsSchema,
        response: { 200: fileResponse("application/pdf", "The receipt, as a download") },
        // 409: the row is not money moving (a mandate change), so it has no receipt.
        errors: [409],
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await memberReceipt(deps, requireUser(req), req.params.id);
      return (
        reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .header("cache-control", "private, no-store")
          // The document types a file as a binary string; Fastify sends the buffer as it is, never re-encoded.
          .send(pdf as unknown as string)
      );
    },
  );
}
