export { safeNextPath } from "../../shared/safe-next.ts";

/** The current address as a `next` value: path plus query string. */
export function currentPathForNext(path: string, search: string): string {
  return search ? `${path}?${search}` : path;
}
