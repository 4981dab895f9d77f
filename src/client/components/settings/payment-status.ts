type Tone = "neutral" | "success" | "destructive" | "warning" | "gold";

const GOOD = new Set(["paid", "paid_out", "confirmed", "active", "refunded"]);
const BAD = new Set([
  "failed",
  "charged_back",
  "cancelled",
  "customer_approval_denied",
  "expired",
  "blocked",
]);

/** A provider status such as "pending_submission" as words and a colour. */
export function providerStatus(status: string): { label: string; tone: Tone } {
  const words = status.replaceAll("_", " ");
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return { label, tone: GOOD.has(status) ? "success" : BAD.has(status) ? "destructive" : "warning" };
}
