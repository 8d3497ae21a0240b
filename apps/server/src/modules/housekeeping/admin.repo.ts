import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { historyArchives } from '../../db/schema.ts';
import { sql } from '../../db/sql.ts';

export interface ChildPartitionRow {
  name: string;
  /** pg_class.reltuples clamped at 0 (it is -1 before the first ANALYZE). */
  approxRows: number;
  bytes: number;
}

/**
 * The partitions attached to `table`, by name, with the planner's row estimate and their size on
 * disk (table, indexes, TOAST). None when the table does not exist or is not partitioned.
 */
export async function childPartitions(db: Db, table: string): Promise<ChildPartitionRow[]> {
  const rows = rowsOf<{ name: string; approx_rows: string; bytes: string }>(
    await db.execute(sql`
      SELECT c.relname AS name,
        round(GREATEST(c.reltuples, 0))::bigint::text AS approx_rows,
        pg_total_relation_size(c.oid)::text AS bytes
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass(${table}::text)
      ORDER BY c.relname`),
  );
  return rows.map((r) => ({ name: r.name, approxRows: Number(r.approx_rows), bytes: Number(r.bytes) }));
}

/** The archive catalogue (history_archives), newest first. */
export function archiveCatalogue(db: Db) {
  return db
    .select()
    .from(historyArchives)
    .orderBy(desc(historyArchives.archivedAt), desc(historyArchives.id));
}
