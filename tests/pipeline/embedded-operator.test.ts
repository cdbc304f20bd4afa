import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { personHeadersPool } from "../../src/test-utils/anti-bot";
import { leads } from "./support/cli";
import { sampleRequest } from "./support/leads";
import { SiteProcess } from "./support/site-process";
import { embeddedFolder, embeddedStore } from "./support/stores";

// `npm run serve` on the embedded engine, as a host without PostgreSQL runs it: a lead answered
// 201 is in the data folder even when the server is killed right after the answer, and nothing
// is lost while `npm run leads -- erase` and `purge` run beside a burst of posts.

const port = 9681;

interface Posted {
  id: string;
  email: string;
}

/** A fresh data folder, its database file created by this process, as an earlier start would. */
async function createdFolder(prefix: string): Promise<string> {
  const folder = embeddedFolder(prefix);
  await (await embeddedStore(folder)).close();
  return folder;
}

/** Posts one request with a solved challenge; resolves to its id once answered 201. */
async function post(site: SiteProcess, headers: Record<string, string>, email: string) {
  const response = await fetch(`${site.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID(), ...headers },
    body: JSON.stringify({ ...sampleRequest, email }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { id?: string };
  return response.status === 201 ? { id: String(body.id), email } : null;
}

/** The leads in the folder, the server stopped: this process opens it, as a command would. */
async function storedIds(folder: string): Promise<string[]> {
  const store = await embeddedStore(folder);
  try {
    return (await store.leads.list()).map((lead) => lead.id);
  } finally {
    await store.close();
  }
}

test("a lead answered 201 is there after a kill -9 right after the answer", async () => {
  const folder = await createdFolder("embedded-kill-");
  const site = new SiteProcess(port, { QUOTE_DATABASE_DIR: folder });
  const headers = await personHeadersPool(40);
  try {
    await site.start();
    const answered: Posted[] = [];
    let killing: Promise<void> | undefined;
    // Ten clients post at once; the first 201 kills the server where it stands.
    await Promise.all(
      headers.map(async (person, i) => {
        const posted = await post(site, person, `kill.${i}@oph-exemple.fr`).catch(() => null);
        if (posted === null) return;
        answered.push(posted);
        killing ??= site.kill();
      }),
    );
    await killing;
    expect(answered.length).toBeGreaterThan(0);
    const stored = await storedIds(folder);
    for (const { id } of answered) expect(stored).toContain(id);
  } finally {
    await site.destroy();
    rmSync(dirname(folder), { recursive: true, force: true });
  }
}, 300_000);

test("500 posts from 10 clients while erase and purge run in a loop: every 201 not erased is stored once", async () => {
  const folder = await createdFolder("embedded-operator-");
  // BACKUP_DIR beside it: an erasure is also written there (src/server/leads/erasure-file.ts).
  const env = { QUOTE_DATABASE_DIR: folder, BACKUP_DIR: join(folder, "backups") };
  const site = new SiteProcess(port, env);
  const headers = await personHeadersPool(500);
  // One post in five is from a person who asks for erasure while the burst runs.
  const emailOf = (i: number) =>
    i % 5 === 0 ? `efface.${(i / 5) % 5}@oph-exemple.fr` : `garde.${i}@oph-exemple.fr`;
  try {
    await site.start();
    const answered: Posted[] = [];
    let next = 0;
    let posting = true;
    const client = async () => {
      while (next < headers.length) {
        const i = next++;
        const posted = await post(site, headers[i]!, emailOf(i));
        if (posted) answered.push(posted);
      }
    };
    const clients = Promise.all(Array.from({ length: 10 }, client)).finally(() => {
      posting = false;
    });
    // The operator, in another process: erase one of the five people, then purge, again and
    // again until the burst ends (at most 60 commands, each bounded by the CLI helper's timeout).
    const erased = new Set<string>();
    const outputs: string[] = [];
    const operator = async () => {
      for (let run = 0; run < 60 && posting; run += 1) {
        const command =
          run % 2 === 0 ? ["erase", `efface.${(run / 2) % 5}@oph-exemple.fr`] : ["purge"];
        const result = await leads(command, env);
        outputs.push(result.stdout + result.stderr);
        expect(result.code).toBe(0);
        for (const [, id] of result.stdout.matchAll(/^supprimée : (\S+)/gm)) erased.add(id!);
      }
    };
    await Promise.all([clients, operator()]);
    expect(answered).toHaveLength(500);
    expect(outputs.length).toBeGreaterThan(1);
    await site.stop();

    const stored = await storedIds(folder);
    // Once each: no lead stored twice.
    expect(new Set(stored).size).toBe(stored.length);
    const kept = new Set(stored);
    for (const { id, email } of answered) {
      if (erased.has(id)) {
        expect(email.startsWith("efface.")).toBe(true);
        expect(kept.has(id)).toBe(false);
      } else {
        expect(kept.has(id)).toBe(true);
      }
    }
    expect(stored.length).toBe(answered.length - erased.size);
  } finally {
    await site.destroy();
    rmSync(dirname(folder), { recursive: true, force: true });
  }
}, 600_000);
