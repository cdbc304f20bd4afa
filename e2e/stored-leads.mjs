// @ts-check
// The leads the production server under test has stored: read from the embedded database's file
// (src/server/leads/embedded-store.ts), which SQLite lets this process open beside the server.
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * The stored leads sent with `email`, oldest first: each suite types an address of its own, so
 * that suites running side by side (e2e/run.mjs) never count each other's leads.
 * @param {string} email
 * @returns {Promise<any[]>} rows of id, request and quarantine
 */
export async function storedLeads(email, folder = process.env.E2E_QUOTE_DB) {
  const db = new DatabaseSync(join(String(folder), "leads.sqlite"), { timeout: 5000 });
  try {
    const rows = db
      .prepare(
        `SELECT id, request, quarantine FROM leads WHERE request ->> 'email' = ? ORDER BY seq`,
      )
      .all(email);
    return rows.map((row) => ({
      ...row,
      request: JSON.parse(String(row.request)),
      quarantine: row.quarantine === null ? null : JSON.parse(String(row.quarantine)),
    }));
  } finally {
    db.close();
  }
}
