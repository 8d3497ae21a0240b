import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Asserts that writing these columns of `table` can be a HOT update (the new row on the old row's
 * page, no index touched): no index holds any of them, as a key or in its predicate, and the
 * table (each partition of a partitioned one) keeps room on its pages for the new rows (fillfactor 50).
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
  // A partitioned table keeps its rows in its partitions (lottery_bets, decision 042): each of them.
  const stores = rowsOf<{ name: string; options: string[] | null }>(
    await db.execute(sql`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
      WHERE c.relkind = 'r'
        AND (c.oid = ${table}::regclass
             OR c.oid IN (SELECT relid FROM pg_partition_tree(${table}::regclass) WHERE isleaf))`),
  );
  expect(stores.length).toBeGreaterThan(0);
  for (const store of stores) expect(store.options, store.name).toContain('fillfactor=50');
}
