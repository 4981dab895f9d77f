/**
 * The VAPID key pair (RFC 8292) that signs every push. From the environment when set; otherwise generated once
 * and kept beside the embedded database in $DATA_DIR/vapid-keys.json, so browsers that subscribed stay
 * subscribed across restarts. Generated keys are printed with a reminder to set them in production: several
 * instances must share one pair, and a new pair silently orphans every subscription.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config, VapidKeys } from "../../config.ts";

export const VAPID_FILE = "vapid-keys.json";

function isKeys(v: unknown): v is VapidKeys {
  const k = v as Partial<VapidKeys> | null;
  return typeof k?.publicKey === "string" && typeof k.privateKey === "string";
}

/**
 * The config with its VAPID keys resolved: the environment's, else the stored pair, else a new pair (stored
 * with mode 0600 and announced through `print`).
 */
export function withVapidKeys(config: Config, print: (text: string) => void): Config {
  if (config.vapid) return config;
  const file = path.join(config.dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isKeys(stored)) return { ...config, vapid: stored };
  }
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }, null, 2), { mode: 0o600 });
  print(
    [
      "",
      `  Web push keys generated and kept in ${file}:`,
      `    VAPID_PUBLIC_KEY=${publicKey}`,
      `    VAPID_PRIVATE_KEY=${privateKey}`,
      "  In production set both in the environment (the same on every instance): a new pair stops every",
      "  device that opted in from receiving pushes until it opts in again.",
      "",
      "",
    ].join("\n"),
  );
  return { ...config, vapid: { publicKey, privateKey } };
}
