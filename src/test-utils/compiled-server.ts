import { join } from "node:path";

// The compiled server and CLIs, as production runs them (scripts/build-server.mjs): each jest
// suite that starts one in a process of its own finds it compiled by its globalSetup
// (tests/compile-server.mjs), e2e and the benches by `npm run build`.

const dist = join(__dirname, "..", "..", "dist", "server");

export const compiledServer = {
  serve: join(dist, "serve.mjs"),
  leads: join(dist, "leads.mjs"),
  site: join(dist, "site.mjs"),
} as const;

/** Node's arguments to run one of them: source maps on, as the npm scripts do. */
export const nodeArgs = (entry: keyof typeof compiledServer, ...args: string[]) => [
  "--enable-source-maps",
  compiledServer[entry],
  ...args,
];
