/**
 * Retention of the ledger's months (decision 042): past HISTORY_RETENTION_YEARS a month is
 * written to a checked archive file and dropped; the books still balance through the carried
 * sums, and a member's lifetime facts survive. Without an archive directory nothing leaves.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyArchives, ledgerArchivedMembers } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createIsolatedTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { LedgerArchiveService } from './index.ts';
import { readBack } from './archive.service.ts';

let t: TestApp;
let dir: string;
const clock = new ManualClock(new Date('2031-03-10T04:00:00.000Z'));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledger-archive-'));
  t = await createIsolatedTestApp({ HISTORY_ARCHIVE_DIR: dir, HISTORY_RETENTION_YEARS: '5' }, clock);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (memberId: number, amount: bigint, type: 'deposit' | 'bet', key?: string) =>
  inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId, amount, type, ...(key ? { idempotencyKey: key } : {}) }),
  );

async function exists(name: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await t.database.db.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS found`),
  );
  return row?.found === true;
}

describe('ledger months past their retention', () => {
  it('are archived to a checked file and dropped; the books balance and lifetime facts stay', async () => {
    await t.app.services.housekeeping.run();
    const member = await newMember(t.app);
    const first = await post(member.id, 10_000n, 'deposit', 'archive-first-deposit');
    await post(member.id, -2_000n, 'bet');
    clock.set(new Date('2031-04-20T04:00:00.000Z'));
    const april = await post(member.id, 5_000n, 'deposit', 'archive-april-deposit');
    const marchIds = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`SELECT id::text AS id FROM ledger_entries_p203103 ORDER BY id`),
    ).map((r) => r.id);
    expect(marchIds.length).toBeGreaterThanOrEqual(2);

    // Five years and a fortnight after March 2031 ended: March goes, April (ended 30 April) stays.
    clock.set(new Date('2036-04-15T04:00:00.000Z'));
    const report = await t.app.services.housekeeping.run();
    expect(report.monthsArchived).toBeGreaterThanOrEqual(1);
    expect(report.monthsPastRetention).toBe(0);
    expect(await exists('ledger_entries_p203103')).toBe(false);
    expect(await exists('ledger_entries_p203104')).toBe(true);

    // The file holds exactly March's entries, and reads back to its catalogued digest.
    const [archive] = await t.database.db
      .select()
      .from(historyArchives)
      .where(eq(historyArchives.partitionName, 'ledger_entries_p203103'));
    expect(archive).toMatchObject({
      tableName: 'ledger_entries',
      month: '2031-03',
      archivedBy: 'job:housekeeping',
    });
    const file = join(dir, archive!.file);
    expect(await readBack(file)).toEqual({ rows: BigInt(marchIds.length), sha256: archive!.sha256 });
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; amount: string; idempotency_key: string | null });
    expect(lines.map((l) => l.id)).toEqual(marchIds);
    expect(lines.find((l) => l.id === first.entryId.toString())).toMatchObject({
      amount: '10000',
      idempotency_key: 'archive-first-deposit',
    });

    // The books still balance, through the carried sums; the member's first deposit is remembered.
    await expectLedgerBalanced(t);
    expect((await t.app.services.ledger.balances(member.id)).get('main')).toBe(13_000n);
    const [facts] = await t.database.db
      .select()
      .from(ledgerArchivedMembers)
      .where(eq(ledgerArchivedMembers.memberId, member.id));
    expect(facts).toMatchObject({
      firstDepositEntryId: first.entryId,
      firstDepositAmount: 10_000n,
      deposit: 10_000n,
      bet: 2_000n,
    });

    // Life goes on: a new entry chains onto April's, and the books balance.
    await post(member.id, -1_000n, 'bet');
    await expectLedgerBalanced(t);
    expect(april.balanceAfter).toBe(13_000n);

    // Without an archive directory a month past its retention stays, and is counted.
    clock.set(new Date('2036-05-15T04:00:00.000Z'));
    const keeper = new LedgerArchiveService(
      t.database.db,
      { retentionYears: 5, dir: undefined },
      clock,
      t.app.log,
    );
    expect(await keeper.run()).toEqual({ archived: 0, pastRetention: 1 });
    expect(await exists('ledger_entries_p203104')).toBe(true);
  });
});
