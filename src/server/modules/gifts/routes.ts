import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../shared/admin/common.ts";
import { adminGiftHistoryResponse } from "../../../shared/admin/gifts.ts";
import {
  adminGiftDeliverySchema,
  adminGiftListQuerySchema,
  adminGiftListResponse,
  adminGiftRow,
  GIFT_MSG,
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
} from "../../../shared/gifts.ts";
import { fileResponse, messageSchema, redirectResponse } from "../../../shared/schemas/responses.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { actorOf } from "../audit/record.ts";
import { adminGift, exportGiftsCsv, giftAnalytics, listGifts } from "./admin.ts";
import { adminChangeDelivery, adminRefundGift, adminResendGift } from "./admin-actions.ts";
import { giftHistory } from "./admin-history.ts";
import { coupleGiftCredit } from "./credit.ts";
import { changeDelivery, giftCardFile, giftView, refundGift, resendGift } from "./manage.ts";
import { quoteGift } from "./pricing.ts";
import { completeGiftPayment, createGift, findGiftByToken } from "./purchase.ts";
import { checkGiftCode, redeemGift } from "./redeem.ts";
import { sandboxPaymentPageRoutes } from "./sandbox-payment-page.ts";

const pdf = fileResponse("application/pdf", "The printable gift card");

