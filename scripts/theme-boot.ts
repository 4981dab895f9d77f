/**
 * A Vite plugin: puts the theme's boot script (src/shared/theme.ts) first in index.html's <head>, inline, so
 * the chosen theme is on <html> before anything is drawn (the landing page and the app shell are both made
 * from this page). The server allows exactly this script by its hash (src/server/plugins/security.ts).
 */
import type { Plugin } from "vite";
import { THEME_BOOT_SCRIPT } from "../src/shared/theme.ts";

export function themeBoot(): Plugin {
  return {
    name: "unveil-theme-boot",
    transformIndexHtml: {
      order: "pre",
      handler: () => [{ tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head-prepend" }],
    },
  };
}
