import type { Migration } from "./database";

// The schema on PostgreSQL, as numbered migrations applied by `npm run leads -- migrate`. SQLite's
// are in migrations-sqlite.ts. Never edit a migration that has shipped: append the next number.

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
  {
    version: 4,
    description:
      "the inbox: each lead's status and search text, its listing, sign-in links, sessions, the audit log, the daily digest's claims",
    sql: `
      -- Where sales are with each lead (the inbox: nouvelle, en cours, traitée).
      ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in_progress', 'done'));
      -- The inbox lists newest first, ties in insertion order (sql-inbox.ts): scanned backwards,
      -- each index gives a page without sorting, whole or filtered by status or by quarantine.
      CREATE INDEX leads_newest ON leads (received_at, seq);
      CREATE INDEX leads_status_newest ON leads (status, received_at, seq);
      CREATE INDEX leads_quarantined ON leads (received_at, seq) WHERE quarantine IS NOT NULL;
      -- The search's folding (src/server/leads/search-fold.ts, whose table is this one): case,
      -- the accents of Latin letters, the typographic apostrophe, non-breaking spaces and
      -- combining accents do not count. Plain SQL, the same on every server and locale; used
      -- here for the leads already stored, the store folding each new one as it saves it.
      CREATE FUNCTION lead_fold(value text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $fold$
          SELECT replace(replace(replace(translate(value,
            U&'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďĐđÈÉÊËèéêëĒēĖėĘęĚě' ||
            U&'ÌÍÎÏìíîïĪīĮįİÑñÒÓÔÕÖØòóôõöøŌōŐőÙÚÛÜùúûüŪūŮůŰűÝýÿŸŒÆ\\2019\\00A0\\202F' ||
            U&'\\0300\\0301\\0302\\0303\\0304\\0305\\0306\\0307\\0308\\0309\\030A\\030B\\030C\\030D' ||
            U&'\\030E\\030F\\0310\\0311\\0312\\0313\\0314\\0315\\0316\\0317\\0318\\0319\\031A\\031B' ||
            U&'\\031C\\031D\\031E\\031F\\0320\\0321\\0322\\0323\\0324\\0325\\0326\\0327\\0328\\0329' ||
            U&'\\032A\\032B\\032C\\032D\\032E\\032F\\0330\\0331\\0332\\0333\\0334\\0335\\0336\\0337' ||
            U&'\\0338\\0339\\033A\\033B\\033C\\033D\\033E\\033F\\0340\\0341\\0342\\0343\\0344\\0345' ||
            U&'\\0346\\0347\\0348\\0349\\034A\\034B\\034C\\034D\\034E\\034F\\0350\\0351\\0352\\0353' ||
            U&'\\0354\\0355\\0356\\0357\\0358\\0359\\035A\\035B\\035C\\035D\\035E\\035F\\0360\\0361' ||
            U&'\\0362\\0363\\0364\\0365\\0366\\0367\\0368\\0369\\036A\\036B\\036C\\036D\\036E\\036F',
            'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeee' ||
            'iiiiiiiiiiiiinnoooooooooooooooouuuuuuuuuuuuuuyyyyœæ''  '),
            'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss')
        $fold$;
      -- What the search reads, folded once when the lead is stored (sql-leads.ts, searchText):
      -- the full name, then the organisation, the email and the message, a line apart.
      ALTER TABLE leads ADD COLUMN search_text text;
      UPDATE leads SET search_text = lead_fold(
        coalesce(request ->> 'firstName', '') || ' ' || coalesce(request ->> 'lastName', '') || '
' || coalesce(request ->> 'company', '') || '
' || coalesce(request ->> 'email', '') || '
' || coalesce(request ->> 'message', ''));
      ALTER TABLE leads ALTER COLUMN search_text SET NOT NULL;
      -- Sign-in links (src/server/team/): kept by the SHA-256 of their token, used once.
      CREATE TABLE sign_in_links (
        token_hash text PRIMARY KEY,
        email text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX sign_in_links_expiry ON sign_in_links (expires_at);
      -- Team sessions, kept by the SHA-256 of the cookie's id; ended by signing out or expiry.
      CREATE TABLE team_sessions (
        id_hash text PRIMARY KEY,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('sales', 'admin')),
        csrf text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ended_at timestamptz
      );
      CREATE INDEX team_sessions_expiry ON team_sessions (expires_at);
      -- Who did what to which lead, and when: every sign-in and action, read newest first.
      -- lead_id has no reference: the line outlives the lead it names (an erasure, a spam).
      CREATE TABLE audit_log (
        seq bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        actor text NOT NULL,
        action text NOT NULL,
        lead_id text,
        detail text,
        request_id text
      );
      -- The quarantine's daily email: the first process to insert the day sends it.
      CREATE TABLE digest_claims (
        day text PRIMARY KEY,
        claimed_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 5,
    description:
      "sales' work on each lead: its owner, its notes and replies, its last contact; the anti-bot rules' verdicts",
    sql: `
      -- Who in the team works the lead (an address of TEAM_EMAILS), none until someone takes it.
      ALTER TABLE leads ADD COLUMN owner text;
      -- The last contact with the person (a note, a reply, a status change): the retention runs
      -- from it, as the CNIL's reference for prospects has it (retention.ts).
      ALTER TABLE leads ADD COLUMN last_contact_at timestamptz;
      CREATE INDEX leads_owner_newest ON leads (owner, received_at, seq);
      -- The team's notes on a lead, and the replies sent from the inbox: dated, kept with it and
      -- erased with it.
      CREATE TABLE lead_notes (
        seq bigserial PRIMARY KEY,
        lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        author text NOT NULL,
        text text NOT NULL,
        kind text NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'reply'))
      );
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);
      -- What the anti-bot rules held, and what the team then found (src/server/spam/suspicion.ts):
      -- the rule, the verdict and the instant, no personal data; kept 90 days.
      CREATE TABLE spam_verdicts (
        seq bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        rule text NOT NULL,
        verdict text NOT NULL CHECK (verdict IN ('held', 'released', 'spam'))
      );
      CREATE INDEX spam_verdicts_at ON spam_verdicts (at);
    `,
  },
  {
    version: 6,
    description: "the site's anonymous audience: daily salts, events, filtered hits",
    sql: `
      -- The site's own audience (src/server/audience/), strictly anonymous under the CNIL's
      -- exemption: no IP, no User-Agent, no lead's id, nothing that finds a person. Each day's
      -- random salt (Paris days), deleted within 48 h: without it, a day's visitor hashes cannot be
      -- recomputed from anyone's address.
      CREATE TABLE audience_salts (
        day text PRIMARY KEY,
        salt text NOT NULL
      );
      -- One line per beacon kept: a page view, a step of the quote form, a page's speed. The
      -- visitor is the day's keyed hash alone; the path one of the site's pages (or a capped
      -- number of paths not found); the referrer its host; no query string, no campaign value.
      CREATE TABLE audience_events (
        seq bigserial PRIMARY KEY,
        day text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('view', 'missing', 'step', 'speed')),
        path text NOT NULL,
        visitor text NOT NULL,
        referrer text,
        width text NOT NULL CHECK (width IN ('small', 'medium', 'large')),
        browser text NOT NULL,
        device text NOT NULL,
        step text CHECK (step IN ('seen', 'started', 'sent')),
        lcp_ms integer,
        cls double precision,
        inp_ms integer
      );
      CREATE INDEX audience_events_day ON audience_events (day, kind);
      CREATE INDEX audience_events_visitor ON audience_events (day, visitor);
      -- Each page's views and visitors per day, written when a day's events are purged (after 25
      -- months, the CNIL's limit): the figures outlive the events.
      CREATE TABLE audience_daily (
        day text NOT NULL,
        path text NOT NULL,
        views bigint NOT NULL,
        visitors bigint NOT NULL,
        PRIMARY KEY (day, path)
      );
      -- How many distinct paths not found each day has taken, against its cap: claimed one by one
      -- (an UPDATE on the day's row), so that processes counting at once never pass it.
      CREATE TABLE audience_day_caps (
        day text PRIMARY KEY,
        missing_paths integer NOT NULL
      );
      -- Hits not counted, by day and class (a crawler, an automated browser, a refusal…).
      CREATE TABLE audience_filtered (
        day text NOT NULL,
        class text NOT NULL,
        hits bigint NOT NULL,
        PRIMARY KEY (day, class)
      );
    `,
  },
];
