import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { offerCodes, paymentCheckouts } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { sandboxIds } from "../../../server/modules/payments/sandbox-provider.ts";
import { BRAND } from "../../../shared/brand.ts";
import { formatPence, TIERS, type TierId } from "../../../shared/constants.ts";
import { fileResponse, htmlErrorPage, redirectResponse } from "../../../shared/schemas/responses.ts";
import { findCheckoutByRef } from "./checkout-rules.ts";

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Fields = { accountHolder: string; sortCode: string; accountNumber: string; confirm: boolean };
type Errors = Partial<Record<keyof Fields, string>>;

export function validateBankDetails(body: Record<string, unknown>): { fields: Fields; errors: Errors } {
  const text = (v: unknown) => (typeof v === "string" ? v : "").slice(0, 200);
  const fields: Fields = {
    accountHolder: text(body.account_holder).trim(),
    sortCode: text(body.sort_code).replace(/[\s-]/g, ""),
    accountNumber: text(body.account_number).replace(/\s/g, ""),
    confirm: body.confirm === "yes",
  };
  const errors: Errors = {};
  if (fields.accountHolder.length < 2 || fields.accountHolder.length > 100)
    errors.accountHolder = "Enter the name on the account";
  if (!/^\d{6}$/.test(fields.sortCode)) errors.sortCode = "Enter a 6-digit sort code, like 20-00-00";
  if (!/^\d{8}$/.test(fields.accountNumber)) errors.accountNumber = "Enter an 8-digit account number";
  if (!fields.confirm) errors.confirm = "Confirm that you can authorise debits on this account";
  return { fields, errors };
}

/**
 * The sandbox's hosted authorisation page: what a member sees at the provider, served by the app so the
 * whole journey runs offline. Registered only when the sandbox provider is in use.
 */
export async function sandboxPageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 8192 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get<{ Params: { ref: string } }>(
      "/sandbox/direct-debit/:ref",
      {
        schema: {
          summary: "The sandbox's Direct Debit page (sandbox only)",
          response: {
            200: fileResponse("text/html", "The authorisation form"),
            404: htmlErrorPage("The link is unknown or spent: a page saying so"),
          },
        },
      },
      async (req, reply) => {
        const checkout = await findCheckoutByRef(deps.db, req.params.ref);
        if (checkout?.status !== "pending" || checkout.expiresAt < deps.now()) {
          return reply
            .code(404)
            .type("text/html")
            .send(
              page(
                "Link expired",
                `<p>This authorisation link is no longer valid.</p><p><a href="/subscription">Back to the plans</a></p>`,
              ),
            );
        }
        return reply
          .type("text/html")
          .header("cache-control", "no-store")
          .send(await form(deps, checkout, {}, {}));
      },
    );

    scope.post<{ Params: { ref: string }; Body: Record<string, unknown> }>(
      "/sandbox/direct-debit/:ref",
      {
        schema: {
          summary: "Authorise or decline at the sandbox (sandbox only)",
          // Back to the app either way; a form with mistakes is shown again with 400.
          response: {
            303: redirectResponse("Back to the app, authorised or declined"),
            400: htmlErrorPage("An unknown action or invalid fields: the page again, saying what", true),
            404: htmlErrorPage("The link is unknown or spent: a page saying so"),
          },
          errors: [415],
        },
      },
      async (req, reply) => {
        const checkout = await findCheckoutByRef(deps.db, req.params.ref);
        if (checkout?.status !== "pending" || checkout.expiresAt < deps.now()) {
          return reply
            .code(404)
            .type("text/html")
            .send(page("Link expired", `<p>This authorisation link is no longer valid.</p>`));
        }
        if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
          return reply.code(415).send({ message: "Unsupported content type" });
        }
        const body = (req.body ?? {}) as Record<string, unknown>;
        const state = checkout.providerState as { returnUrl: string; exitUrl: string };
        if (body.action === "decline") {
          await deps.db
            .update(paymentCheckouts)
            .set({ status: "declined" })
            .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, "pending")));
          return reply.redirect(`${new URL(state.exitUrl).pathname}?payment=declined`, 303);
        }
        if (body.action !== "authorise")
          return reply.code(400).type("text/html").send(page("Unknown action", "<p>Unknown action.</p>"));
        const { fields, errors } = validateBankDetails(body);
        if (Object.keys(errors).length > 0) {
          return reply
            .code(400)
            .type("text/html")
            .header("cache-control", "no-store")
            .send(await form(deps, checkout, fields, errors));
        }
        await deps.db
          .update(paymentCheckouts)
          .set({
            status: "authorised",
            providerState: {
              ...state,
              customerId: sandboxIds.customer(checkout.providerRef),
              mandateId: sandboxIds.mandate(checkout.providerRef),
              accountHolder: fields.accountHolder,
              accountNumberEnding: fields.accountNumber.slice(-2),
            },
          })
          .where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, "pending")));
        const back = new URL(state.returnUrl);
        return reply.redirect(`${back.pathname}${back.search}`, 303);
      },
    );
  });
}

