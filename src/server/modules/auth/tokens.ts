import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe. The database keeps only the sha256 of a token. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
