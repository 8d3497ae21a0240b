/**
 * Lottery bets partitioned by Beijing month (decision 042): a bet of a month without a partition
 * lands in the default one, housekeeping makes the next months (each keeping half of each page
 * free, fillfactor 50, for settlement's HOT updates), a bet number stays unique across months,
 * and settlement, a member's cancel and a bet's detail find bets in any partition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPartitionRows, ensureMonthPartitions } from '../../db/partitions.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  createIsolatedTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { findMemberById } from '../accounts/index.ts';
import { LotteryBetsService } from './bets.service.ts';
import { betWindowOf } from './bets.repo.ts';
import { balanceOf, fundLottery, openPeriod, periodRow, tick } from './testing.ts';

const K3 = 'k3_1m';
const LINE = { play_code: 'k3_hz', bet_codes: '4,10', multiple: 1, unit: 'yuan' as const };

let t: TestApp;
// Months no other test writes in, on a database of this file's own (housekeeping runs here).
const clock = new ManualClock(new Date('2032-03-10T04:00:00.000Z'));

beforeAll(async () => {
  t = await createIsolatedTestApp({ HISTORY_PARTITIONS_AHEAD_MONTHS: '3' }, clock);
});
afterAll(async () => {
  await t.close();
});

async function partitionOf(betId: number): Promise<string> {
  const [row] = rowsOf<{ part: string }>(
    await t.database.db.execute(
      sql`SELECT tableoid::regclass::text AS part FROM lottery_bets WHERE id = ${betId}::int`,
    ),
  );
  return row?.part ?? '';
}

async function optionsOf(table: string): Promise<string[]> {
  const [row] = rowsOf<{ options: string[] | null }>(
    await t.database.db.execute(
      sql`SELECT reloptions AS options FROM pg_class WHERE oid = ${table}::regclass`,
    ),
  );
  return row?.options ?? [];
}

/** The app's bets service, drawing the numbers a test scripts for bet numbers. */
function betsDrawing(numbers: string[]): LotteryBetsService {
  const s = t.app.services;
  return new LotteryBetsService(t.database.db, s.ledger, s.idempotency, s.clock, s.responsible, () => {
    const next = numbers.shift();
    if (next === undefined) throw new Error('no scripted bet number left');
    return next;
  });
}

async function place(numbers: string[], m: TestMember, period: string) {
  const member = (await findMemberById(t.database.db, m.id))!;
  const placed = await betsDrawing(numbers).create(
    { lottery_code: K3, expect: period, bets: [LINE] },
    { member, idempotencyKey: undefined, route: 'POST /v1/liujiu/bet/create' },
  );
  return placed.bets.map((b) => ({ id: b.id, betNo: b.bet_no }));
}

describe('lottery bets partitioned by month', () => {
  it('puts a bet of a month without partition in the default one, makes the next months with fillfactor 50, keeps numbers unique across months', async () => {
    expect(TEST_START.getTime()).toBeLessThan(clock.now().getTime());
    const m = await newMember(t.app);
    await fundLottery(t, m, 10_000n);

    // March 2032 has no partition: the bet lands in the default one, which keeps half of each page free.
    const march = await openPeriod(t, K3);
    const [marchBet] = await place(['L-MARCH'], m, march.number);
    expect(await partitionOf(marchBet!.id)).toBe('lottery_bets_default');
    expect(await defaultPartitionRows(t.database.db, 'lottery_bets')).toBe(1);
    expect(await optionsOf('lottery_bets_default')).toContain('fillfactor=50');

    // Housekeeping makes April to June of the bets (and of the ledger and the messages), and leaves
    // the three Marches to an operator: their rows are in the default partitions. (March to June of
    // payment_callbacks, orders and order_legs too, whose default partitions are empty here.)
    expect(await t.app.services.housekeeping.run()).toMatchObject({
      partitionsCreated: 3 + 3 + 3 + 4 + 4 + 4,
      partitionsBlocked: 3,
    });
    expect(await ensureMonthPartitions(t.database.db, 'lottery_bets', clock.now(), 3)).toEqual([
      { month: '2032-03', outcome: 'default_holds_rows' },
      { month: '2032-04', outcome: 'exists' },
      { month: '2032-05', outcome: 'exists' },
      { month: '2032-06', outcome: 'exists' },
    ]);
    for (const month of ['lottery_bets_p203204', 'lottery_bets_p203205', 'lottery_bets_p203206'])
      expect(await optionsOf(month), month).toContain('fillfactor=50');
    // The ledger's default partition has no storage options, nor have its new months.
    expect(await optionsOf('ledger_entries_p203204')).toEqual([]);

    // 1 April 00:30 in Beijing is still 31 March in UTC: the bet goes to April.
    clock.set(new Date('2032-03-31T16:30:00.000Z'));
    const april = await openPeriod(t, K3);
    // The March number drawn again in April is taken: a new one is drawn, nothing stored twice.
    const [aprilBet] = await place(['L-MARCH', 'L-APRIL'], m, april.number);
    expect(aprilBet!.betNo).toBe('L-APRIL');
    expect(await partitionOf(aprilBet!.id)).toBe('lottery_bets_p203204');
    const numbers = rowsOf<{ bet_no: string; bet_id: number }>(
      await t.database.db.execute(sql`SELECT bet_no, bet_id FROM lottery_bet_numbers ORDER BY bet_id`),
    );
    expect(numbers).toEqual([
      { bet_no: 'L-MARCH', bet_id: marchBet!.id },
      { bet_no: 'L-APRIL', bet_id: aprilBet!.id },
    ]);
    expect(await balanceOf(t, m)).toBe(10_000n - 400n - 400n);

    // A member's detail and cancel reach a bet by id in its month.
    const [another] = await place(['L-APRIL-2'], m, april.number);
    const detail = await as(t.app, m, { method: 'GET', url: `/v1/liujiu/bet/detail?bet_id=${marchBet!.id}` });
    expect(detail.json()).toMatchObject({ code: 200, data: { bet_no: 'L-MARCH' } });
    const cancel = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: another!.id },
    });
    expect(cancel.json()).toMatchObject({ code: 200 });

    // Settlement reads the period's month only, and settles bets in the default partition and in April.
    const aprilRow = await periodRow(t, K3, april.number);
    const window = betWindowOf(aprilRow);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await t.database.db.execute(sql`
        EXPLAIN SELECT member_id, id FROM lottery_bets
        WHERE period_id = ${aprilRow.id} AND status = 'pending'
          AND created_at >= ${window.from.toISOString()}::timestamptz
          AND created_at < ${window.to.toISOString()}::timestamptz`),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // April, and (the day's slack reaching back into March) the default partition holding March.
    expect(plan).toContain('lottery_bets_p203204');
    expect(plan).not.toContain('lottery_bets_p203205');
    expect(plan).not.toContain('lottery_bets_p203206');

    await tick(t, [K3], march.drawAt);
    await tick(t, [K3], april.drawAt);
    const statuses = rowsOf<{ bet_no: string; status: string }>(
      await t.database.db.execute(sql`SELECT bet_no, status FROM lottery_bets ORDER BY id`),
    );
    expect(statuses.map((r) => r.bet_no)).toEqual(['L-MARCH', 'L-APRIL', 'L-APRIL-2']);
    expect(statuses[2]!.status).toBe('cancelled');
    for (const r of statuses.slice(0, 2)) expect(['won', 'lost']).toContain(r.status);
    expect((await periodRow(t, K3, march.number)).settledAt).not.toBeNull();
    expect((await periodRow(t, K3, april.number)).settledAt).not.toBeNull();
    await expectLedgerBalanced(t);
  });
});
