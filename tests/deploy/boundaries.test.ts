/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo, type Server } from "node:net";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createMiniSite } from "./mini-site";
import { captureLog } from "../../src/test-utils/log-capture";
import { nodeArgs } from "../../src/test-utils/compiled-server";
import { waitFor } from "../pipeline/support/leads";
import { Deployer, type FailureNotice } from "../../src/server/deploy/deployer";
import { secretTexts } from "../../src/server/deploy/redact";
import { deployPaths, listReleases } from "../../src/server/deploy/releases";
import { deployStatus, readDeployState } from "../../src/server/deploy/state";
import {
  buildEnvironment,
  hostEnvironment,
  type DeploySettings,
} from "../../src/server/deploy/deploy-settings";

// Where trust is drawn around a deploy (docs/operations.md, « Ce que voit une construction »):
// a commit pushed by someone who may push, with the real sandbox, real git and real npm, on the
// small site of mini-site.ts. It tries to read the leads and the server's secrets, to write into
// the releases and the server's folder, to reach the server, and to leave a git hook behind; it
// hangs; its deploy is killed with SIGKILL. The server's side: what it keeps, shows and emails.

const site = createMiniSite("deploy-boundaries-");
const { root, settings, commitFiles } = site;
const { lock: lockFile, current, releases, work } = deployPaths(settings.dir);

/** The lead database and the server's own folder, as a server would have them. */
const database = join(root, "data", "leads", "leads.sqlite");
const checkout = join(root, "server");
const secret = "mot-de-passe-du-relais-smtp";

let notices: FailureNotice[] = [];
const deployer = (overrides: Partial<DeploySettings> = {}, serverCode?: string) => {
  const capture = captureLog();
  const deployer = new Deployer(
    { ...settings, ...overrides },
    {
      log: capture.log,
      notify: async (notice) => {
        notices.push(notice);
      },
      serverCode,
    },
  );
  return { deployer, lines: capture.lines };
};
const deploy = async (overrides: Partial<DeploySettings> = {}, push = true) => {
  const made = deployer(overrides);
  made.deployer.request({ commit: null, push });
  await made.deployer.idle();
  return made;
};
const live = () => listReleases(settings.dir).find((release) => release.live);
const liveIndex = () => readFileSync(join(current, "site", "index.html"), "utf8");

/** The ids of every process on this machine whose command line holds `marker`. */
const pidsWith = (marker: string) =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").includes(marker);
      } catch {
        return false;
      }
    });

// The server's stand-ins: a process started with a secret in its environment (as the server is
// with SMTP_URL), and a port listening on loopback, counting who connects.
let serverLike: ChildProcess;
let port: Server;
let connections = 0;

beforeAll(async () => {
  mkdirSync(join(root, "data", "leads"), { recursive: true });
  writeFileSync(database, "SQLite format 3\0 claire@bailleur.test 06 12 34 56 78");
  mkdirSync(checkout);
  serverLike = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], {
    env: { PATH: process.env.PATH, SMTP_URL: `smtp://ventes:${secret}@127.0.0.1:2525` },
    stdio: "ignore",
  });
  port = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => port.listen(0, "127.0.0.1", resolve));
  // The first deploy, of the plain site.
  await deploy({}, false);
  expect(liveIndex()).toContain("Taux : 87 %");
});

test("the deploy folder, its working copy and the box's home are the server user's alone", () => {
  for (const folder of [settings.dir, work, deployPaths(settings.dir).home]) {
    expect((statSync(folder).mode & 0o777).toString(8)).toBe("700");
  }
});

