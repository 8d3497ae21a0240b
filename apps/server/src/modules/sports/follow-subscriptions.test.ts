/**
 * 定制跟单: a subscriber's copy of each new 晒单 of their publisher is placed by the job, once, at
 * their multiple; a copy over the daily cap, or of a member in a time-out, is refused and the
 * member told; copies that lost the stop-loss stop the subscription; a cancelled one copies no more.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { as, body, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fundedMember,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const member = (fen?: bigint) => fundedMember(t, fen);

/** The publisher's ×5 single on the match's winning (or a losing) 胜平负 option, published. */
async function post(publisher: TestMember, match: MatchRow, win: boolean): Promise<number> {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const option = wdlOption(t, match, win);
  const placed = await submit(t, publisher, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple: 5,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const posted = await as(t.app, publisher, {
    method: 'POST',
    url: '/v1/follow/posts',
    payload: { order_no: body<{ order_no: string }>(placed).data.order_no, comment: '', commission_bp: 0 },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  return body<{ id: number }>(posted).data.id;
}

interface Subscription {
  id: number;
  status: string;
  copies: number;
  staked: string;
  staked_today: string;
  net: string;
  end_reason: string | null;
  recent: Array<{ post_id: number; status: string; reason: string | null; stake: string | null }>;
}

const subscribe = (m: TestMember, payload: Record<string, unknown>) =>
  as(t.app, m, { method: 'POST', url: '/v1/follow/subscriptions', payload });
const mine = async (m: TestMember) =>
  body<{ list: Subscription[] }>(await as(t.app, m, { method: 'GET', url: '/v1/follow/subscriptions' })).data
    .list;
const copiesOf = async (m: TestMember) =>
  rowsOf<{ follow_post_id: number; multiple: number; total_amount: string }>(
    await t.database.db.execute(
      sql`SELECT follow_post_id, multiple, total_amount::text FROM orders WHERE member_id = ${m.id} ORDER BY id`,
    ),
  );
const titles = async (m: TestMember) =>
  rowsOf<{ title: string; content: string }>(
    await t.database.db.execute(
      sql`SELECT title, content FROM messages WHERE member_id = ${m.id} ORDER BY id`,
    ),
  );

describe('定制跟单', () => {
  it('copies each new 晒单 at the subscriber’s multiple, once; over the daily cap it refuses and says why', async () => {
    const [m1, m2, m3] = await openMatches(t, 'football', 3);
    const publisher = await member();
    const first = await post(publisher, m1!, true);
    const subscriber = await member();
    const made = await subscribe(subscriber, { post_id: first, mode: 'multiple', value: 3, daily_cap: '12' });
    expect(made.statusCode, made.body).toBe(200);
    expect(body<Subscription>(made).data).toMatchObject({ status: 'active', copies: 0 });
    // Once per publisher; never oneself.
    expect(
      body(await subscribe(subscriber, { post_id: first, mode: 'multiple', value: 1, daily_cap: '1' })),
    ).toMatchObject({
      code: 422,
      message: '已定制跟单该发单人，请先取消原定制',
    });
    expect(
      body(await subscribe(publisher, { post_id: first, mode: 'multiple', value: 1, daily_cap: '1' })),
    ).toMatchObject({
      code: 422,
      message: '不能定制跟自己的单',
    });
    // The 晒单 before the subscription is not copied; the next ones are.
    const second = await post(publisher, m2!, true);
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 1, refused: 0 });
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 0, refused: 0 });
    expect(await copiesOf(subscriber)).toEqual([
      { follow_post_id: second, multiple: 3, total_amount: '600' },
    ]);
    // 6 元 more would pass the 12 元 cap? 6 + 6 = 12: still within it; a third is not.
    const third = await post(publisher, m3!, true);
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 1, refused: 0 });
    const m4 = (await openMatches(t, 'football', 4))[3];
    const fourth = await post(publisher, m4!, true);
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 0, refused: 1 });
    const [sub] = await mine(subscriber);
    expect(sub).toMatchObject({ status: 'active', copies: 2, staked: '12.00', staked_today: '12.00' });
    expect(sub!.recent[0]).toMatchObject({ post_id: fourth, status: 'refused' });
    expect(sub!.recent[0]!.reason).toContain('每日上限 12.00 元');
    expect(sub!.recent.map((r) => r.post_id)).toEqual([fourth, third, second]);
    expect((await titles(subscriber)).map((m) => m.title)).toContain('定制跟单未成功');
  });

  it('refuses the copy of a member in a time-out (told why); a cancelled subscription copies no more', async () => {
    const [, , , , m5, m6] = await openMatches(t, 'football', 6);
    const publisher = await member();
    const first = await post(publisher, m5!, true);
    const resting = await member();
    expect(
      (await subscribe(resting, { post_id: first, mode: 'percent', value: 100, daily_cap: '100' }))
        .statusCode,
    ).toBe(200);
    const out = await as(t.app, resting, {
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      payload: { choice: 'timeout_24h', password: resting.password },
    });
    expect(out.statusCode, out.body).toBe(200);
    const other = await member();
    const sub = body<Subscription>(
      await subscribe(other, { post_id: first, mode: 'percent', value: 50, daily_cap: '100' }),
    ).data;
    const cancelled = await as(t.app, other, {
      method: 'POST',
      url: `/v1/follow/subscriptions/${sub.id}/cancel`,
    });
    expect(body(cancelled)).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    // Someone else's subscription: not found.
    expect(
      (await as(t.app, resting, { method: 'POST', url: `/v1/follow/subscriptions/${sub.id}/cancel` }))
        .statusCode,
    ).toBe(404);
    await post(publisher, m6!, true);
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 0, refused: 1 });
    expect(await copiesOf(resting)).toEqual([]);
    expect(await copiesOf(other)).toEqual([]);
    const told = await titles(resting);
    expect(told.map((m) => m.title)).toContain('定制跟单未成功');
  });

  it('stops the subscription once its copies lost the stop-loss', async () => {
    const matches = await openMatches(t, 'football', 9);
    const publisher = await member();
    const first = await post(publisher, matches[6]!, false);
    const subscriber = await member();
    expect(
      (
        await subscribe(subscriber, {
          post_id: first,
          mode: 'multiple',
          value: 5,
          daily_cap: '1000',
          stop_loss: '10',
        })
      ).statusCode,
    ).toBe(200);
    await post(publisher, matches[7]!, false); // a losing 10 元 copy
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 1, refused: 0 });
    // The next 晒单 waits while the first copy's match is played and lost.
    await post(publisher, matches[8]!, true);
    await finish(t, [matches[7]!]);
    expect((await mine(subscriber))[0]).toMatchObject({ net: '-10.00' });
    expect(await t.app.services.followSubscriptions.run()).toEqual({ placed: 0, refused: 1 });
    expect((await mine(subscriber))[0]).toMatchObject({ status: 'stopped', copies: 1 });
    expect((await titles(subscriber)).map((m) => m.title)).toContain('定制跟单已停止');
    // The console lists it; a support operator may not.
    const risk = await newOperator(t.app, 'risk');
    const page = body<{ list: Array<{ status_text: string; copies: number }> }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/follow/subscriptions' }),
    ).data;
    expect(page.list.some((s) => s.status_text === '已停止' && s.copies === 1)).toBe(true);
    const support = await newOperator(t.app, 'support');
    expect(
      (await as(t.app, support, { method: 'GET', url: '/admin/v1/follow/subscriptions' })).statusCode,
    ).toBe(403);
  });

  it('refuses bad input with nothing written', async () => {
    const m = await member();
    for (const payload of [
      {},
      { post_id: 1, mode: 'multiple', value: 0, daily_cap: '10' },
      { post_id: 1, mode: 'x', value: 1, daily_cap: '10' },
      { post_id: 1, mode: 'multiple', value: 1, daily_cap: '-1' },
      { post_id: 1, mode: 'multiple', value: 1, daily_cap: '1.001' },
    ])
      expect((await subscribe(m, payload)).statusCode).toBe(400);
    expect(
      (await subscribe(m, { post_id: 99_999_999, mode: 'multiple', value: 1, daily_cap: '10' })).statusCode,
    ).toBe(404);
    expect(await mine(m)).toEqual([]);
  });
});
