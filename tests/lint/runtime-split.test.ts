/**
 * @jest-environment node
 */
// The runtime split held by the type checker (tsconfig.json's projects): small files placed where
// real code lives, in a copy of the tree, must fail `tsc -b` with the error that holds each
// crossing, and the allowed forms must not. The copy keeps the probes out of the working tree,
// where other commands run meanwhile.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

type Case = [filePath: string, code: string, error: string];

// What the errors say: TS2307 "Cannot find module", TS2304 and TS2591 "Cannot find name" (TS2591
// when the name is Node's), TS2584 the same for a DOM name, TS2339 "Property does not exist",
// TS6307 "File is not listed within the file list of project" (an import from a project that is
// not referenced).
const browserCrossings: Case[] = [
  ["src/components/probe/probe.tsx", 'import fs from "node:fs";\nexport const f = fs;', "TS2307"],
  [
    "src/hooks/use-probe.ts",
    'import { createHash } from "crypto";\nexport { createHash };',
    "TS2307",
  ],
  ["src/pages/probe.tsx", "export const here = __dirname;", "TS2304"],
  ["src/templates/probe.tsx", 'export const bytes = Buffer.from("x");', "TS2591"],
  ["src/islands/probe.ts", 'export const fs = require("node:fs");', "TS2591"],
  ["src/lib/probe-immediate.ts", "setImmediate(() => undefined);", "TS2304"],
  ["src/lib/probe-cwd.ts", "export const dir = process.cwd();", "TS2339"],
  ["src/lib/probe-secret.ts", "export const secret = process.env.SMTP_PASSWORD;", "TS2339"],
  ["src/lib/probe-server.ts", 'import * as s from "../server/config";\nexport { s };', "TS6307"],
  ["src/features/probe.ts", 'import * as b from "../build/schema";\nexport { b };', "TS6307"],
  ["src/cms/probe.tsx", 'import * as a from "../api/contact";\nexport { a };', "TS6307"],
];

const nodeCrossings: Case[] = [
  ["src/server/probe-document.ts", "export const title = document.title;", "TS2584"],
  ["src/server/probe-window.ts", "export const width = window.innerWidth;", "TS2304"],
  ["src/api/probe.ts", "export const where = location.href;", "TS2304"],
  [
    "src/build/probe-element.ts",
    "export const isElement = (x: unknown) => x instanceof HTMLElement;",
    "TS2693",
  ],
  ["src/server/probe-lib.ts", 'import * as l from "../lib/api-client";\nexport { l };', "TS6307"],
  [
    "src/build/probe-hooks.ts",
    'import * as h from "../hooks/use-figures";\nexport { h };',
    "TS6307",
  ],
];

const sharedCrossings: Case[] = [
  ["src/shared/probe-path.ts", 'import path from "node:path";\nexport { path };', "TS2307"],
  ["src/shared/probe-window.ts", "export const width = window.innerWidth;", "TS2304"],
  ["src/shared/probe-buffer.ts", 'export const bytes = Buffer.from("x");', "TS2591"],
  ["src/shared/probe-env.ts", "export const url = process.env.GATSBY_API_URL;", "TS2591"],
  [
    "src/shared/content-model/probe.ts",
    'import * as s from "../../server/config";\nexport { s };',
    "TS6307",
  ],
  ["src/shared/probe-lib.ts", 'import * as l from "../lib/api-client";\nexport { l };', "TS6307"],
];

const allowed: [filePath: string, code: string][] = [
  [
    "src/lib/probe-allowed.ts",
    [
      'import { formatNumber } from "../shared/format";',
      "export const url = process.env.GATSBY_API_URL;",
      'export const production = process.env.NODE_ENV === "production";',
      "export const all = [formatNumber, window.innerWidth, document.title];",
    ].join("\n"),
  ],
  [
    "src/server/probe-allowed.ts",
    [
      'import { readFileSync } from "node:fs";',
      'import { siteUrl } from "../shared/site-url";',
      "export const all = [readFileSync, siteUrl, process.env.PORT, Buffer, navigator.userAgent];",
    ].join("\n"),
  ],
  [
    "src/build/probe-allowed.ts",
    [
      'import path from "node:path";',
      'import { cmsSettings } from "../cms/settings";',
      "export const all = [path, cmsSettings, __dirname];",
    ].join("\n"),
  ],
  [
    "src/shared/probe-allowed.ts",
    [
      'import { object } from "superstruct";',
      'import { formatNumber } from "./format";',
      'export const all = [object, formatNumber, new URL("https://example.org").origin];',
    ].join("\n"),
  ],
];

