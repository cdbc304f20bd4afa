import { quoteFields, type QuoteRequest } from "../../shared/quote-request/quote-request";
import { emailCounterKey } from "../spam/rate-limit";
import { requestFingerprint } from "./fingerprint";
import { JsonLinesFile, rewriteLines } from "./json-lines-file";
import type { Channel, ClaimOptions, Delivery, Lead, LeadStore, SaveResult } from "./lead-store";

// The lead store with no database: one JSON line per lead in QUOTE_REQUESTS_FILE (read it with
// `jq`), and the deliveries' later states in a journal beside it (`<name>.deliveries.jsonl`), so
// that the leads file stays one line per lead, written once.
//
// Every decision is made from memory: the idempotency keys, each lead's place in the file and the
// deliveries still pending are indexed on first use, then kept current by reading only the bytes
// appended since (ours and any other process's). A save never reads the file again.
//
// One queue runs every operation in turn: it is the lock that makes concurrent saves of one key
// store one line. Saves that arrive while a write is on its way to disk go out together in the
// next write, with one fsync for all of them (group commit), so ten clients posting at once wait
// for two fsyncs at most, not ten.

type Deliveries = Partial<Record<Channel, Delivery>>;

interface Place {
  offset: number;
  length: number;
}

interface JournalEntry {
  id: string;
  channel: Channel;
  delivery: Delivery;
  /** Set by a claim: the channel is a delivery run's until then. The next entry ends it. */
  leasedUntil?: string;
}

interface PendingSave {
  lead: Lead;
  resolve: (result: SaveResult) => void;
  reject: (error: unknown) => void;
}

const channels: readonly Channel[] = ["email", "ack", "webhook"];

/** `data/quote-requests.jsonl` → `data/quote-requests.deliveries.jsonl`. */
export function journalPath(file: string): string {
  return `${file.replace(/\.jsonl$/, "")}.deliveries.jsonl`;
}

/** `data/quote-requests.jsonl` → `data/quote-requests.challenges.jsonl`: spent anti-bot challenges. */
export function challengesPath(file: string): string {
  return `${file.replace(/\.jsonl$/, "")}.challenges.jsonl`;
}

interface SpentChallenge {
  nonce: string;
  owner: string;
  expiresAt: string;
  /** Who spent it (see LeadStore.spendChallenge); absent on lines written before spenders. */
  spender?: string;
}

function spentFromLine(text: string): SpentChallenge | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value) || typeof value.nonce !== "string") return undefined;
    return {
      nonce: value.nonce,
      owner: typeof value.owner === "string" ? value.owner : "",
      expiresAt: typeof value.expiresAt === "string" ? value.expiresAt : "",
      ...(typeof value.spender === "string" && { spender: value.spender }),
    };
  } catch {
    return undefined;
  }
}

/** A journal line `{ id, released: true }`: the lead left the quarantine. */
function releasedId(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && typeof value.id === "string" && value.released === true
      ? value.id
      : undefined;
  } catch {
    return undefined;
  }
}

const idOfLine = (text: string): string | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && typeof value.id === "string" ? value.id : undefined;
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A stored line as a Lead. Lines written before the lead contract (`{ id, receivedAt,
 * idempotencyKey, request }`) are read too: their fingerprint is computed from their request.
 */
export function leadFromLine(text: string): Lead | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || typeof value.id !== "string" || !isObject(value.request)) {
    return undefined;
  }
  const request = value.request as QuoteRequest;
  const key = value.idempotencyKey;
  return {
    id: value.id,
    idempotencyKey: typeof key === "string" ? key : null,
    fingerprint:
      typeof value.fingerprint === "string" ? value.fingerprint : requestFingerprint(request),
    receivedAt: typeof value.receivedAt === "string" ? value.receivedAt : "",
    request,
    quarantine: isObject(value.quarantine) ? (value.quarantine as Lead["quarantine"]) : null,
    requestId: typeof value.requestId === "string" ? value.requestId : null,
    deliveries: isObject(value.deliveries) ? (value.deliveries as Deliveries) : {},
  };
}

function entryFromLine(text: string): JournalEntry | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value) || typeof value.id !== "string" || !isObject(value.delivery)) {
      return undefined;
    }
    if (!channels.includes(value.channel as Channel)) return undefined;
    return value as unknown as JournalEntry;
  } catch {
    return undefined;
  }
}

/**
 * A pending delivery is due once its lease (if claimed) has ended and its back-off date has
 * passed (none: at once); `npm run leads -- retry` does not wait for the back-off.
 */
function isDue(
  delivery: Delivery | undefined,
  leasedUntil: string | undefined,
  now: Date,
  ignoreBackOff: boolean,
): delivery is Delivery {
  if (delivery?.state !== "pending") return false;
  if (leasedUntil !== undefined && Date.parse(leasedUntil) > now.getTime()) return false;
  if (ignoreBackOff) return true;
  return delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) <= now.getTime();
}

