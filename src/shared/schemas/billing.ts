/** Request schemas of Manage Billing (#18). */
import { z } from "zod";
import { BILLING_HISTORY_MSG } from "../billing-history.ts";

/** A receipt's id: the history row's number, with or without ".pdf" ("123", "123.pdf"). */
export const receiptParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}(\.pdf)?$/i, BILLING_HISTORY_MSG.receiptMalformed)
    .transform((s) => Number.parseInt(s, 10))
    .refine((n) => n <= 2_147_483_647, BILLING_HISTORY_MSG.receiptMalformed),
});
