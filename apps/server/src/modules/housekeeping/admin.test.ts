/**
 * 系统 › 历史归档 (GET /admin/v1/history): the retention settings, each monthly partitioned
 * table's partitions and default partition, the ledger months past retention and the archive
 * catalogue, for the roles holding `audit` only.
 */
import type { HistoryOverview } from '@app/shared/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { ensureMonthPartitions } from '../../db/partitions.ts';
import { historyArchives } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestOperator,
} from '../../test/harness.ts';
import { openIsolatedDatabase } from '../../test/isolated-database.ts';

let t: TestApp;
let database: Database;
let admin: TestOperator;
const clock = new ManualClock(TEST_START);

beforeAll(async () => {
  // Partitions made, entries left in the default partition: no other test file should see them.
  database = await openIsolatedDatabase();
  t = await createTestApp(
    { HISTORY_RETENTION_YEARS: '1', HISTORY_ARCHIVE_DIR: '/srv/history-archive' },
    undefined,
    { database },
    clock,
  );
  admin = await newOperator(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const get = (auth = admin.auth) => t.app.inject({ method: 'GET', url: '/admin/v1/history', headers: auth });
async function overview(): Promise<HistoryOverview> {
  const res = await get();
  expect(res.statusCode, res.body).toBe(200);
  return body<HistoryOverview>(res).data;
}

describe('系统 › 历史归档', () => {
  it('shows the settings, the partitions that exist and the months past retention', async () => {
    await ensureMonthPartitions(t.database.db, 'ledger_entries', clock.now(), 1);
    const view = await overview();
    expect(view.settings).toEqual({
      retention_years: 1,
      partitions_ahead_months: 3,
      archive_dir: '/srv/history-archive',
    });
    const ledger = view.tables.find((x) => x.table === 'ledger_entries');
    expect(ledger?.partitions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'ledger_entries_p203006', month: '2030-06' }),
        expect.objectContaining({ name: 'ledger_entries_p203007', month: '2030-07' }),
      ]),
    );
    expect(ledger!.partitions.every((p) => p.approx_rows >= 0 && p.bytes > 0)).toBe(true);
    const months = ledger!.partitions.map((p) => p.month);
    expect(months).toEqual([...months].sort());
    expect(ledger?.default_partition).toMatchObject({
      name: 'ledger_entries_default',
      rows: 0,
      warning: null,
    });
    // The migration made months around its own run, years before the clock: past a year's retention.
    expect(view.past_retention.length).toBeGreaterThan(0);
    expect(view.past_retention.every((p) => p.table === 'ledger_entries' && p.month < '2029-06')).toBe(true);
    expect(view.past_retention.map((p) => p.month)).not.toContain('2030-06');
    expect(view.archives).toEqual([]);
  });

  it('warns when the default partition holds rows of a month without a partition', async () => {
    clock.set(new Date('2031-01-10T04:00:00.000Z'));
    admin = await newOperator(t.app, 'admin'); // the first one's 12-hour session ended
    const member = await newMember(t.app);
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: member.id, amount: 10_000n, type: 'deposit' }),
    );
    const ledger = (await overview()).tables.find((x) => x.table === 'ledger_entries');
    expect(ledger?.default_partition?.rows).toBeGreaterThanOrEqual(1);
    expect(ledger?.default_partition?.warning).toMatch(/需运维处理/);
    expect(ledger?.partitions.map((p) => p.month)).not.toContain('2031-01');
  });

  it('lists the archive catalogue newest first, the month’s sum in 元', async () => {
    const row = {
      tableName: 'ledger_entries',
      partitionName: 'ledger_entries_p202501',
      rows: 1_234n,
      amountSum: -1_234_567n,
      file: 'ledger_entries/2025-01.ndjson.gz',
      sha256: 'a'.repeat(64),
      bytes: 56_789n,
      archivedBy: 'job:housekeeping',
    };
    await t.database.db.insert(historyArchives).values([
      { ...row, month: '2025-01', archivedAt: new Date('2030-02-01T20:00:00.000Z') },
      {
        ...row,
        month: '2025-02',
        partitionName: 'ledger_entries_p202502',
        amountSum: 500n,
        archivedAt: new Date('2030-03-01T20:00:00.000Z'),
      },
    ]);
    const { archives } = await overview();
    expect(archives.map((a) => a.month)).toEqual(['2025-02', '2025-01']);
    const { id, ...older } = archives[1]!;
    expect(id).toBeGreaterThan(0);
    expect(older).toEqual({
      table: 'ledger_entries',
      month: '2025-01',
      rows: 1234,
      amount_sum: '-12345.67',
      file: 'ledger_entries/2025-01.ndjson.gz',
      sha256: 'a'.repeat(64),
      bytes: 56_789,
      archived_at: '2030-02-01T20:00:00.000Z',
      archived_by: 'job:housekeeping',
    });
    expect(archives[0]?.amount_sum).toBe('5.00');
  });

  it('answers the roles holding audit (admin, risk) and refuses the others, in Chinese', async () => {
    for (const role of ['admin', 'risk'] as const) {
      const operator = await newOperator(t.app, role);
      expect((await get(operator.auth)).statusCode, role).toBe(200);
    }
    for (const role of ['finance', 'support', 'content'] as const) {
      const operator = await newOperator(t.app, role);
      const res = await get(operator.auth);
      expect(res.statusCode, role).toBe(403);
      expect(body(res).message, role).toBe('当前管理账号无权执行此操作');
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/history' })).statusCode).toBe(401);
  });
});
