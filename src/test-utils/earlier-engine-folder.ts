import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
import type { Lead } from "../server/leads/lead-store";
import { postgresMigrations } from "../server/leads/migrations-postgres";

// Writes a data folder as the versions before SQLite left it: PGlite (the engine they embedded)
// in QUOTE_DATABASE_DIR/pgdata, at their last schema (PostgreSQL's migrations up to 3), holding
// the leads read as JSON on stdin and one spent challenge. Run in a process of its own
// (`node --import tsx`): PGlite loads its WebAssembly through dynamic imports, which jest's module
// runtime does not run.
//
//   node --import tsx src/test-utils/earlier-engine-folder.ts PGDATA < leads.json

/** The schema those versions left: the inbox (migration 4) came after SQLite. */
const earlierSchema = 3;
const [pgdata] = process.argv.slice(2);
const leads = JSON.parse(readFileSync(0, "utf8")) as Lead[];

async function write(): Promise<void> {
  const db = await PGlite.create(pgdata!);
  for (const migration of postgresMigrations.filter((m) => m.version <= earlierSchema)) {
    await db.exec(migration.sql);
  }
  for (const lead of leads) {
    await db.query(
      `INSERT INTO leads (id, idempotency_key, fingerprint, received_at, request, quarantine,
       request_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        lead.id,
        lead.idempotencyKey,
        lead.fingerprint,
        lead.receivedAt,
        JSON.stringify(lead.request),
        lead.quarantine && JSON.stringify(lead.quarantine),
        lead.requestId,
      ],
    );
    for (const [channel, d] of Object.entries(lead.deliveries)) {
      await db.query(
        `INSERT INTO lead_deliveries (lead_id, channel, state, attempts, next_attempt_at,
         last_error, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [lead.id, channel, d.state, d.attempts, d.nextAttemptAt, d.lastError, d.sentAt],
      );
    }
  }
  await db.query(
    "INSERT INTO spent_challenges (nonce, owner, expires_at, spender) VALUES ($1, $2, $3, $4)",
    ["nonce-1", "owner-1", new Date(Date.now() + 3_600_000).toISOString(), "spender-1"],
  );
  await db.close();
}

write().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
