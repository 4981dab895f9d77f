import type { FastifyInstance } from "fastify";
import type { Deps } from "../../../server/deps.ts";
import { notFound } from "../../../server/http-error.ts";
import { actorOf } from "../../../server/modules/audit/record.ts";
import { memberOnly, requireUser } from "../../../server/plugins/auth-context.ts";
import { route } from "../../../server/route.ts";
import { TOTAL_COUNT_HEADER } from "../../../shared/admin/back-office.ts";
import { giftsApi as api } from "../contract.ts";
import { GIFT_MSG } from "../shared/schemas.ts";
import { adminGift, exportGiftsCsv, giftAnalytics, listGifts } from "./admin.ts";
import { adminChangeDelivery, adminRefundGift, adminResendGift } from "./admin-actions.ts";
import { giftHistory } from "./admin-history.ts";
import { coupleGiftCredit } from "./credit.ts";
import { changeDelivery, giftCardFile, giftView, refundGift, resendGift } from "./manage.ts";
import { quoteGift } from "./pricing.ts";
import { completeGiftPayment, createGift, findGiftByToken } from "./purchase.ts";
import { checkGiftCode, redeemGift } from "./redeem.ts";
import { sandboxPaymentPageRoutes } from "./sandbox-payment-page.ts";

/** Gift memberships: buying (visitors and members), the buyer's private link, redeeming, and the back office. */
export async function giftRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const rl = deps.config.rateLimits;
  const member = { onRequest: memberOnly };

  route(app, api.quote, {}, async (req) => {
    await deps.limiter.hit(`gift-quote:${req.ip}`, 60, rl.windowMinutes);
    const { offerCodeId: _, ...quote } = await quoteGift(deps.db, {
      ...req.body,
      userId: req.user?.id ?? null,
      now: deps.now(),
    });
    return quote;
  });

  route(app, api.buy, {}, async (req) => {
    await deps.limiter.hit(`gift-buy:${req.ip}`, 20, rl.windowMinutes);
    return createGift(deps, req.user, req.body);
  });

  route(app, api.paymentReturn, { config: { writes: true } }, async (req, reply) =>
    reply.redirect(await completeGiftPayment(deps, req.query.token), 303),
  );

  const byToken = async (token: string) => {
    const g = await findGiftByToken(deps, token);
    if (!g) throw notFound(GIFT_MSG.notFound);
    return g;
  };

  route(app, api.manage, {}, async (req) => giftView(deps, await byToken(req.query.token)));
  route(app, api.resend, {}, async (req) => {
    await deps.limiter.hit(`gift-resend:${req.body.token}`, 5, rl.windowMinutes);
    await resendGift(deps, await byToken(req.body.token));
    return { message: GIFT_MSG.resent };
  });
  route(app, api.changeDelivery, {}, async (req) => {
    await changeDelivery(deps, await byToken(req.body.token), req.body.deliverOn);
    return { message: GIFT_MSG.deliveryChanged };
  });
  route(app, api.cancel, {}, async (req) => {
    await refundGift(deps, await byToken(req.body.token), "buyer");
    return { message: GIFT_MSG.refunded };
  });
  // A binary answer: sent as it is, not through the JSON serializer (fileResponse documents it).
  route(app, api.card, {}, async (req, reply) =>
    reply
      .type("application/pdf")
      .header("content-disposition", 'attachment; filename="gift-card.pdf"')
      .header("cache-control", "no-store")
      .send(await giftCardFile(deps, await byToken(req.query.token))),
  );

  route(app, api.check, {}, async (req) => checkGiftCode(deps, req.query.code, req.ip));
  route(app, api.credit, member, async (req) => coupleGiftCredit(deps, requireUser(req)));
  route(app, api.redeem, member, async (req) => redeemGift(deps, requireUser(req), req.body.code));

  // Back office (every /api/admin/* path is guarded in plugins/auth-context.ts).
  route(app, api.adminList, {}, async (req, reply) => {
    const { rows, total } = await listGifts(deps, req.query);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
  route(app, api.adminExport, {}, async (req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="gifts.csv"')
      .send(await exportGiftsCsv(deps, req.query)),
  );
  route(app, api.adminAnalytics, {}, async () => giftAnalytics(deps));
  route(app, api.adminGet, {}, async (req) => adminGift(deps, req.params.id));
  route(app, api.adminHistory, {}, async (req) => giftHistory(deps, req.params.id));
  route(app, api.adminResend, {}, async (req) => adminResendGift(deps, actorOf(req.user!), req.params.id));
  route(app, api.adminDelivery, {}, async (req) =>
    adminChangeDelivery(deps, actorOf(req.user!), req.params.id, req.body.deliverOn),
  );
  route(app, api.adminRefund, {}, async (req) => adminRefundGift(deps, actorOf(req.user!), req.params.id));

  if (deps.payments.name === "sandbox") await sandboxPaymentPageRoutes(app, deps);
}
