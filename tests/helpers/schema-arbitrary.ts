/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values a request schema accepts
 * (types, enums, patterns, formats, lengths, bounds, required and optional keys, unique items). The
 * generator knows only what the document says, so a value it makes that the server refuses for its shape
 * is a request schema looser than the handler. zod-fast-check would read the zod schemas instead, but it
 * supports zod 3 only; the document is also what clients outside this repository read.
 */
import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
};

/** Schemas named in the document's components, for $ref. */
export type Components = Record<string, JsonSchema>;

const MAX_EXTRA_ITEMS = 4;
const MAX_STRING = 40;
const DAY = 86_400_000;
/** Dates around now (the test clock's year), not year 0 or 9999: a request a member could make. */
const dateArb = fc
  .integer({ min: -400, max: 800 })
  .map((days) => new Date(Date.UTC(2026, 10, 10) + days * DAY + ((days * 7_919_000) % DAY)));

function refTarget(ref: string, components: Components): JsonSchema {
  const name = decodeURIComponent(ref.replace(/^.*#\/components\/schemas\//, ""));
  const target = components[name];
  if (!target) throw new Error(`unknown schema ${ref}`);
  return target;
}

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  // Only the schema's own bounds filter a pattern's or a format's values (a cap of ours could never be met).
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  const max = s.maxLength ?? min + MAX_STRING;
  if (s.format === "date-time") return dateArb.map((d) => d.toISOString());
  if (s.format === "date") return dateArb.map((d) => d.toISOString().slice(0, 10));
  if (s.format === "email")
    return fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/),
        fc.constantFrom("example.com", "mail.co.uk"),
      )
      .map(([local, host]) => `${local.replace(/\.\.+/g, ".")}@${host}`)
      .filter(fits);
  if (s.format === "uuid") return fc.uuid();
  if (s.pattern) {
    // A run of one character class (^[A-Za-z0-9_-]+$) is built to length: filtering stringMatching's
    // mostly short values for a minLength of 20 would almost never pass.
    const run = /^\^(\[[^\]]+\])[+*]\$$/.exec(s.pattern);
    if (run)
      return fc.string({
        unit: fc.stringMatching(new RegExp(`^${run[1]}$`)),
        minLength: Math.max(min, 1),
        maxLength: max,
      });
    return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  }
  // Blank text is what a trimming schema most often lets through and its handler then refuses.
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + MAX_STRING) }) },
    { weight: 1, arbitrary: fc.constantFrom(" ", "   ", "\t \n").filter(fits) },
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e6);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e9);
  if (integer) {
    // fast-check's integers are 32-bit; wider bounds (zod's safe-integer ones) keep to the 32-bit part, plus the ends.
    const lo = Math.max(Math.ceil(min), -(2 ** 31));
    const hi = Math.min(Math.floor(max), 2 ** 31 - 1);
    const ends = [Math.ceil(min), Math.floor(max)].filter((n) => Number.isSafeInteger(n));
    const step = s.multipleOf ?? 1;
    return fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: lo, max: hi }).map((n) => Math.floor(n / step) * step) },
      { weight: 1, arbitrary: fc.constantFrom(...ends) },
    );
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values `schema` accepts. */
export function arbitraryOf(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const next = (s: JsonSchema) => arbitraryOf(s, components, depth + 1);
  if (schema.$ref) return next(refTarget(schema.$ref, components));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(next));
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map(next));
  if (schema.allOf?.length === 1) return next(schema.allOf[0]);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return stringArb(schema);
    case "integer":
      return numberArb(schema, true);
    case "number":
      return numberArb(schema, false);
    case "array": {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + MAX_EXTRA_ITEMS, min + MAX_EXTRA_ITEMS);
      const item = next(schema.items ?? {});
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength: min, maxLength: max });
    }
    case "object": {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, next(v)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
