// @ts-check
// The leads the production server under test has stored: read over the embedded database's
// socket (src/server/leads/embedded-host.ts), which the running server serves in its data folder.
import pg from "pg";

/**
 * The stored leads sent with `email`, oldest first: each suite types an address of its own, so
 * that suites running side by side (e2e/run.mjs) never count each other's leads.
 * @param {string} email
 * @returns {Promise<any[]>} rows of id, request and quarantine
 */
export async function storedLeads(email, folder = process.env.E2E_QUOTE_DB) {
  const client = new pg.Client({ host: folder, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    // One simple-protocol statement: the engine runs it whole between other connections' work.
    const { rows } = await client.query(
      `SELECT id, request, quarantine FROM leads
       WHERE request->>'email' = ${client.escapeLiteral(email)} ORDER BY seq`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