async function form(
  deps: Deps,
  checkout: typeof paymentCheckouts.$inferSelect,
  fields: Partial<Fields>,
  errors: Errors,
): Promise<string> {
  const tier = TIERS[checkout.tier];
  let amount = `${formatPence(checkout.originalAmount)} a month`;
  if (checkout.offerCodeId && checkout.discountAmount > 0) {
    const [offer] = await deps.db.select().from(offerCodes).where(eq(offerCodes.id, checkout.offerCodeId));
    const reduced = formatPence(checkout.originalAmount - checkout.discountAmount);
    amount = offer?.durationMonths
      ? `${reduced} a month for ${offer.durationMonths} month${offer.durationMonths === 1 ? "" : "s"} (offer ${esc(offer.code)}), then ${formatPence(checkout.originalAmount)} a month`
      : `${reduced} a month (offer ${esc(offer?.code ?? "")})`;
  }
  const field = (name: string, key: keyof Fields, label: string, attrs: string) => `
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" value="${esc(String(fields[key] ?? ""))}" ${attrs} ${errors[key] ? `aria-invalid="true" aria-describedby="${name}-error"` : ""}>
    ${errors[key] ? `<p class="error" id="${name}-error">${esc(errors[key]!)}</p>` : ""}`;
  return page(
    "Set up a Direct Debit",
    `<p class="banner">Sandbox: no money moves and no bank is contacted.</p>
    <h1>Set up a Direct Debit with ${esc(BRAND.name)}</h1>
    <div class="summary"><div><span>Plan</span><strong>${esc(tier.name)}</strong></div><div><span>Amount</span><strong>${amount}</strong></div><div><span>Collected</span><strong>Monthly, from today</strong></div></div>
    <form method="post" novalidate>
      ${field("account_holder", "accountHolder", "Account holder name", 'autocomplete="name" required maxlength="100"')}
      ${field("sort_code", "sortCode", "Sort code", 'inputmode="numeric" autocomplete="off" required maxlength="8" placeholder="20-00-00"')}
      ${field("account_number", "accountNumber", "Account number", 'inputmode="numeric" autocomplete="off" required maxlength="10" placeholder="55779911"')}
      <div class="check"><input type="checkbox" id="confirm" name="confirm" value="yes" ${fields.confirm ? "checked" : ""} ${errors.confirm ? 'aria-invalid="true" aria-describedby="confirm-error"' : ""}>
      <label for="confirm">I am the account holder and the only person required to authorise debits from this account.</label></div>
      ${errors.confirm ? `<p class="error" id="confirm-error">${esc(errors.confirm)}</p>` : ""}
      <div class="actions"><button type="submit" name="action" value="authorise">Set up Direct Debit</button>
      <button type="submit" name="action" value="decline" class="secondary" formnovalidate>Cancel</button></div>
    </form>
    <section class="guarantee"><h2>The Direct Debit Guarantee</h2>
    <ul><li>The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.</li>
    <li>If there are any changes to the amount, date or frequency of your Direct Debit, ${esc(BRAND.name)} will notify you 3 working days in advance of your account being debited or as otherwise agreed.</li>
    <li>If an error is made in the payment of your Direct Debit, by ${esc(BRAND.name)} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.</li>
    <li>If you receive a refund you are not entitled to, you must pay it back when ${esc(BRAND.name)} asks you to.</li>
    <li>You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.</li></ul></section>`,
  );
}

/**
 * The product's own typefaces, as the client build emitted them (hashed names, found once). Without a build
 * (API tests) the page falls back to the system's serif and sans.
 */
let fontCss: string | null = null;
function fontFaces(): string {
  if (fontCss !== null) return fontCss;
  const dir = fileURLToPath(new URL("../../../../dist/client/assets", import.meta.url));
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    // no client build: system fonts
  }
  const face = (family: string, prefix: string) => {
    const file = files.find((f) => f.startsWith(prefix) && f.endsWith(".woff2"));
    return file
      ? `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(/assets/${file}) format("woff2-variations")}`
      : "";
  };
  fontCss =
    face("Inter Variable", "inter-latin-wght-normal-") +
    face("Fraunces Variable", "fraunces-latin-wght-normal-");
  return fontCss;
}

