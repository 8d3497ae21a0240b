import { formatFen } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { gameSimSessions } from './simulator.table.ts';
import { enterGame, fundMain, GAME_TEST_ENV, play, transfer } from './testing.ts';
import { findMemberById, updateMember } from '../accounts/accounts.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface GameItem {
  id: number;
  code: string;
  platform: string;
  game_type: string;
  icon: string;
  rtp: string;
}

describe('catalogue', () => {
  it('lists platforms, types and games, filtered by platform, type and keyword', async () => {
    const platforms = body<{ list: Array<{ code: string; game_types: string[]; game_count: number }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/game/ng/platforms' }),
    ).data.list;
    expect(platforms.map((p) => p.code)).toEqual(['jcdz', 'lfdz', 'xhby', 'hgqp']);
    expect(platforms.find((p) => p.code === 'lfdz')).toMatchObject({
      game_types: ['slot', 'fishing'],
      game_count: 2,
    });

    const types = body<{ list: Array<{ code: string; name: string }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/game/ng/game-types' }),
    ).data.list;
    expect(types).toEqual([
      { code: 'slot', name: '电子' },
      { code: 'fishing', name: '捕鱼' },
      { code: 'table', name: '棋牌' },
    ]);
    const fishingPlatforms = body<{ list: Array<{ code: string }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/game/ng/platforms-by-type?game_type=fishing' }),
    ).data.list;
    expect(fishingPlatforms.map((p) => p.code)).toEqual(['lfdz', 'xhby']);

    const all = body<{ list: GameItem[] }>(await t.app.inject({ method: 'GET', url: '/v1/game/list' })).data
      .list;
    expect(all.length).toBe(6);
    expect(all.find((g) => g.code === 'jc_fortune')).toMatchObject({
      id: 1001,
      name: '财神到',
      icon: '/games/demo/icons/jc_fortune.svg',
      platform_name: '金彩电子',
      game_type_name: '电子',
      rtp: '96.56%',
    });
    const slots = body<{ list: GameItem[] }>(
      await t.app.inject({ method: 'GET', url: '/v1/game/ng/game-list-by-type?game_type=slot' }),
    ).data.list;
    expect(slots.every((g) => g.game_type === 'slot')).toBe(true);
    expect(slots).toHaveLength(3);
    const search = body<{ list: GameItem[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/v1/game/ng/game-list?platform=hgqp&keyword=${encodeURIComponent('龙虎')}`,
      }),
    ).data.list;
    expect(search.map((g) => g.code)).toEqual(['hg_dragon_tiger']);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/game/ng/game-list-by-type?game_type=poker' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('游戏类型须为 slot、fishing 或 table');
    const icon = await t.app.inject({ method: 'GET', url: '/games/demo/icons/jc_fortune.svg' });
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('财');
  });
});

describe('entering a game', () => {
  it('gives game data valid for 5 minutes with a session id of three or more parts, and a playable page', async () => {
    const m = await newMember(t.app);
    const before = t.app.services.clock.now().getTime();
    const res = await as(t.app, m, { method: 'POST', url: '/v1/game/enter', payload: { gameId: 1001 } });
    const data = body<{ game_url: string; session_id: string; timestamp: number; expires_at: string }>(
      res,
    ).data;
    expect(data.session_id.split('_').length).toBeGreaterThanOrEqual(3);
    expect(data.session_id).toMatch(new RegExp(`^ng_${m.id}_\\d+_[0-9a-f]{16}$`));
    expect(data.timestamp * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(data.expires_at).getTime() - data.timestamp * 1000).toBeGreaterThanOrEqual(299_000);
    expect(new Date(data.expires_at).getTime() - data.timestamp * 1000).toBeLessThanOrEqual(301_000);
    expect(data.game_url).toBe(`/games/demo/play?session=${data.session_id}`);

    const page = await t.app.inject({ method: 'GET', url: data.game_url });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('财神到');
    expect(page.body).toContain('返还率 RTP');
    expect(page.body).toContain('"rtp":"96.56%"');

    expect(
      body(await as(t.app, m, { method: 'POST', url: '/v1/game/enter', payload: { gameId: 999 } })),
    ).toMatchObject({
      code: 404,
      message: '游戏不存在',
    });
    for (const payload of [{ gameId: 'abc' }, { gameId: -1 }, { gameId: 1.5 }, {}]) {
      const bad = await as(t.app, m, { method: 'POST', url: '/v1/game/enter', payload });
      expect(bad.statusCode).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/game/enter', payload: { gameId: 1001 } })).statusCode,
    ).toBe(401);
  });

  it('plays rounds with the game wallet: random, recorded, refused without money or after expiry', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 2_000n);
    const { session } = await enterGame(t, m, 'jc_fortune');
    expect(body(await play(t, session, { bet: '1.00' }))).toMatchObject({
      code: 422,
      message: '游戏余额不足，请先转入',
    });
    await transfer(t, m, { type: 'in', amount: '20' });
    const stops = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = body<{ result: { stops: number[] }; balance: string }>(
        await play(t, session, { bet: '1.00' }),
      );
      expect(res.code).toBe(200);
      stops.add(res.data.result.stops.join(','));
    }
    expect(stops.size).toBeGreaterThan(1);
    expect(body(await play(t, session, { bet: '1.23' }))).toMatchObject({
      code: 422,
      message: '不支持的投注额',
    });
    expect(body(await play(t, session, { bet: 'x' })).code).toBe(400);
    expect(body(await play(t, session, { bet: '1.00', fish: 'whale' }))).toMatchObject({ code: 200 });

    const dt = await enterGame(t, m, 'hg_dragon_tiger');
    expect(body(await play(t, dt.session, { bet: '1.00' }))).toMatchObject({
      code: 422,
      message: '请选择押龙、押虎或押和',
    });
    const round = body<{ result: { winner: string } }>(
      await play(t, dt.session, { bet: '1.00', choice: 'dragon' }),
    );
    expect(['dragon', 'tiger', 'tie']).toContain(round.data.result.winner);
    const fish = await enterGame(t, m, 'xh_ocean');
    expect(body(await play(t, fish.session, { bet: '0.10', fish: 'clown' }))).toMatchObject({ code: 200 });

    // Five minutes without play: the session is gone.
    await t.database.db
      .update(gameSimSessions)
      .set({ expiresAt: new Date(t.app.services.clock.now().getTime() - 1) })
      .where(eq(gameSimSessions.sessionId, session));
    expect(body(await play(t, session, { bet: '1.00' }))).toMatchObject({
      code: 422,
      message: '游戏会话已过期，请返回重新进入游戏',
    });
    const page = await t.app.inject({ method: 'GET', url: `/games/demo/play?session=${session}` });
    expect(page.body).toContain('游戏会话已过期，请返回重新进入游戏');
    expect((await t.app.inject({ method: 'GET', url: '/games/demo/play?session=nope' })).body).toContain(
      '游戏会话不存在',
    );
  });

  it.each([
    ['disable_game', { disableGame: 1 }, '您的账户已被禁止游戏，请联系客服'],
    ['disable_nggame', { disableNggame: 1 }, '您的账户已被禁止进入电子游戏，请联系客服'],
    ['is_black', { isBlack: 1 }, '账户受限，暂不能进入游戏，请联系客服'],
  ] as const)(
    'refuses a %s member entry and transfers in, but lets money out',
    async (_flag, changes, message) => {
      const m = await newMember(t.app);
      await fundMain(t, m, 1_000n);
      await transfer(t, m, { type: 'in', amount: '4' });
      await updateMember(t.database.db, m.id, changes);
      for (const req of [
        { url: '/v1/game/enter', payload: { gameId: 1001 } },
        { url: '/v1/game/ng/enter-game', payload: { game_code: 'jc_fruit' } },
        { url: '/v1/game/ng/transfer', payload: { type: 'in', amount: '1' } },
      ]) {
        const res = await as(t.app, m, { method: 'POST', ...req });
        expect(res.statusCode).toBe(403);
        expect(body(res).message).toBe(message);
      }
      expect(body(await transfer(t, m, { type: 'out', amount: 0 })).data).toMatchObject({
        amount: '4.00',
        main_balance: '10.00',
      });
    },
  );
});

describe('game records', () => {
  it('syncs rounds into records with stats, date filters and detail; another member sees none of them', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await fundMain(t, m, 5_000n);
    await transfer(t, m, { type: 'in', amount: '30' });
    const { session } = await enterGame(t, m, 'lf_dragon');
    let bet = 0n;
    let payout = 0n;
    for (let i = 0; i < 5; i++) {
      const d = body<{ bet: string; payout: string }>(await play(t, session, { bet: '2.00' })).data;
      bet += BigInt(d.bet.replace('.', ''));
      payout += BigInt(d.payout.replace('.', ''));
    }
    const fen = formatFen;

    const page = body<{ list: Array<Record<string, unknown>>; total: number; has_more: boolean }>(
      await as(t.app, m, { method: 'GET', url: '/v1/game-records?per_page=3' }),
    ).data;
    expect(page.total).toBe(5);
    expect(page.has_more).toBe(true);
    expect(page.list).toHaveLength(3);
    expect(page.list[0]).toMatchObject({
      game_code: 'lf_dragon',
      game_name: '龙凤呈祥',
      platform_name: '龙凤电子',
      bet: '2.00',
    });
    const stats = body(await as(t.app, m, { method: 'GET', url: '/v1/game-records/stats' })).data;
    expect(stats).toEqual({ count: 5, bet: fen(bet), payout: fen(payout), profit: fen(payout - bet) });
    const ng = body<{ total: number }>(
      await as(t.app, m, { method: 'GET', url: '/v1/game/ng/game-records' }),
    ).data;
    expect(ng.total).toBe(5);

    const today = new Date(t.app.services.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const inRange = body<{ total: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/game-records?start_date=${today}&end_date=${today}` }),
    ).data;
    expect(inRange.total).toBe(5);
    const old = body<{ total: number }>(
      await as(t.app, m, {
        method: 'GET',
        url: '/v1/game-records?start_date=2020-01-01&end_date=2020-01-31',
      }),
    ).data;
    expect(old.total).toBe(0);
    const reversed = await as(t.app, m, {
      method: 'GET',
      url: '/v1/game-records?start_date=2020-02-01&end_date=2020-01-01',
    });
    expect(body(reversed)).toMatchObject({ code: 400, message: '开始日期不能晚于结束日期' });
    expect(
      (await as(t.app, m, { method: 'GET', url: '/v1/game-records?start_date=yesterday' })).statusCode,
    ).toBe(400);

    const id = page.list[0]!.id as number;
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/game-records/${id}` })).data).toMatchObject({
      id,
    });
    // The other member: nothing listed, nothing summed, the record answers 404.
    expect(
      body<{ total: number }>(await as(t.app, other, { method: 'GET', url: '/v1/game-records' })).data.total,
    ).toBe(0);
    expect(body(await as(t.app, other, { method: 'GET', url: '/v1/game-records/stats' })).data).toMatchObject(
      { count: 0 },
    );
    expect(body(await as(t.app, other, { method: 'GET', url: `/v1/game-records/${id}` }))).toMatchObject({
      code: 404,
      message: '游戏记录不存在',
    });
    expect((await as(t.app, other, { method: 'GET', url: '/v1/game-records/abc' })).statusCode).toBe(400);
  });

  it('counts synced rounds as turnover once: totalgame rises, the 打码量 owed falls', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 5_000n);
    await updateMember(t.database.db, m.id, { codingvolume: 500n });
    await transfer(t, m, { type: 'in', amount: '30' });
    const { session } = await enterGame(t, m, 'lf_dragon');
    for (let i = 0; i < 2; i++) await play(t, session, { bet: '2.00' });
    await t.app.services.gameRecords.sync();
    await t.app.services.gameRecords.sync();
    const member = await findMemberById(t.database.db, m.id);
    expect(member).toMatchObject({ totalgame: 400n, codingvolume: 100n });
  });
});

describe('API docs', () => {
  it('documents every games endpoint, and not the provider pages', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [method, path] of [
      ['get', '/v1/game/list'],
      ['post', '/v1/game/enter'],
      ['get', '/v1/game/ng/platforms'],
      ['get', '/v1/game/ng/game-types'],
      ['get', '/v1/game/ng/platforms-by-type'],
      ['get', '/v1/game/ng/game-list-by-type'],
      ['get', '/v1/game/ng/game-list'],
      ['get', '/v1/game/ng/balance'],
      ['get', '/v1/game/ng/game-records'],
      ['post', '/v1/game/ng/enter-game'],
      ['post', '/v1/game/ng/transfer'],
      ['get', '/v1/game-records'],
      ['get', '/v1/game-records/stats'],
      ['get', '/v1/game-records/{id}'],
    ] as const) {
      expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(spec.paths['/games/demo/play']).toBeUndefined();
  });
});
