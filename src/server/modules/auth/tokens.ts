import { hash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe. The database keeps only the sha256 of a token. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** One-shot hashing (no Hash object): it runs on every signed-in request. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}
