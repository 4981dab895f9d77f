import { readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

/**
 * PostgreSQL's lock file (postmaster.pid in the data directory): written by the server that runs on the
 * directory, naming its process, its port and its state. Its lines: pid, data directory, start time, port,
 * socket directory, listen address, shared-memory key, status ("starting", "ready", "stopping"...).
 */
export interface PostmasterLock {
  pid: number;
  port: number | null;
  status: string | null;
  /** The file's text as read, so that it is removed only if nobody rewrote it since. */
  text: string;
}

/** The lock file of a data directory: null when there is none, "unreadable" when it names no process. */
export function readPostmasterLock(file: string): PostmasterLock | "unreadable" | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  const lines = text.split("\n").map((l) => l.trim());
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return "unreadable";
  const port = Number(lines[3]);
  return {
    pid,
    port: Number.isInteger(port) && port > 0 ? port : null,
    status: lines[7] || null,
    text,
  };
}

/**
 * Whether the process a lock file names is a live server: "dead" when no such process exists, "other" when the
 * number now belongs to a program that is not PostgreSQL (after a restart, numbers are reused), "running"
 * otherwise. When in doubt (another user's process, no /proc), "running": a live server's lock file is
 * never taken for stale.
 */
export function lockOwner(pid: number, dbDir?: string): "running" | "dead" | "other" {
  if (pid === process.pid || pid === process.ppid) return "other";
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return "dead";
  }
  let name: string;
  try {
    name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "running";
  }
  // A zombie (killed, not yet reaped by its parent) holds no data directory.
  const state = /^\d+ \(.*\) (\S)/.exec(readStat(pid))?.[1];
  if (state === "Z" || state === "X") return "dead";
  if (!/postgres|postmaster/.test(name)) return "other";
  // On a busy machine a dead server's process number is soon another PostgreSQL's (a backend, or a server on
  // another data directory): the lock's owner is the postmaster started with `-D` on this very directory.
  if (dbDir) {
    const args = readCmdline(pid);
    if (args !== null) {
      const at = args.indexOf("-D");
      if (at === -1 || path.resolve(args[at + 1] ?? "") !== path.resolve(dbDir)) return "other";
    }
  }
  return "running";
}

function readCmdline(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return null;
  }
}

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return "";
  }
}

/** Removes a stale lock file, unless it changed since it was read (a server started on the directory meanwhile). */
export async function removeStaleLock(file: string, lock: PostmasterLock): Promise<boolean> {
  const now = await readFile(file, "utf8").catch(() => null);
  if (now !== lock.text) return false;
  await rm(file, { force: true });
  return true;
}
