// @ts-check
// `npm run build:server` (and the end of `npm run build`): the production server and its two
// command-line tools compiled to plain JavaScript in dist/server/, so that `npm run serve`,
// `npm run leads` and `npm run site` run on Node alone, with no TypeScript loader in the process.
// esbuild bundles our own modules into one file per entry and leaves every package to
// node_modules, as npm installed it. `--outdir <folder>` writes elsewhere (tests).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each entry point and the name of its file in the output folder. */
export const serverEntries = {
  serve: "src/server/http/serve.ts",
  leads: "src/server/cli/leads-cli.ts",
  site: "src/server/cli/site-cli.ts",
};

/**
 * Compiles the entries into `outdir` (inside the repository, where Node finds node_modules).
 * Each file is written beside its final name, then renamed over it: a process starting from
 * the folder meanwhile (a test, the running server's CLI) reads the old file or the new, whole.
 * @param {string} outdir
 */
export async function buildServer(outdir = path.join(root, "dist", "server")) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(serverEntries).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    target: "node24",
    format: "esm",
    sourcemap: "linked",
    // Stack traces name our functions (`node --enable-source-maps` maps them to the sources).
    keepNames: true,
    logLevel: "warning",
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--outdir");
  const outdir = at === -1 ? undefined : path.resolve(process.argv[at + 1] ?? "");
  const written = await buildServer(outdir);
  console.log(`Server compiled into ${path.relative(process.cwd(), written) || "."}`);
}
