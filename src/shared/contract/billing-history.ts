/** A billing history row's receipt, as a PDF the browser downloads. */
import { receiptParamsSchema } from "../schemas/billing.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

export const billingHistoryApi = {
  // GET /api/billing/receipts/{id}: "123" or "123.pdf". 409: the row is not money moving (a mandate change),
  // so it has no receipt.
  receipt: endpoint({
    method: "GET",
    path: "/api/billing/receipts/:id",
    summary: "A billing history row's receipt (PDF)",
    params: receiptParamsSchema,
    responses: { 200: fileResponse("application/pdf", "The receipt, as a download") },
    errors: [409],
  }),
} as const;
