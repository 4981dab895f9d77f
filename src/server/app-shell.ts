import { perBuild } from "./build-file.ts";

/** Where the route's preloads go in the shell (scripts/app-shell.ts writes it there). */
export const PRELOADS_MARK = "<!--app-preloads-->";

/** The shell's file in the client build: the server's own template, never sent as a file. */
export const APP_SHELL_FILE = "app-shell.json";

/** The kinds of screen the build lists code for (scripts/app-shell.ts). */
export type ShellScreen = "base" | "member" | "date" | "auth";

interface ShellFile {
  html: string;
  preloads: Partial<Record<ShellScreen, string[]>>;
}

const DATE_PAGE = /^\/dates\/(\d{1,9})$/;

/** Which screen's code an address needs first: "/" here is a signed-in member's home. */
export function shellScreen(pathname: string): ShellScreen {
  if (pathname === "/" || pathname === "/dashboard") return "member";
  if (DATE_PAGE.test(pathname)) return "date";
  if (pathname === "/auth") return "auth";
  return "base";
}

/**
 * The API reads the screen makes as it starts (App.tsx, startEarly), requested by the page itself so they
 * run beside the download of the code: who is signed in and, on the dashboard and a date page, what they
 * show. Only with a session cookie; a stale one costs a 401 that nothing reads.
 */
export function dataPreloads(pathname: string, hasSession: boolean): string[] {
  if (!hasSession) return [];
  const urls = ["/api/auth/user"];
  if (pathname === "/dashboard") urls.push("/api/dates/user", "/api/dates/stats");
  const dateId = DATE_PAGE.exec(pathname)?.[1];
  if (dateId) urls.push(`/api/dates/${dateId}`);
  return urls;
}

/**
 * The app shell: the page for every address but a visitor's landing page (scripts/app-shell.ts), with the
 * preloads for the address put in. Read again when the build changes (perBuild, at most every `recheckMs`).
 * A build without the shell (an older build, or a test's stand-in) gets null, and index.html then serves
 * every address as before.
 */
export function appShell(file: string, opts: { recheckMs?: number } = {}) {
  const current = perBuild(file, (raw) => JSON.parse(raw.toString("utf8")) as ShellFile, opts);
  return {
    /** The shell for `pathname`, or null when the build has none. */
    html(pathname: string, hasSession: boolean): string | null {
      const shell = current();
      if (!shell) return null;
      const screen = shellScreen(pathname);
      const code = [
        ...(shell.preloads.base ?? []),
        ...(screen === "base" ? [] : (shell.preloads[screen] ?? [])),
      ];
      const links = [
        ...code.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
        // fetch() sends cookies ("include"), so the preload must too, or the browser would not match them.
        ...dataPreloads(pathname, hasSession).map(
          (href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials" />`,
        ),
      ];
      return shell.html.replace(PRELOADS_MARK, () => links.join("\n    "));
    },
  };
}
