/**
 * 跟单: a member publishes an open order (晒单) with a commission; another copies it with their own
 * multiple (a new order of their own, through the same submit); at settlement a copy that won
 * money pays the publisher their rate of its winnings, once; a losing copy pays nothing. Their own
 * 晒单, a closed one, a settled order and an excluded copier are refused.
 */
import { betPrize, followCommission, formatFen, parseSportsOdds } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, body, newMember, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
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
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { orders } from './sports.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const member = (fen?: bigint) => fundedMember(t, fen);

/** A ×5 single on the match's winning (or losing) 胜平负 option. */
async function place(m: TestMember, match: MatchRow, win: boolean) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const option = wdlOption(t, match, win);
  const res = await submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple: 5,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...body<{ order_id: number; order_no: string }>(res).data, odds: odds[option]! };
}

const publish = (m: TestMember, orderNo: string, commission_bp = 500, comment = '主队状态火热') =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/follow/posts',
    payload: { order_no: orderNo, comment, commission_bp },
  });

let keys = 0;
const copy = (m: TestMember, id: number, multiple: number) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/follow/posts/${id}/copy`,
    payload: { multiple },
    headers: { 'idempotency-key': `copy-${m.id}-${++keys}` },
  });

interface Post {
  id: number;
  publisher: string;
  mine: boolean;
  copies: number;
  copied_amount: string;
  commission_earned: string;
  open: boolean;
  legs: Array<{ option: string }>;
  record: {
    posts_30d: number;
    decided_30d: number;
    won_30d: number;
    hit_rate_30d: number | null;
    streak: number;
  };
}

describe('跟单', () => {
  it('copies a 晒单 with its own multiple; a winning copy pays the publisher 5 % of its winnings, once', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const publisher = await member();
    const placed = await place(publisher, match!, true);
    const posted = await publish(publisher, placed.order_no);
    expect(posted.statusCode, posted.body).toBe(200);
    const post = body<Post>(posted).data;
    expect(post).toMatchObject({ mine: true, copies: 0, open: true, commission_earned: '0.00' });
    expect(post.publisher).toMatch(/^.{2}\*\*\*$/);
    // Once per order; never a copy of one's own.
    expect(body(await publish(publisher, placed.order_no))).toMatchObject({
      code: 422,
      message: '该注单已晒单',
    });
    expect(body(await copy(publisher, post.id, 1))).toMatchObject({ code: 422, message: '不能跟自己的晒单' });

    const copier = await member();
    const copied = await copy(copier, post.id, 10);
    expect(copied.statusCode, copied.body).toBe(200);
    const copyOrder = body<{ order_id: number; total_amount: string }>(copied).data;
    expect(copyOrder.total_amount).toBe('20.00');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, copyOrder.order_id));
    expect(row).toMatchObject({ memberId: copier.id, followPostId: post.id, multiple: 10 });
    // The hall shows it with its copy.
    const hall = body<{ list: Post[] }>(
      await as(t.app, copier, { method: 'GET', url: '/v1/follow/posts?sort=hot' }),
    ).data;
    expect(hall.list.find((p) => p.id === post.id)).toMatchObject({
      mine: false,
      copies: 1,
      copied_amount: '20.00',
    });

    await finish(t, [match!]);
    const prize = betPrize([parseSportsOdds(placed.odds)!], 10);
    const due = followCommission(prize, 2_000n, 500);
    expect(due).toBeGreaterThan(0n);
    const paid = (await entriesOf(t, copier.id))
      .filter((e) => e.type === 'follow_commission')
      .map((e) => e.amount);
    const earned = (await entriesOf(t, publisher.id))
      .filter((e) => e.type === 'follow_commission')
      .map((e) => e.amount);
    expect(paid).toEqual([-due]);
    expect(earned).toEqual([due]);
    const after = body<Post>(
      await as(t.app, publisher, { method: 'GET', url: `/v1/follow/posts/${post.id}` }),
    ).data;
    expect(after).toMatchObject({ open: false, commission_earned: formatFen(due) });
    expect(after.record).toMatchObject({
      posts_30d: 1,
      decided_30d: 1,
      won_30d: 1,
      hit_rate_30d: 100,
      streak: 1,
    });
    // Closed: no more copies; settled: no more 晒单.
    expect(body(await copy(await member(), post.id, 1))).toMatchObject({
      code: 422,
      message: '该晒单已截止跟单',
    });
    expect(body(await publish(publisher, placed.order_no))).toMatchObject({
      code: 422,
      message: '只有待开奖的注单可以晒单',
    });
  });

  it('a losing copy pays nothing; a copier in a time-out is refused by the submit', async () => {
    const [, match] = await openMatches(t, 'football', 2);
    const publisher = await member();
    const placed = await place(publisher, match!, false);
    const post = body<Post>(await publish(publisher, placed.order_no, 800)).data;
    const copier = await member();
    expect((await copy(copier, post.id, 3)).statusCode).toBe(200);
    const resting = await member();
    const out = await as(t.app, resting, {
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      payload: { choice: 'timeout_24h', password: resting.password },
    });
    expect(out.statusCode, out.body).toBe(200);
    const refused = await copy(resting, post.id, 1);
    expect(refused.statusCode).toBe(403);
    expect((await entriesOf(t, resting.id)).filter((e) => e.type === 'bet')).toEqual([]);
    await finish(t, [match!]);
    expect((await entriesOf(t, copier.id)).filter((e) => e.type === 'follow_commission')).toEqual([]);
    const mine = body<{ list: Post[] }>(
      await as(t.app, publisher, { method: 'GET', url: '/v1/follow/posts?mine=1' }),
    ).data;
    expect(mine.list.map((p) => p.id)).toEqual([post.id]);
  });

  it('a correction that voids a won copy takes the commission back from the publisher', async () => {
    const [, , , match] = await openMatches(t, 'football', 4);
    const publisher = await member();
    const placed = await place(publisher, match!, true);
    const post = body<Post>(await publish(publisher, placed.order_no, 800)).data;
    const copier = await member();
    expect((await copy(copier, post.id, 2)).statusCode).toBe(200);
    await finish(t, [match!]);
    const due = followCommission(betPrize([parseSportsOdds(placed.odds)!], 2), 400n, 800);
    expect(due).toBeGreaterThan(0n);
    const risk = await newOperator(t.app, 'risk');
    const voided = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(voided), voided.body).toMatchObject({ code: 200 });
    const of = async (m: TestMember) =>
      (await entriesOf(t, m.id)).filter((e) => e.type === 'follow_commission').map((e) => e.amount);
    expect(await of(copier)).toEqual([-due, due]);
    expect(await of(publisher)).toEqual([due, -due]);
    const after = body<Post>(
      await as(t.app, publisher, { method: 'GET', url: `/v1/follow/posts/${post.id}` }),
    ).data;
    expect(after.commission_earned).toBe('0.00');
  });

  it('战绩榜 ranks the publishers with a decided 晒单: the winner above the loser, by hit rate or copiers', async () => {
    const viewer = await newMember(t.app);
    const board = async (query: string) =>
      body<{
        list: Array<{
          rank: number;
          decided: number;
          won: number;
          hit_rate: number | null;
          streak: number;
          copiers: number;
        }>;
      }>(await as(t.app, viewer, { method: 'GET', url: `/v1/follow/leaderboard?${query}` })).data.list;
    const byHit = await board('days=30&sort=hit_rate');
    // The won 晒单 (one copy) and the lost one (one copy); the voided one decided nothing.
    expect(byHit.map((r) => [r.rank, r.decided, r.won, r.hit_rate, r.streak, r.copiers])).toEqual([
      [1, 1, 1, 100, 1, 1],
      [2, 1, 0, 0, 0, 1],
    ]);
    expect((await board('days=7&sort=copiers')).length).toBe(2);
    const bad = await as(t.app, viewer, { method: 'GET', url: '/v1/follow/leaderboard?days=14' });
    expect(body(bad)).toMatchObject({ code: 400, message: '统计周期须为7或30天' });
  });

  it('the console lists every 晒单 with its copies and commission paid; a support operator may not', async () => {
    const risk = await newOperator(t.app, 'risk');
    const page = body<{
      list: Array<{ copies: number; commission_bp: number; commission_paid: string; open: boolean }>;
      total: number;
    }>(await as(t.app, risk, { method: 'GET', url: '/admin/v1/follow/posts?state=closed' })).data;
    expect(page.total).toBe(3);
    expect(page.list.every((p) => !p.open && p.copies === 1)).toBe(true);
    expect(page.list.map((p) => p.commission_bp).sort()).toEqual([500, 800, 800]);
    const csv = await as(t.app, risk, { method: 'GET', url: '/admin/v1/follow/posts/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('跟单人数');
    const support = await newOperator(t.app, 'support');
    expect((await as(t.app, support, { method: 'GET', url: '/admin/v1/follow/posts' })).statusCode).toBe(403);
  });

  it('refuses bad input and others’ orders with nothing written', async () => {
    const [, , match] = await openMatches(t, 'football', 3);
    const a = await member();
    const placed = await place(a, match!, true);
    const b = await member();
    expect(body(await publish(b, placed.order_no)).code).toBe(404);
    expect(body(await publish(a, placed.order_no, 801)).code).toBe(400);
    expect(body(await publish(a, placed.order_no, 500, '很'.repeat(201))).code).toBe(400);
    expect(body(await copy(b, 99_999_999, 1)).code).toBe(404);
    expect(
      body(await as(t.app, b, { method: 'POST', url: '/v1/follow/posts/1/copy', payload: { multiple: 100 } }))
        .code,
    ).toBe(400);
  });

  it('an expert linked to a member shows that member’s 晒单 as the expert’s 实单', async () => {
    const [, , , , match] = await openMatches(t, 'football', 5);
    const bettor = await member();
    const placed = await place(bettor, match!, true);
    const post = body<Post>(await publish(bettor, placed.order_no, 0, '实单')).data;
    const [category] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`INSERT INTO expert_categories (name) VALUES ('足球专家') RETURNING id`),
    );
    const content = await newOperator(t.app, 'content');
    const save = (member_id: number | null) =>
      as(t.app, content, {
        method: 'POST',
        url: '/admin/v1/content/experts',
        payload: { category_id: Number(category!.id), name: '老王看球', member_id },
      });
    expect(body(await save(99_999_999))).toMatchObject({
      code: 422,
      message: '关联的会员不存在，请填写正确的会员ID',
    });
    const saved = await save(bettor.id);
    expect(body(saved), saved.body).toMatchObject({ code: 200, data: { member_id: bettor.id } });
    const expertId = body<{ id: number }>(saved).data.id;
    const visitor = await newMember(t.app);
    const expert = body<{ has_slips: boolean }>(
      await as(t.app, visitor, { method: 'GET', url: `/v1/experts/${expertId}` }),
    ).data;
    expect(expert.has_slips).toBe(true);
    const slips = body<{ list: Post[]; total: number }>(
      await as(t.app, visitor, { method: 'GET', url: `/v1/experts/${expertId}/slips` }),
    ).data;
    expect(slips.total).toBe(1);
    expect(slips.list[0]).toMatchObject({ id: post.id, mine: false });
    expect((await as(t.app, visitor, { method: 'GET', url: '/v1/experts/99999999/slips' })).statusCode).toBe(
      404,
    );
  });
});
