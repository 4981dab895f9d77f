/**
 * Renders the app icons (PNG) from the SVGs in src/client/public/icons with the Chromium the browser tests
 * use, so no image library is needed. Run once after changing an SVG and commit the PNGs:
 *   node scripts/make-icons.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const dir = fileURLToPath(new URL("../src/client/public/icons/", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

/** Output file, source SVG and size in pixels. The light tile is the installed icon on every system. */
const ICONS: Array<[string, string, number]> = [
  ["icon-192.png", "icon.svg", 192],
  ["icon-512.png", "icon.svg", 512],
  ["icon-maskable-512.png", "icon-maskable.svg", 512],
  ["apple-touch-icon.png", "icon-maskable.svg", 180],
  // The small monochrome-friendly image Android shows in the status bar beside a notification.
  ["badge-96.png", "badge.svg", 96],
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
try {
  for (const [out, source, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, colorScheme: "light" });
    const svg = readFileSync(path.join(dir, source), "utf8");
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    writeFileSync(path.join(dir, out), await page.screenshot({ omitBackground: true, type: "png" }));
    await page.close();
    console.log(`${out} (${size} x ${size})`);
  }
} finally {
  await browser.close();
}
