/**
 * History partitioned by month (decision 042): the ledger's months are made ahead by housekeeping,
 * a month written before its partition existed is reported rather than created over its rows, and
 * an idempotency key stays unique across months.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { createIsolatedTestApp, newMember, TEST_START, type TestApp } from '../test/harness.ts';
import { expectLedgerBalanced } from '../test/ledger-helpers.ts';
import { defaultPartitionRows, ensureMonthPartitions } from './partitions.ts';
import { rowsOf } from './rows.ts';
import { sql } from './sql.ts';
import { inTransaction } from './tx.ts';

let t: TestApp;
// Months no other test writes in, on a database of this file's own.
const clock = new ManualClock(new Date('2031-03-10T04:00:00.000Z'));

beforeAll(async () => {
  t = await createIsolatedTestApp({ HISTORY_PARTITIONS_AHEAD_MONTHS: '3' }, clock);
});
afterAll(async () => {
  await t.close();
});

async function partitionOf(entryId: bigint): Promise<string> {
  const [row] = rowsOf<{ part: string }>(
    await t.database.db.execute(
      sql`SELECT tableoid::regclass::text AS part FROM ledger_entries WHERE id = ${entryId}::bigint`,
    ),
  );
  return row?.part ?? '';
}

const post = (memberId: number, amount: bigint, key: string) =>
  inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId, amount, type: 'deposit', idempotencyKey: key }),
  );

describe('the ledger partitioned by month', () => {
  it('makes months ahead, reports a month already in the default partition, and keeps keys unique across months', async () => {
    expect(TEST_START.getTime()).toBeLessThan(clock.now().getTime());
    const member = await newMember(t.app);

    // March 2031 has no partition yet: the entry lands in the default one, and is kept there.
    const march = await post(member.id, 10_000n, 'partitions-march');
    expect(await partitionOf(march.entryId)).toBe('ledger_entries_default');
    expect(await defaultPartitionRows(t.database.db, 'ledger_entries')).toBeGreaterThanOrEqual(1);

    // Housekeeping makes April to June, and leaves March to an operator (its rows are in the default).
    // (It also makes March to June of lottery_bets, orders, order_legs and payment_callbacks, whose
    // default partitions are empty here, and April to June of messages, whose March holds the
    // member's welcome.)
    expect(await t.app.services.housekeeping.run()).toMatchObject({
      partitionsCreated: 3 + 4 + 4 + 4 + 4 + 3,
      partitionsBlocked: 2,
    });
    expect(await ensureMonthPartitions(t.database.db, 'ledger_entries', clock.now(), 3)).toEqual([
      { month: '2031-03', outcome: 'default_holds_rows' },
      { month: '2031-04', outcome: 'exists' },
      { month: '2031-05', outcome: 'exists' },
      { month: '2031-06', outcome: 'exists' },
    ]);

    // A month's boundary is Beijing midnight: 1 April 00:30 in Beijing is still 31 March in UTC.
    clock.set(new Date('2031-03-31T16:30:00.000Z'));
    const april = await post(member.id, 2_000n, 'partitions-april');
    expect(await partitionOf(april.entryId)).toBe('ledger_entries_p203104');

    // Months later, the March key is the March entry: nothing moves twice.
    clock.set(new Date('2031-05-20T04:00:00.000Z'));
    const again = await post(member.id, 10_000n, 'partitions-march');
    expect(again).toMatchObject({ duplicate: true, entryId: march.entryId });
    const [many] = await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.postMany(work, [
        { memberId: member.id, amount: 2_000n, type: 'deposit', idempotencyKey: 'partitions-april' },
      ]),
    );
    expect(many).toMatchObject({ duplicate: true, entryId: april.entryId });
    expect((await t.app.services.ledger.balances(member.id)).get('main')).toBe(12_000n);

    // Append-only in every partition.
    await expect(
      t.database.db.execute(sql`UPDATE ledger_entries SET remark = 'x' WHERE id = ${april.entryId}::bigint`),
    ).rejects.toMatchObject({ cause: { message: 'ledger_entries is append-only' } });
    await expectLedgerBalanced(t);
  });
});
