import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "../../../shared/constants.ts";
import { AUTH_MSG } from "../../../shared/schemas/auth.ts";
import { badField } from "../../http-error.ts";

/**
 * The passwords people pick most often: zxcvbn-ts's common list (about 49,000, ranked by how often they
 * appear in leaked password sets; MIT licence). Only those long enough to pass the length rule matter.
 * Compared trimmed and lower-cased, so "Password123" is as common as "password123".
 */
const COMMON = new Set(
  dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/** Throws a 400 with the message on `field` (the form shows it under that field) when the password is common. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw badField(field, AUTH_MSG.commonPassword);
  }
}
