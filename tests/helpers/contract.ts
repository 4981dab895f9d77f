/**
 * The response contract, checked from the outside: an answer carries exactly the fields its zod schema lists
 * (nested objects and arrays included), so a column added to a table cannot leave through a route unnoticed.
 */
import { expect } from "vitest";
import { z } from "zod";

/** Fails when `value` has a key its schema does not list, or lacks one the schema requires. */
export function expectExactFields(value: unknown, schema: z.ZodType, path = "answer"): void {
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    if (value === null || value === undefined) return;
    expectExactFields(value, schema.unwrap() as z.ZodType, path);
    return;
  }
  if (schema instanceof z.ZodArray) {
    expect(Array.isArray(value), `${path} is an array`).toBe(true);
    (value as unknown[]).forEach((item, i) => {
      expectExactFields(item, schema.element as z.ZodType, `${path}[${i}]`);
    });
    return;
  }
  if (schema instanceof z.ZodObject) {
    expect(typeof value, `${path} is an object`).toBe("object");
    const shape = schema.shape as Record<string, z.ZodType>;
    const record = value as Record<string, unknown>;
    const required = Object.keys(shape).filter((k) => !(shape[k] instanceof z.ZodOptional));
    expect(
      Object.keys(record).filter((k) => !(k in shape)),
      `fields of ${path} not in its schema`,
    ).toEqual([]);
    expect(
      required.filter((k) => !(k in record)),
      `fields of ${path} missing`,
    ).toEqual([]);
    for (const [key, field] of Object.entries(shape)) expectExactFields(record[key], field, `${path}.${key}`);
  }
}
