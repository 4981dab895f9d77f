import { createHash, randomBytes, randomInt } from "node:crypto";
import { GIFT } from "../shared/schemas.ts";

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
