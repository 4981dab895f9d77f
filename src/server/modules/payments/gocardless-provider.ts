import type { Agent } from "node:https";
import { Environments, GoCardlessClient } from "gocardless-nodejs";
import { addMonthsToDate } from "../../../shared/calendar-months.ts";
import { NotAuthorisedError, type PaymentProvider, ProviderError } from "./provider.ts";

/**
 * GoCardless through its official client: a mandate-only Billing Request and Billing Request Flow (redirect
 * flows are closed to new integrators), then monthly subscriptions in pence on the mandate. A time-limited
 * discount is a discounted subscription of `count` months followed by a full-price one starting after it.
 * `agent` exists for tests, which point the client at a local fake of the endpoints used here.
 */
export function gocardlessProvider(opts: {
  token: string;
  environment: "sandbox" | "live";
  agent?: Agent;
}): PaymentProvider {
  const client = new GoCardlessClient(
    opts.token,
    opts.environment === "live" ? Environments.Live : Environments.Sandbox,
    opts.agent ? { proxy: { https: opts.agent } as never } : {},
  );

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw new ProviderError(e instanceof Error ? e.message : String(e));
    }
  }

  return {
    name: "gocardless",
    async startAuthorisation(input) {
      const request = await call(() =>
        client.billingRequests.create(
          {
            mandate_request: { scheme: "bacs", currency: "GBP" } as never,
            metadata: { reference: input.reference.slice(0, 50) },
          },
          `br-${input.reference}`,
        ),
      );
      const flow = await call(() =>
        client.billingRequestFlows.create(
          {
            redirect_uri: input.returnUrl,
            exit_uri: input.exitUrl,
            links: { billing_request: request.id! },
            prefilled_customer: {
              email: input.customer.email,
              given_name: input.customer.givenName ?? undefined,
              family_name: input.customer.familyName ?? undefined,
            } as never,
          },
          `brf-${input.reference}`,
        ),
      );
      return { providerRef: request.id!, redirectUrl: flow.authorisation_url! };
    },

    async confirmAuthorisation(checkout) {
      // Read back from GoCardless: the return to our redirect_uri proves nothing on its own.
      const request = await call(() => client.billingRequests.find(checkout.providerRef));
      const mandateId = request.links?.mandate_request_mandate;
      const customerId = request.links?.customer;
      if (request.status !== "fulfilled" || !mandateId || !customerId) {
        throw new NotAuthorisedError(`Billing request ${checkout.providerRef} is ${request.status}`);
      }
      return { customerId, mandateId };
    },

    async createSubscription(input) {
      const base = {
        currency: "GBP",
        interval_unit: "monthly",
        links: { mandate: input.mandateId },
      } as const;
      const discount = input.discount;
      // A later first charge (a plan carried on after a gift) moves every part of the schedule with it. A new
      // Bacs mandate cannot be charged for a few working days, so a day sooner than a week ahead waits until then
      // (later, never twice).
      const earliest = addMonthsToDate(new Date(Date.now() + 7 * 86_400_000).toISOString(), 0);
      const wanted = input.startDate?.toISOString().slice(0, 10);
      const startOn = wanted && wanted < earliest ? earliest : wanted;
      if (discount && discount.months > 0 && discount.amountPence < input.amountPence) {
        if (discount.amountPence === 0) {
          // Free months: GoCardless amounts must be positive, so the paid subscription simply starts later.
          const start = addMonthsToDate(startOn ?? new Date().toISOString().slice(0, 10), discount.months);
          const sub = await call(() =>
            client.subscriptions.create(
              { ...base, amount: String(input.amountPence), start_date: start, name: input.name } as never,
              `${input.idempotencyKey}-full`,
            ),
          );
          return { subscriptionId: sub.id! };
        }
        const intro = await call(() =>
          client.subscriptions.create(
            {
              ...base,
              amount: String(discount.amountPence),
              count: String(discount.months),
              name: `${input.name} (offer)`,
              ...(startOn ? { start_date: startOn } : {}),
            } as never,
            `${input.idempotencyKey}-intro`,
          ),
        );
        const start = addMonthsToDate(
          intro.start_date ?? new Date().toISOString().slice(0, 10),
          discount.months,
        );
        const full = await call(() =>
          client.subscriptions.create(
            { ...base, amount: String(input.amountPence), start_date: start, name: input.name } as never,
            `${input.idempotencyKey}-full`,
          ),
        );
        return { subscriptionId: intro.id!, nextSubscriptionId: full.id! };
      }
      if (discount && discount.amountPence === 0)
        throw new ProviderError("A subscription must cost more than nothing");
      const amount = discount ? discount.amountPence : input.amountPence;
      const sub = await call(() =>
        client.subscriptions.create(
          {
            ...base,
            amount: String(amount),
            name: input.name,
            ...(startOn ? { start_date: startOn } : {}),
          } as never,
          input.idempotencyKey,
        ),
      );
      return { subscriptionId: sub.id! };
    },

    async updateSubscriptionAmount(subscriptionId, amountPence) {
      await call(() => client.subscriptions.update(subscriptionId, { amount: String(amountPence) } as never));
    },

    async pauseSubscription(subscriptionId, cycles) {
      await call(() => client.subscriptions.pause(subscriptionId, { pause_cycles: String(cycles) } as never));
    },

    async refundPayment(paymentId, amountPence, idempotencyKey) {
      const payment = await call(() => client.payments.find(paymentId));
      // Not yet at the bank: cancelling stops the collection, and nothing needs refunding.
      if (payment.status === "pending_submission" || payment.status === "pending_customer_approval") {
        await call(() => client.payments.cancel(paymentId, {}));
        return;
      }
      await call(() =>
        client.refunds.create(
          {
            amount: String(amountPence),
            total_amount_confirmation: String(amountPence),
            links: { payment: paymentId },
          } as never,
          idempotencyKey,
        ),
      );
    },

    async startOneOffPayment(input) {
      // Instant Bank Pay: a payment-only Billing Request, paid from the payer's bank app through the flow.
      const request = await call(() =>
        client.billingRequests.create(
          {
            payment_request: {
              amount: String(input.amountPence),
              currency: "GBP",
              description: input.description.slice(0, 100),
              scheme: "faster_payments",
            } as never,
            metadata: { reference: input.reference.slice(0, 50) },
          },
          `brp-${input.reference}`,
        ),
      );
      const flow = await call(() =>
        client.billingRequestFlows.create(
          {
            redirect_uri: input.returnUrl,
            exit_uri: input.exitUrl,
            links: { billing_request: request.id! },
            prefilled_customer: { email: input.customer.email } as never,
          },
          `brpf-${input.reference}`,
        ),
      );
      return { providerRef: request.id!, redirectUrl: flow.authorisation_url! };
    },

    async confirmOneOffPayment(request) {
      const br = await call(() => client.billingRequests.find(request.providerRef));
      const paymentId = (br.links as { payment_request_payment?: string } | undefined)
        ?.payment_request_payment;
      if (br.status !== "fulfilled" || !paymentId)
        throw new NotAuthorisedError(`Billing request ${request.providerRef} is ${br.status}`);
      return { paymentId };
    },

    async getMandate(mandateId) {
      const mandate = await call(() => client.mandates.find(mandateId));
      const accountId = mandate.links?.customer_bank_account;
      const account = accountId ? await call(() => client.customerBankAccounts.find(accountId)) : null;
      return {
        reference: mandate.reference ?? mandateId,
        status: String(mandate.status ?? "unknown"),
        bankName: account?.bank_name ?? null,
        accountEnding: account?.account_number_ending ?? null,
      };
    },

    async listPayments(mandateId) {
      const list = await call(() => client.payments.list({ mandate: mandateId, limit: "50" } as never));
      return (list.payments ?? []).map((p) => ({
        id: p.id!,
        chargeDate: p.charge_date ?? "",
        amountPence: Number(p.amount ?? 0),
        refundedPence: Number(p.amount_refunded ?? 0),
        status: String(p.status ?? "unknown"),
        description: p.description ?? "Monthly membership",
        subscriptionId: p.links?.subscription ?? null,
      }));
    },

    async upcomingPayment(subscriptionId) {
      const sub = await call(() => client.subscriptions.find(subscriptionId));
      const next = sub.upcoming_payments?.[0];
      return next?.charge_date
        ? { chargeDate: next.charge_date, amountPence: Number(next.amount ?? 0) }
        : null;
    },

    async cancelMandate(mandateId) {
      try {
        await client.mandates.cancel(mandateId, {});
      } catch (e) {
        // Already ended: the outcome wanted is there.
        const mandate = await call(() => client.mandates.find(mandateId));
        if (["cancelled", "failed", "expired", "consumed", "blocked"].includes(String(mandate.status)))
          return;
        throw new ProviderError(e instanceof Error ? e.message : String(e));
      }
    },

    async cancelSubscription(subscriptionId) {
      try {
        await client.subscriptions.cancel(subscriptionId, {});
      } catch (e) {
        // Already cancelled or finished: the outcome wanted is there.
        const sub = await call(() => client.subscriptions.find(subscriptionId));
        if (sub.status === "cancelled" || sub.status === "finished") return;
        throw new ProviderError(e instanceof Error ? e.message : String(e));
      }
    },

    async createPayment(mandateId, amountPence, description, idempotencyKey) {
      await call(() =>
        client.payments.create(
          {
            amount: String(amountPence),
            currency: "GBP",
            description,
            links: { mandate: mandateId },
          } as never,
          idempotencyKey,
        ),
      );
    },

    async retryPayment(paymentId) {
      // GoCardless retries take no idempotency key: a payment that is no longer failed (the retry already
      // asked for) is the outcome wanted, so only a refusal of a payment still failed is an error.
      try {
        await client.payments.retry(paymentId, {});
      } catch (e) {
        const payment = await call(() => client.payments.find(paymentId));
        if (payment.status !== "failed" && payment.status !== "charged_back") return;
        throw new ProviderError(e instanceof Error ? e.message : String(e));
      }
    },

    async paymentLinks(paymentId) {
      const payment = await call(() => client.payments.find(paymentId));
      return { mandate: payment.links?.mandate, subscription: payment.links?.subscription };
    },
  };
}
