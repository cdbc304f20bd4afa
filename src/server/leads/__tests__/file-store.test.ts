/** @jest-environment node */
import * as fsPromises from "node:fs/promises";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { QuoteRequest } from "../../../shared/quote-request/quote-request";
import { FileLeadStore, journalPath } from "../file-store";
import { requestFingerprint } from "../fingerprint";
import type { Delivery, Lead } from "../lead-store";
import { setProcessLogger } from "../../log/logger";
import { captureLog } from "../../../test-utils/log-capture";

// The file store on real files in a temporary folder: what it writes is read back from disk.

const request: QuoteRequest = {
  firstName: "Jeanne",
  lastName: "Dupont",
  email: "jeanne.dupont@office-hlm.fr",
  phone: "01 23 45 67 89",
  company: "Office HLM de Lyon",
  message: "Nous souhaitons externaliser le recouvrement de 120 dossiers.",
  rgpd: true,
};

let dir: string;
let file: string;
const stores: FileLeadStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "file-store-"));
  // A folder that does not exist yet: the store must create it.
  file = join(dir, "data", "quote-requests.jsonl");
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
  jest.restoreAllMocks();
});

async function openStore(path = file): Promise<FileLeadStore> {
  const store = new FileLeadStore(path);
  stores.push(store);
  await store.open();
  return store;
}

let counter = 0;
function lead(overrides: Partial<Lead> = {}): Lead {
  counter += 1;
  const body = overrides.request ?? request;
  return {
    id: `lead-${counter}`,
    idempotencyKey: null,
    fingerprint: requestFingerprint(body),
    receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    request: body,
    quarantine: null,
    requestId: null,
    deliveries: {},
    ...overrides,
  };
}

/** The data file's lines, each of which must be whole JSON, the last one ended. */
function lines(path = file): unknown[] {
  const text = readFileSync(path, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .slice(0, -1)
    .map((line) => JSON.parse(line) as unknown);
}

type HandleMethods = {
  sync: () => Promise<void>;
  read: (buffer: Buffer, offset: number, length: number, position: number) => Promise<unknown>;
};

/** What every FileHandle shares: the store keeps its handle open, so spies go on the prototype. */
async function handlePrototype(): Promise<HandleMethods> {
  const handle = await fsPromises.open(join(dir, "probe"), "w");
  await handle.close();
  return Object.getPrototypeOf(handle) as HandleMethods;
}

const pending = (nextAttemptAt: string | null): Delivery => ({
  state: "pending",
  attempts: 0,
  nextAttemptAt,
  lastError: null,
  sentAt: null,
});

describe("save", () => {
  it("appends one line per lead, which get and list read back", async () => {
    const store = await openStore();
    const first = lead({ idempotencyKey: "k1" });
    const second = lead();

    expect(await store.save(first)).toEqual({ outcome: "created", lead: first });
    expect(await store.save(second)).toEqual({ outcome: "created", lead: second });

    expect(lines()).toEqual([first, second]);
    expect(await store.get(second.id)).toEqual(second);
    expect(await store.get("unknown")).toBeUndefined();
    expect(await store.list()).toEqual([first, second]);
  });

  it("replays a known key with the same fingerprint, and refuses another fingerprint", async () => {
    const store = await openStore();
    const first = lead({ idempotencyKey: "same" });
    await store.save(first);

    expect(await store.save(lead({ idempotencyKey: "same" }))).toEqual({
      outcome: "replayed",
      lead: first,
    });
    const other = { ...request, company: "Autre organisme" };
    expect(await store.save(lead({ idempotencyKey: "same", request: other }))).toEqual({
      outcome: "conflict",
    });
    expect(lines()).toEqual([first]);
  });

  it("stores one line for fifty concurrent saves of one key", async () => {
    const store = await openStore();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.save(lead({ idempotencyKey: "burst" }))),
    );

    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    const ids = new Set(
      results.map((result) => (result.outcome === "conflict" ? "" : result.lead.id)),
    );
    expect(ids.size).toBe(1);
    expect(lines()).toHaveLength(1);
  });

  it("writes saves that arrive together with one fsync, and resolves each only after it", async () => {
    const store = await openStore();
    await store.save(lead()); // the file exists and its handle is open from here on
    const syncs: number[] = [];
    const prototype = await handlePrototype();
    const realSync = prototype.sync;
    const sync = jest.spyOn(prototype, "sync").mockImplementation(function (this: unknown) {
      syncs.push(Date.now());
      return realSync.call(this);
    });

    const saved = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.save(lead()).then((result) => {
          // Resolved only once its line is flushed.
          expect(sync).toHaveBeenCalled();
          return result;
        }),
      ),
    );

    expect(saved.every((result) => result.outcome === "created")).toBe(true);
    // The first save goes out alone; the nine that queued behind it, together.
    expect(syncs.length).toBeLessThanOrEqual(2);
    expect(lines()).toHaveLength(11);
  });

  it("rejects when the flush fails; a retry with the key finds the line that reached the file", async () => {
    const store = await openStore();
    await store.save(lead());
    const prototype = await handlePrototype();
    jest.spyOn(prototype, "sync").mockRejectedValueOnce(new Error("EIO: i/o error, fsync"));

    const failed = lead({ idempotencyKey: "retry" });
    await expect(store.save(failed)).rejects.toThrow("EIO");
    const retried = await store.save(lead({ idempotencyKey: "retry" }));

    expect(retried).toEqual({ outcome: "replayed", lead: failed });
    expect(lines()).toHaveLength(2);
  });
});

