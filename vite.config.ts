import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkGroup } from "./scripts/chunk-groups.ts";
import { contractStubs } from "./scripts/contract-stubs.ts";
import { serviceWorkerBuild } from "./scripts/service-worker-build.ts";
import { themeBoot } from "./scripts/theme-boot.ts";

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  publicDir: "public",
  plugins: [contractStubs(), react(), tailwindcss(), serviceWorkerBuild(), themeBoot()],
  build: isSsrBuild
    ? {
        // `vite build --ssr ../app/client/entry-prerender.tsx`: the landing page for scripts/prerender.ts, run once at build time.
        outDir: "../../dist/prerender",
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        outDir: "../../dist/client",
        emptyOutDir: true,
        sourcemap: false,
        // Which files each screen needs, for the app shell's preloads (scripts/app-shell.ts, which removes it).
        manifest: true,
        // The everyday signed-in screens' code in a few files rather than dozens (scripts/chunk-groups.ts).
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: (id: string, ctx) => chunkGroup(id, ctx), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:5000", changeOrigin: false } },
  },
}));
