/**
 * The response contract in tests: an answer carries exactly the keys its zod schema lists, at every depth
 * (objects, arrays of objects, nullable and optional objects), so a column added to a table cannot reach
 * the wire without someone adding it to the schema first.
 */
import { expect } from "vitest";
import { z } from "zod";

/** Paths of keys that `value` has and `schema` does not name, or names and `value` lacks (optional aside). */
export function keyMismatches(value: unknown, schema: z.ZodType, path = "$"): string[] {
  if (value === null || value === undefined) return [];
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
    return keyMismatches(value, schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((v, i) => keyMismatches(v, schema.element as z.ZodType, `${path}[${i}]`));
  if (schema instanceof z.ZodObject && typeof value === "object") {
    const shape = schema.shape as Record<string, z.ZodType>;
    const out: string[] = [];
    for (const k of Object.keys(value)) if (!(k in shape)) out.push(`${path}.${k} (not in the schema)`);
    for (const [k, s] of Object.entries(shape)) {
      const v = (value as Record<string, unknown>)[k];
      if (!(k in value) && !(s instanceof z.ZodOptional)) out.push(`${path}.${k} (missing)`);
      else out.push(...keyMismatches(v, s, `${path}.${k}`));
    }
    return out;
  }
  return [];
}

export function expectExactKeys(value: unknown, schema: z.ZodType): void {
  expect(keyMismatches(value, schema)).toEqual([]);
}
