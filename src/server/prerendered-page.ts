import { readFileSync, statSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply } from "fastify";

export type PageEncoding = "br" | "gzip";

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding refused with
 * q=0 is never chosen; "*" stands for any coding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: PageEncoding) => (q.get(coding) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * The client's index.html (the prerendered landing page, also the shell of every app route), read and
 * compressed once per build rather than on every request (compressing 60 kB cost about 1 ms of CPU each
 * time): brotli at its best quality and gzip, picked by Accept-Encoding. A new build (another size or
 * modification time, checked at most every `recheckMs`) is read again.
 */
export function prerenderedPage(file: string, opts: { recheckMs?: number } = {}) {
  const recheckMs = opts.recheckMs ?? 0;
  let cached: { key: string; raw: Buffer; br: Buffer; gzip: Buffer } | null = null;
  let checkedAt = 0;
  function current() {
    // The app looks for a new build at most once a second, not with a synchronous stat on every request.
    const now = Date.now();
    if (cached && now - checkedAt < recheckMs) return cached;
    checkedAt = now;
    const st = statSync(file);
    const key = `${st.mtimeMs}:${st.size}`;
    if (cached?.key !== key) {
      const raw = readFileSync(file);
      cached = {
        key,
        raw,
        br: brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip: gzipSync(raw, { level: 9 }),
      };
    }
    return cached;
  }
  return {
    /** Sends the page, compressed as the client accepts (the compression plugin leaves it as it is). */
    send(reply: FastifyReply, acceptEncoding: string | undefined) {
      const page = current();
      const encoding = pickEncoding(acceptEncoding);
      reply.header("content-type", "text/html; charset=utf-8").header("vary", "accept-encoding");
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding ? page[encoding] : page.raw);
    },
  };
}
