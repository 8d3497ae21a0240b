import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { clonePrefixOf, onServer, templateName } from './isolated-database.ts';
import { writeTestDump } from './pglite-dump.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a freshly migrated PGlite database (module project). */
    pgliteDump: string;
  }
}

/**
 * Migrates once per run. PGlite: boots, migrates and dumps a copy that every test file
 * loads (a boot from a dump skips the migrations). PostgreSQL: resets the test database.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const kind = project.config.env.TEST_DB;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await database.migrate();
    await database.close();
    // Every test file clones its own database from a migrated template (openTemplateClone).
    const template = templateName(url);
    const prefix = clonePrefixOf(url);
    const dropAll = () =>
      onServer(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)`,
          [template, prefix],
        );
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      });
    await dropAll();
    await onServer((c) => c.query(`CREATE DATABASE "${template}"`));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const migrated = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 2 });
    await migrated.migrate();
    await migrated.close();
    project.provide('pgliteDump', '');
    return dropAll;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'jingcai-test-')), 'migrated.tar');
  await writeTestDump(database.pglite!, file);
  await database.close();
  project.provide('pgliteDump', file);
  return undefined;
}
