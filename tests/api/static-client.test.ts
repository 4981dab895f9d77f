import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app.ts";

// A small stand-in for the client build, so these tests need no `npm run build`.
const clientDir = mkdtempSync(path.join(os.tmpdir(), "unveil-client-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(
  path.join(clientDir, "index.html"),
  `<!doctype html><html><body><div id="root">${"Unveil ".repeat(300)}</div></body></html>`,
);
writeFileSync(
  path.join(clientDir, "assets", "app-abc123.js"),
  `console.log(${JSON.stringify("x".repeat(2000))});`,
);
writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
writeFileSync(path.join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "Unveil" }));
const t = await createTestApp({ clientDir });

describe("serving the client", () => {
  it("answers index.html for app routes, compressed, with security headers", async () => {
    const res = await t.request({
      method: "GET",
      url: "/dashboard",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-encoding"]).toMatch(/br|gzip/);
    expect(String(res.headers["content-security-policy"])).toContain("object-src 'none'");
  });

  it("serves the service worker and the manifest to be revalidated on every load, and lets only our own run", async () => {
    const sw = await t.request({ method: "GET", url: "/sw.js" });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["content-type"]).toMatch(/javascript/);
    // A new deploy's worker is found on the next visit, never held back by a cached copy.
    expect(sw.headers["cache-control"]).toBe("no-cache");
    const manifest = await t.request({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const csp = String(sw.headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("answers unknown addresses with a 404 status (the app shows its not-found screen) and keeps all but the landing page out of search", async () => {
    const unknown = await t.request({ method: "GET", url: "/no-such-page" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/text\/html/);
    expect(unknown.headers["x-robots-tag"]).toBe("noindex");
    for (const url of ["/dates/12", "/support/3", "/admin/members/9", "/settings", "/auth?tab=register"]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["x-robots-tag"]).toBe("noindex");
    }
    const landing = await t.request({ method: "GET", url: "/" });
    expect(landing.headers["x-robots-tag"]).toBeUndefined();
  });

  it("gives an existing session the sign-in hint, and visitors nothing", async () => {
    const m = await t.member();
    const withSession = await t.request({ method: "GET", url: "/", as: m });
    expect(withSession.cookies.find((c) => c.name === "unveil_auth_hint")?.value).toBe("1");
    const visitor = await t.request({ method: "GET", url: "/" });
    expect(visitor.cookies.find((c) => c.name === "unveil_auth_hint")).toBeUndefined();
  });

  it("keeps unknown API paths as JSON 404s, even encoded", async () => {
    for (const url of ["/api/nope", "/%61pi/nope"]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
  });

  it("serves hashed assets with a long cache lifetime", async () => {
    const res = await t.request({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not serve files outside the build", async () => {
    const res = await t.request({ method: "GET", url: "/..%2f..%2fpackage.json" });
    expect(res.body).not.toContain('"dependencies"');
  });
});