afterAll(async () => {
  serverLike.kill("SIGKILL");
  await new Promise((resolve) => port.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** The hostile commit's script: run as the package's postinstall, then as its build. */
function spyScript(): string {
  const address = port.address();
  const targets = {
    database,
    releases,
    current,
    checkout,
    port: typeof address === "object" && address ? address.port : 0,
  };
  return `
import { appendFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
const targets = ${JSON.stringify(targets)};
const found = [];
const attempt = (what, action) => {
  try { found.push(what + ": " + String(action() ?? "done").replaceAll("\\0", " ")); }
  catch (error) { found.push(what + ": refused (" + error.code + ")"); }
};
attempt("database", () => readFileSync(targets.database, "utf8"));
attempt("environment", () => JSON.stringify(process.env));
for (const pid of readdirSync("/proc").filter((name) => /^\\d+$/.test(name))) {
  attempt("environ of " + pid, () => readFileSync("/proc/" + pid + "/environ", "utf8"));
}
attempt("releases", () => writeFileSync(join(targets.releases, "planted.txt"), "x"));
attempt("live site", () => writeFileSync(join(targets.current, "site", "index.html"), "defaced"));
attempt("checkout", () => writeFileSync(join(targets.checkout, "planted.txt"), "x"));
attempt("git hook", () => {
  mkdirSync(".git/hooks", { recursive: true });
  writeFileSync(".git/hooks/post-checkout", "#!/bin/sh\\ntouch " + targets.checkout + "/hooked\\n", { mode: 0o755 });
});
found.push("server port: " + await new Promise((resolve) => {
  const socket = connect(targets.port, "127.0.0.1");
  socket.once("connect", () => { socket.destroy(); resolve("connected"); });
  socket.once("error", (error) => resolve("refused (" + error.code + ")"));
}));
appendFileSync("findings.txt", "# " + process.argv[2] + "\\n" + found.join("\\n") + "\\n");
if (process.argv[2] === "build") {
  mkdirSync("public", { recursive: true });
  writeFileSync("public/index.html", "<title>Taux : 95 %</title><pre>" + readFileSync("findings.txt", "utf8") + "</pre>");
  writeFileSync("public/404.html", "<title>Introuvable</title>");
  writeFileSync("public/_headers", "");
  symlinkSync(targets.database, "public/leads.sqlite");
  symlinkSync("/", "public/racine");
}
`;
}

test("a hostile commit, install script and build, finds nothing of the server's and changes nothing outside its copy", async () => {
  // Sanity: outside the box, the secret is there to be read.
  expect(readFileSync(`/proc/${serverLike.pid}/environ`, "utf8")).toContain(secret);
  const releaseBefore = live()!;
  const pageBefore = liveIndex();
  const databaseBefore = readFileSync(database);
  const plainPackage = readFileSync(join(site.editor, "package.json"), "utf8");
  const packageJson = JSON.parse(plainPackage);
  packageJson.scripts = { postinstall: "node spy.mjs install", build: "node spy.mjs build" };
  // A dependency more: the lock changes, so the deploy installs, and the postinstall runs.
  packageJson.dependencies.ms = "2.1.3";
  delete packageJson.devDependencies;
  writeFileSync(join(site.editor, "package.json"), JSON.stringify(packageJson));
  site.lock();
  const hostile = commitFiles({ "spy.mjs": spyScript(), "figure.txt": "95 %\n" }, "Taux 95");

  // The server's environment holds what reaches the git host and a proxy: none of it is the build's.
  // (The proxy is given to the build's settings only: the real download goes without one here.)
  const gitEnv = {
    ...process.env,
    SSH_AUTH_SOCK: "/run/hestia/agent-ssh.sock",
    GIT_SSH_COMMAND: "ssh -i /srv/hestia/cle-de-deploiement",
  };
  const serverEnv = { ...gitEnv, HTTPS_PROXY: "http://site:mot-de-passe-du-proxy@127.0.0.1:9/" };
  await deploy({ buildEnv: buildEnvironment(serverEnv), hostEnv: hostEnvironment(gitEnv) });
  expect(live()?.commit).toBe(hostile);
  const page = liveIndex();
  expect(page).toContain("# install");
  expect(page).toContain("# build");
  expect(page).toMatch(/^database: refused \(ENOENT\)$/m);
  expect(page).not.toContain(secret);
  expect(page).not.toContain("claire@bailleur.test");
  expect(page).not.toContain(settings.secret);
  expect(page).toContain("environment: ");
  for (const text of ["mot-de-passe-du-proxy", "agent-ssh.sock", "cle-de-deploiement"]) {
    expect(page).not.toContain(text);
  }
  expect(page.match(/^server port: refused \(ECONNREFUSED\)$/gm)).toHaveLength(2);
  expect(connections).toBe(0);

  expect(readFileSync(database)).toEqual(databaseBefore);
  expect(readdirSync(releases)).not.toContain("planted.txt");
  expect(readFileSync(join(releases, releaseBefore.id, "site", "index.html"), "utf8")).toBe(
    pageBefore,
  );
  expect(readdirSync(checkout)).toEqual([]);
  const served = readdirSync(join(current, "site"));
  expect(served).not.toContain("leads.sqlite");
  expect(served).not.toContain("racine");

  // The next deploy's git runs as the server: no hook of the box's runs with it.
  writeFileSync(join(site.editor, "package.json"), plainPackage);
  site.lock();
  commitFiles({ "figure.txt": "96 %\n" }, "Taux 96");
  await deploy();
  expect(liveIndex()).toContain("Taux : 96 %");
  expect(existsSync(join(work, ".git", "hooks", "post-checkout"))).toBe(false);
  expect(existsSync(join(checkout, "hooked"))).toBe(false);
});

test("a token in DEPLOY_GIT_URL and a fetch that fails: the status, the email and the log do not show it", async () => {
  const gitUrl = "https://x-access-token:ghp_0123456789abcdefTOKEN@127.0.0.1:9/hestia/site.git";
  const dir = join(root, "deploy-with-token");
  notices = [];
  const { lines } = await deploy({
    gitUrl,
    dir,
    secrets: secretTexts({ DEPLOY_GIT_URL: gitUrl }, ["DEPLOY_GIT_URL"]),
  });
  const status = deployStatus(dir, null);
  expect(status.state).toBe("failed");
  expect(status.failure?.message).toContain("git fetch");
  const shown = JSON.stringify([status, notices, lines]);
  expect(notices).toHaveLength(1);
  expect(shown).not.toContain("ghp_0123456789abcdefTOKEN");
  expect(shown).not.toContain("x-access-token");
});

test("only forward: the live commit, an older one, and the same after a restart deploy nothing", async () => {
  const newest = live()!.commit;
  const older = listReleases(settings.dir).find((release) => !release.live)!.commit;
  const before = listReleases(settings.dir).map((release) => release.id);
  // A push (the branch's newest is live) and a commit asked for by name, older: both answered
  // and logged, by a server and by the same server after a restart (a Deployer of its own).
  const tryBoth = async () => {
    const { deployer: server, lines } = deployer();
    server.request({ commit: null, push: true });
    server.request({ commit: older });
    await server.idle();
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        `deploy ignored: ${newest} is already live`,
        `deploy ignored: ${older} is older than the live ${newest}`,
      ]),
    );
  };
  await tryBoth();
  await tryBoth();
  expect(live()?.commit).toBe(newest);
  expect(listReleases(settings.dir).map((release) => release.id)).toEqual(before);
});

