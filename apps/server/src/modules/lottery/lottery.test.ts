import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod, verifyDraw } from '@app/shared';
import { body, createTestApp, TEST_START, type TestApp } from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { configOf, tick } from './testing.ts';

const PK10 = 'pk10_1m';
const SSC = 'ssc_1m';

let t: TestApp;
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
  // Twenty-odd minutes of ssc_1m history: the scheduler ran in the past, then catches up now.
  const now = clock.now().getTime();
  for (const minutesAgo of [30, 25, 20, 15, 10, 5]) await tick(t, [SSC], now - minutesAgo * 60_000);
  await tick(t, [SSC, PK10], now);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const get = async <T = Record<string, unknown>>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, ...body<T>(res) };
};
const post = async <T = Record<string, unknown>>(url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, ...body<T>(res) };
};

interface PeriodView {
  expect: string;
  status: string;
  open_code: string | null;
  seed: string | null;
  commitment: string;
}

describe('lotteries', () => {
  it('lists every lottery with its category, countdown period and latest draw', async () => {
    const { data } = await get<{
      list: Array<{ code: string; type: string; current: PeriodView | null; latest: PeriodView | null }>;
      categories: Array<{ type: string; name: string; count: number }>;
      server_time: number;
    }>('/v1/liujiu/lottery/list');
    expect(data.list.map((l) => l.code)).toEqual([
      'k3_1m',
      'k3_5m',
      'pk10_1m',
      'pk10_5m',
      'ssc_1m',
      'ssc_5m',
      '11x5_1m',
      '11x5_5m',
      'lhc_1m',
      'lhc',
    ]);
    expect(data.categories.map((c) => `${c.name}:${c.count}`)).toEqual([
      '快3:2',
      'PK10赛车:2',
      '时时彩:2',
      '11选5:2',
      '六合彩:2',
    ]);
    const pk10 = data.list.find((l) => l.code === PK10)!;
    expect(pk10.current?.expect).toBe(currentPeriod(configOf(PK10), data.server_time).number);
    expect(pk10.current?.seed).toBeNull();
    const ssc = data.list.find((l) => l.code === SSC)!;
    expect(ssc.latest).toMatchObject({ status: 'drawn' });
    expect(ssc.latest?.open_code).toMatch(/^\d(,\d){4}$/);

    const only = await get<{ list: Array<{ type: string }> }>('/v1/liujiu/lottery/list?type=pk10');
    expect(only.data.list.map((l) => l.type)).toEqual(['pk10', 'pk10']);
    expect(await get('/v1/liujiu/lottery/list?type=dice')).toMatchObject({
      status: 400,
      message: '彩种分类不存在',
    });
  });

  it('describes a lottery and finds its current, previous and next periods', async () => {
    const detail = await get(`/v1/liujiu/lottery/detail?code=${PK10}`);
    expect(detail.data).toMatchObject({
      code: PK10,
      name: '极速赛车',
      type: 'pk10',
      schedule_text: '每1分钟一期',
      close_seconds: 10,
      shape: { count: 10, min: 1, max: 10, distinct: true },
    });
    expect((detail.data.positions as string[]).slice(0, 2)).toEqual(['冠军', '亚军']);
    expect(detail.data.play_count).toBeGreaterThan(3);
    expect(await get('/v1/liujiu/lottery/detail?code=nope')).toMatchObject({
      status: 404,
      message: '彩种不存在',
    });
    expect(await get('/v1/liujiu/lottery/detail')).toMatchObject({
      status: 400,
      message: '请选择彩种',
    });

    const { data } = await get<{ current: PeriodView; previous: PeriodView; next: PeriodView }>(
      `/v1/liujiu/lottery/current-expect?code=${SSC}`,
    );
    expect(data.current.expect).toBe(currentPeriod(configOf(SSC), clock.now().getTime()).number);
    expect(['open', 'closed']).toContain(data.current.status);
    expect(data.previous).toMatchObject({ status: 'drawn' });
    expect(data.next).toMatchObject({ status: 'pending', seed: null });
    expect(data.next.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it('serves history newest first, each draw verifiable from its revealed seed', async () => {
    const { data } = await get<{
      list: Array<PeriodView & { code: string }>;
      total: number;
      has_more: boolean;
    }>(`/v1/liujiu/lottery/history-open-codes?code=${SSC}&per_page=10`);
    expect(data.total).toBeGreaterThanOrEqual(25);
    expect(data.has_more).toBe(true);
    const numbers = data.list.map((p) => p.expect);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    for (const p of data.list) {
      expect(verifyDraw('ssc', p.seed!, p.commitment, p.expect, p.open_code!)).toEqual({
        ok: true,
        openCode: p.open_code,
      });
    }
    const one = await get<PeriodView>(`/v1/liujiu/lottery/open-code?code=${SSC}&expect=${numbers[3]}`);
    expect(one.data).toEqual(data.list[3]);
    expect(await get(`/v1/liujiu/lottery/open-code?code=${SSC}&expect=20200101001`)).toMatchObject({
      status: 404,
      message: '第20200101001期不存在',
    });
    expect(await get(`/v1/liujiu/lottery/open-code?code=${SSC}&expect=12ab`)).toMatchObject({
      status: 400,
      message: '期号格式不正确',
    });
    const latest = await get<PeriodView>(`/v1/liujiu/lottery/latest-open-code?code=${SSC}`);
    expect(latest.data.expect).toBe(numbers[0]);
    const stats = await get(`/v1/liujiu/lottery/settlement-stats?code=${SSC}&expect=${numbers[0]}`);
    expect(stats.data).toMatchObject({ status: 'drawn', settled: true, bets: 0, pending: 0 });
  });

  it('computes the trend: 遗漏 per number and position, hot and cold numbers', async () => {
    const { data } = await get<{
      history: Array<{ numbers: number[] }>;
      missing: Array<{ value: number; current: number; max: number; hits: number }>;
      position_missing: Array<{ position: number; stats: Array<{ value: number; current: number }> }>;
      hot_cold: { draws: number; hot: number[]; cold: number[] };
    }>(`/v1/liujiu/bet/trend?code=${SSC}&limit=20`);
    expect(data.history).toHaveLength(20);
    for (const stat of data.missing) {
      const first = data.history.findIndex((h) => h.numbers.includes(stat.value));
      expect(stat.current).toBe(first < 0 ? 20 : first);
      expect(stat.hits).toBe(data.history.filter((h) => h.numbers.includes(stat.value)).length);
    }
    const wan = data.position_missing[0]!;
    expect(wan.stats.find((s) => s.value === data.history[0]!.numbers[0])?.current).toBe(0);
    expect(data.hot_cold.draws).toBe(20);
    expect(data.hot_cold.hot).toHaveLength(5);
    expect(await get(`/v1/liujiu/bet/trend?code=${SSC}&limit=5`)).toMatchObject({
      status: 400,
      message: '期数须为10-200',
    });
  });

  it('verifies only drawn periods: an open one keeps its seed secret', async () => {
    const { data } = await get<{ next: PeriodView }>(`/v1/liujiu/lottery/current-expect?code=${PK10}`);
    const res = await get(`/v1/liujiu/lottery/verify?code=${PK10}&expect=${data.next.expect}`);
    expect(res.data).toMatchObject({
      verified: false,
      seed: null,
      open_code: null,
      commitment: data.next.commitment,
      message: '本期尚未开奖，种子将在开奖时公布，届时可验证',
    });
  });
});

describe('plays', () => {
  it('groups the plays of a lottery into tabs with their pickers and odds', async () => {
    const { data } = await get<{
      type: string;
      groups: Array<{
        group: string;
        plays: Array<{ code: string; input: { kind: string }; odds: unknown[] }>;
      }>;
    }>('/v1/liujiu/play/list?code=k3_1m');
    expect(data.type).toBe('k3');
    expect(data.groups.map((g) => g.group)).toContain('和值');
    const hz = data.groups.flatMap((g) => g.plays).find((p) => p.code === 'k3_hz')!;
    expect(hz.input.kind).toBe('picks');
    expect(hz.odds).toHaveLength(16);
    const lhc = await get<{ groups: Array<{ plays: Array<{ code: string }> }> }>(
      '/v1/liujiu/play/list?code=lhc',
    );
    expect(lhc.data.groups.flatMap((g) => g.plays.map((p) => p.code))).toContain('lhc_tx');
    const detail = await get('/v1/liujiu/play/detail?code=11x5_1m&play_code=11x5_rx3');
    expect(detail.data).toMatchObject({ code: '11x5_rx3', name: '任选三中三' });
    expect(await get('/v1/liujiu/play/detail?code=11x5_1m&play_code=k3_hz')).toMatchObject({
      status: 404,
      message: '玩法不存在',
    });
  });

  it('counts items and amounts with the shared rules, and names a bad code', async () => {
    const url = '/v1/liujiu/play/calculate-item-count';
    expect(
      (await post(url, { lottery_code: '11x5_1m', play_code: '11x5_rx3', bet_codes: '1,2,3,4,5' })).data,
    ).toEqual({ item_count: 10, amount: '20.00', codes: '01,02,03,04,05' });
    expect(
      (
        await post(url, {
          lottery_code: '11x5_1m',
          play_code: '11x5_rx3',
          bet_codes: '1,2,3,4,5',
          multiple: 3,
          unit: 'jiao',
        })
      ).data,
    ).toMatchObject({ item_count: 10, amount: '6.00' });
    expect(
      await post(url, { lottery_code: 'ssc_1m', play_code: 'ssc_q3zx', bet_codes: '1,2|3|11' }),
    ).toMatchObject({
      status: 422,
      message: '百位：号码「11」超出范围（0-9）',
    });
    expect(
      await post(url, { lottery_code: 'ssc_1m', play_code: 'ssc_q3zx', bet_codes: '1', multiple: 0 }),
    ).toMatchObject({ status: 400, message: '倍数须为1-9999的整数' });

    const check = '/v1/liujiu/play/validate-bet-codes';
    expect(
      (await post(check, { lottery_code: 'k3_1m', play_code: 'k3_hz', bet_codes: '3,18' })).data,
    ).toEqual({
      valid: true,
      message: null,
      bad_code: null,
      codes: '3,18',
      item_count: 2,
    });
    const bad = await post(check, { lottery_code: 'k3_1m', play_code: 'k3_hz', bet_codes: '3,19' });
    expect(bad).toMatchObject({
      status: 200,
      message: '号码「19」超出范围（3-18）',
      data: { valid: false, bad_code: '19', item_count: 0 },
    });
    expect(await post(check, { lottery_code: 'k3_1m', play_code: 'k3_hz' })).toMatchObject({
      status: 400,
      message: '请选择投注号码',
    });
  });
});
