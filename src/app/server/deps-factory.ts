import type { Config } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import type { Deps } from "../../server/deps.ts";
import { RateLimiter } from "../../server/modules/auth/rate-limit.ts";
import { Mailer, outboxTransport, smtpTransport, type Transport } from "../../server/modules/email/mailer.ts";
import { gocardlessProvider } from "../../server/modules/payments/gocardless-provider.ts";
import type { PaymentProvider } from "../../server/modules/payments/provider.ts";
import { sandboxProvider } from "../../server/modules/payments/sandbox-provider.ts";
import { outboxSms, type SmsSender } from "../../server/modules/sms/sender.ts";
import { twilioSms } from "../../server/modules/sms/twilio.ts";
import { allJobs } from "./jobs.ts";

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
