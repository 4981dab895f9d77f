/**
 * The member's choice of colour theme, kept per browser in localStorage: light, dark, or the device's own
 * setting (the default). Shared by the client (lib/theme.ts, the switch), the build (the script goes into
 * index.html's <head>) and the server (its hash is the one inline script the Content-Security-Policy allows).
 */
export const THEME_CHOICES = ["light", "dark", "device"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "unveil-theme";

export const THEME_LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", device: "Device" };

/** The browser's own bar colour (`<meta name="theme-color">`) in each theme: the page's background. */
export const THEME_COLORS = { light: "#faf7f2", dark: "#150d17" } as const;

/**
 * Marks the theme-color `<meta>` a choice puts first in `<head>`: the browser takes the first that applies, so
 * it wins over index.html's two, which follow the device (by their media queries).
 */
export const CHOSEN_THEME_COLOR = "data-theme-choice";

/**
 * Runs in <head> before the first paint, so a page never flashes the other theme: .light or .dark on <html>
 * for a choice made (index.css lets either override the device), and the browser's bar in that colour; .dark
 * when the device prefers dark. Plain ES5 and a try, since localStorage may be refused (a private window,
 * blocked storage).
 */
export const THEME_BOOT_SCRIPT =
  `try{var c=localStorage.getItem("${THEME_STORAGE_KEY}"),h=document.documentElement;` +
  `if(c==="light"||c==="dark"){h.classList.add(c);var m=document.createElement("meta");` +
  `m.name="theme-color";m.content=c==="dark"?"${THEME_COLORS.dark}":"${THEME_COLORS.light}";` +
  `m.setAttribute("${CHOSEN_THEME_COLOR}","");document.head.appendChild(m)}` +
  `else if(matchMedia("(prefers-color-scheme: dark)").matches)h.classList.add("dark")}catch(e){}`;
