// « Publier » to live on our own server, timed: `npm run bench` runs this after its builds (not
// with --no-build). A bare repository of the project (HEAD) stands for GitHub; the first deploy
// is the cold one (`npm run site -- deploy`: the working copy's npm ci and a cold build), then one
// figure is changed and pushed, and a push webhook signed as GitHub signs it is timed until the
// server serves the new figure (Gatsby's cache warm), with nothing else running, as the reference
// site's warm build is timed. The build's resident memory is sampled. Then a draft is saved on its
// branch (cms/…) twice, the second save timed from its push webhook to its preview served with the
// draft's figure (PREVIEW_URL), warm as well. Then one more push is deployed while 10 clients post quote
// requests, and their p95 is held to bench:server's budget.
// Prints one JSON line last, for bench/run.mjs.
//
//   node --import tsx bench/deploys.ts
import { execFileSync, spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { startProductionServer } from "../e2e/production-server.mjs";
import { personHeadersPool, testChallengeSecret } from "../src/test-utils/anti-bot";
import { completeContent } from "../tests/pipeline/support/published-content";
import { previewName } from "../src/server/deploy/preview-names";

const port = Number(process.env.BENCH_DEPLOY_PORT ?? 9310);
/** bench:server's budget for a post's p95 (load/run.mjs), held while a deploy builds. */
const postP95BudgetMs = 100;

const root = process.cwd();
const tsxLoader = pathToFileURL(join(root, "node_modules", "tsx", "dist", "loader.mjs")).href;
const work = mkdtempSync(join(tmpdir(), "bench-deploy-"));
const remote = join(work, "remote.git");
const editor = join(work, "editor");
const secret = "the benchmark's webhook secret, 32 chars";
const env = {
  ...process.env,
  DEPLOY_GIT_URL: remote,
  DEPLOY_WEBHOOK_SECRET: secret,
  DEPLOY_DIR: join(work, "deploy"),
  CMS_REPO: "hestia/site",
  PREVIEW_URL: `http://{name}.apercu.localhost:${port}`,
  QUOTE_DATABASE_DIR: join(work, "leads"),
  QUOTE_CHALLENGE_SECRET: testChallengeSecret,
  QUOTE_RATE_LIMIT: "off",
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@hestia.test",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@hestia.test",
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();

/**
 * Resident memory of the build, in MB: every process started with the deploy's working copy in
 * its command line (the build box, whose processes inside see it as /build) and all their
 * descendants.
 */
function buildResidentMB(): number {
  const read = (pid: string, file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, "utf8");
    } catch {
      return ""; // Ended meanwhile.
    }
  };
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const stat = read(pid, "stat");
    const parent = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] ?? "";
    children.set(parent, [...(children.get(parent) ?? []), pid]);
    if (read(pid, "cmdline").includes(join(work, "deploy", "work"))) roots.push(pid);
  }
  const counted = new Set<string>();
  const visit = (pid: string) => {
    if (counted.has(pid)) return;
    counted.add(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  roots.forEach(visit);
  let kB = 0;
  for (const pid of counted) {
    kB += Number(/^VmRSS:\s+(\d+) kB$/m.exec(read(pid, "status"))?.[1] ?? 0);
  }
  return kB / 1024;
}

/** Runs `action`, sampling the build's memory every 250 ms; resolves to its result and the peak. */
async function withPeakMemory<T>(action: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, buildResidentMB())), 250);
  try {
    return [await action(), peak];
  } finally {
    clearInterval(sampler);
  }
}

function siteDeploy(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // tsx's loader by its path: the command runs in the benchmark's folder, outside the project.
      ["--import", tsxLoader, join(root, "src/server/cli/site-cli.ts"), "deploy"],
      { cwd: work, env, stdio: ["ignore", "inherit", "inherit"] },
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`deploy: ${code}`))));
  });
}

const figureOn = (html: string) =>
  /Dossiers traités chaque mois<\/dt><dd[^>]*>([^<]+)</.exec(html)?.[1] ?? "";

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

