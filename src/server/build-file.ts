import { existsSync, readFileSync, statSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * A file of the client build, read and turned into `T` once per build rather than on every request: a new
 * build (another size or modification time, looked for at most every `recheckMs`, not with a synchronous
 * stat on every request) is read again. Answers null while the file does not exist.
 */
export function perBuild<T>(file: string, load: (raw: Buffer) => T, opts: { recheckMs?: number } = {}) {
  const recheckMs = opts.recheckMs ?? 0;
  let cached: { key: string; value: T } | null = null;
  let checkedAt = 0;
  return function current(): T | null {
    const now = Date.now();
    if (cached && now - checkedAt < recheckMs) return cached.value;
    checkedAt = now;
    if (!existsSync(file)) {
      cached = null;
      return null;
    }
    const st = statSync(file);
    const key = `${st.mtimeMs}:${st.size}`;
    if (cached?.key !== key) cached = { key, value: load(readFileSync(file)) };
    return cached.value;
  };
}

/** Text compressed once at the strongest settings: Brotli at its best quality (text mode) and gzip level 9. */
export function compressOnce(raw: Buffer): { br: Buffer; gzip: Buffer } {
  return {
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
