/**
 * A build step (scripts/prerender.ts runs it last): writes a Brotli (.br) and a gzip (.gz) copy beside each
 * text file of the client build's assets, compressed once at their strongest settings. The server sends them
 * (@fastify/static's preCompressed) to a browser that accepts them, instead of compressing each response as
 * it goes at a quick, weaker setting: the code a screen waits for is smaller (about a sixth less than
 * on-the-fly Brotli), and serving it costs no compression at all.
 *
 * Only the hashed files under assets/: a file there never changes under its name, so its copies can never
 * be stale. The files at the root (the service worker, the manifest) keep their names from build to build and
 * stay compressed on the fly, so what is sent is always the file as it is now.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compressOnce } from "../src/server/build-file.ts";

/** Text the browser downloads; fonts and images are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost (the server's own threshold too). */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Writes `name.br` and `name.gz` beside every text file under `dir` (the build's assets) worth compressing. */
export function precompress(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, entry);
    if (!TEXT_FILE.test(entry) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const { br, gzip: gz } = compressOnce(body);
    // A copy only where it is smaller; without one the file itself is sent (and compressed on the fly).
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    result.files += 1;
    result.bytes += body.length;
    result.brotliBytes += Math.min(br.length, body.length);
  }
  return result;
}
