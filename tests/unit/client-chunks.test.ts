import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { chunkGroup } from "../../scripts/chunk-groups.ts";
import { offlineFiles } from "../../scripts/service-worker-build.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The boot code, App.tsx and the screens several features make up stand above the features (src/app/client). */
const ABOVE = new Set(["main.tsx", "App.tsx", "pages/dashboard.tsx", "pages/settings.tsx"]);
const client = (file: string) => `${ROOT}src/${ABOVE.has(file) ? "app/client" : "client"}/${file}`;

/** A small module graph shaped like the app's: what imports what, statically and on demand. */
function graph(modules: Record<string, { imports?: string[]; dynamic?: string[] }>) {
  const infos = new Map(
    Object.entries(modules).map(([file, m]) => [
      client(file),
      {
        importedIds: (m.imports ?? []).map(client),
        dynamicallyImportedIds: (m.dynamic ?? []).map(client),
        code: "",
      },
    ]),
  );
  return { getModuleInfo: (id: string) => infos.get(id) ?? null };
}

describe("which file a client module goes in (chunk-groups.ts)", () => {
  const app = graph({
    "main.tsx": { dynamic: ["start.tsx", "App.tsx", "pages/landing.tsx"] },
    "start.tsx": {},
    "App.tsx": {
      imports: ["lib/query.ts"],
      dynamic: ["pages/landing.tsx", "pages/home.tsx", "pages/dashboard.tsx", "pages/onboarding.tsx"],
    },
    "lib/query.ts": {},
    "pages/landing.tsx": {
      imports: [
        "components/landing/hero.tsx",
        "components/landing/legal-dialog.tsx",
        "components/ui/accordion.tsx",
      ],
    },
    "components/landing/hero.tsx": {},
    "components/landing/legal-dialog.tsx": {},
    "components/ui/accordion.tsx": {},
    "pages/home.tsx": {},
    "pages/dashboard.tsx": { imports: ["components/ui/accordion.tsx"] },
    // A rarer screen, outside every group, that shows the landing page's legal texts.
    "pages/onboarding.tsx": { imports: ["components/landing/legal-dialog.tsx"] },
  });
  const group = (file: string) => chunkGroup(client(file), app);

  it("gives the landing page's own modules a file that no other screen loads", () => {
    expect(group("pages/landing.tsx")).toBe("landing");
    expect(group("components/landing/hero.tsx")).toBe("landing");
  });

  it("leaves in app what the landing page shares with any other screen, everyday or rare", () => {
    expect(group("components/ui/accordion.tsx")).toBe("app");
    expect(group("components/landing/legal-dialog.tsx")).toBe("app");
    expect(group("lib/query.ts")).toBe("app");
  });

  it("keeps the member's everyday screens together and the rarer ones to the bundler", () => {
    expect(group("pages/dashboard.tsx")).toBe("member");
    expect(group("pages/home.tsx")).toBe("member");
    expect(group("pages/onboarding.tsx")).toBeNull();
  });
});

describe("what the service worker keeps when it installs (service-worker-build.ts)", () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facade?: string) => ({
    type: "chunk" as const,
    fileName,
    facadeModuleId: facade ? client(facade) : null,
    moduleIds: moduleIds.map(client),
    imports,
  });
  const bundle = {
    "assets/index-1.js": chunk("assets/index-1.js", ["main.tsx"], [], "main.tsx"),
    // Chunk groups have no facade module: the root is found among the modules they hold.
    "assets/app-1.js": chunk("assets/app-1.js", ["App.tsx", "lib/query.ts"], ["assets/runtime-1.js"]),
    "assets/landing-1.js": chunk("assets/landing-1.js", ["pages/landing.tsx"], ["assets/accordion-1.js"]),
    "assets/accordion-1.js": chunk("assets/accordion-1.js", ["components/ui/accordion.tsx"]),
    "assets/runtime-1.js": chunk("assets/runtime-1.js", []),
    "assets/settings-1.js": chunk("assets/settings-1.js", ["pages/settings.tsx"], [], "pages/settings.tsx"),
    "assets/inter-latin-wght-normal-1.woff2": {
      type: "asset" as const,
      fileName: "assets/inter-latin-wght-normal-1.woff2",
    },
  };

  it("keeps the root modules' chunks, group chunks included, with what they import", () => {
    expect(offlineFiles(bundle, ROOT)).toEqual([
      "/assets/accordion-1.js",
      "/assets/app-1.js",
      "/assets/index-1.js",
      "/assets/inter-latin-wght-normal-1.woff2",
      "/assets/landing-1.js",
      "/assets/runtime-1.js",
    ]);
  });
});
