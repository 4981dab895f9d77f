import http from "node:http";
import { Agent } from "node:https";
import net from "node:net";

/**
 * A local stand-in for the few GoCardless API endpoints the app calls, speaking its JSON envelopes,
 * idempotency keys and conflict errors. The client reaches it through an https.Agent whose connections go to
 * this loopback server instead of GoCardless.
 */
export async function startFakeGoCardless() {
  const requests: Array<{
    method: string;
    path: string;
    idempotencyKey?: string;
    body: unknown;
    auth?: string;
  }> = [];
  const billingRequests = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  const cancelledMandates = new Set<string>();
  const refunds: Array<Record<string, unknown>> = [];
  const byKey = new Map<string, string>();
  let seq = 0;
  const id = (p: string) => `${p}${String(++seq).padStart(6, "0")}`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = raw ? JSON.parse(raw) : undefined;
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({
        method: req.method!,
        path: url.pathname,
        idempotencyKey: key,
        body,
        auth: req.headers.authorization,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const notFound = () =>
        send(404, {
          error: {
            type: "invalid_api_usage",
            code: 404,
            message: "Resource not found",
            errors: [{ reason: "resource_not_found", message: "not found" }],
          },
        });
      const conflict = (existing: string) =>
        send(409, {
          error: {
            type: "invalid_state",
            code: 409,
            message: "A resource has already been created with this idempotency key",
            request_id: "fake",
            errors: [
              {
                reason: "idempotent_creation_conflict",
                message: "conflict",
                links: { conflicting_resource_id: existing },
              },
            ],
          },
        });
      const m = url.pathname;
      if (req.method === "POST" && key && byKey.has(key)) return conflict(byKey.get(key)!);
      if (req.method === "POST" && m === "/billing_requests") {
        const br = { id: id("BRQ"), status: "pending", links: {}, ...body.billing_requests };
        billingRequests.set(br.id, br);
        if (key) byKey.set(key, br.id);
        return send(201, { billing_requests: br });
      }
      if (req.method === "POST" && m === "/billing_request_flows") {
        const flow = {
          id: id("BRF"),
          authorisation_url: `https://pay-sandbox.gocardless.com/billing/static/flow?id=${seq}`,
          ...body.billing_request_flows,
        };
        if (key) byKey.set(key, flow.id);
        return send(201, { billing_request_flows: flow });
      }
      let match = /^\/billing_requests\/([^/]+)$/.exec(m);
      if (req.method === "GET" && match) {
        const br = billingRequests.get(match[1]);
        return br ? send(200, { billing_requests: br }) : notFound();
      }
      if (req.method === "POST" && m === "/subscriptions") {
        const s = { id: id("SB"), status: "active", start_date: "2026-12-01", ...body.subscriptions };
        subscriptions.set(s.id, s);
        if (key) byKey.set(key, s.id);
        return send(201, { subscriptions: s });
      }
      match = /^\/subscriptions\/([^/]+)$/.exec(m);
      if (req.method === "GET" && match) return send(200, { subscriptions: subscriptions.get(match[1]) });
      match = /^\/subscriptions\/([^/]+)\/actions\/cancel$/.exec(m);
      if (req.method === "POST" && match) {
        const s = subscriptions.get(match[1])!;
        s.status = "cancelled";
        return send(200, { subscriptions: s });
      }
      match = /^\/mandates\/([^/]+)\/actions\/cancel$/.exec(m);
      if (req.method === "POST" && match) {
        cancelledMandates.add(match[1]);
        return send(200, { mandates: { id: match[1], status: "cancelled" } });
      }
      if (req.method === "POST" && m === "/refunds") {
        const r = { id: id("RF"), status: "created", ...body.refunds };
        refunds.push(r);
        if (key) byKey.set(key, r.id);
        return send(201, { refunds: r });
      }
      // Only a failed (or charged back) payment can be retried; any other state is GoCardless's invalid_state.
      match = /^\/payments\/([^/]+)\/actions\/retry$/.exec(m);
      if (req.method === "POST" && match) {
        const p = payments.get(match[1]);
        if (!p) return notFound();
        if (p.status !== "failed" && p.status !== "charged_back")
          return send(422, {
            error: {
              type: "invalid_state",
              code: 422,
              message: "Payment cannot be retried",
              errors: [{ reason: "cannot_retry_payment", message: "Payment cannot be retried" }],
            },
          });
        p.status = "pending_submission";
        return send(200, { payments: p });
      }
      match = /^\/payments\/([^/]+)$/.exec(m);
      if (req.method === "GET" && match) {
        const p = payments.get(match[1]);
        return p ? send(200, { payments: p }) : notFound();
      }
      send(404, {
        error: {
          type: "invalid_api_usage",
          code: 404,
          message: `No fake for ${req.method} ${m}`,
          errors: [],
        },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;

  class LoopbackAgent extends Agent {
    createConnection(): net.Socket {
      return net.connect(port, "127.0.0.1");
    }
  }

  return {
    agent: new LoopbackAgent({ keepAlive: false }),
    requests,
    subscriptions,
    payments,
    cancelledMandates,
    refunds,
    /** The payer approves a payment-only billing request (Instant Bank Pay): it becomes a confirmed payment. */
    fulfilPayment(billingRequestId: string) {
      const br = billingRequests.get(billingRequestId)!;
      br.status = "fulfilled";
      const pr = br.payment_request as { amount: string; description?: string };
      const payment = {
        id: id("PM"),
        amount: pr.amount,
        currency: "GBP",
        status: "confirmed",
        description: pr.description,
        links: {},
      };
      payments.set(payment.id, payment);
      br.links = { customer: id("CU"), payment_request_payment: payment.id };
      return payment.id;
    },
    /** What GoCardless does when the payer completes the hosted flow. */
    fulfil(billingRequestId: string) {
      const br = billingRequests.get(billingRequestId)!;
      br.status = "fulfilled";
      br.links = { customer: id("CU"), mandate_request_mandate: id("MD") };
      return br.links as { customer: string; mandate_request_mandate: string };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
