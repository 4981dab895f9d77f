import { MSG } from "../../../shared/messages.ts";
import { HttpError } from "../../http-error.ts";

/**
 * Fixed-window counters kept in memory. One instance per app; with several instances behind a load
 * balancer each keeps its own counts, which multiplies the limit by the instance count but still stops
 * brute force. (A shared store is the Proof-under-pressure issue's business.)
 */
export class RateLimiter {
  private counts = new Map<string, { count: number; resetAt: number }>();
  private now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }

  /** Counts one hit and throws 429 once `limit` hits have been seen inside the window. */
  hit(key: string, limit: number, windowMinutes: number): void {
    const t = this.now();
    let entry = this.counts.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + windowMinutes * 60_000 };
      this.counts.set(key, entry);
    }
    entry.count++;
    if (entry.count > limit) throw this.tooMany(entry.resetAt - t);
    if (this.counts.size > 50_000) this.sweep(t);
  }

  /** Throws 429 if the key is already over its limit, without counting. */
  check(key: string, limit: number): void {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt > this.now() && entry.count >= limit)
      throw this.tooMany(entry.resetAt - this.now());
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private tooMany(msLeft: number): HttpError {
    const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
    return new HttpError(429, MSG.tooManyRequests(minutes), {
      "retry-after": String(Math.ceil(msLeft / 1000)),
    });
  }

  private sweep(t: number) {
    for (const [k, v] of this.counts) if (v.resetAt <= t) this.counts.delete(k);
  }
}
