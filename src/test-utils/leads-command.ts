import type { ServerConfig } from "../server/config";
import { terminalActor, type CliContext } from "../server/cli/command-context";
import { commands } from "../server/cli/commands";
import type { SqlLeadStore } from "../server/leads/sql-store";

/**
 * Runs `npm run leads -- <argv>` in this process, as the terminal's user, on `store`: what it
 * prints goes into `printed`; resolves to its exit status.
 */
export function runLeadsCommand(
  config: ServerConfig,
  store: SqlLeadStore,
  printed: string[],
  argv: string[],
): Promise<number> {
  const [name, ...args] = argv;
  const context: CliContext = {
    actor: terminalActor(),
    config,
    out: (line) => printed.push(line),
    store: async () => store,
  };
  return commands[name!]!.run(args, context);
}
