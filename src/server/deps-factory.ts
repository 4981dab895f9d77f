import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { RateLimiter } from "./modules/auth/rate-limit.ts";
import { Mailer, outboxTransport, smtpTransport, type Transport } from "./modules/email/mailer.ts";

export function createDeps(
  config: Config,
  db: Db,
  overrides: { transport?: Transport; now?: () => Date } = {},
): Deps {
  const now = overrides.now ?? (() => new Date());
  const transport =
    overrides.transport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(config.outboxDir));
  return {
    db,
    config,
    now,
    mailer: new Mailer(db, transport, config.mailFrom),
    limiter: new RateLimiter(() => now().getTime()),
  };
}