const hasPending = (deliveries: Deliveries) =>
  Object.values(deliveries).some((delivery) => delivery?.state === "pending");

/** Field order as the form's, so that lines read alike in `jq` and in the file. */
function leadLine(lead: Lead): string {
  const request = Object.fromEntries(quoteFields.map((field) => [field, lead.request[field]]));
  return JSON.stringify({ ...lead, request });
}

export class FileLeadStore implements LeadStore {
  private readonly leads: JsonLinesFile;
  private readonly journal: JsonLinesFile;
  /** Idempotency key → the first lead stored with it. */
  private readonly byKey = new Map<string, { id: string; fingerprint: string }>();
  private readonly places = new Map<string, Place>();
  /** Deliveries as the journal left them, by lead id. */
  private readonly journalled = new Map<string, Deliveries>();
  /** Current deliveries of the leads (not in quarantine) that still have one pending. */
  private readonly pending = new Map<string, Deliveries>();
  /** Leads in quarantine with their deliveries: released, they join `pending`. */
  private readonly quarantined = new Map<string, Deliveries>();
  private readonly released = new Set<string>();
  private readonly challenges: JsonLinesFile;
  private readonly spent = new Map<string, SpentChallenge>();
  /**
   * Rate counters, by key and window start. In this process's memory only: the file store serves
   * one server process (PostgreSQL shares counters between several), and a restart forgets them.
   */
  private readonly counters = new Map<
    string,
    { key: string; end: number; hits: number; seen: Map<string, number> }
  >();
  /** `id channel` → end of the lease of the last claim, while no later entry ended it. */
  private readonly leases = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();
  private waitingSaves: PendingSave[] = [];
  private flushQueued = false;
  private closed = false;

  constructor(readonly file: string) {
    this.leads = new JsonLinesFile(
      file,
      (text, offset, length) => this.indexLead(text, offset, length),
      () => {
        this.byKey.clear();
        this.places.clear();
        this.pending.clear();
        this.quarantined.clear();
      },
    );
    this.journal = new JsonLinesFile(
      journalPath(file),
      (text) => this.indexEntry(text),
      () => {
        this.journalled.clear();
        this.released.clear();
        this.leases.clear();
      },
    );
    this.challenges = new JsonLinesFile(
      challengesPath(file),
      (text) => {
        const spent = spentFromLine(text);
        if (spent) this.spent.set(spent.nonce, spent);
      },
      () => this.spent.clear(),
    );
  }

  /** Reads both files once, so that the first request does not pay for it. */
  open(): Promise<void> {
    return this.exclusive(() => this.catchUp());
  }

  save(lead: Lead): Promise<SaveResult> {
    if (this.closed) return Promise.reject(new Error("lead store closed"));
    return new Promise((resolve, reject) => {
      this.waitingSaves.push({ lead, resolve, reject });
      if (this.flushQueued) return;
      this.flushQueued = true;
      void this.exclusive(() => {
        this.flushQueued = false;
        return this.flushSaves();
      });
    });
  }

  get(id: string): Promise<Lead | undefined> {
    return this.exclusive(async () => {
      await this.catchUp();
      return this.read(id);
    });
  }

  list(): Promise<Lead[]> {
    return this.exclusive(async () => {
      await this.catchUp();
      const all: Lead[] = [];
      for await (const line of this.leads.allLines()) {
        const lead = leadFromLine(line);
        if (lead) all.push(this.withJournal(lead));
      }
      return all;
    });
  }

  claimDue(now: Date, leaseMs: number, options: ClaimOptions = {}): Promise<Lead[]> {
    return this.exclusive(async () => {
      await this.catchUp();
      const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
      const claims: JournalEntry[] = [];
      const claimed = new Map<string, Channel[]>();
      for (const [id, deliveries] of this.pending) {
        const due = channels.filter((channel) =>
          isDue(
            deliveries[channel],
            this.leases.get(`${id} ${channel}`),
            now,
            options.ignoreBackOff === true,
          ),
        );
        if (due.length === 0) continue;
        claimed.set(id, due);
        for (const channel of due) {
          const delivery = deliveries[channel] as Delivery;
          claims.push({ id, channel, delivery, leasedUntil: leaseEnd });
        }
      }
      // The lease is on disk before anyone sends: a second process sees the channel not due.
      await this.journal.append(claims.map((claim) => JSON.stringify(claim)));
      const leads = await Promise.all(
        [...claimed].map(async ([id, due]) => {
          const lead = await this.read(id);
          // Only the channels claimed here: the caller's work (see LeadStore.claimDue).
          return (
            lead && {
              ...lead,
              deliveries: Object.fromEntries(
                due.map((channel) => [channel, lead.deliveries[channel]]),
              ),
            }
          );
        }),
      );
      return leads.filter((lead): lead is Lead => lead !== undefined);
    });
  }

