import { createHash, randomBytes, randomInt } from "node:crypto";
import { GIFT } from "../../../shared/gifts.ts";

/** A new gift code: GIFT.codeLength characters drawn uniformly from an alphabet without 0/O and 1/I. */
export function newGiftCode(): string {
  let code = "";
  for (let i = 0; i < GIFT.codeLength; i++) code += GIFT.codeAlphabet[randomInt(GIFT.codeAlphabet.length)];
  return code;
}

/** The buyer's private manage token (only its sha256 is stored). */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** London's calendar day of an instant, "2026-11-26". */
export function londonToday(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The hour (0-23) on London's clock. */
export function londonHour(at: Date): number {
  return Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(
      at,
    ),
  );
}
