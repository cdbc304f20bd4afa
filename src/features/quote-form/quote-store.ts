import { randomUUID } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { QuoteRequest } from "./quote-request";

// Server-only storage for the embedded endpoint (src/api/contact.ts): accepted quote requests are
// appended, one JSON object per line, to a file that is the single source of truth.

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One stored line of the data file. */
export interface StoredQuoteRequest {
  id: string;
  receivedAt: string;
  idempotencyKey: string | null;
  request: QuoteRequest;
}

export interface SaveOutcome {
  id: string;
  /** True when the idempotency key was already stored: nothing new was written. */
  replayed: boolean;
}

const defaultFile = "data/quote-requests.jsonl";

/** `QUOTE_REQUESTS_FILE`, or `data/quote-requests.jsonl`, resolved against the working folder. */
export function quoteRequestsFile(): string {
  // Gatsby's function bundler replaces `process.env.NAME` with its build-time value and
  // `process.env` with `{}`. Going through globalThis keeps the path a run-time setting, so
  // `gatsby serve` (and each test) can point it elsewhere without a rebuild.
  const configured = globalThis.process.env.QUOTE_REQUESTS_FILE;
  return resolve(process.cwd(), configured || defaultFile);
}

// Gatsby deletes a function's bundle from the require cache and loads it again on every request
// (develop and serve alike), so a module-level variable would give each request a lock of its own.
// The queue lives on globalThis, shared by every copy of this module in the process.
const queueKey: unique symbol = Symbol.for("recouvrement-loyers/quote-store/queue");
type QueueHolder = { [queueKey]?: Promise<unknown> };

/** Runs tasks one at a time, in call order, across every copy of this module. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const holder = globalThis as QueueHolder;
  const result = (holder[queueKey] ?? Promise.resolve()).then(task);
  // A failed task must not block the ones queued after it.
  holder[queueKey] = result.catch(() => undefined);
  return result;
}

interface FileState {
  /** Idempotency key → id of the first line that stored it. */
  ids: Map<string, string>;
  /** False after a torn write (a crash mid-line): the next line must start on a line of its own. */
  endsWithNewline: boolean;
  /** False before the first request: creating the file then needs its folder synced too. */
  fileExists: boolean;
}

// Read whole on every save rather than cached: leads come a few a day and a line is at most about
// 10 KiB, and reading the file keeps it the only truth, even after someone edits or rotates it.
async function readFileState(file: string): Promise<FileState> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (isMissingFile(error)) return { ids: new Map(), endsWithNewline: true, fileExists: false };
    throw error;
  }
  const ids = new Map<string, string>();
  for (const line of text.split("\n")) {
    const stored = parseLine(line);
    if (stored && !ids.has(stored.idempotencyKey)) ids.set(stored.idempotencyKey, stored.id);
  }
  return { ids, endsWithNewline: text === "" || text.endsWith("\n"), fileExists: true };
}

/** The id and key of a stored line, or undefined for a blank, torn or keyless line. */
function parseLine(line: string): { id: string; idempotencyKey: string } | undefined {
  if (line.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { id, idempotencyKey } = value as Partial<Record<string, unknown>>;
  return typeof id === "string" && typeof idempotencyKey === "string"
    ? { id, idempotencyKey }
    : undefined;
}

function isMissingFile(error: unknown): boolean {
  // Not `instanceof Error`: errors thrown by Node's own modules fail that test inside a vm context.
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}

/**
 * Stores an accepted request and resolves once its line is flushed to disk. With an idempotency
 * key already stored, resolves with the first id and writes nothing. Rejects if it cannot store.
 */
export function saveQuoteRequest(
  request: QuoteRequest,
  idempotencyKey: string | null,
  file: string = quoteRequestsFile(),
): Promise<SaveOutcome> {
  // Lookup and append form one critical section, so concurrent retries of one key store one line.
  return serialised(async () => {
    const state = await readFileState(file);
    const storedId = idempotencyKey === null ? undefined : state.ids.get(idempotencyKey);
    if (storedId !== undefined) return { id: storedId, replayed: true };

    const record: StoredQuoteRequest = {
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      idempotencyKey,
      request,
    };
    const line = `${state.endsWithNewline ? "" : "\n"}${JSON.stringify(record)}\n`;
    await mkdir(dirname(file), { recursive: true });
    const handle = await open(file, "a");
    try {
      await handle.writeFile(line, "utf8");
      // The visitor is told "received" only once the line would survive a power cut.
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A new file survives a power cut only once its folder's entry is on disk too.
    if (!state.fileExists) await syncFolder(dirname(file));
    return { id: record.id, replayed: false };
  });
}
