import { userInfo } from "node:os";
import type { ServerConfig } from "../config";
import type { Actor } from "../leads/actions";
import type { SqlLeadStore } from "../leads/sql-store";

// What a subcommand of `npm run leads` is and what it is given, apart from the list of them
// (commands.ts): the modules that define commands (lead-actions.ts, personal-data.ts) import
// this one, and the list imports them, without either importing the other.

export interface CliContext {
  /** The same settings as the server's, read and checked once (src/server/config.ts). */
  config: ServerConfig;
  /** Who the audit log names for what a command does: `terminal (<os user>)`. */
  actor: Actor;
  out(line: string): void;
  /** The configured store, opened at first call and closed by the caller. */
  store(): Promise<SqlLeadStore>;
}

export interface Command {
  /** Arguments after the name, for the help text: `ID`, `[FICHIER]`. */
  args: string;
  summary: string;
  /** Resolves to the exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

/** Who the audit log names for a command: `terminal (<os user>)`, the requestId null. */
export function terminalActor(): Actor {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A container may run under a uid with no account: the uid still says who it was.
    user = `uid ${process.getuid?.() ?? "inconnu"}`;
  }
  return { name: `terminal (${user})`, requestId: null };
}
