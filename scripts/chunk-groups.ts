/**
 * How the client's code is cut into files (vite.config.ts, build.rolldownOptions.output.codeSplitting).
 *
 * Left alone, the bundler makes a file for every set of screens sharing a module: about 45 scripts for
 * /dashboard, each a request (six at a time over HTTP/1.1) and a module to link. Six groups gather them:
 *  - "app": App.tsx and everything it imports statically, and what the landing page shares with any other
 *    screen (it was there when the landing page was part of "app");
 *  - "landing": the landing page's code no other screen uses, loaded only where it shows (a visitor's "/",
 *    partner invitations), so the member's screens neither download nor evaluate it;
 *  - "member": what the everyday signed-in screens (home, dashboard) need beyond "app";
 *  - "date": what the date page needs beyond those (the page itself keeps its own file);
 *  - "auth": what the sign-in screen needs beyond "app";
 *  - "common": what the sign-in screen shares with the member's screens.
 * main.tsx and start.tsx (the boot code and React DOM) are left as they are. Rarer screens (settings, billing, admin, gifts...)
 * keep the bundler's own splitting and load "member" for what they share with it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLIENT = fileURLToPath(new URL("../src/client/", import.meta.url));
/** The composition roots above the features (src/app/client): App.tsx, main.tsx, the screens several make up. */
const APP_CLIENT = fileURLToPath(new URL("../src/app/client/", import.meta.url));
/** main.tsx and start.tsx: the boot code (index.html's script, React DOM), left as they are. */
const BOOT_ROOTS = [`${APP_CLIENT}main.tsx`, `${CLIENT}start.tsx`];
const APP = `${APP_CLIENT}App.tsx`;
const MEMBER_ROOTS = [`${CLIENT}pages/home.tsx`, `${APP_CLIENT}pages/dashboard.tsx`];
/** The date page: its code beyond "member" in one file. */
const DATE_ROOTS = ["pages/date-detail.tsx"].map((f) => CLIENT + f);
const AUTH_ROOTS = ["pages/auth.tsx"].map((f) => CLIENT + f);
const LANDING_ROOTS = ["pages/landing.tsx"].map((f) => CLIENT + f);

interface ModuleLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  code: string | null;
}
interface GraphLike {
  getModuleInfo(id: string): ModuleLike | null;
}
interface Sets {
  shell: Set<string>;
  member: Set<string>;
  date: Set<string>;
  auth: Set<string>;
  landing: Set<string>;
  landingOnly: Set<string>;
}

/**
 * lucide-react and radix-ui are imported through an index that re-exports every icon or primitive: followed
 * as written, any module naming one would seem to need them all (the bundler drops the rest later). So an
 * index is not followed; what a module names in its import from it is, through the index's own lines.
 */
const BARRELS: Array<{ specifier: string; id: RegExp }> = [
  { specifier: "lucide-react", id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: "radix-ui", id: /[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/ },
];
const barrelOf = (id: string) => BARRELS.find((b) => b.id.test(id));
const names = (list: string) =>
  list
    .split(",")
    .map((n) => n.trim().replace(/^type\s+/, ""))
    .filter(Boolean);

/** Each name a barrel exports, with the module it comes from. */
const barrelMaps = new Map<string, Map<string, string>>();
function barrelMap(id: string, info: ModuleLike): Map<string, string> {
  let map = barrelMaps.get(id);
  if (map) return map;
  map = new Map();
  const resolve = (spec: string) =>
    spec.startsWith(".")
      ? path.resolve(path.dirname(id), spec)
      : info.importedIds.find((i) => i.includes(`${path.sep}${spec}${path.sep}`));
  const code = info.code ?? "";
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(m[2]);
    if (target) for (const n of names(m[1])) map.set(n.split(/\s+as\s+/).pop() as string, target);
  }
  for (const m of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
    const target = resolve(m[2]);
    if (target) map.set(m[1], target);
  }
  barrelMaps.set(id, map);
  return map;
}

/** The modules a module takes from `barrelId` by name (`import { A, B as C } from "<specifier>"`). */
function namedFromBarrel(graph: GraphLike, code: string, barrelId: string): string[] {
  const barrel = barrelOf(barrelId);
  const info = graph.getModuleInfo(barrelId);
  if (!barrel || !info) return [];
  const map = barrelMap(barrelId, info);
  const found: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${barrel.specifier}["']`, "g");
  for (const m of code.matchAll(pattern))
    for (const n of names(m[1])) {
      const target = map.get(n.split(/\s+as\s+/)[0]);
      if (target) found.push(target);
    }
  return found;
}

/** The modules `roots` import statically, directly or not (themselves included), minus `outside`. */
function staticClosure(graph: GraphLike, roots: string[], outside: Set<string>): Set<string> {
  return closure(graph, roots, outside, false);
}

/** Every module `roots` can load, statically or on demand (themselves included), minus `outside`. */
function loadableClosure(graph: GraphLike, roots: string[], outside: Set<string>): Set<string> {
  return closure(graph, roots, outside, true);
}

function closure(graph: GraphLike, roots: string[], outside: Set<string>, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id) || outside.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info || barrelOf(id)) continue;
    for (const imported of info.importedIds)
      if (barrelOf(imported)) stack.push(...namedFromBarrel(graph, info.code ?? "", imported));
      else stack.push(imported);
    if (dynamic) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

// The graph's objects are reused within one chunking pass: the sets are worked out once per build.
const cache = new WeakMap<ModuleLike, Sets>();
function setsFor(graph: GraphLike): Sets | null {
  const app = graph.getModuleInfo(APP);
  if (!app) return null;
  let sets = cache.get(app);
  if (!sets) {
    const boot = staticClosure(graph, BOOT_ROOTS, new Set());
    const shell = staticClosure(graph, [APP], boot);
    const outside = new Set([...boot, ...shell]);
    const landing = staticClosure(graph, LANDING_ROOTS, outside);
    // What any screen but the landing page can load: the landing page's modules among it stay in "app".
    const elsewhere = loadableClosure(graph, BOOT_ROOTS, new Set(LANDING_ROOTS));
    sets = {
      shell,
      member: staticClosure(graph, MEMBER_ROOTS, outside),
      date: staticClosure(graph, DATE_ROOTS, outside),
      auth: staticClosure(graph, AUTH_ROOTS, outside),
      landing,
      landingOnly: new Set([...landing].filter((id) => !elsewhere.has(id))),
    };
    cache.set(app, sets);
  }
  return sets;
}

/** The group a module belongs to, or null for the bundler's own splitting (main.tsx, start.tsx, the rest). */
export function chunkGroup(id: string, graph: GraphLike): string | null {
  const sets = setsFor(graph);
  // The date page's own module stays its own file, named after it: the service worker's precache list
  // (scripts/service-worker-build.ts) starts from it and follows its imports.
  if (!sets || DATE_ROOTS.includes(id)) return null;
  if (sets.shell.has(id)) return "app";
  const member = sets.member.has(id);
  const date = sets.date.has(id);
  const auth = sets.auth.has(id);
  if (sets.landing.has(id)) return sets.landingOnly.has(id) ? "landing" : "app";
  if (auth && (member || date)) return "common";
  if (member) return "member";
  if (date) return "date";
  if (auth) return "auth";
  return null;
}
