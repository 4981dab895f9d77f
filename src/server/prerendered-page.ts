import type { FastifyReply } from "fastify";
import { compressOnce, perBuild } from "./build-file.ts";

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
 * The client's index.html (the prerendered landing page), read and compressed once per build rather than on
 * every request (compressing 60 kB cost about 1 ms of CPU each time): brotli at its best quality and gzip,
 * picked by Accept-Encoding. A new build is read again (perBuild, at most every `recheckMs`).
 */
export function prerenderedPage(file: string, opts: { recheckMs?: number } = {}) {
  const current = perBuild(file, (raw) => ({ raw, ...compressOnce(raw) }), opts);
  return {
    /** Sends the page, compressed as the client accepts (the compression plugin leaves it as it is). */
    send(reply: FastifyReply, acceptEncoding: string | undefined) {
      const page = current();
      if (!page) throw new Error(`the client build has no ${file}`);
      const encoding = pickEncoding(acceptEncoding);
      reply.header("content-type", "text/html; charset=utf-8").header("vary", "accept-encoding");
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding ? page[encoding] : page.raw);
    },
  };
}