test("a lock file naming this very process id, left by an earlier life of it, holds nothing", async () => {
  const previous = live()!.commit;
  for (const leftover of [
    JSON.stringify({ pid: process.pid, since: new Date(0).toISOString() }),
    String(process.pid),
  ]) {
    writeFileSync(lockFile, leftover);
    site.commit(leftover.length > 10 ? "97 %" : "98 %", "Taux");
    await deploy();
    expect(live()?.commit).not.toBe(previous);
    // The kernel's lock was free: taken, then released, the file naming nobody any more.
    expect(readFileSync(lockFile, "utf8")).toBe("");
  }
  expect(liveIndex()).toContain("Taux : 98 %");
});

test("a build that never ends is stopped at its time limit, with all it started; the live release stays", async () => {
  const before = live()!.commit;
  const hangs = commitFiles(
    {
      "build.mjs": "setInterval(() => {}, 1000);\n",
      "package.json": readFileSync(join(site.editor, "package.json"), "utf8").replace(
        "node build.mjs",
        "node build.mjs never-ends",
      ),
    },
    "Une construction sans fin",
  );
  notices = [];
  await deploy({ timeoutMs: 60_000 });
  expect(readDeployState(settings.dir)).toMatchObject({
    state: "failed",
    building: null,
    failure: { commit: hangs },
  });
  expect(readDeployState(settings.dir).failure?.message).toContain("dépassé 1 minute(s)");
  expect(notices.at(-1)).toMatchObject({ kind: "failure", commit: hangs });
  expect(live()?.commit).toBe(before);
  await waitFor(() => pidsWith("never-ends").length === 0, 10_000, "the build's end");
});

