/**
 * Operator commands: npm run cli -- <command> [options]
 * Each works whether or not the app is running: it uses the embedded database running on DATA_DIR (found from
 * its lock file, whatever its port), or starts it for the command and stops it after (unless the app started
 * meanwhile and uses it). A failure exits non-zero with a message that says what failed, and its cause.
 */

import type { OpenDatabase } from "../../server/db/open.ts";
import { describeError } from "../../server/error-text.ts";
import { runCli } from "./cli-commands.ts";

// A connection dropped under the command (the database stopped meanwhile) surfaces as an "error" event with no
// listener: it is reported like any other failure, not as a stack trace. A database this command started is
// stopped before exiting (at most 5 s), so that a crash leaves none behind.
let opened: OpenDatabase | null = null;
const fail = async (err: unknown) => {
  process.stderr.write(`Error: ${describeError(err)}\n`);
  process.exitCode = 1;
  const closing = opened?.close().catch(() => {});
  opened = null;
  await Promise.race([closing, new Promise((r) => setTimeout(r, 5_000).unref())]);
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  opened: (database) => {
    opened = database;
  },
}).then((code) => process.exit(code), fail);
