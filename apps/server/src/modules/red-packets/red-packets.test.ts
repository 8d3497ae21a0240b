/**
 * 红包: the console schedules a 红包雨 (its commitment published at once) and a 口令红包; members
 * claim while the window is open — once each, only if eligible, never during a time-out —
 * credited as `red_packet` entries with their 打码量; the seed revealed after the window gives
 * every amount; the budget is never exceeded with claims side by side (PostgreSQL); a budget
 * above the approval threshold waits for a second operator.
 */
import { commitment, verifyRedPacket } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../lib/clock.ts';
import { approvedBy } from '../../test/dual-control.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { sql } from '../../db/sql.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { inTransaction } from '../../db/tx.ts';
import { redPacketSlots } from './schema.ts';

let t: TestApp;
let content: TestOperator;
let admin: TestOperator;
const MIN = 60_000;
const clock = () => t.app.services.clock as ManualClock;
const now = () => clock().now();

beforeAll(async () => {
  t = await createTestApp();
  content = await newOperator(t.app, 'content');
  admin = await newOperator(t.app, 'admin');
  await t.app.services.appConfig.updateAppInfo({ redpacket_switch: 1 });
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface AdminItem {
  id: number;
  status: string;
  commitment: string;
  seed: string | null;
  claimed: number;
  claimed_amount: string;
  remaining_amount: string;
  pending_change: { id: number } | null;
}

function schedule(over: Record<string, unknown> = {}, operator = content) {
  return as(t.app, operator, {
    method: 'POST',
    url: '/admin/v1/red-packets',
    payload: {
      kind: 'rain',
      name: '周末红包雨',
      code: null,
      starts_at: new Date(now().getTime() + 10 * MIN).toISOString(),
      ends_at: new Date(now().getTime() + 20 * MIN).toISOString(),
      budget: '100.00',
      count: 10,
      min_amount: '1.00',
      turnover_multiple: 2,
      vip_min: null,
      deposit_min: null,
      turnover_min: null,
      ...over,
    },
  });
}

async function scheduled(over: Record<string, unknown> = {}): Promise<AdminItem> {
  const res = await schedule(over);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdminItem>(res).data;
}

const claim = (m: TestMember, id: number, key?: string) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/red-packets/${id}/claim`,
    headers: key ? { 'idempotency-key': key } : {},
  });

const mainBalance = async (m: TestMember) =>
  body<{ balance: string }>(await as(t.app, m, { method: 'GET', url: '/v1/user/balance' })).data.balance;

describe('红包雨', () => {
  it('opens at its window, pays each member once with its 打码量, and its seed proves every amount afterwards', async () => {
    const packet = await scheduled();
    expect(packet.status).toBe('upcoming');
    expect(packet.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(packet.seed).toBeNull();

    const [a, b] = [await newMember(t.app), await newMember(t.app)];
    const early = await claim(a, packet.id);
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toMatch(/^红包将于\d\d-\d\d \d\d:\d\d开始/);

    // The member sees it coming, with the commitment and no seed.
    const listed = body<{ open: boolean; list: Array<{ id: number; status: string; seed: string | null }> }>(
      await as(t.app, a, { method: 'GET', url: '/v1/red-packets' }),
    ).data;
    expect(listed.open).toBe(true);
    expect(listed.list.find((r) => r.id === packet.id)).toMatchObject({ status: 'upcoming', seed: null });

    clock().set(now().getTime() + 10 * MIN);
    const res = await claim(a, packet.id, 'rp-claim-a-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('恭喜，红包已到账');
    const got = body<{ claim: { index: number; amount: string; turnover: string } }>(res).data.claim;
    expect(got.index).toBe(0);
    expect(Number(got.turnover)).toBeCloseTo(Number(got.amount) * 2, 2);
    expect(await mainBalance(a)).toBe(got.amount);

    // The same submission again answers the same; another submission is refused.
    const replay = await claim(a, packet.id, 'rp-claim-a-1');
    expect(body(replay).data).toEqual(body(res).data);
    const again = await claim(a, packet.id, 'rp-claim-a-2');
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('您已领取过该红包');
    expect(await mainBalance(a)).toBe(got.amount);

    const gotB = body<{ claim: { index: number; amount: string } }>(await claim(b, packet.id)).data.claim;
    expect(gotB.index).toBe(1);

    // One ledger entry each, typed red_packet; the 打码量 is on the member.
    const entries = await entriesOf(t, a.id);
    expect(entries).toEqual([{ amount: BigInt(Math.round(Number(got.amount) * 100)), type: 'red_packet' }]);
    const balance = body<{ codingvolume: string }>(
      await as(t.app, a, { method: 'GET', url: '/v1/user/balance' }),
    );
    expect(balance.data.codingvolume).toBe(got.turnover);

    // After the window: the seed is out and every amount follows from it.
    clock().set(now().getTime() + 10 * MIN);
    expect((await claim(b, packet.id)).statusCode).toBe(409);
    const shown = body<{ seed: string; commitment: string; mine: { index: number; amount: string } }>(
      await as(t.app, a, { method: 'GET', url: `/v1/red-packets/${packet.id}` }),
    ).data;
    expect(shown.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment(shown.seed)).toBe(packet.commitment);
    const verified = verifyRedPacket(
      shown.seed,
      shown.commitment,
      { id: packet.id, budgetFen: 10_000, count: 10, minFen: 100 },
      { index: shown.mine.index, amountFen: Math.round(Number(shown.mine.amount) * 100) },
    );
    expect(verified.ok).toBe(true);
    if (verified.ok) expect(verified.amounts[1]).toBe(Math.round(Number(gotB.amount) * 100));

    const report = body<{ list: AdminItem[] }>(
      await as(t.app, content, { method: 'GET', url: '/admin/v1/red-packets?kind=rain' }),
    ).data.list.find((r) => r.id === packet.id)!;
    expect(report).toMatchObject({ status: 'ended', claimed: 2, seed: shown.seed });
    expect(Number(report.claimed_amount)).toBeCloseTo(Number(got.amount) + Number(gotB.amount), 2);
    const claims = body<{ list: Array<{ username: string }>; total: number }>(
      await as(t.app, content, { method: 'GET', url: `/admin/v1/red-packets/${packet.id}/claims` }),
    ).data;
    expect(claims.total).toBe(2);
    expect(claims.list.map((c) => c.username).sort()).toEqual([a.username, b.username].sort());
  });

  it('runs out: the packets after the last are refused, and the whole budget was paid', async () => {
    const packet = await scheduled({
      count: 3,
      budget: '3.00',
      min_amount: '1.00',
      starts_at: now().toISOString(),
    });
    const crowd = await Promise.all([1, 2, 3, 4].map(() => newMember(t.app)));
    const answers = [];
    for (const m of crowd) answers.push(await claim(m, packet.id));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 409]);
    expect(body(answers[3]!).message).toBe('手慢了，红包已被抢完');
    expect(answers.slice(0, 3).map((r) => body<{ claim: { amount: string } }>(r).data.claim.amount)).toEqual([
      '1.00',
      '1.00',
      '1.00',
    ]);
  });

  it('asks its conditions (当日存款, VIP) and names what is missing', async () => {
    const packet = await scheduled({ deposit_min: '100.00', vip_min: 1, starts_at: now().toISOString() });
    const m = await newMember(t.app);
    const refused = await claim(m, packet.id);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('暂不符合领取条件：VIP1及以上可领取');
    await t.database.db.execute(sql`UPDATE members SET vip_level = 1 WHERE id = ${m.id}`);
    const noDeposit = await claim(m, packet.id);
    expect(body(noDeposit).message).toBe('暂不符合领取条件：当日存款满100.00元（今日已存0.00元）');
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: m.id, amount: 10_000n, type: 'deposit' }),
    );
    expect((await claim(m, packet.id)).statusCode).toBe(200);
  });

  it('never pays a member in a time-out, and nothing is written', async () => {
    const packet = await scheduled({ starts_at: now().toISOString() });
    const m = await newMember(t.app);
    const out = await as(t.app, m, {
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      payload: { choice: 'timeout_24h', password: m.password },
    });
    expect(out.statusCode, out.body).toBe(200);
    const refused = await claim(m, packet.id);
    expect(refused.statusCode).toBe(403);
    const taken = await t.database.db
      .select()
      .from(redPacketSlots)
      .where(and(eq(redPacketSlots.packetId, packet.id), eq(redPacketSlots.memberId, m.id)));
    expect(taken).toEqual([]);
  });

  it('is closed with redpacket_switch off', async () => {
    const packet = await scheduled({ starts_at: now().toISOString() });
    const m = await newMember(t.app);
    await t.app.services.appConfig.updateAppInfo({ redpacket_switch: 0 });
    try {
      const refused = await claim(m, packet.id);
      expect(refused.statusCode).toBe(403);
      expect(body(refused).message).toBe('红包活动未开启');
      const list = body<{ open: boolean; list: unknown[] }>(
        await as(t.app, m, { method: 'GET', url: '/v1/red-packets' }),
      ).data;
      expect(list).toMatchObject({ open: false, list: [] });
    } finally {
      await t.app.services.appConfig.updateAppInfo({ redpacket_switch: 1 });
    }
  });
});

describe('口令红包', () => {
  it('is claimed with its code (any case), once per member; a wrong code says nothing of others', async () => {
    await scheduled({ kind: 'code', code: 'Lucky888', name: '口令福利', starts_at: now().toISOString() });
    const m = await newMember(t.app);
    const byCode = (code: string) =>
      as(t.app, m, { method: 'POST', url: '/v1/red-packets/code', payload: { code } });
    const wrong = await byCode('nope123');
    expect(wrong.statusCode).toBe(404);
    expect(body(wrong).message).toBe('口令不正确或红包不在领取时间内');
    const ok = await byCode('lucky888');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<{ claim: { kind: string; name: string } }>(ok).data.claim).toMatchObject({
      kind: 'code',
      name: '口令福利',
    });
    expect(body(await byCode('LUCKY888')).message).toBe('您已领取过该红包');
    const records = body<{ list: Array<{ kind: string }>; total: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/red-packets/claims' }),
    ).data;
    expect(records.total).toBe(1);

    // The code is taken for good.
    const taken = await schedule({ kind: 'code', code: 'LUCKY888', starts_at: now().toISOString() });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('该口令已被其他红包使用');
  });
});

describe('console', () => {
  it('refuses terms that cannot be split, a rain with a code, and edits of money once it has opened', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ budget: '0.09', count: 10, min_amount: '0.01' }, '红包总额不足以让每个红包达到最低金额'],
      [{ code: 'abc123' }, '红包雨不需要口令'],
      [{ kind: 'code' }, '口令红包须填写口令'],
      [{ budget: '-5' }, ''],
      [{ count: 100_001 }, '红包个数须为1-100000的整数'],
      [{ turnover_multiple: 1.234 }, '打码倍数最多两位小数'],
    ];
    for (const [over, message] of cases) {
      const res = await schedule(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(body(res).message).toContain(message);
    }
    const packet = await scheduled({ starts_at: now().toISOString() });
    const edit = await as(t.app, content, {
      method: 'PUT',
      url: `/admin/v1/red-packets/${packet.id}`,
      payload: {
        kind: 'rain',
        name: '改名的红包雨',
        code: null,
        starts_at: now().toISOString(),
        ends_at: new Date(now().getTime() + 30 * MIN).toISOString(),
        budget: '500.00',
        count: 10,
        min_amount: '1.00',
        turnover_multiple: 2,
        vip_min: null,
        deposit_min: null,
        turnover_min: null,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(body(edit).message).toBe('红包已开始领取，不能再修改金额、个数或时间');
    const cancelled = await as(t.app, content, {
      method: 'POST',
      url: `/admin/v1/red-packets/${packet.id}/cancel`,
      payload: { reason: '配置错误' },
    });
    expect(body<AdminItem>(cancelled).data).toMatchObject({ status: 'cancelled' });
    expect(body<AdminItem>(cancelled).data.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await claim(await newMember(t.app), packet.id)).statusCode).toBe(409);
  });

  it('a budget above the approval threshold waits for a second operator and cannot be claimed meanwhile', async () => {
    const res = await schedule({ budget: '5000.00', count: 100, starts_at: now().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const packet = body<AdminItem>(res).data;
    expect(packet.status).toBe('pending');
    const m = await newMember(t.app);
    expect((await claim(m, packet.id)).statusCode).toBe(404);
    await approvedBy(t.app, admin, res);
    const claimed = await claim(m, packet.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it('cancelling a red packet that waits for approval closes what waited', async () => {
    const res = await schedule({ budget: '3000.00', count: 30, starts_at: now().toISOString() });
    const packet = body<AdminItem>(res).data;
    expect(packet.pending_change).not.toBeNull();
    const cancelled = await as(t.app, content, {
      method: 'POST',
      url: `/admin/v1/red-packets/${packet.id}/cancel`,
      payload: { reason: '预算填错' },
    });
    expect(body<AdminItem>(cancelled).data.status).toBe('cancelled');
    const change = body<{ status: string }>(
      await as(t.app, admin, {
        method: 'GET',
        url: `/admin/v1/control-changes/${packet.pending_change!.id}`,
      }),
    ).data;
    expect(change.status).toBe('rejected');
  });

  it('is not for roles without the activities permission', async () => {
    const risk = await newOperator(t.app, 'risk');
    expect((await schedule({}, risk)).statusCode).toBe(403);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('红包雨 under concurrent claims (PostgreSQL)', () => {
  it('60 members claiming 40 packets at once: 40 paid, the budget exactly, nobody twice', async () => {
    const packet = await scheduled({
      count: 40,
      budget: '200.00',
      min_amount: '0.50',
      starts_at: now().toISOString(),
    });
    const crowd = await Promise.all(Array.from({ length: 60 }, () => newMember(t.app)));
    // Some members tap twice with different keys.
    const answers = await Promise.all([
      ...crowd.map((m) => claim(m, packet.id)),
      ...crowd.slice(0, 10).map((m) => claim(m, packet.id)),
    ]);
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(40);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    const slots = await t.database.db
      .select()
      .from(redPacketSlots)
      .where(eq(redPacketSlots.packetId, packet.id));
    const holders = slots.filter((s) => s.memberId !== null);
    expect(holders).toHaveLength(40);
    expect(new Set(holders.map((s) => s.memberId)).size).toBe(40);
    expect(holders.reduce((sum, s) => sum + (s.amount ?? 0n), 0n)).toBe(20_000n);
  });
});
