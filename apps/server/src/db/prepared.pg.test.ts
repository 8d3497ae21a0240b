import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { rowsOf } from '../modules/ledger/ledger.repo.ts';
import { openDatabase, type Database } from './client.ts';

let fresh: FreshPostgres;
let database: Database;
beforeAll(async () => {
  fresh = await createFreshPostgres('prepared');
  database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 1 });
  await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, a text)`);
  await database.db.execute(sql`INSERT INTO t VALUES (1, 'x')`);
});
afterAll(async () => {
  await database.close();
  await fresh.drop();
});

async function prepared(): Promise<number | undefined> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM t WHERE%'`,
    ),
  );
  return rows[0]?.n;
}

describe('hot statements as named prepared statements', () => {
  it('prepares a statement met three times, once per connection, and keeps answering with it', async () => {
    const read = async () => rowsOf(await database.db.execute(sql`SELECT * FROM t WHERE id = ${1}`));
    for (let i = 0; i < 5; i++) expect(await read()).toEqual([{ id: 1, a: 'x' }]);
    expect(await prepared()).toBe(1);
  });

  it('a table changed under a running process costs one failed call, then the statement is parsed again', async () => {
    const read = async () => rowsOf(await database.db.execute(sql`SELECT * FROM t WHERE id = ${1}`));
    await database.db.execute(sql`ALTER TABLE t ADD COLUMN b int DEFAULT 7`);
    const failed = await read().then(
      () => null,
      (err: unknown) => err,
    );
    // Drizzle wraps the driver's error (`Failed query: …`, the cause).
    expect(String((failed as { cause?: unknown } | null)?.cause)).toMatch(
      /cached plan must not change result type/,
    );
    expect(await read()).toEqual([{ id: 1, a: 'x', b: 7 }]);
    expect(await read()).toEqual([{ id: 1, a: 'x', b: 7 }]);
  });
});
