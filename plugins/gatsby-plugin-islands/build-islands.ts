import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild";
import { cssModuleExports } from "./css-class-names";

// The islands' own build: esbuild bundles the quote form's island, its worker and the page's
// start-up script (src/islands/first-load.ts) into public/islands/, each file named after its
// content's hash, then the few hundred bytes every page runs inline (src/islands/inline-start.ts),
// which fetch the start-up script. The components inside are the ones Gatsby renders into the
// page's HTML: their CSS is already in the page, and their class names are Gatsby's own
// (css-class-names.ts). Each file is built on its own and learns the address of the file it
// loads, so that none imports a chunk shared with another: the start-up script is one request.

/** Where the islands are built to, under public/, and the address they are served at. */
export const islandsFolder = "islands";

/**
 * What is built, in order: each file, and the module through which the code that loads it learns
 * its address, answered by this build (the module's own source serves `gatsby develop` and the
 * tests).
 */
const steps = [
  {
    entry: "src/features/quote-form/altcha.worker.ts",
    format: "iife",
    addressModule: {
      path: /\/altcha-worker$/,
      contents: (address: string) =>
        `export const startAltchaWorker = () => new Worker(${JSON.stringify(address)});`,
    },
  },
  {
    entry: "src/islands/quote-form.tsx",
    format: "esm",
    addressModule: {
      path: /\/quote-form-address$/,
      contents: (address: string) => `export const quoteFormIsland = ${JSON.stringify(address)};`,
    },
  },
  {
    entry: "src/islands/first-load.ts",
    format: "esm",
    addressModule: {
      path: /\/start-up-address$/,
      contents: (address: string) => `export const startUpScript = ${JSON.stringify(address)};`,
    },
  },
] as const;

/** Written into every page's head rather than into a file: a classic script, run as parsed. */
const inlineStart = "src/islands/inline-start.ts";

export type BuiltIslands = {
  /** The code every page runs inline, which fetches the start-up script. */
  inlineStart: string;
  /** Every file written, with its size in bytes, by name. */
  files: Map<string, number>;
};

/** A CSS Module imported by an island: its class names, as Gatsby names them; no CSS. */
const cssModulesAsGatsbyNames: Plugin = {
  name: "css-modules-as-gatsby-names",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.module\.css$/ }, async ({ path: file }) => {
      const names = await cssModuleExports(file, readFileSync(file, "utf8"));
      const contents = [...names]
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join("\n");
      return { contents, loader: "js" };
    });
  },
};

/** A module answered with `contents`, which give the address of a file built before. */
const addressOf = (module: RegExp, contents: string): Plugin => ({
  name: "built-address",
  setup(esbuild) {
    esbuild.onResolve({ filter: module }, ({ path: request }) => ({
      path: request,
      namespace: `built-address`,
    }));
    esbuild.onLoad({ filter: module, namespace: "built-address" }, () => ({
      contents,
      loader: "js",
    }));
  },
});

/**
 * The browser's settings as Gatsby's webpack gives them: each GATSBY_ variable inlined, any other
 * `process.env.X` undefined.
 */
const browserSettings = (env: NodeJS.ProcessEnv) => ({
  ...Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith("GATSBY_"))
      .map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)]),
  ),
  "process.env.NODE_ENV": JSON.stringify("production"),
  "process.env": "{}",
});

const common = (outdir: string, env: NodeJS.ProcessEnv): BuildOptions => ({
  outdir,
  bundle: true,
  minify: true,
  // Module scripts: every browser that runs them reads ES2020.
  target: "es2020",
  jsx: "automatic",
  entryNames: "[name]-[hash]",
  logLevel: "warning",
  define: browserSettings(env),
});

/** The output file built from `entry`, as a path relative to the project. */
function outputOf(metafile: Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entry);
  if (!found) throw new Error(`The islands' build wrote nothing for ${entry}`);
  return found[0];
}

/**
 * Builds the islands into `publicDir`/islands/ and removes what an earlier build left there. A
 * file whose content did not change is not rewritten: it keeps its Brotli and gzip copies
 * (src/build/precompress.ts keeps a copy newer than its file).
 */
export async function buildIslands(
  publicDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BuiltIslands> {
  const outdir = path.join(publicDir, islandsFolder);
  const address = (output: string) =>
    `/${islandsFolder}/${path.relative(outdir, path.resolve(output)).split(path.sep).join("/")}`;
  const outputs: { path: string; contents: Uint8Array }[] = [];
  const plugins: Plugin[] = [cssModulesAsGatsbyNames];
  for (const step of steps) {
    const built = await build({
      ...common(outdir, env),
      entryPoints: [step.entry],
      format: step.format,
      plugins: [...plugins],
      write: false,
      metafile: true,
    });
    outputs.push(...built.outputFiles);
    const { path: module, contents } = step.addressModule;
    plugins.push(addressOf(module, contents(address(outputOf(built.metafile, step.entry)))));
  }
  const inline = await build({
    ...common(outdir, env),
    entryPoints: [inlineStart],
    format: "iife",
    plugins,
    write: false,
  });
  const inlineCode = inline.outputFiles.map((file) => file.text).join("");
  // Inside a <script> element, "</" could end it early.
  if (inlineCode.includes("</")) throw new Error(`${inlineStart} built to code holding "</"`);

  mkdirSync(outdir, { recursive: true });
  const files = new Map<string, number>();
  for (const output of outputs) {
    const name = path.relative(outdir, output.path);
    files.set(name, output.contents.byteLength);
    const file = path.join(outdir, name);
    if (!existsSync(file) || !readFileSync(file).equals(output.contents)) {
      writeFileSync(file, output.contents);
    }
  }
  for (const file of readdirSync(outdir)) {
    if (!files.has(file.replace(/\.(br|gz)$/, "")))
      rmSync(path.join(outdir, file), { force: true });
  }
  return { inlineStart: inlineCode.trim(), files };
}