test("SIGKILL of a process deploying: nothing of its build runs on, and a push waiting on its lock then runs", async () => {
  const held = commitFiles(
    {
      "build.mjs": `if (process.env.GATSBY_TEST_HANG === "1") setInterval(() => {}, 1000);
else { (await import("node:fs")).mkdirSync("public", { recursive: true });
  (await import("node:fs")).writeFileSync("public/index.html", "<title>Taux : 99 %</title>"); }
`,
      "package.json": readFileSync(join(site.editor, "package.json"), "utf8").replace(
        "node build.mjs never-ends",
        "node build.mjs held",
      ),
    },
    "Taux 99",
  );
  // `npm run site -- deploy` in a process of its own, whose build hangs.
  const cli = spawn(process.execPath, nodeArgs("site", "deploy"), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DEPLOY_GIT_URL: settings.gitUrl,
      DEPLOY_WEBHOOK_SECRET: settings.secret,
      DEPLOY_DIR: settings.dir,
      CMS_REPO: settings.repository,
      GATSBY_TEST_HANG: "1",
    },
    stdio: "ignore",
  });
  await waitFor(() => pidsWith("build.mjs held").length > 0, 60_000, "the CLI's build");
  // First in the out-of-memory killer's sights, before the server.
  const [buildPid] = pidsWith("build.mjs held");
  expect(readFileSync(`/proc/${buildPid}/oom_score_adj`, "utf8").trim()).toBe("1000");
  const waiting = deployer();
  waiting.deployer.request({ commit: null, push: true });
  await waitFor(
    () =>
      waiting.lines.some((line) => line.msg === `deploy waits for the one process ${cli.pid} runs`),
    10_000,
    "the push waiting",
  );
  expect(readDeployState(settings.dir).building?.commit).toBe(held);
  cli.kill("SIGKILL");
  await waitFor(() => pidsWith("build.mjs held").length === 0, 10_000, "the build's end");
  await waiting.deployer.idle();
  expect(live()?.commit).toBe(held);
  expect(liveIndex()).toContain("Taux : 99 %");
  expect(readDeployState(settings.dir)).toMatchObject({ state: "idle", building: null });
});

test("a commit that changes the server's code goes live, and the operator is told once that the server must be updated", async () => {
  const build = (figure: string) => `import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync("public", { recursive: true });
writeFileSync("public/index.html", "<title>Taux : ${figure}</title>");
mkdirSync("dist/server", { recursive: true });
writeFileSync("dist/server/serve.mjs", "console.log('serveur, version 2');\\n");
`;
  const running = "the hash of the code the server runs";
  notices = [];
  const changed = commitFiles({ "build.mjs": build("90 %") }, "Serveur : version 2");
  const { deployer: made, lines } = deployer({}, running);
  made.request({ commit: null, push: true });
  await made.idle();
  expect(live()?.commit).toBe(changed);
  expect(deployStatus(settings.dir, running).serverUpdate).toMatchObject({ commit: changed });
  expect(notices).toEqual([expect.objectContaining({ kind: "server-update", commit: changed })]);
  expect(lines.map((line) => line.msg)).toContain(
    `the server's code changed in ${changed}: the site is live, the server must be updated (docs/operations.md)`,
  );
  // The next publication with the same server code: no second email.
  commitFiles({ "build.mjs": build("91 %") }, "Taux 91");
  made.request({ commit: null, push: true });
  await made.idle();
  expect(liveIndex()).toContain("Taux : 91 %");
  expect(notices).toHaveLength(1);
  // Once the server runs that code, the status says nothing more.
  expect(deployStatus(settings.dir, live()!.serverCode).serverUpdate).toBeNull();
});

test("a build that fills the disk is stopped before the server runs out of room, and its copy emptied", async () => {
  const before = live()!.commit;
  const { bavail, bsize } = statfsSync(settings.dir);
  // The floor 300 MB below the free space now: the build's writes reach it.
  const minFreeBytes = bavail * bsize - 300 * 1024 ** 2;
  const fills = commitFiles(
    {
      "build.mjs": `import { appendFileSync } from "node:fs";
const chunk = Buffer.alloc(8 * 1024 * 1024);
for (let written = 0; written < 2048; written += 8) appendFileSync("fill.bin", chunk);
setInterval(() => {}, 1000);
`,
    },
    "Une construction qui remplit le disque",
  );
  notices = [];
  await deploy({ minFreeBytes });
  expect(readDeployState(settings.dir).failure).toMatchObject({ commit: fills });
  expect(readDeployState(settings.dir).failure?.message).toContain("remplissait le disque");
  expect(notices.at(-1)).toMatchObject({ kind: "failure", commit: fills });
  expect(readdirSync(work)).toEqual([".git"]);
  expect(live()?.commit).toBe(before);
  // The next deploy installs again, into the emptied copy.
  const plain = `import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync("public", { recursive: true });
writeFileSync("public/index.html", "<title>Taux : 92 %</title>");
`;
  commitFiles({ "build.mjs": plain }, "Taux 92");
  await deploy();
  expect(liveIndex()).toContain("Taux : 92 %");
});

