import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { allJobs } from "./jobs/jobs.ts";
import { RateLimiter } from "./modules/auth/rate-limit.ts";
import { Mailer, outboxTransport, smtpTransport, type Transport } from "./modules/email/mailer.ts";
import { gocardlessProvider } from "./modules/payments/gocardless-provider.ts";
import type { PaymentProvider } from "./modules/payments/provider.ts";
import { sandboxProvider } from "./modules/payments/sandbox-provider.ts";
import { outboxSms, type SmsSender } from "./modules/sms/sender.ts";
import { twilioSms } from "./modules/sms/twilio.ts";

export function createDeps(
  config: Config,
  db: Db,
  overrides: { transport?: Transport; now?: () => Date; payments?: PaymentProvider; sms?: SmsSender } = {},
): Deps {
  const now = overrides.now ?? (() => new Date());
  const transport =
    overrides.transport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(config.outboxDir));
  return {
    db,
    config,
    now,
    jobSchedule: allJobs.map(({ name, cron }) => ({ name, cron })),
    mailer: new Mailer(db, transport, config.mailFrom),
    limiter: new RateLimiter(db, () => now().getTime()),
    payments:
      overrides.payments ??
      (config.payments.gocardlessToken
        ? gocardlessProvider({
            token: config.payments.gocardlessToken,
            environment: config.payments.gocardlessEnvironment,
          })
        : sandboxProvider(config.appUrl, db, now)),
    sms:
      overrides.sms ??
      (config.sms.provider === "twilio" ? twilioSms(config.sms) : outboxSms(config.outboxDir)),
  };
}
