/**
 * Migration 0060 carries 竞彩 orders and legs placed before partitioning over: every order with its
 * id, number, status and payout in its month's partition, its legs beside it in the same month,
 * each number in order_numbers (which the 晒单 that pointed at an order now points at), every
 * partition with fillfactor 50, ids going on from the last. Run on an empty embedded database
 * brought to 0059 first, whichever database the suite uses.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-steps.ts';

let db: PGlite;
let migrate: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply: migrate } = await databaseBefore('0060'));
});
afterAll(() => db.close());

describe('migration 0060 (orders and legs partitioned by month)', () => {
  it('carries orders and legs over with their ids, numbers, statuses and months; what pointed at an order still does', async () => {
    await db.exec(`
      INSERT INTO members (username, password_hash, nickname, invite_code, register_type)
        VALUES ('bettor', 'x', 'bettor', 'BET001', 'user');
      INSERT INTO leagues (code, sport, name, short_name, country, color)
        VALUES ('EPL', 'football', '英超', '英超', '英格兰', '#000');
      INSERT INTO teams (code, league_id, name) SELECT v.code, l.id, v.name FROM leagues l,
        (VALUES ('ARS', '阿森纳'), ('CHE', '切尔西')) AS v(code, name);
      INSERT INTO matches (external_id, feed, sport, league_id, home_team_id, away_team_id, match_no, kickoff_at)
        SELECT 'm1', 'sim', 'football', l.id, h.id, a.id, '周一001', '2025-03-06T12:00:00Z'
        FROM leagues l, teams h, teams a WHERE h.code = 'ARS' AND a.code = 'CHE';
      INSERT INTO orders (order_no, member_id, sport, bet_mode, pass_type, multiple, match_count, bet_count,
                          total_amount, max_prize, payout, status, created_at)
        SELECT v.no, m.id, 'football', 'single', 'single', 1, 1, 1, 200, 600, v.payout, v.status, v.at::timestamptz
        FROM members m, (VALUES
          ('S250305080000000001', 'lost', 0, '2025-03-05T08:00:10Z'),
          ('S250331163000000002', 'won', 600, '2025-03-31T16:30:00Z'),
          ('S400101000000000003', 'pending', 0, '2040-01-01T00:00:00Z')
        ) AS v(no, status, payout, at) ORDER BY v.at;
      INSERT INTO order_legs (order_id, position, match_id, play_type, option_key, odds, status)
        SELECT o.id, 0, x.id, 'had', 'h', '3.00', CASE o.status WHEN 'pending' THEN 'pending'
                                                                WHEN 'won' THEN 'won' ELSE 'lost' END
        FROM orders o, matches x ORDER BY o.id;
      INSERT INTO follow_posts (order_id, member_id, comment, commission_bp, closes_at, created_at)
        SELECT id, member_id, '稳', 500, '2040-01-02T00:00:00Z', created_at FROM orders WHERE order_no = 'S400101000000000003';`);
    await migrate();

    const { rows } = await db.query<{ id: number; no: string; status: string; payout: string; part: string }>(
      `SELECT id, order_no AS no, status, payout::text AS payout, tableoid::regclass::text AS part
       FROM orders ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, no: 'S250305080000000001', status: 'lost', payout: '0', part: 'orders_p202503' },
      // Beijing time: 1 April, 00:30.
      { id: 2, no: 'S250331163000000002', status: 'won', payout: '600', part: 'orders_p202504' },
      // Past the months made ahead: the default partition.
      { id: 3, no: 'S400101000000000003', status: 'pending', payout: '0', part: 'orders_default' },
    ]);
    // Each leg in its order's month, with its order's created_at.
    const legs = await db.query<{ id: number; order: number; status: string; part: string; same: boolean }>(
      `SELECT l.id, l.order_id AS order, l.status, l.tableoid::regclass::text AS part,
              l.created_at = o.created_at AS same
       FROM order_legs l JOIN orders o ON o.id = l.order_id ORDER BY l.id`,
    );
    expect(legs.rows).toEqual([
      { id: 1, order: 1, status: 'lost', part: 'order_legs_p202503', same: true },
      { id: 2, order: 2, status: 'won', part: 'order_legs_p202504', same: true },
      { id: 3, order: 3, status: 'pending', part: 'order_legs_default', same: true },
    ]);
    const numbers = await db.query<{ no: string; id: number }>(
      `SELECT order_no AS no, order_id AS id FROM order_numbers ORDER BY order_id`,
    );
    expect(numbers.rows).toEqual(rows.map((r) => ({ no: r.no, id: r.id })));

    // Every partition of both keeps half of each page free, for settlement's HOT updates.
    for (const table of ['orders', 'order_legs']) {
      const stores = await db.query<{ name: string; options: string[] | null }>(
        `SELECT c.relname AS name, c.reloptions AS options
         FROM pg_partition_tree($1) t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf`,
        [table],
      );
      expect(stores.rows.length).toBeGreaterThan(3);
      for (const store of stores.rows) expect(store.options, store.name).toEqual(['fillfactor=50']);
    }

    // Ids go on from the last; a number is still taken once across every month.
    const next = await db.query<{ id: number }>(
      `INSERT INTO orders (order_no, member_id, sport, bet_mode, pass_type, multiple, match_count, bet_count,
                           total_amount, max_prize)
       SELECT 'S-NEXT', member_id, sport, bet_mode, pass_type, 1, 1, 1, 200, 600 FROM orders WHERE id = 3
       RETURNING id`,
    );
    expect(next.rows).toEqual([{ id: 4 }]);
    const nextLeg = await db.query<{ id: number }>(
      `INSERT INTO order_legs (order_id, created_at, position, match_id, play_type, option_key, odds)
       SELECT 4, o.created_at, 0, l.match_id, 'had', 'd', '3.10' FROM orders o, order_legs l
       WHERE o.id = 4 AND l.id = 3 RETURNING id`,
    );
    expect(nextLeg.rows).toEqual([{ id: 4 }]);
    await expect(
      db.exec(
        `INSERT INTO order_numbers (order_no, order_id, created_at) VALUES ('S250305080000000001', 9, now())`,
      ),
    ).rejects.toThrow(/duplicate key/);
    // A leg must name its order's month, and a 晒单 an order that has a number.
    await expect(
      db.exec(`INSERT INTO order_legs (order_id, created_at, position, match_id, play_type, option_key, odds)
               SELECT 1, '2025-04-05T00:00:00Z', 1, match_id, 'had', 'd', '3.10' FROM order_legs WHERE id = 1`),
    ).rejects.toThrow(/foreign key/);
    const post = await db.query<{ order: number }>(`SELECT order_id AS order FROM follow_posts`);
    expect(post.rows).toEqual([{ order: 3 }]);
    await expect(
      db.exec(`INSERT INTO follow_posts (order_id, member_id, comment, commission_bp, closes_at, created_at)
               SELECT 99, member_id, '无此单', 500, now(), now() FROM orders WHERE id = 1`),
    ).rejects.toThrow(/foreign key/);
  });
});