async function main() {
  execFileSync("git", ["clone", "--quiet", "--bare", root, remote]);
  git(remote, "update-ref", "refs/heads/main", git(root, "rev-parse", "HEAD"));
  execFileSync("git", ["clone", "--quiet", "--branch", "main", remote, editor]);
  completeContent(editor);
  git(editor, "commit", "--quiet", "--all", "--message", "Coordonnées de la société");
  git(editor, "push", "--quiet", "origin", "HEAD:main");

  process.stdout.write("First deploy, cold (npm ci and a cold build in the working copy)… ");
  let started = performance.now();
  const [, coldPeakMB] = await withPeakMemory(siteDeploy);
  const coldSeconds = (performance.now() - started) / 1000;
  console.log(`${coldSeconds.toFixed(1)} s, build's peak ${coldPeakMB.toFixed(0)} MB`);

  const server = await startProductionServer({ port, env });
  try {
    const solved = await personHeadersPool(2000);

    /**
     * Commits casesPerMonth + 1, pushes it to `branch` and sends GitHub's signed push webhook;
     * resolves when it is taken.
     */
    const pushOneFigure = async (branch = "main") => {
      const figures = join(editor, "content/figures/figures.md");
      writeFileSync(
        figures,
        readFileSync(figures, "utf8").replace(
          /^casesPerMonth: (\d+)$/m,
          (_l, n) => `casesPerMonth: ${Number(n) + 1}`,
        ),
      );
      git(editor, "commit", "--quiet", "--all", "--message", "Chiffres : dossiers par mois");
      git(editor, "push", "--quiet", "--force", "origin", `HEAD:refs/heads/${branch}`);
      const commit = git(editor, "rev-parse", "HEAD");
      const body = JSON.stringify({
        ref: `refs/heads/${branch}`,
        after: commit,
        repository: { full_name: "hestia/site" },
        head_commit: {
          id: commit,
          message: "Chiffres : dossiers par mois",
          author: { name: "Bench", email: "bench@hestia.test" },
        },
      });
      const answer = await fetch(`${server.url}/api/deploy/github`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "push",
          "x-github-delivery": randomUUID(),
          "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
        },
        body,
      });
      if (answer.status !== 202) throw new Error(`webhook answered ${answer.status}`);
    };

    /** The figure the home page shows on `host` (the site's, or a preview's). */
    const servedFigure = (host = `127.0.0.1:${port}`) =>
      new Promise<string>((resolve, reject) => {
        httpGet({ host: "127.0.0.1", port, path: "/", headers: { host } }, (response) => {
          let html = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (html += chunk));
          response.on("end", () => resolve(figureOn(html)));
        }).on("error", reject);
      });

    /** Polls the home page on `host` until its figure is there and no longer `before`. */
    const untilServedOtherThan = async (before: string, host?: string) => {
      for (;;) {
        const figure = await servedFigure(host);
        if (figure && figure !== before) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    // Timed as the reference site's warm build is timed, with nothing else asking for the CPU.
    process.stdout.write("Deploy from the webhook to the changed figure served (cache warm)… ");
    let before = await servedFigure();
    started = performance.now();
    await pushOneFigure();
    const [, warmPeakMB] = await withPeakMemory(() => untilServedOtherThan(before));
    const warmSeconds = (performance.now() - started) / 1000;
    console.log(`${warmSeconds.toFixed(1)} s, build's peak ${warmPeakMB.toFixed(0)} MB`);

    // A draft saved in the admin: its own branch, its preview on its own origin. Drafts build in
    // their own working copy (src/server/deploy/releases.ts, workOf): the first one installs and
    // builds there cold, the next save of it is the one timed, warm.
    const draft = "cms/figures/figures";
    const previewHost = `${previewName(draft, secret)}.apercu.localhost:${port}`;
    git(editor, "checkout", "--quiet", "-B", draft);
    process.stdout.write("A draft's first preview (the drafts' caches cold)… ");
    started = performance.now();
    await pushOneFigure(draft);
    await untilServedOtherThan(await servedFigure(), previewHost);
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    process.stdout.write("The draft saved again: push webhook to its preview served (warm)… ");
    before = await servedFigure(previewHost);
    started = performance.now();
    await pushOneFigure(draft);
    await untilServedOtherThan(before, previewHost);
    const previewSeconds = (performance.now() - started) / 1000;
    console.log(`${previewSeconds.toFixed(1)} s`);
    git(editor, "checkout", "--quiet", "main");
    git(editor, "reset", "--quiet", "--hard", "origin/main");

    // The next push deploys while visitors post, to hold the server's p95 during a build.
    process.stdout.write("The same deploy while 10 clients post quote requests… ");
    before = await servedFigure();
    started = performance.now();
    await pushOneFigure();
    const latencies: number[] = [];
    let live = false;
    let posted = 0;
    const client = async () => {
      while (!live && posted < solved.length) {
        const headers = solved[posted++]!;
        const sent = performance.now();
        const response = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: {
            ...headers,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify({
            firstName: "Éloïse",
            lastName: "Lefèvre",
            email: `bench+${posted}@oph.fr`,
            phone: "+33 6 12 34 56 78",
            company: "OPH de test",
            message: "Demande de devis envoyée pendant une mise en ligne.",
            rgpd: true,
          }),
        });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - sent);
        // At most 100 posts a second in all, through the whole deploy: far above a real day's.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const visitors = Array.from({ length: 10 }, client);
    await untilServedOtherThan(before);
    live = true;
    await Promise.all(visitors);
    const loadedSeconds = (performance.now() - started) / 1000;
    const p95 = percentile(latencies, 0.95);
    console.log(`${loadedSeconds.toFixed(1)} s`);
    console.log(
      `Posts during that deploy: ${latencies.length}, p95 ${p95.toFixed(1)} ms (bench:server's budget < ${postP95BudgetMs} ms)`,
    );
    console.log(
      JSON.stringify({
        coldSeconds,
        warmSeconds,
        previewSeconds,
        loadedSeconds,
        coldPeakMB,
        warmPeakMB,
        posts: latencies.length,
        postP95Ms: p95,
        postP95BudgetMs,
      }),
    );
    if (!(p95 < postP95BudgetMs)) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  rmSync(work, { recursive: true, force: true });
  process.exitCode = 1;
});