describe("replays", () => {
  it("finds a lead by its key, from this process or another", async () => {
    const store = await openStore();
    const first = lead({ idempotencyKey: "find-me" });
    await store.save(first);
    expect((await store.findByKey("find-me"))?.id).toBe(first.id);
    expect(await store.findByKey("unknown")).toBeUndefined();
    const other = await openStore();
    expect((await other.findByKey("find-me"))?.id).toBe(first.id);
  });

  it("lets a challenge's own spender through again, after a restart too; no one else", async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    const store = await openStore();
    expect(await store.spendChallenge("n1", expiresAt, "email:a", "spender-1")).toBe(true);
    expect(await store.spendChallenge("n1", expiresAt, "email:a", "spender-1")).toBe(true);
    expect(await store.spendChallenge("n1", expiresAt, "email:a", "spender-2")).toBe(false);
    expect(await store.spendChallenge("n1", expiresAt, "email:a", null)).toBe(false);
    expect(await store.spendChallenge("n2", expiresAt, "email:a")).toBe(true);
    expect(await store.spendChallenge("n2", expiresAt, "email:a", null)).toBe(false);
    const restarted = await openStore();
    expect(await restarted.spendChallenge("n1", expiresAt, "email:a", "spender-1")).toBe(true);
    expect(await restarted.spendChallenge("n1", expiresAt, "email:a", "spender-2")).toBe(false);
  });
});

describe("rate hits", () => {
  it("counts a hit id once per window: its copies get the count it got", async () => {
    const store = await openStore();
    const start = new Date("2026-03-01T10:00:00.000Z");
    const end = new Date("2026-03-01T10:10:00.000Z");
    expect(await store.countHit("address:a", start, end)).toBe(1);
    expect(await store.countHit("address:a", start, end, "request-1")).toBe(2);
    expect(await store.countHit("address:a", start, end, "request-1")).toBe(2);
    expect(await store.countHit("address:a", start, end, "request-2")).toBe(3);
    expect(await store.countHit("address:a", start, end)).toBe(4);
    expect(
      await store.countHit("address:a", end, new Date(end.getTime() + 600_000), "request-1"),
    ).toBe(1);
  });
});

describe("the index", () => {
  function writeLines(count: number): void {
    const text = Array.from({ length: count }, (_, index) =>
      JSON.stringify(lead({ idempotencyKey: `old-${index}` })),
    ).join("\n");
    writeFileSync(file, `${text}\n`);
  }

  beforeEach(async () => {
    await fsPromises.mkdir(join(dir, "data"), { recursive: true });
  });

  it("knows the keys already in the file when it opens", async () => {
    writeLines(3);
    const store = await openStore();

    const replay = await store.save(lead({ idempotencyKey: "old-1" }));
    expect(replay.outcome).toBe("replayed");
    expect(lines()).toHaveLength(3);
  });

  it("reads lines written before the lead contract, their fingerprint computed", async () => {
    const old = {
      id: "old-id",
      receivedAt: "2025-06-01T10:00:00.000Z",
      idempotencyKey: "k",
      request,
    };
    writeFileSync(file, `${JSON.stringify(old)}\n`);
    const store = await openStore();

    expect(await store.get("old-id")).toEqual({
      ...old,
      fingerprint: requestFingerprint(request),
      quarantine: null,
      requestId: null,
      deliveries: {},
    });
    expect((await store.save(lead({ idempotencyKey: "k" }))).outcome).toBe("replayed");
  });

  it("never reads again what it has read: a save reads only the bytes appended since", async () => {
    writeLines(2000);
    const size = readFileSync(file).length;
    const store = await openStore();
    const prototype = await handlePrototype();
    let bytesAsked = 0;
    const realRead = prototype.read;
    jest.spyOn(prototype, "read").mockImplementation(function (this: unknown, ...args) {
      bytesAsked += args[2];
      return realRead.apply(this, args);
    });

    for (let index = 0; index < 20; index += 1)
      await store.save(lead({ idempotencyKey: `new-${index}` }));

    const lineBytes = Buffer.byteLength(JSON.stringify(lead({ idempotencyKey: "new-00" }))) + 1;
    expect(size).toBeGreaterThan(500_000);
    // Each save reads back its own line and no more.
    expect(bytesAsked).toBeGreaterThanOrEqual(20 * (lineBytes - 2));
    expect(bytesAsked).toBeLessThanOrEqual(20 * lineBytes);
  });

  it("sees lines another process appended before deciding", async () => {
    const mine = await openStore();
    const other = await openStore();
    await other.save(lead({ idempotencyKey: "from-the-other" }));

    expect((await mine.save(lead({ idempotencyKey: "from-the-other" }))).outcome).toBe("replayed");
    expect(lines()).toHaveLength(1);
  });

  it("reads a replaced file anew (rotation)", async () => {
    writeLines(2);
    const store = await openStore();
    await fsPromises.rename(file, `${file}.1`);
    writeFileSync(file, `${JSON.stringify(lead({ idempotencyKey: "after-rotation" }))}\n`);

    expect((await store.save(lead({ idempotencyKey: "old-0" }))).outcome).toBe("created");
    expect((await store.save(lead({ idempotencyKey: "after-rotation" }))).outcome).toBe("replayed");
    expect(lines()).toHaveLength(2);
  });

  it("detects a torn last line at start; the next record starts on a line of its own", async () => {
    writeLines(1);
    appendFileSync(file, '{"id":"torn-by-a-crash","receivedAt":"2025');
    const captured = captureLog();
    setProcessLogger(captured.log);
    const store = await openStore();
    expect(captured.lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringContaining("has no end") }),
    );

    const next = lead({ idempotencyKey: "after-the-crash" });
    await store.save(next);

    const text = readFileSync(file, "utf8").split("\n");
    expect(text).toHaveLength(4);
    expect(text[1]).toBe('{"id":"torn-by-a-crash","receivedAt":"2025');
    expect(JSON.parse(text[2] ?? "")).toEqual(next);
    expect(text[3]).toBe("");
    expect((await store.list()).map((stored) => stored.id)).toEqual([expect.any(String), next.id]);
  });
});

