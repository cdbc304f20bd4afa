import type { Database } from "./database";
import { dialects } from "./dialect";

// Applying each engine's numbered migrations (migrations-postgres.ts, migrations-sqlite.ts) and
// reading which one a database is at.

const migrationsTable = "lead_schema_migrations";

/** The newest schema this code knows on the database's engine. */
export function latestVersion(database: Database): number {
  return Math.max(0, ...dialects[database.engine].migrations.map((m) => m.version));
}

/** Thrown when a database was migrated by a newer version of the code: nothing is written. */
export class SchemaTooNewError extends Error {
  constructor(location: string, found: number, known: number) {
    super(
      `la base ${location} est au schéma ${found}, plus récent que celui que ce code connaît ` +
        `(${known}) : elle a été ouverte par une version plus récente du site ; installez cette ` +
        "version (ou une plus récente) plutôt que de revenir en arrière",
    );
    this.name = "SchemaTooNewError";
  }
}

/** Applies every migration not applied yet, all in one transaction. Returns their versions. */
export async function migrate(database: Database): Promise<number[]> {
  const dialect = dialects[database.engine];
  return database.transaction(async (client) => {
    // A second `migrate` waits here, then finds the work done.
    if (dialect.migrationLock) await client.query(dialect.migrationLock);
    await client.script(
      `CREATE TABLE IF NOT EXISTS ${migrationsTable} (
         version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL)`,
    );
    const applied = new Set(
      (await client.query<{ version: number }>(`SELECT version FROM ${migrationsTable}`)).rows.map(
        (row) => Number(row.version),
      ),
    );
    const newest = Math.max(0, ...applied);
    if (newest > latestVersion(database)) {
      throw new SchemaTooNewError(database.location, newest, latestVersion(database));
    }
    const done: number[] = [];
    for (const migration of dialect.migrations) {
      if (applied.has(migration.version)) continue;
      await client.script(migration.sql);
      await client.query(
        `INSERT INTO ${migrationsTable} (version, description, applied_at) VALUES ($1, $2, $3)`,
        [migration.version, migration.description, new Date()],
      );
      done.push(migration.version);
    }
    return done;
  });
}

/** The schema version in the database: 0 when `migrate` never ran. */
export async function schemaVersion(database: Database): Promise<number> {
  const { rows } = await database.query(dialects[database.engine].tableExists, [migrationsTable]);
  if (rows.length === 0) return 0;
  const result = await database.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${migrationsTable}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}
