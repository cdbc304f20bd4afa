// Where the endpoint runs decides which stores can keep a lead. A functions host gives each
// instance a disk that is read-only or thrown away between calls: a lead written there would be
// answered 201 and then vanish, so there only PostgreSQL may store.

type Env = Partial<Record<string, string>>;

/** The variables each functions runtime sets in every instance (not at build time only). */
export const functionsHostVariables = [
  "AWS_LAMBDA_FUNCTION_NAME", // AWS Lambda, and Netlify Functions, which run on it
  "LAMBDA_TASK_ROOT",
  "NETLIFY", // Netlify's build and functions
  "NETLIFY_DEV",
  "VERCEL",
  "FUNCTIONS_WORKER_RUNTIME", // Azure Functions
] as const;

/** The variable that shows a functions host, or null on a server whose disk lasts. */
export function functionsHostVariable(env: Env): string | null {
  return functionsHostVariables.find((name) => Boolean(env[name])) ?? null;
}

export class FunctionsHostWithoutDatabaseError extends Error {
  constructor(variable: string) {
    super(
      `running on a functions host (${variable} is set) without DATABASE_URL: its disk does not ` +
        "keep files, so no lead is stored; set DATABASE_URL to a PostgreSQL database",
    );
    this.name = "FunctionsHostWithoutDatabaseError";
  }
}
