import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { gifts, sandboxPayments } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { sandboxIds } from "../../../server/modules/payments/sandbox-provider.ts";
import { formatMoney } from "../../../shared/billing-history.ts";
import { BRAND } from "../../../shared/brand.ts";
import { TIERS, type TierId } from "../../../shared/constants.ts";
import { fileResponse, htmlErrorPage, redirectResponse } from "../../../shared/schemas/responses.ts";
import { esc, page } from "../../payments/server/sandbox-page.ts";

/**
 * The sandbox's one-off bank payment page (what Instant Bank Pay shows at GoCardless): the payer picks a bank
 * and approves the amount. Served by the app so the whole gift journey runs offline; sandbox only.
 */
export async function sandboxPaymentPageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const pending = async (ref: string) => {
      const [g] = await deps.db.select().from(gifts).where(eq(gifts.providerRef, ref));
      return g?.status === "pending" && g.provider === "sandbox" && g.providerState.paid !== true ? g : null;
    };
    const gone = page(
      "Link expired",
      `<p>This payment link is no longer valid.</p><p><a href="/gift">Back to gifts</a></p>`,
    );

    scope.get<{ Params: { ref: string } }>(
      "/sandbox/bank-payment/:ref",
      {
        schema: {
          summary: "The sandbox's one-off bank payment page (sandbox only)",
          response: {
            200: fileResponse("text/html", "The payment approval form"),
            404: htmlErrorPage("The link is unknown or spent: a page saying so"),
          },
        },
      },
      async (req, reply) => {
        const g = await pending(req.params.ref);
        if (!g) return reply.code(404).type("text/html").send(gone);
        const tier = TIERS[g.tier].name;
        return reply
          .type("text/html")
          .header("cache-control", "no-store")
          .send(
            page(
              "Pay by bank",
              `<p class="banner">Sandbox: no money moves and no bank is contacted.</p>
    <h1>Pay ${esc(BRAND.name)} by bank</h1>
    <div class="summary"><div><span>For</span><strong>${esc(tier)} gift, ${g.months} month${g.months === 1 ? "" : "s"}</strong></div><div><span>Amount</span><strong>${formatMoney(g.amountPence)}</strong></div><div><span>Paid</span><strong>Once, today</strong></div></div>
    <form method="post">
      <label for="bank">Your bank</label>
      <input id="bank" name="bank" value="Sandbox Bank" required maxlength="60">
      <div class="actions"><button type="submit" name="action" value="pay">Approve ${formatMoney(g.amountPence)}</button>
      <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></div>
    </form>
    <section class="guarantee"><p>You approve this single payment in your bank's app. Nothing further is taken: it is not a Direct Debit.</p></section>`,
            ),
          );
      },
    );

    scope.post<{ Params: { ref: string }; Body: Record<string, unknown> }>(
      "/sandbox/bank-payment/:ref",
      {
        schema: {
          summary: "Approve or cancel the one-off payment (sandbox only)",
          response: {
            303: redirectResponse("Back to the gift pages, paid or cancelled"),
            400: htmlErrorPage("An unknown action or invalid fields: the page again, saying what", true),
            404: htmlErrorPage("The link is unknown or spent: a page saying so"),
          },
          errors: [415],
        },
      },
      async (req, reply) => {
        const g = await pending(req.params.ref);
        if (!g) return reply.code(404).type("text/html").send(gone);
        if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
          return reply.code(415).send({ message: "Unsupported content type" });
        const body = (req.body ?? {}) as Record<string, unknown>;
        const state = g.providerState as { returnUrl: string; exitUrl: string };
        if (body.action === "cancel")
          return reply.redirect(`${new URL(state.exitUrl).pathname}?payment=cancelled`, 303);
        if (body.action !== "pay")
          return reply.code(400).type("text/html").send(page("Unknown action", "<p>Unknown action.</p>"));
        const paymentId = sandboxIds.payment(g.providerRef);
        // The sandbox's books get the payment, so a refund finds it like any other.
        await deps.db
          .insert(sandboxPayments)
          .values({
            id: paymentId,
            subscriptionId: "",
            mandateId: "",
            amountPence: g.amountPence,
            chargeDate: deps.now(),
            status: "confirmed",
            description: "Gift membership",
          })
          .onConflictDoNothing();
        await deps.db
          .update(gifts)
          .set({ providerState: { ...state, paid: true, paymentId } })
          .where(and(eq(gifts.id, g.id), eq(gifts.status, "pending")));
        const back = new URL(state.returnUrl);
        return reply.redirect(`${back.pathname}${back.search}`, 303);
      },
    );
  });
}
