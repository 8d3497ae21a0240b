import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { bonusLogs } from '../bonus/bonus.table.ts';
import { messages } from '../messages/messages.table.ts';
import { vipUpgrades } from './rewards.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** What a deposit does to a member: paysum (and here turnover) up, and a credited deposit entry. */
async function deposit(m: TestMember, fen: bigint, totalgame: bigint) {
  await inTransaction(t.database.db, async (work) => {
    const [row] = await work.tx.select().from(members).where(eq(members.id, m.id));
    await work.tx
      .update(members)
      .set({ paysum: row!.paysum + fen, totalgame: row!.totalgame + totalgame })
      .where(eq(members.id, m.id));
    await t.app.services.ledger.post(work, { memberId: m.id, amount: fen, type: 'deposit' });
  });
}

/** Writes a member's VIP figures directly, with no event: only the sweep (or a deposit) finds them. */
async function setFiguresSilently(m: TestMember, paysum: bigint, totalgame: bigint) {
  await t.database.db.update(members).set({ paysum, totalgame }).where(eq(members.id, m.id));
}

const mainOf = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
const memberRow = async (m: TestMember) =>
  (await t.database.db.select().from(members).where(eq(members.id, m.id)))[0]!;
const logsOf = (m: TestMember) => t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id));

describe('VIP upgrades', () => {
  it('promotes through every level a committed deposit reaches, paying each bonus once', async () => {
    const m = await newMember(t.app);
    const changed: Array<DomainEvents['member.changed']> = [];
    const off = t.app.services.events.on('member.changed', (e) => {
      if (e.memberId === m.id) changed.push(e);
    });
    // VIP3 needs 20,000.00 deposited and 80,000.00 of turnover.
    await deposit(m, 2_000_000n, 8_000_000n);
    await t.app.services.vip.idle();
    off();

    expect((await memberRow(m)).vipLevel).toBe(3);
    const logs = await logsOf(m);
    expect(logs.map((l) => [l.type, l.reference, l.amount]).sort()).toEqual([
      ['vip_upgrade', `vip-upgrade:${m.id}:1`, 1_800n],
      ['vip_upgrade', `vip-upgrade:${m.id}:2`, 5_800n],
      ['vip_upgrade', `vip-upgrade:${m.id}:3`, 18_800n],
    ]);
    expect(await mainOf(m)).toBe(2_000_000n + 1_800n + 5_800n + 18_800n);
    // Besides the welcome message every new member gets.
    const inbox = (await t.database.db.select().from(messages).where(eq(messages.memberId, m.id))).filter(
      (msg) => msg.dedupeKey !== 'welcome',
    );
    expect(inbox).toEqual([expect.objectContaining({ type: 'system', title: '恭喜您晋级VIP3' })]);
    expect(changed.some((e) => e.changeType === 'vip_upgrade' && e.changedFields.includes('vip_level'))).toBe(
      true,
    );

    const info = body<{ vip_level: number; level_name: string }>(
      await as(t.app, m, { method: 'GET', url: '/v1/user/viplevel' }),
    ).data;
    expect(info).toMatchObject({ vip_level: 3, level_name: 'VIP3' });

    // Checking again pays nothing.
    expect(await t.app.services.vip.check(m.id)).toBeNull();
    expect(await logsOf(m)).toHaveLength(3);
  });

  it('a payout, which changes no VIP figure, triggers no check', async () => {
    const m = await newMember(t.app);
    // Figures that reach VIP1, written without an event: only the sweep (or a deposit) finds them.
    await setFiguresSilently(m, 100_000n, 300_000n);
    const check = vi.spyOn(t.app.services.vip, 'check');
    try {
      await inTransaction(t.database.db, (work) =>
        t.app.services.ledger.post(work, { memberId: m.id, amount: 5_000n, type: 'payout' }),
      );
      await t.app.services.vip.idle();
      expect(check).not.toHaveBeenCalled();
    } finally {
      check.mockRestore();
    }
    await t.app.services.vip.sweep();
    expect((await memberRow(m)).vipLevel).toBe(1);
  });

  it('the sweep promotes a member no event told it about, once', async () => {
    const m = await newMember(t.app);
    // VIP1: 1,000.00 deposited, 3,000.00 turnover — written without a ledger event.
    await setFiguresSilently(m, 100_000n, 300_000n);
    expect(await t.app.services.vip.sweep()).toBeGreaterThanOrEqual(1);
    await t.app.services.vip.sweep();
    expect((await memberRow(m)).vipLevel).toBe(1);
    expect(await logsOf(m)).toHaveLength(1);
    expect(await mainOf(m)).toBe(1_800n);
    const upgrades = await t.database.db.select().from(vipUpgrades).where(eq(vipUpgrades.memberId, m.id));
    expect(upgrades).toEqual([expect.objectContaining({ fromLevel: 0, level: 1, bonus: 1_800n })]);
  });

  it('concurrent checks pay each level once and never demote', async () => {
    const m = await newMember(t.app);
    await setFiguresSilently(m, 500_000n, 2_000_000n);
    const results = await Promise.all([1, 2, 3, 4].map(() => t.app.services.vip.check(m.id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await logsOf(m)).map((l) => l.amount).sort()).toEqual([1_800n, 5_800n]);
    expect(await mainOf(m)).toBe(7_600n);

    // Figures falling (they never do in practice) keep the level reached.
    await t.database.db.update(members).set({ paysum: 0n }).where(eq(members.id, m.id));
    expect(await t.app.services.vip.check(m.id)).toBeNull();
    expect((await memberRow(m)).vipLevel).toBe(2);
  });
});

describe('bonus logs', () => {
  let m: TestMember;
  beforeAll(async () => {
    m = await newMember(t.app);
    await deposit(m, 500_000n, 2_000_000n); // VIP2: two upgrade bonuses
    await t.app.services.vip.idle();
    await inTransaction(t.database.db, (work) =>
      t.app.services.bonus.grant(work, {
        memberId: m.id,
        type: 'activity',
        amount: 8_800n,
        reference: `test-activity:${m.id}`,
        title: '首充活动彩金',
        turnoverMultiple: 3,
      }),
    );
  });

  const get = (who: TestMember, url: string) => as(t.app, who, { method: 'GET', url });

  it('lists the member’s bonuses newest first with a type filter', async () => {
    const all = body<{ list: Array<Record<string, unknown>>; total: number }>(
      await get(m, '/v1/bonus-logs'),
    ).data;
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({
      type: 'activity',
      type_text: '活动彩金',
      title: '首充活动彩金',
      amount: '88.00',
      turnover: '264.00',
    });
    const vip = body<{ list: Array<{ title: string }>; total: number }>(
      await get(m, '/v1/bonus-logs?type=vip_upgrade&per_page=1'),
    ).data;
    expect(vip.total).toBe(2);
    expect(vip.list).toHaveLength(1);
    expect(vip.list[0]!.title).toBe('VIP2晋级礼金');
    const future = body<{ total: number }>(await get(m, '/v1/bonus-logs?start_date=2099-01-01')).data;
    expect(future.total).toBe(0);
  });

  it('sums them up by type', async () => {
    const stats = body<{ count: number; total: string; total_all_time: string; by_type: unknown[] }>(
      await get(m, '/v1/bonus-logs/statistics'),
    ).data;
    expect(stats).toMatchObject({ count: 3, total: '164.00', total_all_time: '164.00' });
    expect(stats.by_type).toContainEqual({
      type: 'vip_upgrade',
      type_text: 'VIP晋级礼金',
      count: 2,
      total: '76.00',
    });
    expect(stats.by_type).toContainEqual({ type: 'invite', type_text: '邀请奖励', count: 0, total: '0.00' });
    const types = body<Array<{ value: string; label: string }>>(await get(m, '/v1/bonus-logs/types')).data;
    expect(types).toContainEqual({ value: 'vip_upgrade', label: 'VIP晋级礼金' });
  });

  it('shows one log to its owner only, and refuses bad input', async () => {
    const [first] = body<{ list: Array<{ id: number }> }>(await get(m, '/v1/bonus-logs')).data.list;
    expect(body(await get(m, `/v1/bonus-logs/${first!.id}`)).data).toMatchObject({
      id: first!.id,
      amount: '88.00',
    });
    const other = await newMember(t.app);
    expect((await get(other, `/v1/bonus-logs/${first!.id}`)).statusCode).toBe(404);
    expect(body<{ total: number }>(await get(other, '/v1/bonus-logs')).data.total).toBe(0);
    for (const url of [
      '/v1/bonus-logs/-4',
      '/v1/bonus-logs/abc',
      '/v1/bonus-logs?type=lottery',
      '/v1/bonus-logs?per_page=500',
      '/v1/bonus-logs?end_date=2026/11/01',
      '/v1/bonus-logs/statistics?start_date=2026-04-31',
    ]) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
