import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitAs } from "./editor";
import {
  buildEnvironment,
  hostEnvironment,
  type DeploySettings,
} from "../../src/server/deploy/deploy-settings";

// A site of a few files whose build takes a second, in a bare repository on disk that stands for
// the git host, with an editor's clone that commits and pushes to it: what the deployer's tests
// deploy. Its build fails as src/build/content-checks.ts reports through Gatsby (wrapped lines),
// and its page names the SITE_URL and the draft's branch (SITE_PREVIEW_BRANCH) it was built with.

const buildScript = `
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
// The site's one dependency runs in every build, as Gatsby's packages run in the site's.
import isNumber from "is-number";
const figure = readFileSync("figure.txt", "utf8").trim();
if (!isNumber(figure.split(" ")[0]) && !figure.startsWith("[") && figure !== "en attente") {
  console.error("not a figure: " + figure);
}
if (figure.includes("[À COMPLÉTER")) {
  console.error(" ERROR  UNKNOWN\\n\\nLe contenu de content/ comporte des erreurs :");
  console.error("  - figure.txt : champ « recoveryRate » encore à compléter (CONTENT_STRICT=1\\nrefuse de publier une affirmation sans sa preuve)\\n\\nnot finished");
  process.exit(1);
}
// A figure that holds the build until it is stopped: a build under way for as long as a test needs.
if (figure === "en attente") await new Promise(() => setInterval(() => {}, 1000));
// A build made as of an instant (scheduled builds) says which; with fail-after.txt, a build as of
// that instant or later fails as a content check does: a scheduled build made to fail.
const asOf = process.env.SITE_BUILD_AS_OF ?? "";
if (existsSync("fail-after.txt") && asOf >= readFileSync("fail-after.txt", "utf8").trim()) {
  console.error(" ERROR  UNKNOWN\\n\\nLe contenu de content/ comporte des erreurs :");
  console.error("  - content/clients/a.md : champ « name » : attendu un texte non vide");
  process.exit(1);
}
mkdirSync("public", { recursive: true });
// Files a draft adds reach public/, as a draft's image would reach public/static/.
if (existsSync("draft-files")) cpSync("draft-files", "public", { recursive: true });
const branch = process.env.SITE_PREVIEW_BRANCH;
writeFileSync(
  "public/index.html",
  "<title>Taux : " + figure + "</title><link rel=canonical href=" + process.env.SITE_URL + "/>" +
    (branch ? "<p>Aperçu — non publié — branche " + branch + "</p>" : "") +
    (asOf ? "<p>Au " + asOf + "</p>" : ""),
);
writeFileSync("public/404.html", "<title>Introuvable</title>");
writeFileSync("public/_headers", "/*\\n  X-Content-Type-Options: nosniff\\n");
`;

export function createMiniSite(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const remote = join(root, "remote.git");
  const editor = join(root, "editor");
  const git = (...args: string[]) => gitAs(editor, ...args);

  /** Writes the files given (path → text), commits them all and pushes; resolves to the commit. */
  function commitFiles(files: Record<string, string>, message: string): string {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(editor, path), text);
    git("add", "--all");
    git("commit", "--quiet", "--message", message);
    git("push", "--quiet", "origin", "HEAD:main");
    return git("rev-parse", "HEAD");
  }

  /** Pushes a commit of the figure the site shows. */
  const commit = (figure: string, message: string) =>
    commitFiles({ "figure.txt": `${figure}\n` }, message);

  /** Rewrites package-lock.json after a change of package.json, as npm would. */
  const lock = () =>
    execFileSync(
      "npm",
      ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"],
      {
        cwd: editor,
        stdio: "ignore",
      },
    );

  gitAs(root, "init", "--quiet", "--bare", "--initial-branch=main", remote);
  mkdirSync(editor);
  git("init", "--quiet", "--initial-branch=main");
  git("remote", "add", "origin", remote);
  // One dependency of the registry's, so that `npm ci` has a tree to fetch and install, and one
  // development dependency, which the server's working copy goes without.
  writeFileSync(
    join(editor, "package.json"),
    JSON.stringify({
      name: "site",
      version: "1.0.0",
      private: true,
      scripts: { build: "node build.mjs" },
      dependencies: { "is-number": "7.0.0" },
      devDependencies: { ms: "2.1.3" },
    }),
  );
  lock();
  mkdirSync(join(editor, "content"));
  commitFiles(
    {
      "build.mjs": buildScript,
      "figure.txt": "87 %\n",
      "content/company.md": "---\nphone: 01 23 45 67 89\n---\n",
    },
    "Site",
  );

  const settings: DeploySettings = {
    gitUrl: remote,
    secret: "a secret of the webhook, 32 chars",
    dir: join(root, "deploy"),
    repository: "hestia/site",
    branch: "main",
    notifyTo: [],
    keepReleases: 3,
    timeoutMs: 10 * 60_000,
    secrets: [],
    minFreeBytes: 64 * 1024 ** 2,
    box: { hidden: [], nodePath: process.execPath },
    // Far below the defaults, far above what this site's build takes.
    ceilings: { tasks: 256, memoryBytes: 768 * 1024 ** 2 },
    hostEnv: hostEnvironment(process.env),
    buildEnv: buildEnvironment(process.env),
    previews: null,
    statuses: null,
    siteUrl: "https://www.hestia.test",
  };
  return { root, remote, editor, git, commit, commitFiles, lock, settings };
}
