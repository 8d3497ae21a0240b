/**
 * 竞彩 orders and their legs partitioned by Beijing month (decision 042): an order of a month
 * without a partition lands in the default one with its legs, housekeeping makes the next months
 * (each keeping half of each page free for settlement's HOT updates), an order number stays taken
 * across months, and settlement, a member's detail and the order list find orders in any month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { ensureMonthPartitions } from '../../db/partitions.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  openMatches,
  winDrawLoseSingle,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { insertOrderReadingSuspensions } from './orders.repo.ts';

let t: TestApp;
// Months no other test writes in, on a database of this file's own (housekeeping runs here).
const clock = new ManualClock(new Date('2033-03-10T04:00:00.000Z'));

beforeAll(async () => {
  t = await createSportsApp({ HISTORY_PARTITIONS_AHEAD_MONTHS: '3' }, clock, { isolated: true });
});
afterAll(async () => {
  await t.close();
});

/** The partition holding `table`'s rows whose `column` is `id`, one per row, in id order. */
async function partitionsOf(table: 'orders' | 'order_legs', column: 'id' | 'order_id', id: number) {
  return rowsOf<{ part: string }>(
    await t.database.db.execute(
      sql`SELECT tableoid::regclass::text AS part FROM ${sql.identifier(table)}
          WHERE ${sql.identifier(column)} = ${id}::int ORDER BY id`,
    ),
  ).map((r) => r.part);
}

const single = (m: TestMember, match: MatchRow, win: boolean) => winDrawLoseSingle(t, m, match, win);

describe('orders partitioned by month', () => {
  it('keeps an order and its legs in its month, makes the next months, keeps numbers taken across months, and settles in every month', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 10_000n);

    // March 2033 has no partition: the order and its leg land in the default ones.
    const [march] = await openMatches(t, 'football', 1);
    const marchOrder = await single(m, march!, true);
    expect(await partitionsOf('orders', 'id', marchOrder.order_id)).toEqual(['orders_default']);
    expect(await partitionsOf('order_legs', 'order_id', marchOrder.order_id)).toEqual(['order_legs_default']);

    // Housekeeping makes April to June of both, and leaves March to an operator: its rows are in
    // the default partitions.
    await t.app.services.housekeeping.run();
    for (const table of ['orders', 'order_legs'] as const) {
      expect(await ensureMonthPartitions(t.database.db, table, clock.now(), 3)).toEqual([
        { month: '2033-03', outcome: 'default_holds_rows' },
        { month: '2033-04', outcome: 'exists' },
        { month: '2033-05', outcome: 'exists' },
        { month: '2033-06', outcome: 'exists' },
      ]);
      const [options] = rowsOf<{ options: string[] | null }>(
        await t.database.db.execute(
          sql`SELECT reloptions AS options FROM pg_class WHERE oid = ${`${table}_p203304`}::regclass`,
        ),
      );
      expect(options?.options, table).toContain('fillfactor=50');
    }

    // 1 April 00:30 in Beijing is still 31 March in UTC: the order and its leg go to April.
    clock.set(new Date('2033-03-31T16:30:00.000Z'));
    await t.app.services.feedSync.tick();
    const [april] = await openMatches(t, 'football', 1);
    const aprilOrder = await single(m, april!, false);
    expect(await partitionsOf('orders', 'id', aprilOrder.order_id)).toEqual(['orders_p203304']);
    expect(await partitionsOf('order_legs', 'order_id', aprilOrder.order_id)).toEqual(['order_legs_p203304']);

    // The March number drawn again in April is taken: nothing is written, the caller draws again.
    const again = await inTransaction(t.database.db, (work) =>
      insertOrderReadingSuspensions(
        work.tx,
        {
          orderNo: marchOrder.order_no,
          memberId: m.id,
          sport: 'football',
          betMode: 'single',
          passType: 'single',
          multiple: 1,
          matchCount: 1,
          betCount: 1,
          totalAmount: 200n,
          maxPrize: 600n,
          createdAt: clock.now(),
          acceptAt: null,
          oddsPolicy: null,
        },
        [{ position: 0, matchId: april!.id, playType: 'football.winDrawLose', optionKey: 'h', odds: '3.00' }],
        [april!.id],
      ),
    );
    expect(again).toBeUndefined();
    const numbers = rowsOf<{ order_no: string; order_id: number }>(
      await t.database.db.execute(sql`SELECT order_no, order_id FROM order_numbers ORDER BY order_id`),
    );
    expect(numbers).toEqual([
      { order_no: marchOrder.order_no, order_id: marchOrder.order_id },
      { order_no: aprilOrder.order_no, order_id: aprilOrder.order_id },
    ]);

    // Both settle, each in its month; the member reads both, from their list and by id.
    await finish(t, [march!]);
    await finish(t, [april!]);
    const settled = rowsOf<{ id: number; status: string; part: string }>(
      await t.database.db.execute(
        sql`SELECT id, status, tableoid::regclass::text AS part FROM orders ORDER BY id`,
      ),
    );
    expect(settled).toEqual([
      { id: marchOrder.order_id, status: 'won', part: 'orders_default' },
      { id: aprilOrder.order_id, status: 'lost', part: 'orders_p203304' },
    ]);
    const detail = await as(t.app, m, { method: 'GET', url: `/v1/order/detail/${marchOrder.order_id}` });
    expect(body<{ status: string; legs: Array<{ status: string }> }>(detail).data).toMatchObject({
      status: 'won',
      legs: [{ status: 'won' }],
    });
    const list = await as(t.app, m, { method: 'GET', url: '/v1/order/history?status=settled' });
    expect(body<{ list: Array<{ order_no: string }> }>(list).data.list.map((o) => o.order_no)).toEqual([
      aprilOrder.order_no,
      marchOrder.order_no,
    ]);
    await expectLedgerBalanced(t);
  });
});
