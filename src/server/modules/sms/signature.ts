/**
 * Twilio signs every request it makes to us (delivery receipts and replies) in X-Twilio-Signature: the
 * base64 HMAC-SHA1, keyed with the account's auth token, of the full URL it called followed by each POST
 * parameter's name and value, sorted by name.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** True only for the right signature; compared in constant time. */
export function twilioSignatureValid(
  authToken: string | undefined,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
