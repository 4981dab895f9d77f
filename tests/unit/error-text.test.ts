import { describe, expect, it } from "vitest";
import { describeError } from "../../src/server/error-text.ts";

const sys = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("describeError", () => {
  it("gives an error's message, with its kind when that says something", () => {
    expect(describeError(new Error("no account with that e-mail"))).toBe("no account with that e-mail");
    expect(describeError(new TypeError("x is not a function"))).toBe("TypeError: x is not a function");
  });

  it("says something for an error with an empty message: its code and address, or where it was thrown", () => {
    const refused = sys("", { code: "ECONNREFUSED", syscall: "connect", address: "127.0.0.1", port: 5433 });
    expect(describeError(refused)).toBe("ECONNREFUSED connect 127.0.0.1:5433");
    const bare = describeError(new Error(""));
    expect(bare).toMatch(/^Error with no message \(thrown at .*error-text\.test\.ts/);
  });

  it("lists every error inside an AggregateError (a refused dual-stack localhost)", () => {
    const e = new AggregateError(
      [
        sys("connect ECONNREFUSED ::1:5433", { code: "ECONNREFUSED" }),
        sys("connect ECONNREFUSED 127.0.0.1:5433", { code: "ECONNREFUSED" }),
      ],
      "",
    );
    Object.assign(e, { code: "ECONNREFUSED" });
    expect(describeError(e)).toBe("connect ECONNREFUSED ::1:5433; connect ECONNREFUSED 127.0.0.1:5433");
  });

  it("adds PostgreSQL's code, detail and hint", () => {
    const pgError = sys('relation "venue" does not exist', {
      name: "error",
      code: "42P01",
      hint: "Perhaps venues?",
    });
    expect(describeError(pgError)).toBe(
      'relation "venue" does not exist (hint: Perhaps venues?; code 42P01)',
    );
    expect(describeError(sys("", { name: "error", code: "57P01" }))).toBe("57P01");
  });

  it("follows the cause", () => {
    const e = new Error("the import failed", { cause: sys("", { code: "EACCES", syscall: "open" }) });
    expect(describeError(e)).toBe("the import failed\n  caused by: EACCES open");
  });

  it("describes values that are not errors, and nothing at all", () => {
    expect(describeError(undefined)).toMatch(/failed without saying why \(it gave undefined/);
    expect(describeError(null)).toMatch(/gave null/);
    expect(describeError("")).toBe("the operation failed with an empty message");
    expect(describeError("plain words")).toBe("plain words");
    expect(describeError({ message: "from an object" })).toBe("from an object");
    expect(describeError({ status: 503 })).toBe('a non-error value was thrown: {"status":503}');
    expect(describeError(42)).toBe("a non-error value was thrown: 42");
    for (const v of [undefined, null, "", new Error(""), {}, new AggregateError([], "")]) {
      expect(describeError(v)).not.toMatch(/^\s*$|^undefined$/);
    }
  });
});
