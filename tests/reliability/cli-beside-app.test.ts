import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { type EmbeddedHandle, startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { lockOwner } from "../../src/server/db/lock-file.ts";
import { openDatabase } from "../../src/server/db/open.ts";
import { freePort } from "../helpers/free-port.ts";

/**
 * `npm run cli` as an operator runs it: a child process on a DATA_DIR whose embedded PostgreSQL is running
 * (started by this file, as the app would), stopped, killed with its lock file left behind, or unable to start.
 * One data directory for the whole file.
 */
let dataDir: string;
let lockFile: string;
let port: number;
let server: EmbeddedHandle | null = null;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "unveil-cli-beside-"));
  await chmod(dataDir, 0o755);
  lockFile = path.join(dataDir, "pg", "postmaster.pid");
  port = await freePort();
  server = await startEmbeddedPostgres({ dataDir, port });
});

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await server?.stop();
  await stopWhateverRuns();
  await rm(dataDir, { recursive: true, force: true });
});

function cli(
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeArgs, "src/app/server/cli.ts", ...args],
      { env: { ...inherited, LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const lockText = () => (existsSync(lockFile) ? readFileSync(lockFile, "utf8") : null);
const lockPid = () => Number(lockText()?.split("\n")[0]);

async function answers(p: number): Promise<boolean> {
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  const client = new pg.Client({
    connectionString: `postgres://unveil:${password}@127.0.0.1:${p}/postgres`,
    connectionTimeoutMillis: 2_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The processes whose parent is `pid` (a postmaster's backends). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A server left on the directory (by a failed case): stopped as an operator would, with SIGINT. */
async function stopWhateverRuns(): Promise<void> {
  const pid = lockPid();
  if (!pid || lockOwner(pid) !== "running") return;
  process.kill(pid, "SIGINT");
  await until("the server stopped", () => lockOwner(pid) !== "running");
}

describe("npm run cli beside a running embedded PostgreSQL", { timeout: 60_000 }, () => {
  it("uses the server running on DATA_DIR whatever port it listens on, and leaves it and its lock file alone", async () => {
    const before = lockText();
    expect(before).not.toBeNull();
    const otherPort = await freePort();
    // Two commands at once, one on another EMBEDDED_PG_PORT than the server's (the app's may differ).
    const [res, jobs] = await Promise.all([
      cli(["migrate"], { EMBEDDED_PG_PORT: String(otherPort) }),
      cli(["run-jobs", "--job", "purge-sessions"], { EMBEDDED_PG_PORT: String(port) }),
    ]);
    expect(res.stderr).toContain(`using the PostgreSQL already running on ${path.join(dataDir, "pg")}`);
    expect(res.stderr).toContain(`port ${port}`);
    expect(res).toMatchObject({ code: 0, stdout: "Migrations applied\n" });
    expect(jobs).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Ran 1 job:\n {2}purge-sessions: \d+ handled/),
    });
    expect(lockText()).toBe(before);
    expect(await answers(port)).toBe(true);
    expect(await answers(otherPort)).toBe(false);
  });

  it("a command that started the server leaves it running while another process uses it", async () => {
    await server?.stop();
    server = null;
    await until("the lock file is gone", () => lockText() === null);
    const notes: string[] = [];
    const ownPort = await freePort();
    const owner = await openDatabase(
      loadConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(ownPort) }),
      (m) => notes.push(m),
      { leaveRunningIfInUse: true },
    );
    expect(owner.startedServer).toBe(true);
    const beside = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(beside.owned).toBe(false);
    await owner.close();
    expect(notes.join("\n")).toMatch(/embedded PostgreSQL left running: 1 connection from other processes/);
    expect(await answers(ownPort)).toBe(true);
    await beside.stop();
    expect(await answers(ownPort)).toBe(true);
    await stopWhateverRuns();
  });
});

describe("npm run cli with no server running", { timeout: 60_000 }, () => {
  it("starts its own server for the command and stops it after", async () => {
    expect(lockText()).toBeNull();
    const ownPort = await freePort();
    const res = await cli(["purge-sessions"], { EMBEDDED_PG_PORT: String(ownPort) });
    expect(res).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Deleted \d+ expired or idle sessions\n$/),
    });
    expect(res.stderr).not.toContain("already running");
    expect(lockText()).toBeNull();
    expect(await answers(ownPort)).toBe(false);
  });

  it("removes the lock file of a server that was killed, and only that one", async () => {
    const killed = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(killed.owned).toBe(true);
    const pid = lockPid();
    const backends = childrenOf(pid);
    process.kill(pid, "SIGKILL");
    await until("the killed server and its backends are gone", () =>
      [pid, ...backends].every((p) => lockOwner(p) === "dead"),
    );
    expect(lockText()).not.toBeNull();
    const res = await cli(["purge-sessions"], { EMBEDDED_PG_PORT: String(await freePort()) });
    expect(res.stderr).toContain(
      `removed the stale lock file ${lockFile}: process ${pid} is no longer running`,
    );
    expect(res.code).toBe(0);
    expect(lockText()).toBeNull();
  });

  it("takes a lock file whose process number now belongs to another program for stale", async () => {
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(other);
    const pid = other.pid ?? 0;
    await until("the stand-in program runs", () => lockOwner(pid) === "other");
    await writeFile(
      lockFile,
      `${pid}\n${path.join(dataDir, "pg")}\n1764370000\n${port}\n/tmp\nlocalhost\n  1  2\nready   \n`,
    );
    const notes: string[] = [];
    const handle = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      note: (m) => notes.push(m),
    });
    expect(notes).toEqual([
      `removed the stale lock file ${lockFile}: process ${pid} is no longer PostgreSQL`,
    ]);
    expect(handle.owned).toBe(true);
    expect(lockPid()).not.toBe(pid);
    await handle.stop();
    expect(lockOwner(pid)).toBe("other");
    other.kill("SIGKILL");
  });
});

