/**
 * A Vite plugin that builds src/client/sw.ts into dist/client/sw.js after the client bundle: one classic
 * script at the root (a worker's scope is its folder; module workers are not yet everywhere), told the id of
 * the build and the hashed files the date page needs so it can keep them when it installs.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "vite";

const SW_ENTRY = fileURLToPath(new URL("../src/client/sw.ts", import.meta.url));
/**
 * The modules whose chunks a member needs to open a date page offline, and the landing page (the kept "/" may
 * be the prerendered landing page, which the app cannot take over without its code); their imports and
 * styles come with them.
 */
const OFFLINE_ROOTS = [
  "src/app/client/main.tsx",
  "src/client/start.tsx",
  "src/app/client/App.tsx",
  "src/client/pages/date-detail.tsx",
  "src/client/pages/landing.tsx",
  "src/client/components/ui/toaster.tsx",
];
/** The Latin faces the app uses (the other scripts' files load only for text that needs them). */
const FONTS = /-latin-wght-(normal|italic)-[\w-]+\.woff2$/;

interface ChunkLike {
  type: "chunk";
  fileName: string;
  moduleIds: readonly string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}
interface AssetLike {
  type: "asset";
  fileName: string;
}

/**
 * The precache list: every chunk holding a root module, its static imports, their CSS, and the Latin fonts.
 * A root may be the chunk's own module or sit in a chunk group (scripts/chunk-groups.ts: App.tsx in "app",
 * the landing page in "landing"), whose chunk has no facade module.
 */
export function offlineFiles(bundle: Record<string, ChunkLike | AssetLike>, root: string): string[] {
  const byFile = new Map(Object.entries(bundle));
  const rootIds = OFFLINE_ROOTS.map((r) => path.join(root, r));
  const roots = Object.values(bundle).filter(
    (o): o is ChunkLike => o.type === "chunk" && rootIds.some((id) => o.moduleIds.includes(id)),
  );
  const files = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next?.type === "chunk") visit(next);
    }
  };
  roots.forEach(visit);
  for (const o of Object.values(bundle))
    if (o.type === "asset" && FONTS.test(o.fileName)) files.add(o.fileName);
  return [...files].sort().map((f) => `/${f}`);
}

export function serviceWorkerBuild(): Plugin {
  let outDir = "";
  let projectRoot = "";
  let skip = false;
  let precache: string[] = [];
  let buildId = "";
  return {
    name: "unveil-service-worker",
    apply: "build",
    configResolved(config) {
      skip = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
      projectRoot = path.resolve(config.root, "../..");
    },
    generateBundle(_options, bundle) {
      if (skip) return;
      const all = bundle as unknown as Record<string, ChunkLike | AssetLike>;
      precache = offlineFiles(all, projectRoot);
      // Every built file is named by its content, so their names together identify the build.
      buildId = createHash("sha256").update(Object.keys(all).sort().join("\n")).digest("hex").slice(0, 12);
    },
    async writeBundle() {
      if (skip) return;
      await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        define: {
          __SW_BUILD__: JSON.stringify(buildId),
          __SW_PRECACHE__: JSON.stringify(precache),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry: SW_ENTRY, formats: ["iife"], name: "unveilWorker", fileName: () => "sw.js" },
        },
      });
    },
  };
}
