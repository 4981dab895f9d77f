import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { pickEncoding, prerenderedPage } from "../../src/server/prerendered-page.ts";

describe("the prerendered page, compressed once", () => {
  it("picks brotli, then gzip, never a coding refused with q=0", () => {
    expect(pickEncoding("br, gzip")).toBe("br");
    expect(pickEncoding("gzip, deflate, br;q=0.5")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("GZIP;Q=0.8")).toBe("gzip");
  });

  it("sends the file's current bytes in each coding, and a rebuilt file afresh", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "unveil-page-")), "index.html");
    writeFileSync(file, `<html>${"first ".repeat(500)}</html>`);
    const page = prerenderedPage(file);
    const app = Fastify();
    app.get("/", async (req, reply) => page.send(reply, req.headers["accept-encoding"]));
    const get = (enc?: string) =>
      app.inject({ url: "/", headers: enc ? { "accept-encoding": enc } : {} }).then((r) => ({
        encoding: r.headers["content-encoding"],
        type: r.headers["content-type"],
        vary: r.headers.vary,
        raw: r.rawPayload,
      }));
    const br = await get("br, gzip");
    expect(br).toMatchObject({ encoding: "br", type: "text/html; charset=utf-8", vary: "accept-encoding" });
    expect(brotliDecompressSync(br.raw).toString()).toContain("first first");
    expect(gunzipSync((await get("gzip")).raw).toString()).toContain("first first");
    const plain = await get();
    expect(plain.encoding).toBeUndefined();
    expect(plain.raw.toString()).toContain("first first");

    writeFileSync(file, `<html>${"second build ".repeat(400)}</html>`);
    expect(brotliDecompressSync((await get("br")).raw).toString()).toContain("second build");
    await app.close();
  });
});
