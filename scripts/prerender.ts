/**
 * Last build step (npm run build): renders the landing page with the server bundle made by
 * `vite build --ssr ../app/client/entry-prerender.tsx` and writes it, with the page's title, description, canonical link,
 * Open Graph tags and structured data, into dist/client/index.html. Browsers then show the landing page
 * before any script runs, and main.tsx hydrates it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { APP_STYLESHEET_ATTR } from "../src/client/lib/app-stylesheet.ts";
import { writeAppShell } from "./app-shell.ts";
import { landingCss } from "./landing-css.ts";
import { precompress } from "./precompress.ts";

interface PrerenderModule {
  render(): Promise<string>;
  landingHeadHtml(): { title: string; description: string; extra: string };
}

const root = fileURLToPath(new URL("..", import.meta.url));
const indexPath = path.join(root, "dist/client/index.html");
const assetsDir = path.join(root, "dist/client/assets");
const entry = path.join(root, "dist/prerender/entry-prerender.js");

const mod = (await import(pathToFileURL(entry).href)) as PrerenderModule;
const appHtml = await mod.render();
const head = mod.landingHeadHtml();

/** Replaces exactly one match, so a changed index.html fails the build instead of shipping half a page. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1) throw new Error(`prerender: expected one ${what} in index.html`);
  return html.replace(pattern, () => replacement);
}

// The faces the first screen uses, cut to common characters (src/client/fonts/basic-latin.css): preloaded,
// so the text is drawn in them from the first paint rather than swapped in later.
const assets = readdirSync(assetsDir);
const FONT_FILES = [
  /^fraunces-basic-latin-wght-normal-.*\.woff2$/,
  /^fraunces-basic-latin-wght-italic-.*\.woff2$/,
  /^inter-basic-latin-wght-normal-.*\.woff2$/,
];
const fontLinks = FONT_FILES.map((pattern) => {
  const file = assets.find((f) => pattern.test(f));
  if (!file) throw new Error(`prerender: no font file matching ${pattern} in the build`);
  return `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`;
});
const preloads = fontLinks.join("\n    ");

let html = readFileSync(indexPath, "utf8");
// Every other address gets the small app shell made from the same page (scripts/app-shell.ts).
// The signed-in screens set no italic text.
writeAppShell(
  path.join(root, "dist/client"),
  html,
  fontLinks.filter((link) => !link.includes("italic")).join("\n    "),
);
html = replaceOnce(html, /<title>[^<]*<\/title>/, head.title, "<title>");
html = replaceOnce(html, /<meta\s+name="description"[^>]*>/, head.description, "description");
html = replaceOnce(html, /<\/head>/, `  ${preloads}\n    ${head.extra}\n  </head>`, "</head>");
html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${appHtml}</div>`, "root element");

// The first paint waits for no stylesheet: the rules the landing page can use go inline, and the app's full
// sheet stays in the page as a disabled link (a browser does not fetch it) that main.tsx turns on when the
// app boots. See docs/decisions/0057-landing-first-paint.md.
const sheetLink = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/;
const sheetHref = html.match(sheetLink)?.[1];
if (!sheetHref) throw new Error("prerender: expected the app's stylesheet link in index.html");
const inlineCss = landingCss(readFileSync(path.join(root, "dist/client", sheetHref), "utf8"), html);
html = replaceOnce(
  html,
  sheetLink,
  `<style>${inlineCss}</style>\n    <link rel="stylesheet" crossorigin href="${sheetHref}" disabled ${APP_STYLESHEET_ATTR} />`,
  "stylesheet link",
);
writeFileSync(indexPath, html);

console.log(
  `prerender: landing page written to dist/client/index.html (${(appHtml.length / 1024).toFixed(1)} kB, ` +
    `${(inlineCss.length / 1024).toFixed(1)} kB of its styles inline)`,
);

// Last: the hashed scripts and styles, compressed once at the strongest settings (see precompress.ts).
const packed = precompress(assetsDir);
console.log(
  `prerender: ${packed.files} files precompressed, ${(packed.bytes / 1024).toFixed(0)} kB to ` +
    `${(packed.brotliBytes / 1024).toFixed(0)} kB with Brotli`,
);
