import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import type { PostEntryInput } from './ledger.service.ts';
import { ledgerEntries } from './ledger.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const postMany = (inputs: PostEntryInput[]) =>
  inTransaction(t.database.db, (work) => t.app.services.ledger.postMany(work, inputs));
const post = (input: PostEntryInput) =>
  inTransaction(t.database.db, (work) => t.app.services.ledger.post(work, input));
const balanceOf = async (memberId: number, kind = 'main') =>
  (await t.app.services.ledger.balances(memberId)).get(kind) ?? 0n;

describe('ledger postMany', () => {
  it('posts for many members and wallets at once, each wallet chained in input order', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    await post({ memberId: a.id, amount: 1_000n, type: 'adjust' });
    const posted = await postMany([
      { memberId: a.id, amount: 250n, type: 'payout', idempotencyKey: `bulk:${a.id}:1` },
      { memberId: b.id, amount: 400n, type: 'payout', idempotencyKey: `bulk:${b.id}:1` },
      { memberId: a.id, amount: 50n, type: 'bet_refund', idempotencyKey: `bulk:${a.id}:2` },
      { memberId: b.id, wallet: 'lottery', amount: 70n, type: 'payout' },
      { memberId: a.id, amount: -300n, type: 'bet' },
    ]);
    expect(posted.map((p) => [p.memberId, p.wallet, p.balanceBefore, p.balanceAfter, p.duplicate])).toEqual([
      [a.id, 'main', 1_000n, 1_250n, false],
      [b.id, 'main', 0n, 400n, false],
      [a.id, 'main', 1_250n, 1_300n, false],
      [b.id, 'lottery', 0n, 70n, false],
      [a.id, 'main', 1_300n, 1_000n, false],
    ]);
    expect(await balanceOf(a.id)).toBe(1_000n);
    expect(await balanceOf(b.id)).toBe(400n);
    expect(await balanceOf(b.id, 'lottery')).toBe(70n);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.id,
          posted.map((p) => p.entryId),
        ),
      );
    expect(rows.find((r) => r.id === posted[2]!.entryId)).toMatchObject({
      type: 'bet_refund',
      remark: '投注退款',
    });
  });

  it('moves nothing for a known key, in the ledger or earlier in the same call, and refuses a key reused for another amount', async () => {
    const m = await newMember(t.app);
    const first = await post({ memberId: m.id, amount: 500n, type: 'payout', idempotencyKey: `k:${m.id}:1` });
    const posted = await postMany([
      { memberId: m.id, amount: 500n, type: 'payout', idempotencyKey: `k:${m.id}:1` },
      { memberId: m.id, amount: 300n, type: 'payout', idempotencyKey: `k:${m.id}:2` },
      { memberId: m.id, amount: 300n, type: 'payout', idempotencyKey: `k:${m.id}:2` },
    ]);
    expect(posted.map((p) => p.duplicate)).toEqual([true, false, true]);
    expect(posted[0]!.entryId).toBe(first.entryId);
    expect(posted[2]!.entryId).toBe(posted[1]!.entryId);
    expect(await balanceOf(m.id)).toBe(800n);
    await expect(
      postMany([{ memberId: m.id, amount: 301n, type: 'payout', idempotencyKey: `k:${m.id}:2` }]),
    ).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(m.id)).toBe(800n);
  });

  it('refuses the whole call when one wallet would go below zero', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await post({ memberId: m.id, amount: 100n, type: 'adjust' });
    await expect(
      postMany([
        { memberId: other.id, amount: 900n, type: 'payout' },
        { memberId: m.id, amount: -60n, type: 'bet' },
        { memberId: m.id, amount: -60n, type: 'bet' },
      ]),
    ).rejects.toMatchObject({ status: 422, message: '余额不足' });
    expect(await balanceOf(m.id)).toBe(100n);
    expect(await balanceOf(other.id)).toBe(0n);
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, other.id)),
    ).toHaveLength(0);
  });

  it('announces each entry once, after commit only', async () => {
    const m = await newMember(t.app);
    const seen: bigint[] = [];
    const off = t.app.services.events.on('wallet.changed', (e) => {
      if (e.memberId === m.id) seen.push(e.balanceAfter);
    });
    await expect(
      inTransaction(t.database.db, async (work) => {
        await t.app.services.ledger.postMany(work, [{ memberId: m.id, amount: 10n, type: 'adjust' }]);
        throw new Error('business rows failed');
      }),
    ).rejects.toThrow('business rows failed');
    await postMany([
      { memberId: m.id, amount: 10n, type: 'adjust' },
      { memberId: m.id, amount: 5n, type: 'adjust' },
    ]);
    off();
    expect(seen).toEqual([10n, 15n]);
  });

  it('concurrent calls crediting the same members end at the exact sum', async () => {
    const members = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postMany(
          // Each call names the members in another order: the locks are still taken in one order.
          (i % 2 ? [...members].reverse() : members).map((m) => ({
            memberId: m.id,
            amount: 100n + BigInt(i),
            type: 'payout' as const,
            idempotencyKey: `race:${m.id}:${i}`,
          })),
        ),
      ),
    );
    for (const m of members) expect(await balanceOf(m.id)).toBe(800n + 28n);
  });
});