  recordDelivery(id: string, channel: Channel, delivery: Delivery): Promise<void> {
    return this.exclusive(async () => {
      await this.catchUp();
      if (!this.places.has(id)) throw new Error(`unknown lead ${id}`);
      await this.journal.append([JSON.stringify({ id, channel, delivery })]);
    });
  }

  findByKey(key: string): Promise<Lead | undefined> {
    return this.exclusive(async () => {
      await this.catchUp();
      const first = this.byKey.get(key);
      return first && this.read(first.id);
    });
  }

  spendChallenge(
    nonce: string,
    expiresAt: Date,
    owner: string,
    spender: string | null = null,
  ): Promise<boolean> {
    return this.exclusive(async () => {
      await this.challenges.catchUp();
      const spent = this.spent.get(nonce);
      // Spent by the same request (same key, same body): it goes on to the idempotent save.
      if (spent) return spender !== null && spent.spender === spender;
      // On disk before the request goes on: a restart within the challenge's life still knows it.
      await this.challenges.append([
        JSON.stringify({
          nonce,
          owner,
          expiresAt: expiresAt.toISOString(),
          ...(spender !== null && { spender }),
        }),
      ]);
      return true;
    });
  }

  countHit(
    key: string,
    windowStart: Date,
    windowEnd: Date,
    hit: string | null = null,
  ): Promise<number> {
    const now = windowStart.getTime();
    for (const [id, counter] of this.counters) if (counter.end <= now) this.counters.delete(id);
    const id = `${key}@${now}`;
    const counter = this.counters.get(id) ?? {
      key,
      end: windowEnd.getTime(),
      hits: 0,
      seen: new Map<string, number>(),
    };
    // The same request again: the count its first copy got, not one more.
    const earlier = hit === null ? undefined : counter.seen.get(hit);
    if (earlier !== undefined) return Promise.resolve(earlier);
    counter.hits += 1;
    if (hit !== null) counter.seen.set(hit, counter.hits);
    this.counters.set(id, counter);
    return Promise.resolve(counter.hits);
  }

  release(id: string): Promise<Lead | undefined> {
    return this.exclusive(async () => {
      await this.catchUp();
      if (!this.places.has(id)) return undefined;
      await this.journal.append([JSON.stringify({ id, released: true })]);
      return this.read(id);
    });
  }

  purge(before: Date, now: Date): Promise<number> {
    return this.exclusive(async () => {
      await this.catchUp();
      const limit = before.getTime();
      const removed = new Set<string>();
      await rewriteLines(this.leads.path, (line) => {
        const lead = leadFromLine(line);
        if (!lead) return false;
        const received = Date.parse(lead.receivedAt);
        if (Number.isFinite(received) && received < limit) {
          removed.add(lead.id);
          return false;
        }
        return true;
      });
      await this.dropJournalOf(removed);
      await rewriteLines(this.challenges.path, (line) => {
        const spent = spentFromLine(line);
        return spent !== undefined && Date.parse(spent.expiresAt) >= now.getTime();
      });
      for (const [counterId, counter] of this.counters) {
        if (counter.end <= now.getTime()) this.counters.delete(counterId);
      }
      await this.catchUp();
      return removed.size;
    });
  }

  async findByEmail(email: string): Promise<Lead[]> {
    const wanted = email.trim().toLowerCase();
    return (await this.list()).filter((lead) => lead.request.email.toLowerCase() === wanted);
  }

  erase(email: string): Promise<{ leads: Lead[]; challenges: number; counters: number }> {
    return this.exclusive(async () => {
      await this.catchUp();
      const wanted = email.trim().toLowerCase();
      const owner = emailCounterKey(email);
      const leads: Lead[] = [];
      await rewriteLines(this.leads.path, (line) => {
        const lead = leadFromLine(line);
        if (!lead) return false;
        if (lead.request.email.toLowerCase() !== wanted) return true;
        leads.push(this.withJournal(lead));
        return false;
      });
      await this.dropJournalOf(new Set(leads.map((lead) => lead.id)));
      let challenges = 0;
      await rewriteLines(this.challenges.path, (line) => {
        const spent = spentFromLine(line);
        if (spent?.owner !== owner) return spent !== undefined;
        challenges += 1;
        return false;
      });
      let counters = 0;
      for (const [counterId, counter] of this.counters) {
        if (counter.key !== owner) continue;
        this.counters.delete(counterId);
        counters += 1;
      }
      await this.catchUp();
      return { leads, challenges, counters };
    });
  }