/** Gift memberships: buying (visitors and members), the buyer's private link, redeeming, and the back office. */
export async function giftRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rl = deps.config.rateLimits;

  r.post(
    "/api/gifts/quote",
    // An unknown offer code (404); sixty quotes an hour.
    { schema: { body: giftQuoteSchema, response: { 200: giftQuoteResponse }, errors: [404, 429] } },
    async (req) => {
      await deps.limiter.hit(`gift-quote:${req.ip}`, 60, rl.windowMinutes);
      const { offerCodeId: _, ...quote } = await quoteGift(deps.db, {
        ...req.body,
        userId: req.user?.id ?? null,
        now: deps.now(),
      });
      return quote;
    },
  );

  r.post(
    "/api/gifts",
    // An unknown offer code (404); twenty purchases an hour.
    { schema: { body: giftPurchaseSchema, response: { 200: giftRedirectResponse }, errors: [404, 429] } },
    async (req) => {
      await deps.limiter.hit(`gift-buy:${req.ip}`, 20, rl.windowMinutes);
      return createGift(deps, req.user, req.body);
    },
  );

  // The provider sends the payer back here; the payment is read back from it before the gift counts as paid.
  r.get(
    "/api/gifts/payment-return",
    {
      config: { writes: true },
      schema: {
        querystring: giftTokenQuerySchema,
        response: { 303: redirectResponse("To the gift's page") },
      },
    },
    async (req, reply) => reply.redirect(await completeGiftPayment(deps, req.query.token), 303),
  );

  const byToken = async (token: string) => {
    const g = await findGiftByToken(deps, token);
    if (!g) throw notFound(GIFT_MSG.notFound);
    return g;
  };

  // The buyer's link names a gift by its token: an unknown token is 404.
  r.get(
    "/api/gifts/manage",
    { schema: { querystring: giftTokenQuerySchema, response: { 200: giftViewResponse }, errors: [404] } },
    async (req) => giftView(deps, await byToken(req.query.token)),
  );
  r.post(
    "/api/gifts/manage/resend",
    // Not deliverable any more (refunded, redeemed); five resends an hour.
    { schema: { body: giftTokenBodySchema, response: { 200: messageSchema }, errors: [404, 409, 429] } },
    async (req) => {
      await deps.limiter.hit(`gift-resend:${req.body.token}`, 5, rl.windowMinutes);
      await resendGift(deps, await byToken(req.body.token));
      return { message: GIFT_MSG.resent };
    },
  );
  r.post(
    "/api/gifts/manage/delivery",
    // Already delivered.
    { schema: { body: giftChangeDeliverySchema, response: { 200: messageSchema }, errors: [404, 409] } },
    async (req) => {
      await changeDelivery(deps, await byToken(req.body.token), req.body.deliverOn);
      return { message: GIFT_MSG.deliveryChanged };
    },
  );
  r.post(
    "/api/gifts/manage/cancel",
    // Not refundable any more; the provider's refund failed (502).
    { schema: { body: giftTokenBodySchema, response: { 200: messageSchema }, errors: [404, 409, 502] } },
    async (req) => {
      await refundGift(deps, await byToken(req.body.token), "buyer");
      return { message: GIFT_MSG.refunded };
    },
  );
  r.get(
    "/api/gifts/manage/card",
    { schema: { querystring: giftTokenQuerySchema, response: { 200: pdf }, errors: [404] } },
    async (req, typed) => {
      // A binary answer: sent as it is, not through the JSON serializer (fileResponse documents it).
      const reply = typed as unknown as FastifyReply;
      return reply
        .type("application/pdf")
        .header("content-disposition", 'attachment; filename="gift-card.pdf"')
        .header("cache-control", "no-store")
        .send(await giftCardFile(deps, await byToken(req.query.token)));
    },
  );

  r.get(
    "/api/gifts/redeem/check",
    // Unknown (404), used (409), refunded or expired (410) codes; too many wrong guesses (429).
    {
      schema: {
        querystring: giftRedeemCheckQuerySchema,
        response: { 200: giftCheckResponse },
        errors: [404, 409, 410, 429],
      },
    },
    async (req) => checkGiftCode(deps, req.query.code, req.ip),
  );
  r.get(
    "/api/gifts/credit",
    { onRequest: memberOnly, schema: { response: { 200: giftCreditResponse } } },
    async (req) => coupleGiftCredit(deps, requireUser(req)),
  );
  r.post(
    "/api/gifts/redeem",
    {
      onRequest: memberOnly,
      // As the check; 409 when the plan cannot take a gift, 422 when the couple lives outside the area served.
      schema: {
        body: giftRedeemSchema,
        response: { 200: giftRedeemResponse },
        errors: [404, 409, 410, 422, 429],
      },
    },
    async (req) => redeemGift(deps, requireUser(req), req.body.code),
  );

  // Back office (every /api/admin/* path is guarded in plugins/auth-context.ts).
  const params = z.strictObject({ id: adminId });
  r.get(
    "/api/admin/gifts",
    { schema: { querystring: adminGiftListQuerySchema, response: { 200: adminGiftListResponse } } },
    async (req, reply) => {
      const { rows, total } = await listGifts(deps, req.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
  r.get(
    "/api/admin/gifts/export",
    {
      schema: {
        querystring: adminGiftListQuerySchema,
        response: { 200: fileResponse("text/csv", "Every gift, as CSV") },
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="gifts.csv"')
        .send(await exportGiftsCsv(deps, req.query)),
  );
  r.get("/api/admin/gifts/analytics", { schema: { response: { 200: giftAnalyticsResponse } } }, async () =>
    giftAnalytics(deps),
  );
  r.get("/api/admin/gifts/:id", { schema: { params, response: { 200: adminGiftRow } } }, async (req) =>
    adminGift(deps, req.params.id),
  );
  r.get(
    "/api/admin/gifts/:id/history",
    { schema: { params, response: { 200: adminGiftHistoryResponse } } },
    async (req) => giftHistory(deps, req.params.id),
  );
  r.post(
    "/api/admin/gifts/:id/resend",
    // Not deliverable any more.
    { schema: { params, response: { 200: messageSchema }, errors: [409] } },
    async (req) => adminResendGift(deps, actorOf(req.user!), req.params.id),
  );
  r.post(
    "/api/admin/gifts/:id/delivery",
    // Already delivered.
    { schema: { params, body: adminGiftDeliverySchema, response: { 200: messageSchema }, errors: [409] } },
    async (req) => adminChangeDelivery(deps, actorOf(req.user!), req.params.id, req.body.deliverOn),
  );
  r.post(
    "/api/admin/gifts/:id/refund",
    // Not refundable any more (409); the provider's refund failed (502).
    { schema: { params, response: { 200: messageSchema }, errors: [409, 502] } },
    async (req) => adminRefundGift(deps, actorOf(req.user!), req.params.id),
  );

  if (deps.payments.name === "sandbox") await sandboxPaymentPageRoutes(app, deps);
}
