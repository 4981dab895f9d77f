/**
 * The service worker names the API addresses it treats specially without importing their declarations (that
 * would bring zod into the worker): these hold its addresses to the contract's.
 */
import { describe, expect, it } from "vitest";
import { routeRequest } from "../../src/client/sw/cache-policy.ts";
import { authApi } from "../../src/shared/contract/auth.ts";

const ORIGIN = "https://unveil.test";
const get = (path: string) => routeRequest({ method: "GET", mode: "cors", url: `${ORIGIN}${path}` }, ORIGIN);

describe("the service worker's API addresses", () => {
  it("watches the signed-in member's read at the contract's address", () => {
    expect(get(authApi.user.path)).toBe("session");
  });
});