describe("npm run cli failing", { timeout: 60_000 }, () => {
  it("says why the server did not start when its port is taken", async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    const takenPort = (taken.address() as net.AddressInfo).port;
    try {
      const res = await cli(["purge-sessions"], { EMBEDDED_PG_PORT: String(takenPort) });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        new RegExp(
          `Error: embedded PostgreSQL did not start \\(data in .*, port ${takenPort}\\): FATAL: could not create any TCP/IP sockets`,
        ),
      );
      expect(res.stderr).toContain("Address already in use");
      expect(res.stderr).not.toMatch(/undefined/);
    } finally {
      taken.close();
    }
    expect(lockText()).toBeNull();
  });

  it("names both addresses when a dual-stack localhost refuses (an AggregateError with an empty message)", async () => {
    // localhost resolving to ::1 and 127.0.0.1, as on most machines: Node then reports both refusals in one
    // AggregateError whose message is empty (the CLI used to print "Error: ").
    const preload = path.join(dataDir, "dual-stack-localhost.mjs");
    await writeFile(
      preload,
      `import dns from "node:dns";
const lookup = dns.lookup;
dns.lookup = (host, options, callback) => {
  if (host !== "localhost") return lookup(host, options, callback);
  const all = [{ address: "::1", family: 6 }, { address: "127.0.0.1", family: 4 }];
  const cb = typeof options === "function" ? options : callback;
  process.nextTick(() => (options?.all ? cb(null, all) : cb(null, "127.0.0.1", 4)));
};
`,
    );
    const refused = await freePort();
    const res = await cli(["migrate"], { DATABASE_URL: `postgres://u:p@localhost:${refused}/unveil` }, [
      "--import",
      preload,
    ]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      `Error: connect ECONNREFUSED ::1:${refused}; connect ECONNREFUSED 127.0.0.1:${refused}\n`,
    );
  });
});
