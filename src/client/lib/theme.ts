import { useSyncExternalStore } from "react";

export type ColorScheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The page is dark when <html> has .dark, or when the system prefers dark and .light does not override it. */
function currentScheme(): ColorScheme {
  const root = document.documentElement;
  if (root.classList.contains("dark")) return "dark";
  if (root.classList.contains("light")) return "light";
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** Keeps the .dark class on <html> in step with the system setting (unless .light forces light). */
export function syncThemeWithSystem(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => {
    const root = document.documentElement;
    if (root.classList.contains("light")) return;
    root.classList.toggle("dark", media.matches);
  };
  apply();
  media.addEventListener("change", apply);
  return () => media.removeEventListener("change", apply);
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  media.addEventListener("change", onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", onChange);
  };
}

/** The page's current colour scheme, updating when the system setting or the <html> class changes. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentScheme, () => "light");
}
