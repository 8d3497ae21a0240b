import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { openDatabase, type Database } from './client.ts';
import { rowsOf } from './rows.ts';

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

  it('a statement the caller named (drizzle .prepare, e.g. the session lookup) also recovers after one failed call', async () => {
    const u = pgTable('u', { id: integer('id').primaryKey(), a: text('a') });
    await database.db.execute(sql`CREATE TABLE u (id int PRIMARY KEY, a text)`);
    await database.db.execute(sql`INSERT INTO u VALUES (1, 'x')`);
    const query = database.db
      .select({ a: u.a })
      .from(u)
      .where(eq(u.id, sql.placeholder('id')))
      .prepare('read_u');
    expect(await query.execute({ id: 1 })).toEqual([{ a: 'x' }]);
    // A column's type changes under the running process: its cached plan answers another type.
    await database.db.execute(sql`ALTER TABLE u ALTER COLUMN a TYPE varchar(10)`);
    await database.db.execute(sql`ALTER TABLE u ALTER COLUMN a TYPE int USING 5`);
    const failed = await query.execute({ id: 1 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(String((failed as { cause?: unknown } | null)?.cause ?? failed)).toMatch(
      /cached plan must not change result type/,
    );
    expect(await query.execute({ id: 1 })).toEqual([{ a: 5 }]);
  });
});
