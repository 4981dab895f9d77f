/**
 * Who may call each route of the app's route table. Anything not listed here is member-only, so a new
 * public route has to be added to PUBLIC on purpose (and a reviewer sees it); the back office is the
 * /api/admin prefix plus ADMIN_ELSEWHERE.
 */
export type RouteClass = "public" | "signed" | "member" | "admin";

export interface Route {
  method: string;
  url: string;
}

/** Open to visitors. Each line says why. */
export const PUBLIC: readonly string[] = [
  "GET /api/health", // load balancer probe
  "POST /api/register",
  "POST /api/login",
  "GET /api/login", // the old sign-in address: a redirect to the sign-in page
  "POST /api/logout", // signing out without a session is a no-op
  "POST /api/forgot-password",
  "POST /api/reset-password", // authenticated by the mailed token
  "GET /api/reset-password/check", // asked when a reset link is opened; answers only { valid }
  "POST /api/login/link", // authenticated by the mailed one-time sign-in link (the lockout step-up)
  "GET /api/verify-email", // authenticated by the mailed token
  "GET /api/partner-invite/:token", // the invitation page shows who invited before anyone signs in
  "GET /api/push/key", // the VAPID public key: browsers need it to subscribe, and it is public by design
  "POST /api/waitlist", // a visitor outside Greater London asks to hear when we reach their area (rate-limited)
  // The sandbox provider's hosted page: authenticated by the unguessable checkout reference, like the real
  // provider's page; registered only with the sandbox provider.
  "GET /sandbox/direct-debit/:ref",
  "POST /sandbox/direct-debit/:ref",
  // Gifts: visitors buy them and price them; the buyer's private link is the manage token (no account);
  // a code is checked before the couple has an account (rate-limited); the sandbox's one-off payment page
  // is authenticated by its unguessable reference, like the direct-debit page.
  "POST /api/gifts/quote",
  "POST /api/gifts",
  "GET /api/gifts/payment-return",
  "GET /api/gifts/manage",
  "POST /api/gifts/manage/resend",
  "POST /api/gifts/manage/delivery",
  "POST /api/gifts/manage/cancel",
  "GET /api/gifts/manage/card",
  "GET /api/gifts/redeem/check",
  "GET /sandbox/bank-payment/:ref",
  "POST /sandbox/bank-payment/:ref",
  // A venue answers a booking request without an account: authenticated by the mailed single-use link's
  // token (256 random bits, stored only as its hash; rate-limited). It shows the booking, never a member's
  // e-mail address or phone number.
  "GET /api/venue-bookings/:token",
  "POST /api/venue-bookings/:token/confirm",
  "POST /api/venue-bookings/:token/decline",
  "POST /api/venue-bookings/:token/propose",
  // The OpenAPI reference: public outside production, admin-only in production.
  "GET /api/docs",
  "GET /api/docs/openapi.json",
  // The client build (index.html and assets), when the app serves it.
  "GET /*",
];

/** Server-to-server: authenticated by a signature or shared secret, never by a session. */
export const SIGNED: readonly string[] = [
  "POST /api/webhooks/payments",
  "POST /api/webhooks/sms/status", // X-Twilio-Signature
  "POST /api/webhooks/sms/inbound", // X-Twilio-Signature
  "POST /api/support/inbound",
];

/** Back-office routes outside /api/admin (spec section 7: ticket updates). */
export const ADMIN_ELSEWHERE: readonly string[] = ["PUT /api/support/tickets/:id"];

export const key = (r: Route) => `${r.method} ${r.url}`;

export function classify(r: Route): RouteClass {
  const k = key(r);
  if (r.url === "/api/admin" || r.url.startsWith("/api/admin/") || ADMIN_ELSEWHERE.includes(k))
    return "admin";
  if (SIGNED.includes(k)) return "signed";
  if (PUBLIC.includes(k)) return "public";
  return "member";
}

export const hasBody = (method: string) => ["POST", "PUT", "PATCH", "DELETE"].includes(method);
