import { useSyncExternalStore } from "react";

const QUERY = "(min-width: 40rem)"; // Tailwind's sm breakpoint

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True from the sm breakpoint up (the settings tabs become a side list there). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
