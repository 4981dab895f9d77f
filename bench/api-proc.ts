/**
 * bench:api's readings of the processes under load, from /proc: peak memory, CPU time, and which processes
 * are the embedded PostgreSQL server's (Linux only, as the bench is).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Peak resident memory of a process: VmRSS polled, and the kernel's own high-water mark (VmHWM). */
export function watchMemory(pid: number) {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  };
  let peakRss = 0;
  let hwm = 0;
  const poll = () => {
    const m = read();
    peakRss = Math.max(peakRss, m.rss);
    hwm = Math.max(hwm, m.hwm);
  };
  const timer = setInterval(poll, 200);
  return {
    /** Resets the polled peak (VmHWM keeps start-up's peak). */
    reset: () => {
      peakRss = 0;
    },
    peak: () => {
      poll();
      return { rssMb: peakRss / 1024, hwmMb: hwm / 1024 };
    },
    stop: () => clearInterval(timer),
  };
}

/** CPU time (ms) used so far by each process: utime + stime from /proc/<pid>/stat (USER_HZ is 100). */
export function cpuMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {}
  }
  return times;
}

/** CPU time used between two readings by the processes present at both (one that ended is left out). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  let total = 0;
  for (const [pid, ms] of cpuMs(pids)) if (before.has(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The embedded PostgreSQL server and its backends (the postmaster's pid is the first line of its pid file). */
export function postgresPids(dataDir: string): number[] {
  try {
    const postmaster = Number(
      readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0],
    );
    const children = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [];
  }
}
