/**
 * A Vite plugin: in the browser's bundle, each endpoint declaration (src/shared/contract/<area>.ts) is only its
 * method and path. The client needs nothing else at run time (its types come from the full declaration, which
 * the type checker reads), so the zod schemas a declaration names stay out of every chunk that only calls the
 * API. The declarations are loaded in Node and written out as plain objects.
 */
import { statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const DECLARATIONS =
  /[\\/]src[\\/](shared[\\/]contract[\\/](?!endpoint\.ts$)[\w-]+|features[\\/][\w-]+[\\/]contract)\.ts$/;

function isEndpoint(value: unknown): value is { method: string; path: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { method?: unknown }).method === "string" &&
    typeof (value as { path?: unknown }).path === "string"
  );
}

/** Each exported group of declarations as `{ name: { method, path } }`; anything else exported is refused. */
export function stubOf(exports: Record<string, unknown>, file: string): string {
  const lines: string[] = [];
  for (const [name, group] of Object.entries(exports)) {
    if (!group || typeof group !== "object")
      throw new Error(`${file}: export ${name} is not a group of endpoints`);
    const stub: Record<string, { method: string; path: string }> = {};
    for (const [key, ep] of Object.entries(group)) {
      if (!isEndpoint(ep)) throw new Error(`${file}: ${name}.${key} is not an endpoint declaration`);
      stub[key] = { method: ep.method, path: ep.path };
    }
    lines.push(`export const ${name} = ${JSON.stringify(stub)};`);
  }
  return `${lines.join("\n")}\n`;
}

export function contractStubs(): Plugin {
  return {
    name: "contract-stubs",
    enforce: "pre",
    load: {
      filter: { id: DECLARATIONS },
      async handler(id) {
        const file = id.split("?")[0];
        if (!DECLARATIONS.test(file)) return null;
        // The file's modification time in the address: a changed declaration is read afresh (vite dev).
        const url = `${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`;
        const exports: Record<string, unknown> = await import(url);
        return stubOf(exports, file);
      },
    },
  };
}
