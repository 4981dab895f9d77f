import fc from "fast-check";

/**
 * Hostile values for fuzzing the API (fast-check): shared by the back-office fuzz (tests/api/admin-fuzz)
 * and the members' and public routes' fuzz (tests/security/fuzz). FUZZ_RUNS sets the runs per route.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Limits high enough that generated requests reach validation and the rules instead of 429s. */
export const FUZZ_RATE_LIMITS = {
  loginPerIp: 1e6,
  loginFailuresPerAccount: 1e6,
  registerPerIp: 1e6,
  forgotPerIp: 1e6,
  forgotPerAccount: 1e6,
  resetPerIp: 1e6,
};

export const nastyStrings = fc.constantFrom(
  "",
  " ",
  " 1",
  "1e3",
  "-1",
  "0",
  "1.5",
  "99999999999",
  "NaN",
  "Infinity",
  "0x10",
  "null",
  "true",
  "%",
  "%%%%",
  "_",
  "\\",
  "'; drop table users; --",
  "=1+1",
  "+cmd|' /C calc'!A0",
  "@SUM(1)",
  "-2+3",
  "\t=1",
  "<script>alert(1)</script>",
  "\u202e\u0301",
  "😀".repeat(40),
  "\uD800",
  "a\u0000b",
  "a\r\nSet-Cookie: x=1",
  "../../etc/passwd",
  "x".repeat(3000),
  "9999-12-31T23:59:59-14:00",
  "9999-12-31T23:59-05:00",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00+14:00",
  "+275760-09-13T00:00:00Z",
  "2026-02-30T10:00",
  "2030-01-01T19:00",
  "2031-03-30T01:30",
  "2030-01-01T19:00:00.000Z",
  "1969-12-31T23:59:59Z",
  "pending",
  "approved",
  "rejected",
  "booked",
  "cancelled",
  "restaurant",
  "London",
  "percentage",
  "fixed_amount",
  "silver",
  "gold",
  "{{firstName}}",
  "{{__proto__}}",
  "http://x",
  "https://example.com",
  "a@b.c",
  "SW1A 1AA",
);

export const nastyNumbers = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    1.5,
    0.001,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    1e308,
    -1e308,
    5e-324,
    99999999999,
    1e21,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const leaf = fc.oneof(
  nastyStrings,
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  nastyNumbers,
  fc.boolean(),
  fc.constant(null),
);

/** A leaf, a short array or a small object whose keys come from `keys`. */
export const anyValue = (keys: readonly string[]) =>
  fc.oneof(
    { depthSize: "small" },
    leaf,
    leaf,
    fc.array(leaf, { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...keys), leaf, { maxKeys: 3 }),
  );

export const idText = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "1e3",
  "%201",
  "99999999999",
  "2147483648",
  "abc",
  "%00",
  "%E2%80%AE",
  "1%0D%0A",
  "__proto__",
);

export const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return "%ED%A0%80"; // a lone surrogate: sent as raw bytes
  }
};

export const queryOf = (keys: readonly string[]) =>
  fc.dictionary(
    fc.constantFrom(...keys, "__proto__"),
    fc.oneof(nastyStrings, fc.nat().map(String)).map(encode),
    {
      maxKeys: 3,
    },
  );

export const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Malformed or hostile JSON text, sent as is. */
export const rawBodies = fc.constantFrom(
  "",
  "{",
  "[1,",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  "null",
  '"x"',
  "1e999",
  "\u0000",
  '{"name":"\\u0000"}',
  "\uFEFF{}",
);

/** JSON text nested `levels` deep (objects and arrays in turn): too deep for naive recursive code. */
export function deepJson(levels: number, key = "a"): string {
  const pairs = Math.floor(levels / 2);
  const inner = levels % 2 ? "[1]" : "1";
  return `${`{"${key}":[`.repeat(pairs)}${inner}${"]}".repeat(pairs)}`;
}

/** How a body is broken: fields replaced (mostly the route's own), dropped, the whole body replaced, raw text. */
export type BodyChange =
  | { kind: "fields"; fields: Array<[string, unknown]> }
  | { kind: "drop"; drop: string[]; fields: Array<[string, unknown]> }
  | { kind: "whole"; whole: unknown }
  | { kind: "raw"; raw: string }
  | { kind: "deep"; field: string; levels: number }
  | { kind: "huge"; field: string; size: number };

export function bodyChange(ownKeys: readonly string[], keys: readonly string[]): fc.Arbitrary<BodyChange> {
  const all = [...new Set([...ownKeys, ...keys])];
  const key = ownKeys.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ownKeys) },
        { weight: 1, arbitrary: fc.constantFrom(...all) },
      )
    : fc.constantFrom(...all);
  const value = anyValue(all);
  const fields = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 3 });
  const kinds: Array<fc.WeightedArbitrary<BodyChange>> = [
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("fields" as const), fields }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("whole" as const), whole: value }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), raw: rawBodies }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("deep" as const),
        field: key,
        levels: fc.constantFrom(100, 2_000),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("huge" as const),
        field: key,
        // Under and over the 1 MiB body limit.
        size: fc.constantFrom(100_000, 1_100_000),
      }),
    },
  ];
  if (ownKeys.length)
    kinds.push({
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("drop" as const),
        drop: fc.subarray([...ownKeys], { minLength: 1 }),
        fields: fc.array(fc.tuple(fc.constantFrom(...all), value), { maxLength: 2 }),
      }),
    });
  return fc.oneof(...kinds);
}

/** The JSON text of `base` broken by `change`. Object.fromEntries keeps "__proto__" as an own key. */
export function brokenBody(base: Record<string, unknown>, change: BodyChange): string {
  switch (change.kind) {
    case "raw":
      return change.raw;
    case "whole":
      return JSON.stringify(change.whole) ?? "null";
    case "fields":
      return JSON.stringify(Object.fromEntries([...Object.entries(base), ...change.fields]));
    case "drop":
      return JSON.stringify(
        Object.fromEntries([
          ...Object.entries(base).filter(([k]) => !change.drop.includes(k)),
          ...change.fields,
        ]),
      );
    case "deep": {
      const rest = JSON.stringify(
        Object.fromEntries(Object.entries(base).filter(([k]) => k !== change.field)),
      );
      const deep = `{${JSON.stringify(change.field)}:${deepJson(change.levels)}}`;
      return rest === "{}" ? deep : `${deep.slice(0, -1)},${rest.slice(1)}`;
    }
    case "huge":
      return JSON.stringify({ ...base, [change.field]: "é".repeat(change.size / 2) });
  }
}

/** A message a person can read: a sentence, not a code, a stack or a serialised value. */
export function isHumanMessage(m: unknown): boolean {
  return (
    typeof m === "string" &&
    m.length >= 5 &&
    m.length <= 300 &&
    /^[A-Za-z"“]/.test(m) &&
    m.includes(" ") &&
    !/\b(undefined|NaN|\[object|FST_\w+|at \w+ \(|Error:)/.test(m)
  );
}
