/**
 * npm start: builds the client when the build is missing or older than its sources, then starts the server
 * (which migrates, seeds a new embedded database, and serves API and client on PORT).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtIndex = path.join(root, "dist/client/index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ["src/client", "src/shared", "vite.config.ts"].map((p) => path.join(root, p));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Client sources changed: rebuilding..." : "Building the client (first start)...");
  // The same steps as `npm run build`: the client, the landing page's server bundle, then the prerender.
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const steps = [
    [vite, "build", "--logLevel", "warn"],
    [vite, "build", "--ssr", "entry-prerender.tsx", "--logLevel", "warn"],
    [path.join(root, "scripts/prerender.ts")],
  ];
  for (const args of steps) {
    const res = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
    if (res.status !== 0) {
      console.error("Client build failed.");
      process.exit(res.status ?? 1);
    }
  }
}

await import("../src/server/main.ts");
