/**
 * GoCardless retries a failed payment through POST /payments/{id}/actions/retry (against the local fake of its
 * API): one request per retry, and a retry asked again once the payment is back with the bank is no error.
 */
import { afterAll, describe, expect, it } from "vitest";
import { gocardlessProvider } from "../../src/server/modules/payments/gocardless-provider.ts";
import { ProviderError } from "../../src/server/modules/payments/provider.ts";
import { startFakeGoCardless } from "../helpers/fake-gocardless.ts";

const fake = await startFakeGoCardless();
afterAll(() => fake.close());
const gc = gocardlessProvider({ token: "sandbox_test_token", environment: "sandbox", agent: fake.agent });

const payment = (id: string, status: string) =>
  fake.payments.set(id, { id, amount: "2000", currency: "GBP", status, description: "Gold", links: {} });
const retries = (id: string) => fake.requests.filter((r) => r.path === `/payments/${id}/actions/retry`);

describe("GoCardless retryPayment", () => {
  it("asks the retry action of a failed payment; asking again once it is with the bank succeeds", async () => {
    payment("PM900001", "failed");
    await gc.retryPayment("PM900001", "unveil-retry-PM900001-1");
    expect(retries("PM900001")).toHaveLength(1);
    expect(fake.payments.get("PM900001")?.status).toBe("pending_submission");
    await gc.retryPayment("PM900001", "unveil-retry-PM900001-1");
    expect(fake.payments.get("PM900001")?.status).toBe("pending_submission");
  });

  it("a charged-back payment can be retried too; an unknown one is an error", async () => {
    payment("PM900002", "charged_back");
    await gc.retryPayment("PM900002", "k");
    expect(fake.payments.get("PM900002")?.status).toBe("pending_submission");
    await expect(gc.retryPayment("PM999999", "k")).rejects.toBeInstanceOf(ProviderError);
  });
});
