import type { Migration } from "./database";

// The schema on PostgreSQL, as numbered migrations applied by `npm run leads -- migrate` (and by
// the earlier versions' embedded engine, whose data pglite-import.ts carries over). SQLite's are
// in migrations-sqlite.ts. Never edit a migration that has shipped: append the next number.

export const postgresMigrations: readonly Migration[] = [
  {
    version: 1,
    description: "leads and their per-channel delivery state",
    sql: `
      CREATE TABLE leads (
        -- Insertion order: list() and export read leads oldest first, whatever their clocks said.
        seq bigserial NOT NULL UNIQUE,
        id uuid PRIMARY KEY,
        -- UNIQUE is what keeps two processes (or two function instances) from storing one
        -- request twice; NULLs (requests without a key) never collide.
        idempotency_key text UNIQUE,
        fingerprint text NOT NULL,
        received_at timestamptz NOT NULL,
        request jsonb NOT NULL,
        quarantine jsonb
      );
      CREATE TABLE lead_deliveries (
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'sent')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_error text,
        sent_at timestamptz,
        -- A delivery run's claim on the channel, so that one process alone sends it.
        leased_until timestamptz,
        PRIMARY KEY (lead_id, channel)
      );
      CREATE INDEX lead_deliveries_pending ON lead_deliveries (next_attempt_at)
        WHERE state = 'pending';
    `,
  },
  {
    version: 2,
    description: "spam defences (spent challenges, rate counters) and personal-data lookups",
    sql: `
      -- An anti-bot challenge is accepted once: its nonce is kept until it expires. The owner is
      -- the hash of the sender's email (src/server/spam/rate-limit.ts), for erasure on request.
      CREATE TABLE spent_challenges (
        nonce text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX spent_challenges_expiry ON spent_challenges (expires_at);
      CREATE INDEX spent_challenges_owner ON spent_challenges (owner);
      -- Fixed-window counters shared by every process: one upsert counts a hit atomically.
      CREATE TABLE rate_counters (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (key, window_start)
      );
      CREATE INDEX rate_counters_end ON rate_counters (window_end);
      -- Retention (purge by date) and the rights of access and erasure (by email).
      CREATE INDEX leads_received_at ON leads (received_at);
      CREATE INDEX leads_email ON leads (lower(request->>'email'));
    `,
  },
  {
    version: 3,
    description:
      "who spent each challenge and made each rate hit (a replay is the same request), each lead's request id",
    sql: `
      -- A hash of the Idempotency-Key and the request's fingerprint: the same proof presented
      -- again by the same request (a browser's or a proxy's retry) is let through to the insert,
      -- which the unique idempotency key keeps single. NULL (no key) never matches.
      ALTER TABLE spent_challenges ADD COLUMN spender text;
      -- Each request counted once per rate window: the same request sent again (same spender)
      -- gets the count its first copy got, so both copies get the same verdict.
      CREATE TABLE rate_hits (
        key text NOT NULL,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        hit text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (key, window_start, hit)
      );
      CREATE INDEX rate_hits_end ON rate_hits (window_end);
      -- The id of the HTTP request that stored the lead, for the logs, email headers and webhook.
      ALTER TABLE leads ADD COLUMN request_id text;
    `,
  },
];
