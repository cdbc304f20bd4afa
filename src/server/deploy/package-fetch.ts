import { DeployFailure, run } from "./run-program";

// The download of a build's packages (docs/operations.md, « Ce que voit une construction »): done
// by the server, outside the box, from the registry the server's own npm settings name, into a
// cache of the server's (DEPLOY_DIR/npm-cache) that a build only ever gets a copy of. Before it,
// each lock file is read: a package that is not a tarball of that registry with its integrity (a
// git address, a folder of the repository, a link, another host) fails the deploy, named. So the
// repository chooses versions, never where they come from nor how npm runs: npm is started in a
// folder of the server's, never reads the repository's .npmrc, and is given names and versions
// alone. The box then installs from its copy of the cache with no network at all.

/** What npm is asked to fetch: `name@version`. */
export type PackageSpec = `${string}@${string}`;

/** The public registry, which npm replaces by the configured one in lock files (replace-registry-host). */
const publicRegistry = "https://registry.npmjs.org/";

const packageName = /^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/;
const exactVersion = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const integrity = /^(sha1|sha256|sha384|sha512)-[A-Za-z0-9+/=]+( |$)/;

interface LockEntry {
  name?: unknown;
  version?: unknown;
  resolved?: unknown;
  integrity?: unknown;
  link?: unknown;
  inBundle?: unknown;
  os?: unknown;
  cpu?: unknown;
}

/** Whether an entry's `os` or `cpu` list (npm's « !name » excludes) admits `value`. */
function admits(list: unknown, value: string): boolean {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const wanted = list.filter((item) => typeof item === "string" && !item.startsWith("!"));
  return wanted.length === 0 || wanted.includes(value);
}

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/**
 * The packages `lockText` (the lock file called `lockName`) installs from `registry`, checked:
 * throws a DeployFailure naming the first package that would come from anywhere else. Packages
 * for another system are not fetched; development ones are, though the build installs none of
 * them: npm reads their metadata to check the lock (a dependency named by a tag, `latest`).
 */
export function lockedPackages(
  lockText: string,
  lockName: string,
  registry: string,
): PackageSpec[] {
  const refuse = (what: string, why: string) =>
    new DeployFailure(
      `${lockName} : le paquet « ${shown(what)} » ${why} ; seuls les paquets du registre ${registry} avec leur empreinte (integrity) sont installés`,
      [],
      [],
    );
  let packages: Record<string, LockEntry>;
  try {
    packages = (JSON.parse(lockText) as { packages: Record<string, LockEntry> }).packages;
    if (typeof packages !== "object" || packages === null) throw new Error("no packages");
  } catch {
    throw new DeployFailure(
      `${lockName} n'est pas un fichier de verrouillage de npm 7 ou plus (lockfileVersion 2 ou 3)`,
      [],
      [],
    );
  }
  const specs = new Set<PackageSpec>();
  for (const [where, entry] of Object.entries(packages)) {
    if (where === "" || entry.inBundle === true) continue;
    const folder = where.lastIndexOf("node_modules/");
    const name = typeof entry.name === "string" ? entry.name : where.slice(folder + 13);
    if (folder === -1 || entry.link === true) {
      throw refuse(where, "est un dossier du dépôt ou un lien");
    }
    if (!packageName.test(name)) throw refuse(name, "n'a pas un nom de paquet npm");
    const resolved = typeof entry.resolved === "string" ? entry.resolved : null;
    if (resolved !== null) {
      const url = URL.canParse(resolved) ? new URL(resolved) : null;
      const fromRegistry = [registry, publicRegistry].some((root) => resolved.startsWith(root));
      if (!url || !fromRegistry || url.username || url.password || !resolved.endsWith(".tgz")) {
        throw refuse(name, `vient de ${shown(resolved)}, pas du registre`);
      }
    }
    if (typeof entry.version !== "string" || !exactVersion.test(entry.version)) {
      throw refuse(
        name,
        `n'a pas une version exacte du registre (${shown(String(entry.version))})`,
      );
    }
    if (typeof entry.integrity !== "string" || !integrity.test(entry.integrity)) {
      throw refuse(name, "n'a pas d'empreinte (integrity)");
    }
    if (!admits(entry.os, process.platform) || !admits(entry.cpu, process.arch)) continue;
    specs.add(`${name}@${entry.version}`);
  }
  return [...specs];
}

export interface FetchContext {
  /** A folder of the server's, with no npm settings of the repository's: where npm runs. */
  cwd: string;
  /** The server's environment for its own tools (deploy-settings.ts, hostEnvironment). */
  env: Record<string, string>;
  signal: AbortSignal;
}

/** The registry the server's npm settings name (its ~/.npmrc, npm_config_registry). */
export async function configuredRegistry(context: FetchContext): Promise<string> {
  const said = (await npm(["config", "get", "registry"], context)).trim();
  const url = URL.canParse(said) ? new URL(said) : null;
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new DeployFailure(`le registre npm du serveur n'est pas une adresse (${said})`, [], []);
  }
  // A password in the address stays with the server: the box is given the address without it.
  url.username = "";
  url.password = "";
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/**
 * Fetches `specs` into `cache`, from `registry` (configuredRegistry), running no package's code.
 * The first package alone first, with one quick retry: a registry the server cannot reach (no
 * network, a proxy or a certificate authority missing from its environment) fails the deploy in
 * seconds, saying so, instead of npm's retries of every package, which take a quarter of an hour.
 */
export async function fetchPackages(
  specs: readonly PackageSpec[],
  cache: string,
  registry: string,
  context: FetchContext,
): Promise<void> {
  const [first] = specs;
  if (first === undefined) return;
  try {
    await npm(
      [
        "cache",
        "add",
        "--cache",
        cache,
        "--fetch-retries=1",
        "--fetch-retry-mintimeout=2000",
        "--fetch-retry-maxtimeout=5000",
        "--fetch-timeout=60000",
        "--",
        first,
      ],
      context,
      "npm cache add",
    );
  } catch (error) {
    if (!(error instanceof DeployFailure)) throw error;
    // npm's « request to … failed, reason: self-signed certificate in certificate chain ».
    const reason = error.outputTail
      .map((line) => /failed, reason: (.+)$/.exec(line)?.[1])
      .find((found) => found !== undefined);
    throw new DeployFailure(
      `le registre de paquets ${registry} ne répond pas au serveur${reason ? ` (${reason.trim()})` : ""} : vérifiez son réseau, son proxy ou son autorité de certification (NODE_EXTRA_CA_CERTS, docs/operations.md)`,
      [],
      error.outputTail,
    );
  }
  // The rest in batches: one command line stays far below the system's limit.
  for (let start = 1; start < specs.length; start += 400) {
    await npm(
      ["cache", "add", "--cache", cache, "--", ...specs.slice(start, start + 400)],
      context,
      "npm cache add",
    );
  }
}

const npm = (args: string[], context: FetchContext, shownAs = `npm ${args.join(" ")}`) =>
  run("npm", ["--no-audit", "--no-fund", "--loglevel=error", ...args], {
    cwd: context.cwd,
    env: context.env,
    signal: context.signal,
    lowPriority: true,
    shownAs,
  });
