import type { Migration } from "./database";

// The schema on SQLite, as numbered migrations applied when the file opens. The same tables and
// constraints as on PostgreSQL (migrations-postgres.ts), in SQLite's types: STRICT tables, ids as
// text, JSON as text checked by json_valid, instants as ISO 8601 text in UTC (sqlite-database.ts
// writes every Date so). Never edit a migration that has shipped: append the next number.

export const sqliteMigrations: readonly Migration[] = [
  {
    // Only the comment above store_imports was reworded since it shipped, once the file it named
    // was deleted: migrations.ts compares versions alone, and SQLite keeps no comment between
    // statements in its schema, so a file migrated before and one migrated now are alike.
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
      -- Data carried over from an earlier version's engine (PGlite), once per source. Nothing
      -- writes it since PGlite left (CHANGELOG.md); kept, as every table a migration shipped.
      CREATE TABLE store_imports (
        source TEXT PRIMARY KEY,
        imported_at TEXT NOT NULL,
        leads INTEGER NOT NULL,
        deliveries INTEGER NOT NULL,
        ledger_rows INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    description:
      "the inbox: each lead's status and search text, its listing, sign-in links, sessions, the audit log, the daily digest's claims",
    sql: `
      -- Where sales are with each lead (the inbox: nouvelle, en cours, traitée).
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in_progress', 'done'));
      -- The inbox lists newest first, ties in insertion order (sql-inbox.ts): scanned backwards,
      -- each index gives a page without sorting, whole or filtered by status or by quarantine.
      -- What the search reads, folded once when the lead is stored (sql-leads.ts, searchText):
      -- the full name, then the organisation, the email and the message, a line apart. The
      -- leads already stored are folded here by lead_fold, a function of this code
      -- (search-fold.ts, registered by sqlite-database.ts) that no index or view names, so that
      -- any other SQLite tool can still read the file.
      ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      UPDATE leads SET search_text = lead_fold(
        coalesce(request ->> 'firstName', '') || ' ' || coalesce(request ->> 'lastName', '') || '
' || coalesce(request ->> 'company', '') || '
' || coalesce(request ->> 'email', '') || '
' || coalesce(request ->> 'message', ''));
      CREATE INDEX leads_newest ON leads (received_at, seq);
      CREATE INDEX leads_status_newest ON leads (status, received_at, seq);
      CREATE INDEX leads_quarantined ON leads (received_at, seq) WHERE quarantine IS NOT NULL;
      -- Sign-in links (src/server/team/): kept by the SHA-256 of their token, used once.
      CREATE TABLE sign_in_links (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
      -- Team sessions, kept by the SHA-256 of the cookie's id; ended by signing out or expiry.
      CREATE TABLE team_sessions (
        id_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('sales', 'admin')),
        csrf TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        ended_at TEXT
      ) STRICT;
      CREATE INDEX team_sessions_expiry ON team_sessions (expires_at);
      -- Who did what to which lead, and when: every sign-in and action, read newest first.
      -- lead_id has no reference: the line outlives the lead it names (an erasure, a spam).
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        lead_id TEXT,
        detail TEXT,
        request_id TEXT
      ) STRICT;
      -- The quarantine's daily email: the first process to insert the day sends it.
      CREATE TABLE digest_claims (
        day TEXT PRIMARY KEY,
        claimed_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    description:
      "sales' work on each lead: its owner, its notes and replies, its last contact; the anti-bot rules' verdicts",
    sql: `
      -- Who in the team works the lead (an address of TEAM_EMAILS), none until someone takes it.
      ALTER TABLE leads ADD COLUMN owner TEXT;
      -- The last contact with the person (a note, a reply, a status change): the retention runs
      -- from it, as the CNIL's reference for prospects has it (retention.ts).
      ALTER TABLE leads ADD COLUMN last_contact_at TEXT;
      CREATE INDEX leads_owner_newest ON leads (owner, received_at, seq);
      -- The team's notes on a lead, and the replies sent from the inbox: dated, kept with it and
      -- erased with it.
      CREATE TABLE lead_notes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        author TEXT NOT NULL,
        text TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'reply'))
      ) STRICT;
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);
      -- What the anti-bot rules held, and what the team then found (src/server/spam/suspicion.ts):
      -- the rule, the verdict and the instant, no personal data; kept 90 days.
      CREATE TABLE spam_verdicts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        rule TEXT NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('held', 'released', 'spam'))
      ) STRICT;
      CREATE INDEX spam_verdicts_at ON spam_verdicts (at);
    `,
  },
  {
    version: 4,
    description: "the site's anonymous audience: daily salts, events, filtered hits",
    sql: `
      -- The site's own audience (src/server/audience/), strictly anonymous under the CNIL's
      -- exemption: no IP, no User-Agent, no lead's id, nothing that finds a person. Each day's
      -- random salt (Paris days), deleted within 48 h: without it, a day's visitor hashes cannot be
      -- recomputed from anyone's address.
      CREATE TABLE audience_salts (
        day TEXT PRIMARY KEY,
        salt TEXT NOT NULL
      ) STRICT;
      -- One line per beacon kept: a page view, a step of the quote form, a page's speed. The
      -- visitor is the day's keyed hash alone; the path one of the site's pages (or a capped
      -- number of paths not found); the referrer its host; no query string, no campaign value.
      CREATE TABLE audience_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('view', 'missing', 'step', 'speed')),
        path TEXT NOT NULL,
        visitor TEXT NOT NULL,
        referrer TEXT,
        width TEXT NOT NULL CHECK (width IN ('small', 'medium', 'large')),
        browser TEXT NOT NULL,
        device TEXT NOT NULL,
        step TEXT CHECK (step IN ('seen', 'started', 'sent')),
        lcp_ms INTEGER,
        cls REAL,
        inp_ms INTEGER
      ) STRICT;
      CREATE INDEX audience_events_day ON audience_events (day, kind);
      CREATE INDEX audience_events_visitor ON audience_events (day, visitor);
      -- Each page's views and visitors per day, written when a day's events are purged (after 25
      -- months, the CNIL's limit): the figures outlive the events.
      CREATE TABLE audience_daily (
        day TEXT NOT NULL,
        path TEXT NOT NULL,
        views INTEGER NOT NULL,
        visitors INTEGER NOT NULL,
        PRIMARY KEY (day, path)
      ) STRICT;
      -- How many distinct paths not found each day has taken, against its cap: claimed one by one
      -- (an UPDATE on the day's row), so that processes counting at once never pass it.
      CREATE TABLE audience_day_caps (
        day TEXT PRIMARY KEY,
        missing_paths INTEGER NOT NULL
      ) STRICT;
      -- Hits not counted, by day and class (a crawler, an automated browser, a refusal…).
      CREATE TABLE audience_filtered (
        day TEXT NOT NULL,
        class TEXT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (day, class)
      ) STRICT;
    `,
  },
];
