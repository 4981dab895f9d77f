/**
 * The response contract, checked from the outside: an answer carries exactly the keys its zod schema lists, at
 * every depth (objects, arrays, nullable and optional parts, the option of a union it is), so a column added to
 * a table cannot reach the wire without someone adding it to the schema first. Values are not checked here:
 * the serializer already encoded through the schema, or the answer would have been a 500.
 */
import { expect } from "vitest";
import { z } from "zod";

/** Paths of keys that `value` has and `schema` does not name, or names and `value` lacks (optional aside). */
export function keyMismatches(value: unknown, schema: z.ZodType, path = "$"): string[] {
  if (value === null || value === undefined) return [];
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
    return keyMismatches(value, schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return [`${path} (not a list)`];
    return value.flatMap((v, i) => keyMismatches(v, schema.element as z.ZodType, `${path}[${i}]`));
  }
  if (schema instanceof z.ZodUnion) {
    // The option the answer is: the one whose keys it has (the first one's problems otherwise).
    const each = (schema.options as z.ZodType[]).map((o) => keyMismatches(value, o, path));
    return each.find((m) => m.length === 0) ?? each[0] ?? [];
  }
  if (schema instanceof z.ZodObject) {
    if (typeof value !== "object") return [`${path} (not an object)`];
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

/** Fails when `value` has a key its schema does not list, or lacks one the schema requires, at any depth. */
export function expectExactFields(value: unknown, schema: z.ZodType): void {
  expect(keyMismatches(value, schema)).toEqual([]);
}
