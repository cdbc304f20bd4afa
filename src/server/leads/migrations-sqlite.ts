import type { Migration } from "./database";

// The schema on SQLite, as numbered migrations applied when the file opens. The same tables and
// constraints as on PostgreSQL (migrations-postgres.ts), in SQLite's types: STRICT tables, ids as
// text, JSON as text checked by json_valid, instants as ISO 8601 text in UTC (sqlite-database.ts
// writes every Date so). Never edit a migration that has shipped: append the next number.

export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    description:
      "leads and their deliveries, spent challenges, rate counters and hits, imports from the earlier engine",
    sql: `
      CREATE TABLE leads (
        -- Insertion order: list() and export read leads oldest first, whatever their clocks said.
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        -- UNIQUE keeps one request stored once; NULLs (requests without a key) never collide.
        idempotency_key TEXT UNIQUE,
        fingerprint TEXT NOT NULL,
        received_at TEXT NOT NULL,
        request TEXT NOT NULL CHECK (json_valid(request)),
        quarantine TEXT CHECK (quarantine IS NULL OR json_valid(quarantine)),
        -- The id of the HTTP request that stored the lead, for the logs, email headers and webhook.
        request_id TEXT
      ) STRICT;
      CREATE TABLE lead_deliveries (
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        last_error TEXT,
        sent_at TEXT,
        -- A delivery run's claim on the channel, so that one process alone sends it.
        leased_until TEXT,
        PRIMARY KEY (lead_id, channel)
      ) STRICT;
      CREATE INDEX lead_deliveries_pending ON lead_deliveries (next_attempt_at)
        WHERE state = 'pending';
      CREATE INDEX leads_received_at ON leads (received_at);
      CREATE INDEX leads_email ON leads (lower(request ->> 'email'));
      -- An anti-bot challenge is accepted once (src/server/spam/challenge.ts); owner: the hash of
      -- the sender's email, for erasure; spender: the request that spent it, so a replay passes.
      CREATE TABLE spent_challenges (
        nonce TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        spender TEXT
      ) STRICT;
      CREATE INDEX spent_challenges_expiry ON spent_challenges (expires_at);
      CREATE INDEX spent_challenges_owner ON spent_challenges (owner);
      CREATE TABLE rate_counters (
        key TEXT NOT NULL,
        window_start TEXT NOT NULL,
        window_end TEXT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (key, window_start)
      ) STRICT;
      CREATE INDEX rate_counters_end ON rate_counters (window_end);
      CREATE TABLE rate_hits (
        key TEXT NOT NULL,
        window_start TEXT NOT NULL,
        window_end TEXT NOT NULL,
        hit TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (key, window_start, hit)
      ) STRICT;
      CREATE INDEX rate_hits_end ON rate_hits (window_end);
      -- Data carried over from an earlier version's engine (pglite-import.ts): done once.
      CREATE TABLE store_imports (
        source TEXT PRIMARY KEY,
        imported_at TEXT NOT NULL,
        leads INTEGER NOT NULL,
        deliveries INTEGER NOT NULL,
        ledger_rows INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
