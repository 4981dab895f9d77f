import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRELOADS_MARK } from "../../src/server/app-shell.ts";
import { createTestApp } from "../helpers/app.ts";

// A stand-in for a build with its app shell (scripts/app-shell.ts writes the real one).
const clientDir = mkdtempSync(path.join(os.tmpdir(), "unveil-client-shell-"));
mkdirSync(path.join(clientDir, "assets"));
const LANDING = `<!doctype html><html><body><div id="root"><h1>Surprise dates in London</h1>${"Unveil ".repeat(300)}</div></body></html>`;
writeFileSync(path.join(clientDir, "index.html"), LANDING);
writeFileSync(
  path.join(clientDir, "app-shell.json"),
  JSON.stringify({
    html: `<!doctype html><html><head><title>Unveil</title>\n    ${PRELOADS_MARK}\n  </head><body><div id="root"></div><noscript>${"Unveil needs JavaScript. ".repeat(60)}</noscript></body></html>`,
    preloads: {
      base: ["/assets/start-1.js", "/assets/app-1.js"],
      member: ["/assets/member-1.js"],
      date: ["/assets/date-detail-1.js", "/assets/member-1.js"],
      auth: ["/assets/auth-1.js"],
    },
  }),
);
const t = await createTestApp({ clientDir });

const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
const dataPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials"/g)].map(
    (m) => m[1],
  );

describe("the app shell", () => {
  it("answers the landing page on / for a visitor, and the small shell everywhere else", async () => {
    const landing = await t.request({ method: "GET", url: "/" });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain("Surprise dates in London");
    expect(landing.body).not.toContain("modulepreload");

    const auth = await t.request({ method: "GET", url: "/auth?tab=register" });
    expect(auth.statusCode).toBe(200);
    expect(auth.headers["content-type"]).toMatch(/^text\/html/);
    expect(auth.headers["cache-control"]).toBe("no-store");
    expect(auth.headers["x-robots-tag"]).toBe("noindex");
    expect(auth.body).not.toContain("Surprise dates in London");
    expect(auth.body).not.toContain(PRELOADS_MARK);
    expect(modulepreloads(auth.body)).toEqual([
      "/assets/start-1.js",
      "/assets/app-1.js",
      "/assets/auth-1.js",
    ]);
    // A visitor has no session: nothing of theirs to read ahead.
    expect(dataPreloads(auth.body)).toEqual([]);
  });

  it("preloads the screen's code, and for a member the reads the screen starts with", async () => {
    const m = await t.member();
    const dashboard = await t.request({ method: "GET", url: "/dashboard", as: m });
    expect(modulepreloads(dashboard.body)).toEqual([
      "/assets/start-1.js",
      "/assets/app-1.js",
      "/assets/member-1.js",
    ]);
    expect(dataPreloads(dashboard.body)).toEqual(["/api/auth/user", "/api/dates/user", "/api/dates/stats"]);

    const date = await t.request({ method: "GET", url: "/dates/42", as: m });
    expect(modulepreloads(date.body)).toEqual([
      "/assets/start-1.js",
      "/assets/app-1.js",
      "/assets/date-detail-1.js",
      "/assets/member-1.js",
    ]);
    expect(dataPreloads(date.body)).toEqual(["/api/auth/user", "/api/dates/42"]);

    // "/" for a member is their home, not the landing page.
    const home = await t.request({ method: "GET", url: "/", as: m });
    expect(home.body).not.toContain("Surprise dates in London");
    expect(modulepreloads(home.body)).toContain("/assets/member-1.js");
    expect(dataPreloads(home.body)).toEqual(["/api/auth/user"]);

    const settings = await t.request({ method: "GET", url: "/settings", as: m });
    expect(modulepreloads(settings.body)).toEqual(["/assets/start-1.js", "/assets/app-1.js"]);
    expect(dataPreloads(settings.body)).toEqual(["/api/auth/user"]);
  });

  it("is compressed like any page, and unknown addresses still answer 404 with it", async () => {
    const res = await t.request({
      method: "GET",
      url: "/no-such-page",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("never puts anything but digits of the address into a preload", async () => {
    const m = await t.member();
    for (const url of ['/dates/1"><script>alert(1)</script>', "/dates/1%22%3E%3Cscript%3E", "/dates/abc"]) {
      const res = await t.request({ method: "GET", url, as: m });
      expect(res.body, url).not.toContain("<script>alert");
      expect(dataPreloads(res.body), url).toEqual(["/api/auth/user"]);
    }
  });

  it("does not serve its own template, whether it was there at start or built since", async () => {
    const res = await t.request({ method: "GET", url: "/app-shell.json" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });

    const lateDir = mkdtempSync(path.join(os.tmpdir(), "unveil-client-late-"));
    writeFileSync(path.join(lateDir, "index.html"), LANDING);
    const late = await createTestApp({ clientDir: lateDir });
    writeFileSync(path.join(lateDir, "app-shell.json"), readFileSync(path.join(clientDir, "app-shell.json")));
    const built = await late.request({ method: "GET", url: "/app-shell.json" });
    expect(built.statusCode).toBe(404);
    expect(built.body).not.toContain(PRELOADS_MARK);
  });
});
