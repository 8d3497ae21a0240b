import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Asserts that writing these columns of `table` can be a HOT update (the new row on the old row's
 * page, no index touched): no index holds any of them, as a key or in its predicate, and the
 * table keeps room on its pages for the new rows (fillfactor 50).
 */
export async function expectHotUpdates(db: Db, table: string, written: readonly string[]): Promise<void> {
  const indexed = rowsOf<{ column: string }>(
    await db.execute(sql`
      SELECT DISTINCT a.attname AS column
      FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid
      WHERE i.indrelid = ${table}::regclass
        AND (a.attnum = ANY(i.indkey)
             OR a.attname = ANY(regexp_split_to_array(coalesce(pg_get_expr(i.indpred, i.indrelid), ''), '\W+')))`),
  ).map((r) => r.column);
  for (const column of written) expect(indexed, column).not.toContain(column);
  const [row] = rowsOf<{ options: string[] | null }>(
    await db.execute(sql`SELECT reloptions AS options FROM pg_class WHERE oid = ${table}::regclass`),
  );
  expect(row?.options).toContain('fillfactor=50');
}
