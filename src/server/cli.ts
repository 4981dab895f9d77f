/**
 * Operator commands: npm run cli -- <command> [options]
 * Each works whether or not the app is running: it uses the running embedded database, or starts it for
 * the command and stops it after. A failure exits non-zero with a clear message.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { seedDemo } from "./db/seed-demo.ts";
import { createOrPromoteAdmin } from "./modules/admin/accounts.ts";
import { purgeExpiredSessions } from "./modules/auth/sessions.ts";

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  create-admin --email E --password P [--first-name F --last-name L]
                       create an admin account, or promote (and set the password of) an existing one
  seed-demo            add the demo venues, date ideas and offer codes (skips what exists)
  migrate              apply database migrations
  purge-sessions       delete expired sessions
`;

type Command = (args: string[], db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<string>;

const commands: Record<string, Command> = {
  async "create-admin"(args, db) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
    });
    if (!values.email || !values.password) throw new Error("create-admin needs --email and --password");
    const res = await createOrPromoteAdmin(db, {
      email: values.email,
      password: values.password,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    return res.created
      ? `Created admin ${values.email} (id ${res.id})`
      : `Promoted ${values.email} (id ${res.id}) to admin and set the password`;
  },
  async "seed-demo"(_args, db) {
    const n = await seedDemo(db);
    return `Seeded ${n.venues} venues, ${n.dateIdeas} date ideas and ${n.offerCodes} offer codes (existing ones kept)`;
  },
  async migrate() {
    return "Migrations applied";
  },
  async "purge-sessions"(_args, db) {
    return `Deleted ${await purgeExpiredSessions(db, new Date())} expired sessions`;
  },
};

async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help") {
    process.stdout.write(HELP);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${HELP}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config, (m) => process.stderr.write(`${m}\n`));
  try {
    process.stdout.write(`${await command(args, database.db)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
