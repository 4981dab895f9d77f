import { useEffect } from "react";

/**
 * Forms with changes not yet saved, by name ("Notifications", "Profile"): a page that is about to drop them
 * (another settings tab, closing or reloading the tab) asks first instead of losing them without a word.
 */
const dirty = new Set<string>();

/** Marks `name` as holding unsaved changes while `isDirty`; the browser asks before the page is left. */
export function useUnsavedChanges(name: string, isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    dirty.add(name);
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      dirty.delete(name);
      window.removeEventListener("beforeunload", warn);
    };
  }, [name, isDirty]);
}

/** The names of the forms holding unsaved changes, in the order they were changed. */
export function unsavedChanges(): string[] {
  return [...dirty];
}
