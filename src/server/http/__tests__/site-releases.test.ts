/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { pruneReleases, releaseSite, switchTo } from "../../deploy/releases";
import { testConfig, testServer } from "../../../test-utils/test-server";

// The server over DEPLOY_DIR's releases (src/server/deploy/releases.ts): the live one looked up
// at each request, switched by another hand (a deploy, `npm run site -- rollback`) without a
// restart, each answer from one release, and the hashed files of kept releases still served.

const dir = mkdtempSync(join(tmpdir(), "site-releases-"));
const publicDir = join(dir, "public-never-built");
let app: FastifyInstance;
let base: string;

/** A release whose every page and header names it, with a script of its own. */
function writeRelease(id: string, script: string): void {
  const site = releaseSite(dir, id);
  mkdirSync(join(site, "mentions-legales"), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html lang="fr"><title>${title} — ${id}</title><script src="/${script}"></script>`;
  writeFileSync(join(site, "index.html"), page("Accueil"));
  writeFileSync(join(site, "mentions-legales/index.html"), page("Mentions légales"));
  writeFileSync(join(site, "404.html"), page("Introuvable"));
  writeFileSync(join(site, script), `console.log(${JSON.stringify(id)});`);
  writeFileSync(
    join(site, "_headers"),
    `/*\n  X-Content-Type-Options: nosniff\n  X-Test-Release: ${id}\n/mentions-legales\n  Cache-Control: no-cache\n`,
  );
  writeFileSync(
    join(dir, "releases", id, "release.json"),
    JSON.stringify({
      id,
      commit: id.padEnd(40, "0"),
      author: null,
      message: id,
      committedAt: "2026-11-26T10:00:00.000Z",
      builtAt: "2026-11-26T10:00:00.000Z",
    }),
  );
}

beforeAll(async () => {
  writeRelease("a1", "app-aaaaaaaaaaaaaaaaaaaa.js");
  writeRelease("b2", "app-bbbbbbbbbbbbbbbbbbbb.js");
  switchTo(dir, "a1");
  // The server with deploys on over DEPLOY_DIR (nothing pushed: it only serves the releases).
  app = await testServer(
    testConfig(join(dir, "data"), {
      DEPLOY_DIR: dir,
      DEPLOY_GIT_URL: join(dir, "no-repository.git"),
      DEPLOY_WEBHOOK_SECRET: "a-webhook-secret-of-this-test",
      CMS_REPO: "hestia/site",
    }),
    { publicDir },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    release: response.headers.get("x-test-release"),
    body: await response.text(),
  };
};

test("a switch takes effect at the next request, without a restart, both ways", async () => {
  switchTo(dir, "a1");
  expect((await get("/")).body).toContain("Accueil — a1");
  switchTo(dir, "b2");
  expect((await get("/")).body).toContain("Accueil — b2");
  expect((await get("/mentions-legales")).body).toContain("Mentions légales — b2");
  expect((await get("/nulle-part")).status).toBe(404);
  switchTo(dir, "a1");
  expect((await get("/")).body).toContain("Accueil — a1");
});

test("a page loaded before a deploy still gets its script after it; pages never come from an older release", async () => {
  switchTo(dir, "b2");
  const old = await get("/app-aaaaaaaaaaaaaaaaaaaa.js");
  expect(old).toMatchObject({ status: 200, release: "a1", body: 'console.log("a1");' });
  expect((await get("/app-bbbbbbbbbbbbbbbbbbbb.js")).release).toBe("b2");
  // A release pruned no longer lends its files.
  writeRelease("c3", "app-cccccccccccccccccccc.js");
  switchTo(dir, "c3");
  pruneReleases(dir, 2);
  expect((await get("/app-aaaaaaaaaaaaaaaaaaaa.js")).status).toBe(404);
  expect((await get("/app-bbbbbbbbbbbbbbbbbbbb.js")).status).toBe(200);
  expect((await get("/")).body).toContain("Accueil — c3");
});

test("400 requests during 40 switches: every one answered 200, its page and headers from one release", async () => {
  writeRelease("a1", "app-aaaaaaaaaaaaaaaaaaaa.js");
  const ids = ["a1", "c3"];
  const answers: Awaited<ReturnType<typeof get>>[] = [];
  for (let round = 0; round < 40; round += 1) {
    // Ten requests on their way, and the release switched under them.
    const inFlight = Array.from({ length: 10 }, (_, i) => get(i % 2 ? "/" : "/mentions-legales"));
    switchTo(dir, ids[round % 2]!);
    answers.push(...(await Promise.all(inFlight)));
  }
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`— ${answer.release}<`);
  }
  expect(new Set(answers.map((answer) => answer.release))).toEqual(new Set(ids));
});
