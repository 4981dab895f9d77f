/**
 * The landing page's own stylesheet, made at build time from the app's full one: every rule that could match
 * the prerendered markup, in the full sheet's order, and nothing else. scripts/prerender.ts puts it inline in
 * index.html so the first paint waits for no stylesheet request; the full sheet loads when the app boots
 * (main.tsx) and, holding the same rules in the same order, changes nothing already on screen.
 */
import { type Selector, transform } from "lightningcss";

/** Classes the app's code sets on <html> (lib/theme.ts) before the full sheet may have arrived. */
const ALWAYS_KEPT_CLASSES = ["dark", "light"];

/** The class names the markup uses (React writes them as class="..."; only &amp; and quotes are escaped). */
export function classesIn(html: string): Set<string> {
  const classes = new Set(ALWAYS_KEPT_CLASSES);
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Whether a selector could match the markup: each class it names itself is on some element. Classes inside
 * :is()/:where()/:not()/:has() arguments are not weighed (the dark variant's `:where(.dark, .dark *)`, a
 * group's state), so this keeps a few rules too many and never one too few.
 */
function selectorMayMatch(selector: Selector, classes: Set<string>): boolean {
  return selector.every((component) => component.type !== "class" || classes.has(component.name));
}

/** The full stylesheet cut down to the rules that may apply to `html`, minified. */
export function landingCss(fullCss: string, html: string): string {
  const classes = classesIn(html);
  const { code } = transform({
    filename: "landing.css",
    code: Buffer.from(fullCss),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          // A rule with one selector that may match stays whole: lightningcss cannot hand back every rule it
          // reads (some declarations fail to deserialise), so rules are only ever kept as they are or dropped.
          return rule.value.selectors.some((s) => selectorMayMatch(s, classes)) ? undefined : [];
        },
      },
    },
  });
  return code.toString();
}
