/**
 * Migration 0056 carries a ledger written before partitioning over: every entry with its id in
 * its month's partition, the keys of keyed ones in ledger_entry_keys, ids going on from the last.
 * Run on an empty embedded database brought to 0055 first, whichever database the suite uses.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-steps.ts';

let db: PGlite;
let migrate: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply: migrate } = await databaseBefore('0056'));
});
afterAll(() => db.close());

describe('migration 0056 (the ledger partitioned by month)', () => {
  it('carries existing entries over with their ids, months and keys', async () => {
    await db.exec(`
      INSERT INTO members (username, password_hash, nickname, invite_code, register_type)
        VALUES ('carried', 'x', 'carried', 'CARRY1', 'user');
      INSERT INTO wallets (member_id, kind) SELECT id, 'main' FROM members WHERE username = 'carried';
      INSERT INTO ledger_entries (wallet_id, member_id, amount, balance_before, balance_after, type, idempotency_key, created_at)
        SELECT w.id, w.member_id, v.amount, v.before, v.after, v.type, v.key, v.at::timestamptz
        FROM wallets w, (VALUES
          (10000, 0, 10000, 'deposit', 'deposit:1', '2025-03-05T08:00:00Z'),
          (-2000, 10000, 8000, 'bet', NULL, '2025-03-31T16:30:00Z'),
          (500, 8000, 8500, 'payout', 'payout:1', '2040-01-01T00:00:00Z')
        ) AS v(amount, before, after, type, key, at);`);
    await migrate();

    const { rows } = await db.query<{ id: string; part: string; key: string | null }>(
      `SELECT id::text, tableoid::regclass::text AS part, idempotency_key AS key FROM ledger_entries ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: '1', part: 'ledger_entries_p202503', key: 'deposit:1' },
      // Beijing time: 1 April, 00:30.
      { id: '2', part: 'ledger_entries_p202504', key: null },
      // Past the months made ahead: the default partition.
      { id: '3', part: 'ledger_entries_default', key: 'payout:1' },
    ]);
    const keys = await db.query<{ key: string; id: string }>(
      `SELECT idempotency_key AS key, entry_id::text AS id FROM ledger_entry_keys ORDER BY 1`,
    );
    expect(keys.rows).toEqual([
      { key: 'deposit:1', id: '1' },
      { key: 'payout:1', id: '3' },
    ]);
    const next = await db.query<{ id: string }>(
      `INSERT INTO ledger_entries (wallet_id, member_id, amount, balance_before, balance_after, type)
       SELECT wallet_id, member_id, 1, 8500, 8501, 'adjust' FROM ledger_entries WHERE id = 3
       RETURNING id::text`,
    );
    expect(next.rows).toEqual([{ id: '4' }]);
    await expect(db.exec(`DELETE FROM ledger_entries WHERE id = 1`)).rejects.toThrow(/append-only/);
  });
});
