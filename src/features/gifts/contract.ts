/** Gift memberships: buying (visitors and members), the buyer's private link, redeeming, and the back office. */
import { z } from "zod";
import { adminId } from "../../shared/admin/back-office.ts";
import { endpoint } from "../../shared/contract/endpoint.ts";
import { fileResponse, messageSchema, redirectResponse } from "../../shared/schemas/responses.ts";
import { adminGiftHistoryResponse } from "./shared/admin.ts";
import {
  adminGiftDeliverySchema,
  adminGiftListQuerySchema,
  adminGiftListResponse,
  adminGiftRow,
  giftAnalyticsResponse,
  giftChangeDeliverySchema,
  giftCheckResponse,
  giftCreditResponse,
  giftPurchaseSchema,
  giftQuoteResponse,
  giftQuoteSchema,
  giftRedeemCheckQuerySchema,
  giftRedeemResponse,
  giftRedeemSchema,
  giftRedirectResponse,
  giftTokenBodySchema,
  giftTokenQuerySchema,
  giftViewResponse,
} from "./shared/schemas.ts";

const params = z.strictObject({ id: adminId });

export const giftsApi = {
  // An unknown offer code (404); sixty quotes an hour.
  quote: endpoint({
    method: "POST",
    path: "/api/gifts/quote",
    body: giftQuoteSchema,
    responses: { 200: giftQuoteResponse },
    errors: [404, 429],
  }),
  // An unknown offer code (404); twenty purchases an hour.
  buy: endpoint({
    method: "POST",
    path: "/api/gifts",
    body: giftPurchaseSchema,
    responses: { 200: giftRedirectResponse },
    errors: [404, 429],
  }),
  // The provider sends the payer back here; the payment is read back from it before the gift counts as paid.
  paymentReturn: endpoint({
    method: "GET",
    path: "/api/gifts/payment-return",
    query: giftTokenQuerySchema,
    responses: { 303: redirectResponse("To the gift's page") },
  }),
  // The buyer's link names a gift by its token: an unknown token is 404 on each of the buyer's endpoints.
  manage: endpoint({
    method: "GET",
    path: "/api/gifts/manage",
    query: giftTokenQuerySchema,
    responses: { 200: giftViewResponse },
    errors: [404],
  }),
  // Not deliverable any more (refunded, redeemed); five resends an hour.
  resend: endpoint({
    method: "POST",
    path: "/api/gifts/manage/resend",
    body: giftTokenBodySchema,
    responses: { 200: messageSchema },
    errors: [404, 409, 429],
  }),
  // Already delivered.
  changeDelivery: endpoint({
    method: "POST",
    path: "/api/gifts/manage/delivery",
    body: giftChangeDeliverySchema,
    responses: { 200: messageSchema },
    errors: [404, 409],
  }),
  // Not refundable any more; the provider's refund failed (502).
  cancel: endpoint({
    method: "POST",
    path: "/api/gifts/manage/cancel",
    body: giftTokenBodySchema,
    responses: { 200: messageSchema },
    errors: [404, 409, 502],
  }),
  card: endpoint({
    method: "GET",
    path: "/api/gifts/manage/card",
    query: giftTokenQuerySchema,
    responses: { 200: fileResponse("application/pdf", "The printable gift card") },
    errors: [404],
  }),
  // Unknown (404), used (409), refunded or expired (410) codes; too many wrong guesses (429).
  check: endpoint({
    method: "GET",
    path: "/api/gifts/redeem/check",
    query: giftRedeemCheckQuerySchema,
    responses: { 200: giftCheckResponse },
    errors: [404, 409, 410, 429],
  }),
  credit: endpoint({
    method: "GET",
    path: "/api/gifts/credit",
    responses: { 200: giftCreditResponse },
  }),
  // As the check; 409 when the plan cannot take a gift, 422 when the couple lives outside the area served.
  redeem: endpoint({
    method: "POST",
    path: "/api/gifts/redeem",
    body: giftRedeemSchema,
    responses: { 200: giftRedeemResponse },
    errors: [404, 409, 410, 422, 429],
  }),

  // Back office (every /api/admin/* path is guarded on the server). The list's total is in X-Total-Count.
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/gifts",
    answerHeaders: ["X-Total-Count"],
    query: adminGiftListQuerySchema,
    responses: { 200: adminGiftListResponse },
  }),
  adminExport: endpoint({
    method: "GET",
    path: "/api/admin/gifts/export",
    query: adminGiftListQuerySchema,
    responses: { 200: fileResponse("text/csv", "Every gift, as CSV") },
  }),
  adminAnalytics: endpoint({
    method: "GET",
    path: "/api/admin/gifts/analytics",
    responses: { 200: giftAnalyticsResponse },
  }),
  adminGet: endpoint({
    method: "GET",
    path: "/api/admin/gifts/:id",
    params,
    responses: { 200: adminGiftRow },
  }),
  adminHistory: endpoint({
    method: "GET",
    path: "/api/admin/gifts/:id/history",
    params,
    responses: { 200: adminGiftHistoryResponse },
  }),
  // Not deliverable any more.
  adminResend: endpoint({
    method: "POST",
    path: "/api/admin/gifts/:id/resend",
    params,
    responses: { 200: messageSchema },
    errors: [409],
  }),
  // Already delivered.
  adminDelivery: endpoint({
    method: "POST",
    path: "/api/admin/gifts/:id/delivery",
    params,
    body: adminGiftDeliverySchema,
    responses: { 200: messageSchema },
    errors: [409],
  }),
  // Not refundable any more (409); the provider's refund failed (502).
  adminRefund: endpoint({
    method: "POST",
    path: "/api/admin/gifts/:id/refund",
    params,
    responses: { 200: messageSchema },
    errors: [409, 502],
  }),
} as const;
