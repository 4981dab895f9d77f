import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorkerBuild } from "./scripts/service-worker-build.ts";

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), serviceWorkerBuild()],
  build: isSsrBuild
    ? {
        // `vite build --ssr entry-prerender.tsx`: the landing page for scripts/prerender.ts, run once at build time.
        outDir: "../../dist/prerender",
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        outDir: "../../dist/client",
        emptyOutDir: true,
        sourcemap: false,
      },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:5000", changeOrigin: false } },
  },
}));
