import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isClientRoute } from "../../src/shared/routes.ts";

describe("the server's list of client routes", () => {
  it("knows every route App.tsx declares, so none answers 404", () => {
    const app = readFileSync(new URL("../../src/app/client/App.tsx", import.meta.url), "utf8");
    const paths = [...app.matchAll(/path="([^"]+)"/g)].map((m) => m[1]);
    const listed = [...app.matchAll(/^\s+"(\/[^"]*)",$/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(10);
    for (const p of [...paths, ...listed]) expect(isClientRoute(p.replace(/:\w+/g, "42")), p).toBe(true);
  });

  it("does not know made-up ones", () => {
    for (const p of ["/nope", "/dates", "/dates/1/2", "/settingsx", "/admin/members"])
      expect(isClientRoute(p)).toBe(false);
  });
});
