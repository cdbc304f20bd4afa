/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchPackages, lockedPackages } from "../package-fetch";

// What a lock file may ask the server to fetch before a build (package-fetch.ts): names and
// versions of the registry's, each with its integrity; anything else fails the deploy, named.

const registry = "https://registry.npmjs.org/";
const integrity = "sha512-AAAA";
const lock = (packages: Record<string, object>) =>
  JSON.stringify({ lockfileVersion: 3, packages: { "": { name: "site" }, ...packages } });
const read = (packages: Record<string, object>) =>
  lockedPackages(lock(packages), "package-lock.json", registry);
const refusal = (packages: Record<string, object>) => {
  try {
    read(packages);
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
};

test("the site's own locks are accepted whole, development tools included (npm checks them)", () => {
  const root = join(__dirname, "..", "..", "..", "..");
  const site = readFileSync(join(root, "package-lock.json"), "utf8");
  const specs = lockedPackages(site, "package-lock.json", registry);
  expect(specs.length).toBeGreaterThan(1000);
  expect(specs).toContain(`gatsby@${JSON.parse(site).packages["node_modules/gatsby"].version}`);
  expect(specs.some((spec) => spec.startsWith("jest@"))).toBe(true);
  const decap = readFileSync(join(root, "decap", "package-lock.json"), "utf8");
  expect(lockedPackages(decap, "decap/package-lock.json", registry).length).toBeGreaterThan(100);
});

test("names and versions are asked, aliases by their real name, another system's binaries not", () => {
  expect(
    read({
      "node_modules/a": { version: "1.0.0", integrity },
      "node_modules/@scope/b": {
        version: "2.0.0-rc.1",
        integrity,
        resolved: `${registry}@scope/b/-/b-2.0.0-rc.1.tgz`,
      },
      "node_modules/alias": { name: "real", version: "3.0.0", integrity },
      "node_modules/a/node_modules/c": { version: "4.0.0", integrity },
      "node_modules/bundled": { version: "5.0.0", inBundle: true },
      "node_modules/tool": { version: "6.0.0", integrity, dev: true },
      "node_modules/@esbuild/other": { version: "0.1.0", integrity, os: ["!" + process.platform] },
      "node_modules/@esbuild/other-cpu": { version: "0.1.0", integrity, cpu: ["s390x-never"] },
    }),
  ).toEqual(["a@1.0.0", "@scope/b@2.0.0-rc.1", "real@3.0.0", "c@4.0.0", "tool@6.0.0"]);
});

test.each([
  [
    "a git address",
    {
      "node_modules/evil": {
        version: "1.0.0",
        integrity,
        resolved: "git+ssh://git@github.com/x/evil.git#abc",
      },
    },
    "« evil » vient de git+ssh://",
  ],
  [
    "a tarball on loopback",
    {
      "node_modules/evil": {
        version: "1.0.0",
        integrity,
        resolved: "http://127.0.0.1:2019/evil.tgz",
      },
    },
    "« evil » vient de http://127.0.0.1:2019/evil.tgz",
  ],
  [
    "another host",
    {
      "node_modules/evil": {
        version: "1.0.0",
        integrity,
        resolved: "https://registry.npmjs.org.evil.example/evil/-/evil-1.0.0.tgz",
      },
    },
    "« evil » vient de",
  ],
  [
    "a password in the registry's address",
    {
      "node_modules/evil": {
        version: "1.0.0",
        integrity,
        resolved: "https://u:p@registry.npmjs.org/evil/-/evil-1.0.0.tgz",
      },
    },
    "« evil » vient de",
  ],
  [
    "a folder of the repository",
    { figures: { version: "1.0.0" }, "node_modules/figures": { resolved: "figures", link: true } },
    "« figures » est un dossier du dépôt ou un lien",
  ],
  [
    "a link",
    { "node_modules/figures": { resolved: "../elsewhere", link: true } },
    "« node_modules/figures » est un dossier du dépôt ou un lien",
  ],
  [
    "a file: version",
    { "node_modules/evil": { version: "file:../evil", integrity } },
    "« evil » n'a pas une version exacte du registre (file:../evil)",
  ],
  [
    "no integrity",
    { "node_modules/evil": { version: "1.0.0" } },
    "« evil » n'a pas d'empreinte (integrity)",
  ],
  [
    "an option for a name",
    { "node_modules/--global": { version: "1.0.0", integrity } },
    "« --global » n'a pas un nom de paquet npm",
  ],
  [
    "a development tool from git",
    {
      "node_modules/evil": {
        version: "1.0.0",
        integrity,
        dev: true,
        resolved: "git+https://example.org/evil.git",
      },
    },
    "« evil » vient de git+https://",
  ],
])("%s fails the deploy, naming the package", (_, packages, message) => {
  expect(refusal(packages)).toContain(message);
  expect(refusal(packages)).toMatch(/^package-lock\.json : le paquet /);
  expect(refusal(packages)).toContain(`seuls les paquets du registre ${registry}`);
});

test("a file that is not a lock of npm 7 or later is refused", () => {
  expect(() => lockedPackages("{", "package-lock.json", registry)).toThrow(
    "package-lock.json n'est pas un fichier de verrouillage de npm 7 ou plus",
  );
  expect(() =>
    lockedPackages('{"lockfileVersion":1,"dependencies":{}}', "package-lock.json", registry),
  ).toThrow("lockfileVersion 2 ou 3");
});

test("a registry the server cannot reach fails the download with the reason, in French, and nothing cached", async () => {
  // A port on loopback where nothing listens stands for a registry out of reach (a network down,
  // a proxy or a certificate authority missing from the server's environment).
  const unreachable = await new Promise<string>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(`http://127.0.0.1:${port}/`));
    });
  });
  const folder = mkdtempSync(join(tmpdir(), "package-fetch-"));
  try {
    const failure = fetchPackages(
      ["is-number@7.0.0", "ms@2.1.3"],
      join(folder, "cache"),
      unreachable,
      {
        cwd: folder,
        env: { PATH: process.env.PATH!, HOME: folder, npm_config_registry: unreachable },
        signal: new AbortController().signal,
      },
    );
    await expect(failure).rejects.toThrow(
      new RegExp(
        `^le registre de paquets ${unreachable} ne répond pas au serveur \\(.*ECONNREFUSED.*\\) : vérifiez`,
      ),
    );
    expect(existsSync(join(folder, "cache", "_cacache", "index-v5"))).toBe(false);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