  /** Waits for the operations already asked for (writes included), then closes the files. */
  close(): Promise<void> {
    this.closed = true;
    return this.exclusive(async () => {
      await this.leads.close();
      await this.journal.close();
      await this.challenges.close();
    });
  }

  /** The journal without the entries of deleted leads: nothing of theirs is left on disk. */
  private async dropJournalOf(ids: ReadonlySet<string>): Promise<void> {
    if (ids.size === 0) return;
    await rewriteLines(this.journal.path, (line) => {
      const id = idOfLine(line);
      return id !== undefined && !ids.has(id);
    });
  }

  /** Runs operations one at a time, in call order; a failed one does not block the next. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async catchUp(): Promise<void> {
    // Leads first: a journal entry always follows its lead.
    await this.leads.catchUp();
    await this.journal.catchUp();
    await this.challenges.catchUp();
  }

  private async flushSaves(): Promise<void> {
    const batch = this.waitingSaves;
    this.waitingSaves = [];
    const created: PendingSave[] = [];
    /** Replays of a key first stored in this same batch: they share its fate. */
    const replaysOfBatch: { save: PendingSave; of: Lead }[] = [];
    try {
      await this.catchUp();
      const batchKeys = new Map<string, Lead>();
      for (const save of batch) {
        const key = save.lead.idempotencyKey;
        if (key === null) {
          created.push(save);
          continue;
        }
        const inBatch = batchKeys.get(key);
        const stored = inBatch ? undefined : this.byKey.get(key);
        const first = inBatch ?? stored;
        if (!first) {
          batchKeys.set(key, save.lead);
          created.push(save);
        } else if (first.fingerprint !== save.lead.fingerprint) {
          save.resolve({ outcome: "conflict" });
        } else if (inBatch) {
          replaysOfBatch.push({ save, of: inBatch });
        } else {
          const lead = await this.read(first.id);
          if (lead) save.resolve({ outcome: "replayed", lead });
          else save.reject(new Error(`stored lead ${first.id} unreadable`));
        }
      }
      await this.leads.append(created.map((save) => leadLine(save.lead)));
    } catch (error) {
      for (const save of batch) save.reject(error);
      return;
    }
    for (const save of created) save.resolve({ outcome: "created", lead: save.lead });
    for (const { save, of } of replaysOfBatch) save.resolve({ outcome: "replayed", lead: of });
  }

  private async read(id: string): Promise<Lead | undefined> {
    const place = this.places.get(id);
    if (!place) return undefined;
    const lead = leadFromLine(await this.leads.readAt(place.offset, place.length));
    return lead && this.withJournal(lead);
  }

  private withJournal(lead: Lead): Lead {
    const later = this.journalled.get(lead.id);
    const withDeliveries = later ? { ...lead, deliveries: { ...lead.deliveries, ...later } } : lead;
    return this.released.has(lead.id) ? { ...withDeliveries, quarantine: null } : withDeliveries;
  }

  private indexLead(text: string, offset: number, length: number): void {
    // A blank or torn line (a crash mid-write) holds no lead; it is skipped, never rewritten.
    const lead = leadFromLine(text);
    if (!lead) return;
    if (lead.idempotencyKey !== null && !this.byKey.has(lead.idempotencyKey)) {
      this.byKey.set(lead.idempotencyKey, { id: lead.id, fingerprint: lead.fingerprint });
    }
    this.places.set(lead.id, { offset, length });
    const current = this.withJournal(lead);
    if (current.quarantine !== null) this.quarantined.set(lead.id, current.deliveries);
    else if (hasPending(current.deliveries)) this.pending.set(lead.id, current.deliveries);
  }

  private indexEntry(text: string): void {
    const releasedLead = releasedId(text);
    if (releasedLead !== undefined) {
      this.released.add(releasedLead);
      const deliveries = this.quarantined.get(releasedLead);
      this.quarantined.delete(releasedLead);
      if (deliveries && hasPending(deliveries)) this.pending.set(releasedLead, deliveries);
      return;
    }
    const entry = entryFromLine(text);
    if (!entry) return;
    const leaseKey = `${entry.id} ${entry.channel}`;
    if (entry.leasedUntil === undefined) this.leases.delete(leaseKey);
    else this.leases.set(leaseKey, entry.leasedUntil);
    const held = this.quarantined.get(entry.id);
    if (held) this.quarantined.set(entry.id, { ...held, [entry.channel]: entry.delivery });
    const deliveries = { ...this.journalled.get(entry.id), [entry.channel]: entry.delivery };
    this.journalled.set(entry.id, deliveries);
    const current = this.pending.get(entry.id);
    if (!current) return;
    const updated = { ...current, [entry.channel]: entry.delivery };
    if (hasPending(updated)) this.pending.set(entry.id, updated);
    else this.pending.delete(entry.id);
  }
}
