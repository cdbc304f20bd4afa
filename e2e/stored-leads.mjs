// @ts-check
// The leads the production server under test has stored: read over the embedded database's
// socket (src/server/leads/embedded-host.ts), which the running server serves in its data folder.
import pg from "pg";

/** Every stored lead's request and quarantine, oldest first. */
export async function storedLeads(folder = process.env.E2E_QUOTE_DB) {
  const client = new pg.Client({ host: folder, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    // One simple-protocol statement: the engine runs it whole between other connections' work.
    const { rows } = await client.query("SELECT id, request, quarantine FROM leads ORDER BY seq");
    return rows;
  } finally {
    await client.end();
  }
}
