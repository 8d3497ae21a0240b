import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { bonusLogs } from './bonus.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('BonusService.grant', () => {
  it('credits once per reference, logs it and raises the turnover requirement', async () => {
    const m = await newMember(t.app);
    const grant = () =>
      inTransaction(t.database.db, (work) =>
        t.app.services.bonus.grant(work, {
          memberId: m.id,
          type: 'vip_upgrade',
          amount: 1_888n,
          reference: `vip:${m.id}:1`,
          turnoverMultiple: 1.5,
        }),
      );
    const first = await grant();
    const again = await grant();
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, log: { id: first.log?.id } });
    const [member] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(member?.codingvolume).toBe(2_832n);
    const logs = await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ amount: 1_888n, title: 'VIP晋级礼金', turnover: 2_832n });
    const balances = await t.app.services.ledger.balances(m.id);
    expect(balances.get('main')).toBe(1_888n);
  });

  it('rolls back with the caller: no credit, no log', async () => {
    const m = await newMember(t.app);
    await expect(
      inTransaction(t.database.db, async (work) => {
        await t.app.services.bonus.grant(work, {
          memberId: m.id,
          type: 'activity',
          amount: 500n,
          reference: `x:${m.id}`,
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id))).toHaveLength(0);
    expect((await t.app.services.ledger.balances(m.id)).get('main') ?? 0n).toBe(0n);
  });
});