test("a commit's own npm settings and a lock that fetch from elsewhere: refused before any download, named in French; nothing reaches loopback", async () => {
  const before = live()!.commit;
  const address = port.address();
  const loopback = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const plainLock = readFileSync(join(site.editor, "package-lock.json"), "utf8");
  // What a repository's .npmrc would turn npm's download into: a registry of its own on the
  // server's loopback, its own program for git dependencies. (Its node-options or script-shell
  // would only change how its own build runs, in the box.)
  const npmrc = [`registry=${loopback}/`, "git=./evil.sh"].join("\n");
  const evil = `#!/bin/sh\nnode -e "require('net').connect(${loopback.split(":")[2]}, '127.0.0.1')"\n`;
  const failureOf = async (lock: object) => {
    const commit = commitFiles(
      { ".npmrc": npmrc, "evil.sh": evil, "package-lock.json": JSON.stringify(lock) },
      "Un verrou d'ailleurs",
    );
    notices = [];
    await deploy();
    expect(readDeployState(settings.dir).failure?.commit).toBe(commit);
    expect(notices.at(-1)).toMatchObject({ kind: "failure", commit });
    return readDeployState(settings.dir).failure?.message;
  };
  const lock = JSON.parse(plainLock);
  lock.packages["node_modules/is-number"].resolved = `${loopback}/is-number-7.0.0.tgz`;
  expect(await failureOf(lock)).toBe(
    `package-lock.json : le paquet « is-number » vient de ${loopback}/is-number-7.0.0.tgz, pas du registre ; seuls les paquets du registre https://registry.npmjs.org/ avec leur empreinte (integrity) sont installés`,
  );
  lock.packages["node_modules/is-number"] = {
    version: "git+ssh://git@127.0.0.1/hestia/is-number.git#0123456789abcdef",
    resolved: "git+ssh://git@127.0.0.1/hestia/is-number.git#0123456789abcdef",
  };
  expect(await failureOf(lock)).toContain("« is-number » vient de git+ssh://");
  lock.packages["node_modules/is-number"] = { resolved: "../is-number", link: true };
  expect(await failureOf(lock)).toContain("« node_modules/is-number » est un dossier du dépôt");

  // The .npmrc alone, with a lock of the registry's that changed: installed from the registry.
  const manifest = JSON.parse(readFileSync(join(site.editor, "package.json"), "utf8"));
  manifest.dependencies.ms = "2.1.2";
  writeFileSync(join(site.editor, "package.json"), JSON.stringify(manifest));
  rmSync(join(site.editor, ".npmrc"));
  writeFileSync(join(site.editor, "package-lock.json"), plainLock);
  site.lock();
  const installed = commitFiles({ ".npmrc": npmrc, "figure.txt": "93 %\n" }, "Taux 93");
  await deploy();
  expect(live()?.commit).toBe(installed);
  expect(live()?.commit).not.toBe(before);
  expect(connections).toBe(0);
});

test("a build that forks without end, then one that allocates without end, is stopped at its ceiling in French; the server answers throughout", async () => {
  const before = live()!.commit;
  // A server in this process, polled every 200 ms while the builds run.
  const server = createHttpServer((_, response) => response.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: serverPort } = server.address() as AddressInfo;
  let answered = 0;
  const missed: string[] = [];
  const poll = setInterval(() => {
    fetch(`http://127.0.0.1:${serverPort}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      () => (answered += 1),
      (error) => missed.push(String(error)),
    );
  }, 200);
  try {
    for (const [build, reason] of [
      [
        `import { execFileSync } from "node:child_process";
execFileSync("sh", ["-c", "while :; do sleep 600 & done"], { stdio: "ignore" });`,
        `la construction a voulu dépasser ${settings.ceilings.tasks} processus (DEPLOY_BUILD_TASKS) : elle a été arrêtée`,
      ],
      [
        `const kept = [];
for (;;) kept.push(Buffer.alloc(32 * 1024 ** 2, 1));`,
        `la construction a dépassé ${settings.ceilings.memoryBytes / 1024 ** 2} Mo de mémoire (DEPLOY_BUILD_MEMORY_MB) : elle a été arrêtée`,
      ],
    ] as const) {
      const commit = commitFiles({ "build.mjs": build }, "Une construction sans plafond");
      notices = [];
      await deploy();
      expect(readDeployState(settings.dir).failure).toMatchObject({ commit, message: reason });
      expect(notices.at(-1)).toMatchObject({ kind: "failure", commit });
      expect(live()?.commit).toBe(before);
      await waitFor(() => pidsWith("sleep 600").length === 0, 10_000, "the box's processes gone");
    }
  } finally {
    clearInterval(poll);
    server.close();
  }
  expect(missed).toEqual([]);
  expect(answered).toBeGreaterThan(0);
});
