// @ts-check
// First step of `npm test`: the system programs the suites need, found before any long step.
// The browser tests and the benchmark drive Debian's Chromium; the lead pipeline's tests start
// throwaway clusters with PostgreSQL's server binaries; the deploy tests build in Bubblewrap's
// box, as production does (src/server/deploy/sandbox.ts); the operator's files are tried with
// systemd-analyze (ops/systemd/) and Caddy (ops/Caddyfile). Where one is missing and this user may
// install system packages (root, with apt-get), they are installed; otherwise the run stops at
// once with the one command to run.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const postgresRoot = "/usr/lib/postgresql";
const bubblewrap = "/usr/bin/bwrap";
const systemdAnalyze = "/usr/bin/systemd-analyze";
const caddy = "/usr/bin/caddy";

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Debian's packages that are missing, by the programs the suites run. */
function missingPackages() {
  const hasInitdb =
    existsSync(postgresRoot) &&
    readdirSync(postgresRoot).some((version) =>
      isExecutable(`${postgresRoot}/${version}/bin/initdb`),
    );
  return [
    ...(isExecutable(chromium) ? [] : ["chromium"]),
    ...(hasInitdb ? [] : ["postgresql"]),
    ...(isExecutable(bubblewrap) ? [] : ["bubblewrap"]),
    ...(isExecutable(systemdAnalyze) ? [] : ["systemd"]),
    ...(isExecutable(caddy) ? [] : ["caddy"]),
  ];
}

/** @param {string[]} args */
function aptGet(args) {
  const { status } = spawnSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return status === 0;
}

// The project runs on Node 24 (.nvmrc): an older one would build and test something else.
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 24) {
  console.error(
    `npm test runs on Node 24; this is Node ${process.versions.node}. Bring it, then run again:\n\n` +
      "  bash scripts/node-24.sh && npm ci && npm test\n",
  );
  process.exit(1);
}

if (process.env.CHROMIUM_PATH && !isExecutable(chromium)) {
  // Debian's package would not put it there.
  console.error(`CHROMIUM_PATH=${chromium} is not an executable: point it at Chromium.`);
  process.exit(1);
}

const missing = missingPackages();
if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(" ")}`;
  const mayInstall = process.getuid?.() === 0 && isExecutable("/usr/bin/apt-get");
  if (!mayInstall) {
    console.error(
      `npm test needs ${missing.join(" and ")} (${chromium}, ${postgresRoot}/*/bin/initdb, ${bubblewrap}, ${systemdAnalyze}, ${caddy}). ` +
        `Install ${missing.length > 1 ? "them" : "it"}, then run npm test again:\n\n` +
        `  sudo sh -c '${command}'\n`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(" and ")}: ${command}`);
  if (!aptGet(["update"]) || !aptGet(["install", "-y", ...missing])) {
    console.error(`\`${command}\` failed: npm test cannot run the browser and pipeline tests.`);
    process.exit(1);
  }
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.join(", ")} (${chromium}?).`);
    process.exit(1);
  }
}
console.log(
  `Chromium, PostgreSQL's server, Bubblewrap, systemd-analyze and Caddy found: ${chromium}, ${postgresRoot}, ${bubblewrap}, ${systemdAnalyze}, ${caddy}.`,
);
