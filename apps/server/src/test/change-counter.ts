import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Tables a refused request may write by design: abuse-limit counters, the login and payment
 * password records, refused gateway callbacks and withdrawal-account bindings (kept for the
 * operator), session touches.
 */
export const BOOKKEEPING = new Set([
  'rate_counters',
  'login_attempts',
  'payment_password_failures',
  'payment_callbacks',
  'user_wallet_conflicts',
  'sessions',
  'operator_sessions',
]);

/**
 * Counts every row written to every table (a row trigger on each), so a proof can tell which
 * tables a request changed: read `snapshot()` before and `changedSince()` after.
 */
export class ChangeCounter {
  private constructor(private readonly db: Db) {}

  static async install(db: Db): Promise<ChangeCounter> {
    const statements = [
      `CREATE TABLE IF NOT EXISTS proof_changes (tbl text PRIMARY KEY, n bigint NOT NULL)`,
      `CREATE OR REPLACE FUNCTION proof_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         -- A partition's row counts for its table (ledger_entries_p203104 → ledger_entries).
         INSERT INTO proof_changes (tbl, n)
         VALUES ((SELECT relname FROM pg_class WHERE oid = coalesce(pg_partition_root(TG_RELID), TG_RELID)), 1)
         ON CONFLICT (tbl) DO UPDATE SET n = proof_changes.n + 1;
         RETURN NULL;
       END $$`,
      `DO $$
       DECLARE t text;
       BEGIN
         -- Tables and partitioned tables (whose partitions take the trigger from them), not partitions.
         FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
                  WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                    AND c.relname <> 'proof_changes'
         LOOP
           EXECUTE format('DROP TRIGGER IF EXISTS proof_note_change ON %I', t);
           EXECUTE format('CREATE TRIGGER proof_note_change AFTER INSERT OR UPDATE OR DELETE ON %I
                           FOR EACH ROW EXECUTE FUNCTION proof_note_change()', t);
         END LOOP;
       END $$`,
    ];
    for (const statement of statements) await db.execute(sql.raw(statement));
    return new ChangeCounter(db);
  }

  async snapshot(): Promise<Map<string, number>> {
    const result: unknown = await this.db.execute(sql`SELECT tbl, n FROM proof_changes`);
    const { rows } = result as { rows: Array<{ tbl: string; n: string | number }> };
    return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
  }

  /** Tables written since `before` (bookkeeping ones left out unless `all`). */
  async changedSince(before: Map<string, number>, all = false): Promise<string[]> {
    const now = await this.snapshot();
    return [...now]
      .filter(([tbl, n]) => n !== (before.get(tbl) ?? 0) && (all || !BOOKKEEPING.has(tbl)))
      .map(([tbl]) => tbl);
  }
}
