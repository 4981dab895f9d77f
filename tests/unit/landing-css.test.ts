import { describe, expect, it } from "vitest";
import { classesIn, landingCss } from "../../scripts/landing-css.ts";

const CSS = [
  "@layer theme,base,components,utilities;",
  ":root{--x:1px}",
  "@layer utilities{.mt-5{margin-top:1.25rem}.hidden-elsewhere{display:none}.a,.b{color:red}}",
  ".dark\\:bg-x:where(.dark,.dark *){background:black}",
  "[data-reveal-state=hidden]{opacity:0}",
  "@media (min-width:40rem){.sm\\:text-6xl{font-size:3.75rem}.only-app{color:blue}}",
  "@keyframes rise{from{opacity:0}}",
].join("");

describe("the landing page's inline styles", () => {
  it("reads the class names the markup uses, escaped as React writes them", () => {
    const classes = classesIn(
      `<p class="mt-5 sm:text-6xl [animation-delay:120ms]"></p><a class="a&amp;b"></a>`,
    );
    expect([...classes]).toEqual(
      expect.arrayContaining(["mt-5", "sm:text-6xl", "[animation-delay:120ms]", "a&b", "dark", "light"]),
    );
  });

  it("keeps the rules the markup can use, in order, and drops the rest", () => {
    const out = landingCss(CSS, `<h1 class="mt-5 sm:text-6xl dark:bg-x b">x</h1>`);
    expect(out).toContain(".mt-5{");
    expect(out).toContain(".sm\\:text-6xl{");
    expect(out).toContain(".dark\\:bg-x:where(.dark,.dark *)");
    // A rule is kept whole when one of its selectors may match.
    expect(out).toMatch(/\.a,\s*\.b\{/);
    // Rules that name no class, custom properties, layers and keyframes stay.
    expect(out).toContain("[data-reveal-state=hidden]");
    expect(out).toContain("--x:1px");
    // The layer order survives (the minifier may fold the last name into its block).
    expect(out.indexOf("@layer theme,base,components")).toBe(0);
    expect(out).toContain("@keyframes rise");
    expect(out).not.toContain("hidden-elsewhere");
    expect(out).not.toContain("only-app");
    expect(out.indexOf(".mt-5")).toBeLessThan(out.indexOf(".sm\\:text-6xl"));
  });
});
