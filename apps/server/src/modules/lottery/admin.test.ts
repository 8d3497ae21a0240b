import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { auditLogs } from '../operators/operators.table.ts';
import { lotteryBets, lotteryPeriods } from './lottery.table.ts';
import { balanceOf, fundLottery, openPeriod, placeBets, tick } from './testing.ts';

// This file's database is its own, so it may change any lottery's settings.
let t: TestApp;
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const periodsOf = (code: string) =>
  t.database.db.select().from(lotteryPeriods).where(eq(lotteryPeriods.lotteryCode, code));

interface Game {
  code: string;
  enabled: boolean;
  sort: number;
  close_seconds: number;
  default_close_seconds: number;
  pending_bets: number;
}
interface Period {
  id: number;
  number: string;
  status: string;
  commitment: string;
  seed: string | null;
  open_code: string | null;
  overdue: boolean;
  bets: number;
  stake: string;
}

describe('lottery games', () => {
  it('changes 封盘 seconds for the periods created from then on, shows it to members, audited', async () => {
    const risk = await newOperator(t.app, 'risk');
    await tick(t, ['k3_5m']);
    const before = body<{ list: Game[] }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/lottery/games' }),
    ).data.list;
    expect(before).toHaveLength(10);
    expect(before.find((g) => g.code === 'k3_5m')).toMatchObject({
      close_seconds: 30,
      default_close_seconds: 30,
    });

    const saved = await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/k3_5m',
      payload: { close_seconds: 45, reason: '延长封盘' },
    });
    expect(body<{ list: Game[] }>(saved).data.list.find((g) => g.code === 'k3_5m')?.close_seconds).toBe(45);
    // Periods already scheduled keep their committed times; the ones created from now on close 45 s early.
    const scheduled = await periodsOf('k3_5m');
    for (const p of scheduled) expect(p.drawAt.getTime() - p.closeAt.getTime()).toBe(30_000);
    clock.advance(15 * 60_000);
    await tick(t, ['k3_5m']);
    const created = (await periodsOf('k3_5m')).filter((p) => !scheduled.some((s) => s.id === p.id));
    expect(created.length).toBeGreaterThan(0);
    for (const p of created) expect(p.drawAt.getTime() - p.closeAt.getTime()).toBe(45_000);

    const list = body<{ list: Array<{ code: string; close_seconds: number }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/liujiu/lottery/list' }),
    ).data.list;
    expect(list.find((l) => l.code === 'k3_5m')?.close_seconds).toBe(45);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'lottery.game.update'), eq(auditLogs.targetId, 'k3_5m')));
    expect(audit).toMatchObject({ operatorId: risk.id, reason: '延长封盘' });
    expect(audit?.detail).toMatchObject({ before: { close_seconds: 30 }, after: { close_seconds: 45 } });

    const tooLong = await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/k3_5m',
      payload: { close_seconds: 300, reason: '测试' },
    });
    expect(body(tooLong)).toMatchObject({ code: 422, message: '封盘时间须小于300秒' });
    const nothing = await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/k3_5m',
      payload: { reason: '测试' },
    });
    expect(body(nothing).code).toBe(400);
  });

  it('takes a game off sale and orders the member list as the operator sets it', async () => {
    const admin = await newOperator(t.app, 'admin');
    const m = await newMember(t.app);
    await fundLottery(t, m, 10_000n);
    const period = await openPeriod(t, 'pk10_5m');
    await as(t.app, admin, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/pk10_5m',
      payload: { enabled: false, reason: '维护' },
    });
    const codes = () =>
      t.app
        .inject({ method: 'GET', url: '/v1/liujiu/lottery/list' })
        .then((r) => body<{ list: Array<{ code: string }> }>(r).data.list.map((l) => l.code));
    expect(await codes()).not.toContain('pk10_5m');
    const refused = await placeBets(t, m, 'pk10_5m', period.number, [
      { play_code: 'pk10_gyh', bet_codes: '3' },
    ]);
    expect(body(refused)).toMatchObject({ code: 422, message: '五分赛车已停售' });

    await as(t.app, admin, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/pk10_5m',
      payload: { enabled: true, sort: 0, reason: '恢复并置顶' },
    });
    await as(t.app, admin, {
      method: 'PUT',
      url: '/admin/v1/lottery/games/k3_1m',
      payload: { sort: 5, reason: '调整排序' },
    });
    expect((await codes())[0]).toBe('pk10_5m');
  });

  it('answers only the lottery permission: risk and admin yes, support and content no, members never', async () => {
    for (const role of ['support', 'content', 'finance'] as const) {
      const op = await newOperator(t.app, role);
      expect((await as(t.app, op, { method: 'GET', url: '/admin/v1/lottery/games' })).statusCode).toBe(403);
      const put = await as(t.app, op, {
        method: 'PUT',
        url: '/admin/v1/lottery/games/k3_1m',
        payload: { enabled: false, reason: '越权' },
      });
      expect(body(put)).toMatchObject({ code: 403, message: '当前管理账号无权执行此操作' });
    }
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'GET', url: '/admin/v1/lottery/periods' });
    expect(res.statusCode).toBe(401);
  });
});

