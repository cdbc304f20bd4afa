import { ConfigError, readServerConfig } from "../server/config";

/** The problems readServerConfig names for `env`, in French; fails when it names none. */
export function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    readServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("no ConfigError");
}
