import { expect } from "vitest";
import { z } from "zod";

/**
 * Checks an answer against its response schema key by key, all the way down: every key the answer carries is
 * listed in the schema (nothing unlisted left the server), and every key the schema requires is there (the
 * handler fills the whole contract). Values are not checked here: the serializer already encoded through the
 * schema, or the answer would have been a 500.
 */
export function expectSchemaKeys(schema: z.ZodType, value: unknown, path = "answer"): void {
  if (value === null || value === undefined) return;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    expectSchemaKeys(schema.unwrap() as z.ZodType, value, path);
  } else if (schema instanceof z.ZodArray) {
    expect(Array.isArray(value), `${path} is a list`).toBe(true);
    (value as unknown[]).forEach((v, i) => {
      expectSchemaKeys(schema.element as z.ZodType, v, `${path}[${i}]`);
    });
  } else if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const actual = Object.keys(value as object).sort();
    const listed = Object.keys(shape);
    expect(
      actual.filter((k) => !listed.includes(k)),
      `${path}: keys not in the schema`,
    ).toEqual([]);
    const required = listed.filter((k) => !(shape[k] instanceof z.ZodOptional));
    expect(
      required.filter((k) => !actual.includes(k)),
      `${path}: keys the schema requires`,
    ).toEqual([]);
    for (const k of actual) expectSchemaKeys(shape[k], (value as Record<string, unknown>)[k], `${path}.${k}`);
  } else if (schema instanceof z.ZodUnion) {
    // The option the answer is: the one whose keys it has.
    const options = schema.options as z.ZodType[];
    const fits = options.filter((o) => {
      try {
        expectSchemaKeys(o, value, path);
        return true;
      } catch {
        return false;
      }
    });
    expect(fits.length, `${path} fits one option of the union`).toBeGreaterThan(0);
  }
}
