/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) through otplib; the code
 * here only fixes the settings and the replay rule (decision 0082).
 */
import { randomBytes } from "node:crypto";
import { generateSecret, generateSync, ScureBase32Plugin, verifySync } from "otplib";

export const TOTP_PERIOD_SECONDS = 30;
const base32 = new ScureBase32Plugin();

export const base32Encode = (buf: Uint8Array): string => base32.encode(buf, { padding: false });
export const base32Decode = (s: string): Buffer =>
  Buffer.from(base32.decode(s.replace(/[\s=]/g, "").toUpperCase()));

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const timeStep = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

export const totpAt = (secret: string, step: number): string =>
  generateSync({ secret, epoch: step * TOTP_PERIOD_SECONDS, period: TOTP_PERIOD_SECONDS, digits: 6 });

/**
 * The step the code belongs to (one step either side allowed for clock drift), or null. A step at or before
 * `lastStep` is refused, so a code seen once cannot be used again.
 */
export function verifyTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid ? timeStep(now) + result.delta : null;
}

/** Ten one-time recovery codes like "k3f9q-7xw2m" (no look-alike characters). */
export function newRecoveryCodes(count = 10): string[] {
  const chars = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const s = [...bytes].map((b) => chars[b % chars.length]).join("");
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s/g, "");