describe("deliveries", () => {
  const now = new Date("2026-03-01T10:00:00.000Z");
  const later = (ms: number) => new Date(now.getTime() + ms);

  it("claims due deliveries for the lease, then records their outcome in the journal", async () => {
    const store = await openStore();
    const due = lead({
      deliveries: { email: pending(null), webhook: pending(later(60_000).toISOString()) },
    });
    const quarantined = lead({
      quarantine: { reason: "suspect" },
      deliveries: { email: pending(null) },
    });
    const nothing = lead();
    for (const each of [due, quarantined, nothing]) await store.save(each);

    const claimed = await store.claimDue(now, 30_000);
    expect(claimed.map((each) => each.id)).toEqual([due.id]);
    // Only the channel claimed, as it was: the lease is kept apart from the back-off.
    expect(claimed[0]?.deliveries).toEqual({ email: pending(null) });
    // Within the lease, a second worker gets nothing.
    expect(await store.claimDue(later(1_000), 30_000)).toEqual([]);

    const sent: Delivery = {
      state: "sent",
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
      sentAt: now.toISOString(),
    };
    await store.recordDelivery(due.id, "email", sent);
    // After the lease, only the webhook (due by then) is claimed.
    const next = await store.claimDue(later(61_000), 30_000);
    expect(next.map((each) => Object.keys(each.deliveries))).toEqual([["webhook"]]);
    expect((await store.get(due.id))?.deliveries.email).toEqual(sent);

    // The leads file keeps one line per lead; states are in the journal, read by a new store.
    expect(lines()).toHaveLength(3);
    expect(lines(journalPath(file)).length).toBeGreaterThanOrEqual(3);
    const reopened = await openStore();
    expect((await reopened.get(due.id))?.deliveries.email).toEqual(sent);
    await reopened.recordDelivery(due.id, "webhook", {
      ...sent,
      sentAt: later(61_000).toISOString(),
    });
    expect(await store.claimDue(later(10 * 60_000), 30_000)).toEqual([]);
  });

  it("a retry claims a delivery within its back-off, but never one under another's lease", async () => {
    const store = await openStore();
    const waiting = lead({ deliveries: { email: pending(later(60_000).toISOString()) } });
    await store.save(waiting);
    expect(await store.claimDue(now, 30_000)).toEqual([]);
    const [claimed] = await store.claimDue(now, 30_000, { ignoreBackOff: true });
    expect(claimed?.id).toBe(waiting.id);
    expect(await store.claimDue(later(1_000), 30_000, { ignoreBackOff: true })).toEqual([]);
    // A second process reading the journal sees the lease too.
    const other = await openStore();
    expect(await other.claimDue(later(1_000), 30_000, { ignoreBackOff: true })).toEqual([]);
    expect(await other.claimDue(later(31_000), 30_000, { ignoreBackOff: true })).toHaveLength(1);
  });

  it("refuses to record a delivery for an unknown lead", async () => {
    const store = await openStore();
    await expect(store.recordDelivery("nobody", "email", pending(null))).rejects.toThrow("unknown");
  });
});

it("close waits for the saves already asked for", async () => {
  const store = new FileLeadStore(file);
  const saves = Array.from({ length: 5 }, () => store.save(lead()));
  await store.close();
  expect((await Promise.all(saves)).map((result) => result.outcome)).toEqual(
    Array(5).fill("created"),
  );
  expect(lines()).toHaveLength(5);
  await expect(store.save(lead())).rejects.toThrow("closed");
});
