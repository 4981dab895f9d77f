/**
 * The member's choice of colour theme, kept per browser in localStorage: light, dark, or the device's own
 * setting (the default). Shared by the client (lib/theme.ts, the switch), the build (the script goes into
 * index.html's <head>) and the server (its hash is the one inline script the Content-Security-Policy allows).
 */
export const THEME_CHOICES = ["light", "dark", "device"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "unveil-theme";

export const THEME_LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", device: "Device" };

/**
 * Runs in <head> before the first paint, so a page never flashes the other theme: .light or .dark on <html>
 * for a choice made (index.css lets either override the device), .dark when the device prefers dark. Plain
 * ES5 and a try, since localStorage may be refused (a private window, blocked storage).
 */
export const THEME_BOOT_SCRIPT =
  `try{var c=localStorage.getItem("${THEME_STORAGE_KEY}"),h=document.documentElement;` +
  `if(c==="light"||c==="dark")h.classList.add(c);` +
  `else if(matchMedia("(prefers-color-scheme: dark)").matches)h.classList.add("dark")}catch(e){}`;
