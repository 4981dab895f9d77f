import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/server/db/unavailable.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    [
      "an administrator's shutdown (57P01)",
      withCode("57P01", "terminating connection due to administrator command"),
    ],
    ["a server starting up (57P03)", withCode("57P03", "the database system is starting up")],
    ["no connection slot (53300)", withCode("53300", "sorry, too many clients already")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["pg's error inside drizzle's", new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") })],
    ["every address refused", new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "")],
  ])("is true for %s", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a bug", new TypeError("cannot read properties of undefined")],
    ["nothing", undefined],
  ])("is false for %s", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
