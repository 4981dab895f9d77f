/**
 * npm start: builds the client when the build is missing or older than its sources, then starts the server
 * (which migrates, seeds a new embedded database, and serves API and client on PORT).
 *
 * The first build takes most of a minute on a small machine, so it says what it is doing: each step with its
 * number and the seconds so far (updated in place on a terminal, a line every 10 s in a log).
 */
import { spawn } from "node:child_process";
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

/** Runs one build step, showing its label and elapsed seconds until it ends; resolves with its exit code. */
function step(label: string, args: string[]): Promise<number> {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const show = () => process.stdout.write(`\r  ${label}... ${seconds()} s `);
  if (tty) show();
  else console.log(`  ${label}...`);
  const timer = setInterval(
    () => (tty ? show() : seconds() % 10 === 0 && console.log(`  ${label}... ${seconds()} s`)),
    1000,
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    child.on("close", (code) => {
      clearInterval(timer);
      if (tty) process.stdout.write(`\r  ${label}: done in ${seconds()} s\n`);
      else console.log(`  ${label}: done in ${seconds()} s`);
      resolve(code ?? 1);
    });
  });
}

const sources = ["src/app/client", "src/client", "src/features", "src/shared", "vite.config.ts"].map((p) =>
  path.join(root, p),
);
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (builtAt < sourcesAt) {
  console.log(
    builtAt
      ? "Client sources changed: rebuilding the client (3 steps)."
      : "Building the client for the first start (3 steps, about a minute on 2 cores; later starts skip this).",
  );
  // The same steps as `npm run build`: the client, the landing page's server bundle, then the prerender.
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const steps: Array<[string, string[]]> = [
    ["1/3 Bundling the app", [vite, "build", "--logLevel", "warn"]],
    [
      "2/3 Bundling the landing page for prerendering",
      [vite, "build", "--ssr", "../app/client/entry-prerender.tsx", "--logLevel", "warn"],
    ],
    ["3/3 Prerendering the public pages", [path.join(root, "scripts/prerender.ts")]],
  ];
  const started = Date.now();
  for (const [label, args] of steps) {
    const code = await step(label, args);
    if (code !== 0) {
      console.error("Client build failed.");
      process.exit(code);
    }
  }
  console.log(`Client built in ${Math.round((Date.now() - started) / 1000)} s. Starting the server...`);
}

await import("../src/app/server/main.ts");
