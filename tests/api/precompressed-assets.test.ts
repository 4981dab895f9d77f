import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress.ts";
import { createTestApp } from "../helpers/app.ts";

// A stand-in for a build: a script, a stylesheet, a font and a small file among the hashed assets; the shell's
// template and a service worker at the root.
const clientDir = mkdtempSync(path.join(os.tmpdir(), "unveil-client-packed-"));
mkdirSync(path.join(clientDir, "assets"));
const SCRIPT = `export function greet(name){return "Hello, "+name+"!"}\n`.repeat(400);
const STYLES = `.card{border-radius:1rem;padding:1.5rem;color:var(--foreground)}\n`.repeat(300);
writeFileSync(
  path.join(clientDir, "index.html"),
  "<!doctype html><html><body><div id=root></div></body></html>",
);
writeFileSync(path.join(clientDir, "assets", "app-1.js"), SCRIPT);
writeFileSync(path.join(clientDir, "assets", "index-1.css"), STYLES);
writeFileSync(path.join(clientDir, "assets", "inter-1.woff2"), Buffer.alloc(4096, 7));
writeFileSync(path.join(clientDir, "assets", "tiny-1.js"), "export const a = 1;\n");
writeFileSync(
  path.join(clientDir, "app-shell.json"),
  JSON.stringify({ html: "x".repeat(4096), preloads: {} }),
);
writeFileSync(path.join(clientDir, "sw.js"), SCRIPT);
const result = precompress(path.join(clientDir, "assets"));
const t = await createTestApp({ clientDir });

const get = (url: string, acceptEncoding?: string) =>
  t.request({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("precompressed client files", () => {
  it("are written beside the hashed assets worth it: not fonts, not tiny files, nothing at the root", () => {
    expect(result.files).toBe(2);
    expect(result.brotliBytes).toBeLessThan(result.bytes / 10);
    for (const name of ["assets/app-1.js", "assets/index-1.css"]) {
      expect(existsSync(path.join(clientDir, `${name}.br`)), name).toBe(true);
      expect(existsSync(path.join(clientDir, `${name}.gz`)), name).toBe(true);
    }
    for (const name of ["assets/inter-1.woff2", "assets/tiny-1.js", "app-shell.json", "sw.js"])
      expect(existsSync(path.join(clientDir, `${name}.br`)), name).toBe(false);
  });

  it("sends the Brotli copy to a browser that accepts it, once compressed, with the file's own type", async () => {
    const res = await get("/assets/app-1.js", "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    // The build's copy itself, not a fresh on-the-fly compression.
    expect(res.rawPayload.equals(readFileSync(path.join(clientDir, "assets/app-1.js.br")))).toBe(true);
  });

  it("sends the gzip copy to a browser without Brotli, and the file itself to one that accepts neither", async () => {
    const gz = await get("/assets/index-1.css", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(STYLES);
    expect(gz.rawPayload.equals(readFileSync(path.join(clientDir, "assets/index-1.css.gz")))).toBe(true);

    const plain = await get("/assets/index-1.css", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(STYLES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("still compresses on the fly what has no copy, and still keeps the shell's template back", async () => {
    // The service worker keeps its name from build to build: always the file as it is now, compressed as sent.
    writeFileSync(path.join(clientDir, "sw.js"), `${SCRIPT}// a new deploy\n`);
    const sw = await get("/sw.js", "br");
    expect(sw.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(`${SCRIPT}// a new deploy\n`);

    const font = await get("/assets/inter-1.woff2", "br");
    expect(font.statusCode).toBe(200);
    expect(font.rawPayload.length).toBe(4096);

    for (const url of ["/app-shell.json", "/app-shell.json.br", "/app-shell.json.gz"]) {
      const res = await get(url, "br");
      expect(res.body, url).not.toContain("xxxx");
    }
  });
});
