import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type PostgresLimits } from '../db/client.ts';

/** The PostgreSQL test server's maintenance connection string (same server, database `postgres`). */
function adminUrl(base: string): string {
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

export interface FreshPostgres {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /** Ends every connection to it and drops it. */
  drop(): Promise<void>;
}

/**
 * A new empty PostgreSQL database beside TEST_DATABASE_URL's, named `<that>_<tag>_<random>`,
 * for tests that must not share theirs: processes booting on a fresh database, backends
 * terminated, clocks moved so far that housekeeping would delete other files' rows.
 */
export async function createFreshPostgres(tag: string): Promise<FreshPostgres> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const baseName = new URL(base).pathname.slice(1);
  const name = `${baseName}_${tag}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl(base) });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated database this test file alone uses: a PGlite copy of the migrated dump, or on
 * PostgreSQL a fresh database (dropped on close).
 */
export async function openIsolatedDatabase(tag: string, limits: PostgresLimits = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const dump = readFileSync(inject('pgliteDump'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const fresh = await createFreshPostgres(tag);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 20, ...limits });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}
