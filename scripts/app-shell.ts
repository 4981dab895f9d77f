/**
 * The app shell (a build step of scripts/prerender.ts): the page served for every address but the visitor's
 * landing page. index.html carries the landing page's markup and inline styles, and a screen such as
 * /dashboard had to download and lay out all of it, only to hide it, then turn the real stylesheet on and
 * wait for that before drawing anything. The shell is a few kilobytes: the stylesheet as an ordinary link,
 * the fonts, and a placeholder the server fills per address with <link rel="modulepreload"> for the code
 * that address's screen needs (so it downloads beside the boot code, not after it) and <link rel="preload">
 * for the data it reads first (src/server/app-shell.ts).
 *
 * Writes dist/client/app-shell.json: { html, preloads: { base, member, date, auth } }, each list the
 * /assets/ files of that screen's code beyond what the page loads by itself. Vite's manifest, which says
 * which file holds which module, is read and removed (the server has no use for it).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { APP_SHELL_FILE, PRELOADS_MARK, type ShellScreen } from "../src/server/app-shell.ts";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The code of each kind of screen, named by manifest entry: a module path, or a chunk group's name
 * (scripts/chunk-groups.ts) where the screen's code is gathered into one. "base" (the boot code, React DOM
 * and App.tsx) comes before every screen.
 */
const SCREENS = {
  base: ["start.tsx", "group:app"],
  member: ["group:member"],
  date: ["pages/date-detail.tsx"],
  auth: ["group:auth"],
} as const satisfies Record<ShellScreen, readonly string[]>;

function entryKey(manifest: Manifest, root: string): string {
  if (!root.startsWith("group:")) {
    if (!manifest[root]) throw new Error(`app shell: ${root} is not in Vite's manifest`);
    return root;
  }
  const name = root.slice("group:".length);
  const key = Object.keys(manifest).find((k) => k.startsWith(`_${name}-`) && manifest[k]?.name === name);
  if (!key) throw new Error(`app shell: no chunk group "${name}" in Vite's manifest`);
  return key;
}

/** The files a manifest entry needs: its own and, recursively, those it imports statically. */
function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * Builds the shell from Vite's own index.html (before the landing page goes into it) and writes it beside
 * the build. `fontPreloads` are the landing page's preload links for the first screen's fonts.
 */
export function writeAppShell(clientDir: string, viteHtml: string, fontPreloads: string): void {
  const manifestPath = path.join(clientDir, ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  // What index.html already loads: the entry and the files it links itself.
  const inPage = new Set([...viteHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  const base = new Set<string>(inPage);
  for (const root of SCREENS.base) closure(manifest, entryKey(manifest, root), base);
  const preloads: Record<string, string[]> = {};
  for (const [screen, roots] of Object.entries(SCREENS)) {
    const files = new Set<string>();
    for (const root of roots) closure(manifest, entryKey(manifest, root), files);
    const beyond =
      screen === "base" ? [...files].filter((f) => !inPage.has(f)) : [...files].filter((f) => !base.has(f));
    preloads[screen] = beyond.filter((f) => f.endsWith(".js")).map((f) => `/${f}`);
  }

  let html = viteHtml;
  // The title is the screen's to set.
  html = html.replace(/<title>[^<]*<\/title>/, "<title>Unveil</title>");
  html = html.replace(/<\/head>/, `  ${fontPreloads}\n    ${PRELOADS_MARK}\n  </head>`);
  if (!html.includes(PRELOADS_MARK)) throw new Error("app shell: index.html did not have the expected shape");
  writeFileSync(path.join(clientDir, APP_SHELL_FILE), JSON.stringify({ html, preloads }));
  rmSync(path.join(clientDir, ".vite"), { recursive: true, force: true });
}
