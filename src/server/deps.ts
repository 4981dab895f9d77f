import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { RateLimiter } from "./modules/auth/rate-limit.ts";
import type { Mailer } from "./modules/email/mailer.ts";
import type { PaymentProvider } from "./modules/payments/provider.ts";
import type { SmsSender } from "./modules/sms/sender.ts";

/** What services need from the outside world; tests pass their own clock, database and mailer. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  payments: PaymentProvider;
  /** Who carries texts (the outbox unless SMS_PROVIDER says otherwise); only sms/send.ts textUser uses it. */
  sms: SmsSender;
  now: () => Date;
  /**
   * The scheduled jobs by name and cron, for the back office's job overview. Given here by the composition
   * root (deps-factory.ts) so that no module reaches up into jobs/, which use the modules.
   */
  jobSchedule: ReadonlyArray<{ name: string; cron: string }>;
}