describe('lottery periods', () => {
  it('shows the commitment before the draw and the seed and open code only after it', async () => {
    const risk = await newOperator(t.app, 'risk');
    const period = await openPeriod(t, 'ssc_5m');
    const find = async () =>
      body<{ list: Period[] }>(
        await as(t.app, risk, {
          method: 'GET',
          url: `/admin/v1/lottery/periods?code=ssc_5m&number=${period.number}`,
        }),
      ).data.list[0]!;
    const open = await find();
    expect(open).toMatchObject({ number: period.number, status: 'open', seed: null, open_code: null });
    expect(open.commitment).toMatch(/^[0-9a-f]{64}$/);
    await tick(t, ['ssc_5m'], period.drawAt);
    const drawn = await find();
    expect(drawn.status).toBe('drawn');
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.open_code).toMatch(/^\d(,\d){4}$/);
    expect(drawn.commitment).toBe(open.commitment);
  });

  it('offers no way to cancel a period: an overdue draw is listed, and the scheduler draws it on its next pass', async () => {
    const risk = await newOperator(t.app, 'risk');
    const admin = await newOperator(t.app, 'admin');
    const period = await openPeriod(t, '11x5_5m');
    const a = await newMember(t.app);
    await fundLottery(t, a, 1_000n);
    const placed = await placeBets(t, a, '11x5_5m', period.number, [
      { play_code: '11x5_rx1', bet_codes: '01', multiple: 2 },
    ]);
    expect(body(placed).code).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(lotteryPeriods)
      .where(and(eq(lotteryPeriods.lotteryCode, '11x5_5m'), eq(lotteryPeriods.number, period.number)));
    const id = row!.id;

    // The draw did not happen (no scheduler pass): a minute past its time it is listed as overdue.
    clock.set(period.drawAt + 61_000);
    const listed = body<{ list: Period[] }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/lottery/periods?status=overdue&code=11x5_5m' }),
    ).data.list;
    expect(listed.find((p) => p.number === period.number)).toMatchObject({
      overdue: true,
      bets: 1,
      stake: '4.00',
      seed: null,
      open_code: null,
    });

    // Cancelling after sales close is no operator's decision: those routes are gone for every role.
    for (const op of [risk, admin]) {
      const preview = await as(t.app, op, {
        method: 'GET',
        url: `/admin/v1/lottery/periods/${id}/cancel-preview`,
      });
      expect(preview.statusCode).toBe(404);
      const cancel = await as(t.app, op, {
        method: 'POST',
        url: `/admin/v1/lottery/periods/${id}/cancel`,
        payload: { reason: '开奖源故障' },
      });
      expect(cancel.statusCode).toBe(404);
    }
    const paths = Object.keys(
      (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, unknown> }>()
        .paths,
    );
    // The lottery's console routes read, and set a game's sale: none touches a period's draw.
    expect(paths.filter((p) => p.startsWith('/admin/v1/lottery/')).sort()).toEqual([
      '/admin/v1/lottery/chases',
      '/admin/v1/lottery/chases/export',
      '/admin/v1/lottery/chases/{id}',
      '/admin/v1/lottery/games',
      '/admin/v1/lottery/games/{code}',
      '/admin/v1/lottery/periods',
      '/admin/v1/lottery/periods/export',
    ]);

    // The scheduler's next pass draws it (late, with the seed committed before sales) and settles it.
    await tick(t, ['11x5_5m']);
    const [after] = await t.database.db.select().from(lotteryPeriods).where(eq(lotteryPeriods.id, id));
    expect(after).toMatchObject({ status: 'drawn', cancelReason: null });
    expect(after?.settledAt).not.toBeNull();
    const [bet] = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.periodId, id));
    expect(['won', 'lost']).toContain(bet?.status);
    expect(await balanceOf(t, a)).toBe(1_000n - 400n + bet!.payout);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'lottery_period'), eq(auditLogs.targetId, String(id))));
    expect(audits).toEqual([]);
  });
});
