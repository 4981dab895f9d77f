import { createHash, randomBytes } from "node:crypto";
import { NotAuthorisedError, type PaymentProvider } from "./provider.ts";

const id = (prefix: string, seed: string) =>
  `${prefix}${createHash("sha256").update(seed).digest("hex").slice(0, 14).toUpperCase()}`;

/**
 * Behaves like a hosted direct-debit provider without leaving the machine: the authorisation page is served
 * by the app (see sandbox-page.ts) and records the outcome on the checkout; ids are derived from idempotency
 * keys so a repeated create returns the same subscription.
 */
export function sandboxProvider(appUrl: string): PaymentProvider {
  return {
    name: "sandbox",
    async startAuthorisation(input) {
      const providerRef = `BRQSB${randomBytes(10).toString("hex").toUpperCase()}`;
      return {
        providerRef,
        redirectUrl: `${appUrl}/sandbox/direct-debit/${providerRef}`,
        state: { returnUrl: input.returnUrl, exitUrl: input.exitUrl },
      };
    },
    async confirmAuthorisation(checkout) {
      const s = checkout.providerState;
      if (
        checkout.status !== "authorised" ||
        typeof s.mandateId !== "string" ||
        typeof s.customerId !== "string"
      ) {
        throw new NotAuthorisedError("The direct debit has not been authorised.");
      }
      return { customerId: s.customerId, mandateId: s.mandateId };
    },
    async createSubscription(input) {
      return { subscriptionId: id("SBSU", input.idempotencyKey) };
    },
    async cancelSubscription() {},
    async paymentLinks() {
      return null;
    },
  };
}

export const sandboxIds = {
  customer: (ref: string) => id("SBCU", ref),
  mandate: (ref: string) => id("SBMD", ref),
};
