import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { findInvariantViolations, type InvariantViolation } from './ledger.repo.ts';
import type { PostEntryInput } from './ledger.service.ts';
import { ledgerEntries, wallets } from './ledger.table.ts';
import { rowsOf } from '../../db/rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const post = (input: PostEntryInput) =>
  inTransaction(t.database.db, (work) => t.app.services.ledger.post(work, input));
const balanceOf = async (memberId: number, kind = 'main') =>
  (await t.app.services.ledger.balances(memberId)).get(kind) ?? 0n;

describe('ledger', () => {
  it('records before and after for each entry and keeps the wallet equal to their sum', async () => {
    const m = await newMember(t.app);
    const a = await post({ memberId: m.id, amount: 10_000n, type: 'adjust' });
    const b = await post({
      memberId: m.id,
      amount: -2_550n,
      type: 'bet',
      reference: { type: 'order', id: 'T1' },
    });
    expect(a).toMatchObject({ balanceBefore: 0n, balanceAfter: 10_000n, duplicate: false });
    expect(b).toMatchObject({ balanceBefore: 10_000n, balanceAfter: 7_450n, type: 'bet' });
    expect(await balanceOf(m.id)).toBe(7_450n);
    const [row] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, b.entryId));
    expect(row).toMatchObject({ referenceType: 'order', referenceId: 'T1', remark: '投注扣款' });
  });

  it('never lets a balance go below zero', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 100n, type: 'adjust' });
    const attempt = post({ memberId: m.id, amount: -101n, type: 'bet' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 422, message: '余额不足' });
    expect(await balanceOf(m.id)).toBe(100n);
  });

  it('database constraints refuse a negative balance even when code is bypassed', async () => {
    const m = await newMember(t.app);
    await expect(
      t.database.db.execute(sql`UPDATE wallets SET balance = -1 WHERE member_id = ${m.id} AND kind = 'main'`),
    ).rejects.toThrow();
  });

  it('is append-only: entries cannot be updated or deleted', async () => {
    const m = await newMember(t.app);
    const e = await post({ memberId: m.id, amount: 500n, type: 'adjust' });
    await expect(
      t.database.db.execute(sql`UPDATE ledger_entries SET amount = 1 WHERE id = ${e.entryId}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM ledger_entries WHERE id = ${e.entryId}`),
    ).rejects.toThrow();
  });

  it('moves money once for a repeated idempotency key and refuses the key for another amount', async () => {
    const m = await newMember(t.app);
    const key = `credit-${m.id}`;
    const first = await post({ memberId: m.id, amount: 1_000n, type: 'adjust', idempotencyKey: key });
    const again = await post({ memberId: m.id, amount: 1_000n, type: 'adjust', idempotencyKey: key });
    expect(again).toMatchObject({ entryId: first.entryId, duplicate: true, balanceAfter: 1_000n });
    expect(await balanceOf(m.id)).toBe(1_000n);
    await expect(
      post({ memberId: m.id, amount: 2_000n, type: 'adjust', idempotencyKey: key }),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('refuses a keyed debit the balance cannot cover, writes nothing, and keeps the key for a later post', async () => {
    const m = await newMember(t.app);
    const key = `debit-${m.id}`;
    await post({ memberId: m.id, amount: 300n, type: 'adjust' });
    await expect(
      post({ memberId: m.id, amount: -500n, type: 'bet', idempotencyKey: key }),
    ).rejects.toMatchObject({ status: 422, data: { wallet: 'main' } });
    expect(await balanceOf(m.id)).toBe(300n);
    const [none] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${key}`,
      ),
    );
    expect(none?.n).toBe(0);
    await post({ memberId: m.id, amount: 300n, type: 'adjust' });
    const paid = await post({ memberId: m.id, amount: -500n, type: 'bet', idempotencyKey: key });
    expect(paid).toMatchObject({ duplicate: false, balanceBefore: 600n, balanceAfter: 100n });
  });

  it('refuses a key already posted to another member’s wallet and moves nothing', async () => {
    const [a, b] = [await newMember(t.app), await newMember(t.app)];
    const key = `shared-${a.id}`;
    await post({ memberId: a.id, amount: 800n, type: 'adjust', idempotencyKey: key });
    await expect(
      post({ memberId: b.id, amount: 800n, type: 'adjust', idempotencyKey: key }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(a.id)).toBe(800n);
    expect(await balanceOf(b.id)).toBe(0n);
  });

  it('concurrent posts with one idempotency key move money once', async () => {
    const m = await newMember(t.app);
    const key = `race-${m.id}`;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        post({ memberId: m.id, amount: 700n, type: 'adjust', idempotencyKey: key }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await balanceOf(m.id)).toBe(700n);
  });

  it('rolls back the balance with the caller’s transaction', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 5_000n, type: 'adjust' });
    const seen: bigint[] = [];
    const off = t.app.services.events.on('wallet.changed', (e) => {
      if (e.memberId === m.id) seen.push(e.balanceAfter);
    });
    await expect(
      inTransaction(t.database.db, async (work) => {
        await t.app.services.ledger.post(work, { memberId: m.id, amount: -1_000n, type: 'bet' });
        throw new Error('business row failed');
      }),
    ).rejects.toThrow('business row failed');
    await post({ memberId: m.id, amount: -200n, type: 'bet' });
    off();
    expect(await balanceOf(m.id)).toBe(4_800n);
    // Only the committed change was announced.
    expect(seen).toEqual([4_800n]);
  });

  it('moves between wallets of one member as a pair of entries', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 3_000n, type: 'adjust' });
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.move(work, {
        memberId: m.id,
        from: 'main',
        to: 'frozen',
        amount: 1_200n,
        type: 'withdraw_freeze',
      }),
    );
    expect(await balanceOf(m.id, 'main')).toBe(1_800n);
    expect(await balanceOf(m.id, 'frozen')).toBe(1_200n);
    await expect(
      inTransaction(t.database.db, (work) =>
        t.app.services.ledger.move(work, {
          memberId: m.id,
          from: 'frozen',
          to: 'main',
          amount: 5_000n,
          type: 'withdraw_unfreeze',
        }),
      ),
    ).rejects.toMatchObject({ status: 422 });
    expect(await balanceOf(m.id, 'frozen')).toBe(1_200n);
  });

  it('50 concurrent debits racing on one wallet never overdraw and never lose a cent', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 3_000n, type: 'adjust' });
    // 50 debits of 1.00 against 30.00: exactly 30 succeed, 20 are refused, nothing is lost.
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        post({ memberId: m.id, amount: -100n, type: 'bet', reference: { type: 'race', id: i } }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.message === '余额不足',
    ).length;
    expect(ok).toBe(30);
    expect(refused).toBe(20);
    expect(await balanceOf(m.id)).toBe(0n);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, m.id));
    expect(entries).toHaveLength(31);
    const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.memberId, m.id));
    expect(wallet?.balance).toBe(0n);
  });

  it('50 concurrent mixed credits and debits end at the exact sum', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 10_000n, type: 'adjust' });
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 333n : -157n));
    await Promise.all(
      amounts.map((amount) => post({ memberId: m.id, amount, type: amount > 0n ? 'payout' : 'bet' })),
    );
    expect(await balanceOf(m.id)).toBe(10_000n + amounts.reduce((a, b) => a + b, 0n));
  });

  it('the invariant check finds a wallet that disagrees with its entries', async () => {
    const m = await newMember(t.app);
    await post({ memberId: m.id, amount: 900n, type: 'adjust' });
    // Corrupt the wallet inside a transaction that is rolled back, so no other test ever sees it.
    const rollback = new Error('rollback');
    let violations: InvariantViolation[] = [];
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE wallets SET balance = 901 WHERE member_id = ${m.id} AND kind = 'main'`);
        violations = await findInvariantViolations(tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(violations).toEqual([
      expect.objectContaining({ memberId: m.id, kind: 'main', problem: 'balance_differs_from_entries' }),
    ]);
  });
});
