/**
 * Test-only pause points for the crash tests (tests/reliability/crash.test.ts). With NODE_ENV=test and
 * UNVEIL_FAULT_PAUSE naming the point (a comma-separated list), the code announces "fault point <name>" on
 * stderr and waits there for a minute, so a test can SIGKILL the process at exactly that step. Everywhere
 * else (any other NODE_ENV, or the variable unset) it returns at once.
 */
export async function faultPoint(name: string): Promise<void> {
  if (process.env.NODE_ENV !== "test") return;
  const points = process.env.UNVEIL_FAULT_PAUSE;
  if (!points?.split(",").includes(name)) return;
  process.stderr.write(`fault point ${name}: paused\n`);
  await new Promise((r) => setTimeout(r, 60_000));
}