const crossings = [...browserCrossings, ...nodeCrossings, ...sharedCrossings];

/**
 * A copy of what the runtime projects check (src/, the root's configurations and Gatsby files),
 * with node_modules linked entry by entry except its .cache, where `tsc -b` writes: the working
 * tree's build info stays untouched.
 */
function copyTree(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), "runtime-split-"));
  cpSync(path.join(root, "src"), path.join(copy, "src"), {
    recursive: true,
    filter: (source) => path.basename(source) !== "__tests__",
  });
  for (const name of readdirSync(root)) {
    if (/^tsconfig.*\.json$|^gatsby-.*\.tsx?$/.test(name)) {
      cpSync(path.join(root, name), path.join(copy, name));
    }
  }
  mkdirSync(path.join(copy, "node_modules"));
  for (const name of readdirSync(path.join(root, "node_modules"))) {
    if (name === ".cache") continue;
    symlinkSync(path.join(root, "node_modules", name), path.join(copy, "node_modules", name));
  }
  return copy;
}

/**
 * The error codes `tsc -b` reports for each probe file, by path, with the probes written into the
 * copy for this run only.
 */
function tscErrors(
  copy: string,
  probes: [filePath: string, code: string][],
): Map<string, string[]> {
  for (const [filePath, code] of probes) {
    mkdirSync(path.dirname(path.join(copy, filePath)), { recursive: true });
    writeFileSync(path.join(copy, filePath), `${code}\n`);
  }
  const tsc = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/typescript/bin/tsc"),
      "-b",
      "tsconfig.shared.json",
      "tsconfig.browser.json",
      "tsconfig.build.json",
      "tsconfig.server.json",
      "--pretty",
      "false",
    ],
    { cwd: copy, encoding: "utf8", timeout: 120_000 },
  );
  for (const [filePath] of probes) rmSync(path.join(copy, filePath));
  if (tsc.error) throw tsc.error;
  const errors = new Map<string, string[]>();
  for (const line of tsc.stdout.split("\n")) {
    const match = /^(.+?)\(\d+,\d+\): error (TS\d+):/.exec(line);
    if (!match) continue;
    const [, file = "", code = ""] = match;
    errors.set(file, [...(errors.get(file) ?? []), code]);
  }
  return errors;
}

let copy = "";
let errors = new Map<string, string[]>();

beforeAll(() => {
  copy = copyTree();
  const probe = ([filePath, code]: Case): [string, string] => [filePath, code];
  // Two runs: a file imported across the split is still read, and whatever it brings in (a
  // server module brings @types/node) would hide the other crossings of its project.
  errors = new Map([
    ...tscErrors(copy, [
      ...crossings.filter(([, , error]) => error !== "TS6307").map(probe),
      ...allowed,
    ]),
    ...tscErrors(copy, crossings.filter(([, , error]) => error === "TS6307").map(probe)),
  ]);
}, 300_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("a crossing fails tsc", () => {
  it.each(browserCrossings)("browser & SSR: %s: `%s` fails with %s", (file, _code, error) => {
    expect(errors.get(file) ?? []).toContain(error);
  });

  it.each(nodeCrossings)("Node: %s: `%s` fails with %s", (file, _code, error) => {
    expect(errors.get(file) ?? []).toContain(error);
  });

  it.each(sharedCrossings)("anywhere: %s: `%s` fails with %s", (file, _code, error) => {
    expect(errors.get(file) ?? []).toContain(error);
  });
});

describe("what each place has passes tsc", () => {
  it.each(allowed)("%s", (file) => {
    expect(errors.get(file) ?? []).toEqual([]);
  });
});
