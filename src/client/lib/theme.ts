import { useSyncExternalStore } from "react";
import {
  CHOSEN_THEME_COLOR,
  THEME_CHOICES,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from "../../shared/theme.ts";

export type ColorScheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The page is dark when <html> has .dark, or when the system prefers dark and .light does not override it. */
function currentScheme(): ColorScheme {
  const root = document.documentElement;
  if (root.classList.contains("dark")) return "dark";
  if (root.classList.contains("light")) return "light";
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** The theme chosen in this browser; the device's setting when none was, or storage is refused. */
export function themeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_CHOICES.find((c) => c === saved) ?? "device";
  } catch {
    return "device";
  }
}

/**
 * Puts the choice on <html>: .light or .dark for a choice, .dark alone when the device prefers dark; and the
 * browser's bar follows a choice (the theme-color <meta> the boot script adds), or else the device.
 */
function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.toggle("light", choice === "light");
  root.classList.toggle(
    "dark",
    choice === "dark" || (choice === "device" && window.matchMedia(DARK_QUERY).matches),
  );
  let chosen = document.head.querySelector<HTMLMetaElement>(`meta[${CHOSEN_THEME_COLOR}]`);
  if (choice === "device") {
    chosen?.remove();
    return;
  }
  if (!chosen) {
    chosen = document.createElement("meta");
    chosen.name = "theme-color";
    chosen.setAttribute(CHOSEN_THEME_COLOR, "");
    // First in <head>: the browser takes the first theme-color that applies.
    document.head.prepend(chosen);
  }
  chosen.content = THEME_COLORS[choice];
}

const choiceListeners = new Set<() => void>();

/** Remembers the choice in this browser and applies it at once (the boot script reads it on the next page). */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "device") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
  applyTheme(choice);
  for (const listener of choiceListeners) listener();
}

/**
 * Keeps <html>'s classes in step with the choice and, on "device", with the system setting; a choice made in
 * another tab of this browser is followed too.
 */
export function syncThemeWithSystem(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => applyTheme(themeChoice());
  const onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_STORAGE_KEY && e.key !== null) return;
    apply();
    for (const listener of choiceListeners) listener();
  };
  apply();
  media.addEventListener("change", apply);
  window.addEventListener("storage", onStorage);
  return () => {
    media.removeEventListener("change", apply);
    window.removeEventListener("storage", onStorage);
  };
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

function subscribeChoice(onChange: () => void): () => void {
  choiceListeners.add(onChange);
  return () => choiceListeners.delete(onChange);
}

/** The theme chosen in this browser (light, dark or device), updating as it is changed. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeChoice, themeChoice, () => "device");
}
