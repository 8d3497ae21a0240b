/**
 * Payment callbacks partitioned by Beijing month (decision 042): housekeeping drops a month whose
 * whole span is past PAYMENT_CALLBACK_RETENTION_DAYS, deletes by batch what is older than the
 * retention in a month partly inside it and in the default partition, and counts both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createIsolatedTestApp, TEST_START, type TestApp } from '../../test/harness.ts';

let t: TestApp;
// Years after any other test's months, on a database of this file's own (housekeeping drops here).
const clock = new ManualClock(new Date('2033-01-10T04:00:00.000Z'));

beforeAll(async () => {
  t = await createIsolatedTestApp(
    { PAYMENT_CALLBACK_RETENTION_DAYS: '30', HISTORY_PARTITIONS_AHEAD_MONTHS: '3' },
    clock,
  );
});
afterAll(async () => {
  await t.close();
});

/** A refused notification received at `at` (written as the gateway routes write it). */
async function callback(orderNo: string, at: string): Promise<void> {
  await t.database.db.execute(sql`
    INSERT INTO payment_callbacks (gateway, order_no, payload, signature_valid, outcome, created_at)
    VALUES ('simulator', ${orderNo}, '{}'::jsonb, false, 'bad_signature', ${at}::timestamptz)`);
}

async function callbacks(): Promise<Array<{ order: string; part: string }>> {
  return rowsOf<{ order: string; part: string }>(
    await t.database.db.execute(sql`
      SELECT order_no AS order, tableoid::regclass::text AS part FROM payment_callbacks ORDER BY id`),
  );
}

async function exists(table: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await t.database.db.execute(sql`SELECT to_regclass(${table}::text) IS NOT NULL AS found`),
  );
  return row?.found === true;
}

describe('payment callbacks past their retention', () => {
  it('drops a month wholly past the retention and deletes older rows elsewhere, leaving newer ones in every partition', async () => {
    expect(TEST_START.getTime()).toBeLessThan(clock.now().getTime());
    // January to April 2033 of each history table.
    expect((await t.app.services.housekeeping.run()).partitionsCreated).toBeGreaterThanOrEqual(4);
    expect(await exists('payment_callbacks_p203301')).toBe(true);

    // November 2032 has no partition: the default one. January's first row at 00:30 Beijing on 1 January.
    await callback('NOV-OLD', '2032-11-15T04:00:00Z');
    await callback('JAN-FIRST', '2032-12-31T16:30:00Z');
    await callback('JAN-LAST', '2033-01-31T15:59:00Z');
    await callback('FEB-OLD', '2033-02-10T04:00:00Z');
    await callback('FEB-NEW', '2033-02-25T04:00:00Z');
    await callback('MAR', '2033-03-05T04:00:00Z');
    expect(await callbacks()).toEqual([
      { order: 'NOV-OLD', part: 'payment_callbacks_default' },
      { order: 'JAN-FIRST', part: 'payment_callbacks_p203301' },
      { order: 'JAN-LAST', part: 'payment_callbacks_p203301' },
      { order: 'FEB-OLD', part: 'payment_callbacks_p203302' },
      { order: 'FEB-NEW', part: 'payment_callbacks_p203302' },
      { order: 'MAR', part: 'payment_callbacks_p203303' },
    ]);

    // 20 March: 30 days back is 18 February. January ended before it and goes whole; February is
    // partly inside, so only its older row goes; November's row in the default partition goes too.
    // Each partition's first row shares its place (ctid) with the others': only the old ones go.
    clock.set(new Date('2033-03-20T04:00:00.000Z'));
    const report = await t.app.services.housekeeping.run();
    expect(report.paymentCallbacks).toBe(4);
    expect(await exists('payment_callbacks_p203301')).toBe(false);
    expect(await exists('payment_callbacks_p203302')).toBe(true);
    expect(await callbacks()).toEqual([
      { order: 'FEB-NEW', part: 'payment_callbacks_p203302' },
      { order: 'MAR', part: 'payment_callbacks_p203303' },
    ]);
    // January is not made again: months are made from this one on.
    expect(await exists('payment_callbacks_p203306')).toBe(true);
    expect(await exists('payment_callbacks_p203301')).toBe(false);

    // Nothing more is due until February's last row passes the retention; then February goes whole.
    expect((await t.app.services.housekeeping.run()).paymentCallbacks).toBe(0);
    clock.set(new Date('2033-04-02T04:00:00.000Z'));
    expect((await t.app.services.housekeeping.run()).paymentCallbacks).toBe(1);
    expect(await exists('payment_callbacks_p203302')).toBe(false);
    expect(await callbacks()).toEqual([{ order: 'MAR', part: 'payment_callbacks_p203303' }]);
  });
});
