import { tryReadServerConfig, type Env } from "../config";
import { openLeadStore } from "../leads/open-store";
import type { SqlLeadStore } from "../leads/sql-store";
import { oneLine } from "../one-line";
import { terminalActor, type CliContext } from "./command-context";
import { commands } from "./commands";
import { runCli } from "./run-cli";

// `npm run leads -- <commande>`: the same commands on PostgreSQL and on the embedded database,
// chosen by the same variables as the endpoint (DATABASE_URL, else QUOTE_DATABASE_DIR). Beside a
// running server, a command opens the same SQLite file (src/server/leads/sqlite-database.ts).

function help(): string {
  const width = Math.max(...Object.entries(commands).map(([n, c]) => `${n} ${c.args}`.length));
  return [
    "Usage : npm run leads -- <commande>",
    "",
    ...Object.entries(commands).map(
      ([name, command]) => `  ${`${name} ${command.args}`.padEnd(width)}  ${command.summary}`,
    ),
  ].join("\n");
}

export async function main(argv: string[], env?: Env): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    console.log(help());
    return name === undefined || name === "help" || name === "--help" ? 0 : 2;
  }
  const read = tryReadServerConfig(env);
  if (!read.ok) {
    console.error(read.error.message);
    return 2;
  }
  const { config } = read;
  const { store: settings } = config;
  let opened: Promise<SqlLeadStore> | undefined;
  const context: CliContext = {
    actor: terminalActor(),
    config,
    out: (line) => console.log(line),
    store: () => (opened ??= openLeadStore(settings, { maxConnections: 2 })),
  };
  try {
    return await command.run(args, context);
  } catch (error) {
    console.error(`Échec de « ${name} » : ${oneLine(error)}`);
    return 1;
  } finally {
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
}

runCli(main);
