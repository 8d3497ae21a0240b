/**
 * Migration 0058 carries lottery bets placed before partitioning over: every bet with its id,
 * number and status in its month's partition, each partition with fillfactor 50, every number in
 * lottery_bet_numbers, ids going on from the last. Run on an empty embedded database brought to
 * 0057 first, whichever database the suite uses.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-steps.ts';

let db: PGlite;
let migrate: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply: migrate } = await databaseBefore('0058'));
});
afterAll(() => db.close());

describe('migration 0058 (lottery bets partitioned by month)', () => {
  it('carries existing bets over with their ids, numbers, statuses and months, each month with fillfactor 50', async () => {
    await db.exec(`
      INSERT INTO members (username, password_hash, nickname, invite_code, register_type)
        VALUES ('bettor', 'x', 'bettor', 'BET001', 'user');
      INSERT INTO lottery_games (code, name, family) VALUES ('k3_1m', '极速快3', 'k3');
      INSERT INTO lottery_periods (lottery_code, number, open_at, close_at, draw_at, commitment)
        VALUES ('k3_1m', '20250305001', '2025-03-05T08:00:00Z', '2025-03-05T08:00:50Z', '2025-03-05T08:01:00Z', 'c');
      INSERT INTO lottery_bets (bet_no, member_id, lottery_code, period_id, play_code, codes, item_count,
                                multiple, unit_fen, amount, odds, status, payout, cancelled_by, created_at)
        SELECT v.no, m.id, 'k3_1m', p.id, 'k3_hz', '4', 1, 1, 200, 200, '{"4": 6000}'::jsonb, v.status, v.payout,
               v.by, v.at::timestamptz
        FROM members m, lottery_periods p, (VALUES
          ('L250305080000000001', 'lost', 0, NULL, '2025-03-05T08:00:10Z'),
          ('L250331163000000002', 'won', 12000, NULL, '2025-03-31T16:30:00Z'),
          ('L400101000000000003', 'cancelled', 0, 'member', '2040-01-01T00:00:00Z')
        ) AS v(no, status, payout, by, at);`);
    await migrate();

    const { rows } = await db.query<{ id: number; no: string; status: string; payout: string; part: string }>(
      `SELECT id, bet_no AS no, status, payout::text AS payout, tableoid::regclass::text AS part
       FROM lottery_bets ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, no: 'L250305080000000001', status: 'lost', payout: '0', part: 'lottery_bets_p202503' },
      // Beijing time: 1 April, 00:30.
      { id: 2, no: 'L250331163000000002', status: 'won', payout: '12000', part: 'lottery_bets_p202504' },
      // Past the months made ahead: the default partition.
      { id: 3, no: 'L400101000000000003', status: 'cancelled', payout: '0', part: 'lottery_bets_default' },
    ]);
    const numbers = await db.query<{ no: string; id: number }>(
      `SELECT bet_no AS no, bet_id AS id FROM lottery_bet_numbers ORDER BY bet_id`,
    );
    expect(numbers.rows).toEqual(rows.map((r) => ({ no: r.no, id: r.id })));

    // Every partition keeps half of each page free, for settlement's HOT updates.
    const stores = await db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options
       FROM pg_partition_tree('lottery_bets') t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf`,
    );
    expect(stores.rows.length).toBeGreaterThan(3);
    for (const store of stores.rows) expect(store.options, store.name).toEqual(['fillfactor=50']);
    // And so does a month made later; the ledger's months still take no options.
    await db.query(`SELECT ensure_month_partition('lottery_bets', '2039-06-01')`);
    await db.query(`SELECT ensure_month_partition('ledger_entries', '2039-06-01')`);
    const later = await db.query<{ name: string; options: string[] | null }>(
      `SELECT relname AS name, reloptions AS options FROM pg_class
       WHERE relname IN ('lottery_bets_p203906', 'ledger_entries_p203906') ORDER BY relname`,
    );
    expect(later.rows).toEqual([
      { name: 'ledger_entries_p203906', options: null },
      { name: 'lottery_bets_p203906', options: ['fillfactor=50'] },
    ]);

    const next = await db.query<{ id: number }>(
      `INSERT INTO lottery_bets (bet_no, member_id, lottery_code, period_id, play_code, codes, item_count,
                                 multiple, unit_fen, amount, odds)
       SELECT 'L-NEXT', member_id, lottery_code, period_id, play_code, codes, 1, 1, 200, 200, odds
       FROM lottery_bets WHERE id = 3
       RETURNING id`,
    );
    expect(next.rows).toEqual([{ id: 4 }]);
    await expect(
      db.exec(
        `INSERT INTO lottery_bet_numbers (bet_no, bet_id, created_at) VALUES ('L250305080000000001', 9, now())`,
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