/** The page in the product's look (DESIGN.md: ivory and plum, gold in the dark; Fraunces and Inter), phone first. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${esc(title)} · ${esc(BRAND.name)}</title>
<style>
${fontFaces()}
:root{color-scheme:light dark;--ink:#231526;--muted:#67566a;--line:#e8dfd3;--input:#9a8896;--bg:#faf7f2;--card:#fffdf9;--brand:#3b1d3a;--brand-hover:#4c2749;--on-brand:#faf7f2;--ring:#7b4676;--err:#a61d12;--note:#f3ede4;--note-ink:#5a4410}
@media (prefers-color-scheme:dark){:root{--ink:#f3ece4;--muted:#bcaab8;--line:#3a2a3d;--input:#7d6a7b;--bg:#150d17;--card:#1d1220;--brand:#d8b25c;--brand-hover:#e8cf8f;--on-brand:#150d17;--ring:#e8cf8f;--err:#ff9b8f;--note:#26192a;--note-ink:#e8cf8f}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.55 "Inter Variable",ui-sans-serif,system-ui,sans-serif;-webkit-font-smoothing:antialiased}
main{max-width:560px;margin:0 auto;padding:20px 16px 48px}@media (min-width:640px){main{padding:48px 24px 64px}}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:16px}.brand{display:flex;align-items:center;gap:10px;font:600 1.35rem/1 "Fraunces Variable",ui-serif,Georgia,serif;color:var(--ink);text-decoration:none}.brand img{width:32px;height:32px}
.secure{font-size:.8rem;color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:20px;box-shadow:0 1px 2px rgb(35 21 38 / .04),0 8px 24px rgb(35 21 38 / .06)}@media (min-width:640px){.card{padding:32px}}
h1{font:500 1.6rem/1.2 "Fraunces Variable",ui-serif,Georgia,serif;margin:0 0 16px}h2{font:500 1.05rem/1.3 "Fraunces Variable",ui-serif,Georgia,serif;margin:0 0 8px;color:var(--ink)}
.banner{background:var(--note);color:var(--note-ink);border-radius:10px;padding:10px 14px;font-size:.9rem;margin:0 0 18px}
.summary{display:grid;gap:10px;border:1px solid var(--line);border-radius:12px;padding:14px 16px;margin-bottom:8px}.summary div{display:flex;justify-content:space-between;align-items:baseline;gap:16px}.summary span{color:var(--muted);font-size:.9rem}.summary strong{text-align:right;font-weight:600}
label{display:block;font-weight:600;font-size:.95rem;margin:18px 0 6px}input[type=text],input:not([type]){width:100%;min-height:48px;padding:10px 14px;border:1px solid var(--input);border-radius:10px;font:inherit;font-size:16px;background:var(--card);color:var(--ink)}
input[aria-invalid=true]{border-color:var(--err)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--ring);outline-offset:2px}.check{display:flex;gap:12px;align-items:flex-start;margin-top:20px}.check label{font-weight:400;margin:0}.check input{margin-top:3px;width:20px;height:20px;flex:none;accent-color:var(--brand)}
.error{color:var(--err);margin:6px 0 0;font-size:.9rem}.actions{display:flex;flex-direction:column;gap:10px;margin-top:24px}@media (min-width:640px){.actions{flex-direction:row}}
button{font:inherit;font-weight:600;border-radius:999px;min-height:48px;padding:12px 24px;border:1px solid var(--brand);background:var(--brand);color:var(--on-brand);cursor:pointer}button:hover{background:var(--brand-hover);border-color:var(--brand-hover)}
button.secondary{background:transparent;color:var(--ink);border-color:var(--line)}button.secondary:hover{background:var(--note)}
a{color:var(--ink);text-underline-offset:3px}.guarantee{margin-top:20px;font-size:.85rem;color:var(--muted)}.guarantee ul{padding-left:18px;margin:0}.guarantee li+li{margin-top:6px}
.foot{margin-top:16px;text-align:center;font-size:.8rem;color:var(--muted)}
</style></head><body><main><div class="top"><a class="brand" href="/"><img src="/favicon.svg" alt="">${esc(BRAND.name)}</a><span class="secure">Direct Debit · sandbox</span></div><div class="card">${body}</div><p class="foot">Payments are handled by our Direct Debit provider. In the sandbox no money moves.</p></main></body></html>`;
}
