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

/** Name of the migrated template database every test file's PostgreSQL database is cloned from. */
export function templateName(base = process.env.TEST_DATABASE_URL): string {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return `${new URL(base).pathname.slice(1)}_template`;
}

/** Prefix of the per-file clones (global setup drops any a killed run left behind). */
export function clonePrefixOf(base = process.env.TEST_DATABASE_URL): string {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return `${new URL(base).pathname.slice(1)}_f_`;
}

/** Runs statements on the server's maintenance database (CREATE/DROP DATABASE). */
export async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: adminUrl(base) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database of this test file's own, cloned from the template global setup
 * migrated (CREATE DATABASE … TEMPLATE: a file copy, about 0.1 s), dropped on close. Files then
 * run side by side without seeing each other's rows, jobs or clocks.
 */
export async function openTemplateClone(poolSize: number, limits: PostgresLimits = {}): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${clonePrefixOf(base)}${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName(base)}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize, ...limits });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * A migrated database this test file alone uses, with its own connection limits: a PGlite copy
 * of the migrated dump, or on PostgreSQL a clone of the migrated template (dropped on close).
 */
export async function openIsolatedDatabase(limits: PostgresLimits = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const dump = readFileSync(inject('pgliteDump'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  return openTemplateClone(20, limits);
}
