/**
 * What axe does not measure: how the page's controls stand out (WCAG 1.4.11), read from getComputedStyle in
 * the page. For every visible control: its focus ring against what is behind it (the ring's own colour, or
 * the two-tone ring's inner halo, at least 3:1), the edge of a form control (an input's, a switch's track, a
 * checkbox's, a grid cell's border or fill against the background, 3:1), and a field's placeholder against
 * the field (4.5:1). Colours are turned into sRGB by a canvas (Tailwind's mixes compute to oklab()), and a
 * translucent background is laid over the one under it.
 */
import { expect, type Page } from "@playwright/test";

export interface ContrastProblem {
  control: string;
  what: "focus ring" | "edge" | "placeholder" | "no focus ring";
  ratio: number;
}

/** The controls measured: every one reachable by Tab, plus the grid's cells (one tab stop, all measured). */
const CONTROLS = [
  "a[href]",
  "button:not([disabled])",
  "input:not([type=hidden]):not([disabled])",
  "select",
  "textarea",
  "[tabindex='0']",
].join(",");

/** The contrast problems of the controls on the page as it stands (focus is moved, then put back). */
export function contrastProblems(page: Page): Promise<ContrastProblem[]> {
  return page.evaluate((selector) => {
    type RGBA = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const toRgba = (css: string): RGBA => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1) as RGBA;
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (x: RGBA, y: RGBA) => {
      const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100;
    };
    /** The solid colour behind `el` (its own background excluded unless `self`). */
    const backdrop = (el: Element, self = false): RGBA => {
      const layers: RGBA[] = [];
      for (let e: Element | null = self ? el : el.parentElement; e; e = e.parentElement) {
        const bg = toRgba(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let colour: RGBA = toRgba(getComputedStyle(document.body).backgroundColor);
      if (colour[3] < 1) colour = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const name = (el: Element) => {
      const label =
        el.getAttribute("aria-label") ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        "";
      return `${el.tagName.toLowerCase()} "${label.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return (
        r.width > 0 && r.height > 0 && s.visibility !== "hidden" && !el.closest("[inert],[aria-hidden=true]")
      );
    };
    /** The box that shows the focus: the control, or an ancestor drawing it for a hidden input (a label). */
    const ringHolder = (el: Element): Element | null => {
      for (let e: Element | null = el, i = 0; e && i < 4; e = e.parentElement, i++) {
        const s = getComputedStyle(e);
        if (s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) >= 1) return e;
      }
      return null;
    };
    const srOnly = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 && r.height <= 1;
    };

    // Colours are read at once, not part-way through a control's colour transition into focus.
    const still = document.createElement("style");
    still.textContent = "*,*::before,*::after{transition:none!important}";
    document.head.append(still);
    const problems: { control: string; what: string; ratio: number }[] = [];
    const before = document.activeElement as HTMLElement | null;
    const seen = new Set<Element>();
    const candidates = [
      ...document.querySelectorAll(selector),
      ...document.querySelectorAll("[role=grid] button"),
    ];
    for (const el of candidates) {
      if (seen.has(el) || !(el instanceof HTMLElement)) continue;
      seen.add(el);
      if (!visible(el) && !srOnly(el)) continue;
      if (el.tabIndex < 0 && !el.closest("[role=grid]")) continue;
      el.focus();
      if (document.activeElement !== el) continue;
      const holder = ringHolder(el);
      if (!holder) {
        problems.push({ control: name(el), what: "no focus ring", ratio: 0 });
      } else {
        const s = getComputedStyle(holder);
        const behind = backdrop(holder);
        const ring = over(toRgba(s.outlineColor), behind);
        // The halo fills the gap between the control and its ring: `0 0 0 2px <colour>` in box-shadow.
        const halo = s.boxShadow.match(
          /^(rgba?\([^)]*\)|oklab\([^)]*\)|color\([^)]*\)|#\w+) 0px 0px 0px (\d+(?:\.\d+)?)px$/,
        );
        let best = ratio(ring, behind);
        if (halo && Number.parseFloat(halo[2]) >= 1) {
          const haloColour = over(toRgba(halo[1]), behind);
          best = Math.max(best, Math.min(ratio(haloColour, behind), ratio(ring, haloColour)));
        }
        if (best < 3) problems.push({ control: name(el), what: "focus ring", ratio: best });
      }
      el.blur();
    }
    // Edges of form controls, unfocused: a field's border, a switch's track, a checkbox's box, a grid cell.
    const fields = document.querySelectorAll(
      "input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=range]), textarea, [role=combobox], [role=switch], [role=checkbox], [role=grid] td button",
    );
    for (const el of fields) {
      if (!visible(el) || srOnly(el)) continue;
      // A grid's button with words on it (a day's name) is told by them; an empty cell only by its edge.
      if (el.closest("[role=grid]") && (el.textContent ?? "").trim() !== "") continue;
      const s = getComputedStyle(el);
      const behind = backdrop(el);
      const own = over(toRgba(s.backgroundColor), behind);
      const border =
        Number.parseFloat(s.borderTopWidth) >= 1 && s.borderTopStyle !== "none"
          ? over(toRgba(s.borderTopColor), own)
          : own;
      const edge = Math.max(ratio(border, behind), ratio(own, behind));
      if (edge < 3) problems.push({ control: name(el), what: "edge", ratio: edge });
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.placeholder) {
        const placeholder = over(toRgba(getComputedStyle(el, "::placeholder").color), own);
        const r = ratio(placeholder, own);
        if (r < 4.5) problems.push({ control: name(el), what: "placeholder", ratio: r });
      }
    }
    before?.focus?.();
    still.remove();
    return problems;
  }, CONTROLS) as Promise<ContrastProblem[]>;
}

/**
 * No control on the page below its contrast. Press a key first (a Tab): a focus moved by a script shows
 * :focus-visible only after keyboard use, as a keyboard user's would.
 */
export async function expectControlsSeen(
  page: Page,
  label: string,
  opts: { soft?: boolean } = {},
): Promise<void> {
  const problems = await contrastProblems(page);
  const report = problems.map((p) => `${p.what} of ${p.control}: ${p.ratio}:1`);
  (opts.soft ? expect.soft : expect)(report, `contrast of the controls: ${label}`).toEqual([]);
}
