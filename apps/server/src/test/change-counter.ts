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
         INSERT INTO proof_changes (tbl, n) VALUES (TG_TABLE_NAME, 1)
         ON CONFLICT (tbl) DO UPDATE SET n = proof_changes.n + 1;
         RETURN NULL;
       END $$`,
      `DO $$
       DECLARE t text;
       BEGIN
         FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'proof_changes'
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
