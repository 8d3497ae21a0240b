/**
 * 免费投注券: the console grants tickets (a member, a tag, a VIP level; never an excluded member;
 * a total above the threshold waits for a second operator); a ticket stakes one order — the
 * member pays nothing, a win pays the prize net of the stake, a loss costs nothing, a refund is
 * no cash; corrections move the stake taken back; misuse is refused with nothing written.
 */
import { randomBytes } from 'node:crypto';
import { formatFen } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedBy } from '../../test/dual-control.ts';
import {
  as,
  body,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { freeBets } from './schema.ts';

let t: TestApp;
let content: TestOperator;
let admin: TestOperator;
let risk: TestOperator;
const DAY = 86_400_000;
const now = () => t.app.services.clock.now();
let submissions = 0;

beforeAll(async () => {
  t = await createSportsApp();
  content = await newOperator(t.app, 'content');
  admin = await newOperator(t.app, 'admin');
  risk = await newOperator(t.app, 'risk');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

function grant(over: Record<string, unknown>, operator = content) {
  return as(t.app, operator, {
    method: 'POST',
    url: '/admin/v1/free-bets/grants',
    payload: {
      target: 'member',
      username: null,
      tag: null,
      vip_min: null,
      title: '新人免费投注券',
      value: '10',
      min_odds: '1.01',
      plays: ['single', 'parlay'],
      expires_at: new Date(now().getTime() + 7 * DAY).toISOString(),
      ...over,
    },
  });
}

async function ticketOf(m: TestMember): Promise<{ id: number; value: string }> {
  const res = await grant({ username: m.username });
  expect(res.statusCode, res.body).toBe(200);
  expect(body<{ members: number }>(res).data.members).toBe(1);
  const list = body<{ list: Array<{ id: number; value: string; status: string }> }>(
    await as(t.app, m, { method: 'GET', url: '/v1/free-bets' }),
  ).data.list;
  expect(list).toHaveLength(1);
  return list[0]!;
}

async function single(m: TestMember, match: MatchRow, win: boolean, extra: Record<string, unknown>) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const option = wdlOption(t, match, win);
  return submit(
    t,
    m,
    {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
      ...extra,
    },
    `fb-${m.id}-${++submissions}`,
  );
}

const postedOf = async (m: TestMember) => (await entriesOf(t, m.id)).map((e) => [e.type, e.amount]);

const balanceOf = async (m: TestMember) =>
  body<{ balance: string }>(await as(t.app, m, { method: 'GET', url: '/v1/user/balance' })).data.balance;

describe('免费投注券', () => {
  it('stakes an order: nothing paid, and a win pays the prize net of the stake as an entry of its own', async () => {
    const m = await newMember(t.app);
    const ticket = await ticketOf(m);
    expect(ticket.value).toBe('10.00');
    const [a] = await openMatches(t, 'football', 1);
    const res = await single(m, a!, true, { free_bet_id: ticket.id });
    expect(res.statusCode, res.body).toBe(200);
    const placed = body<{ order_id: number; order_no: string; balance: string; free_bet: { id: number } }>(
      res,
    ).data;
    expect(placed.balance).toBe('0.00');
    expect(placed.free_bet).toMatchObject({ id: ticket.id, value: '10.00', winnings: null });
    expect(await postedOf(m)).toEqual([]);

    // Used once: the same ticket on another order is refused.
    const again = await single(m, a!, true, { free_bet_id: ticket.id });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('免费投注券已使用，不能使用');

    await finish(t, [a!]);
    const detail = body<{ status: string; payout: string; free_bet: { winnings: string } }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/detail/${placed.order_id}` }),
    ).data;
    expect(detail.status).toBe('won');
    const net = Math.round(Number(detail.payout) * 100) - 1_000;
    expect(detail.free_bet.winnings).toBe(formatFen(BigInt(net)));
    expect(await postedOf(m)).toEqual([
      ['payout', BigInt(Math.round(Number(detail.payout) * 100))],
      ['free_bet', -1_000n],
    ]);
    expect(await balanceOf(m)).toBe(formatFen(BigInt(net)));
    const history = body<{ list: Array<{ status: string; order_no: string; winnings: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/free-bets?status=history' }),
    ).data.list;
    expect(history[0]).toMatchObject({
      status: 'used',
      order_no: placed.order_no,
      winnings: detail.free_bet.winnings,
    });
  });

  it('a loss costs the member nothing; voided afterwards, the refund is no cash and is taken back', async () => {
    const m = await newMember(t.app);
    const ticket = await ticketOf(m);
    const [a] = await openMatches(t, 'football', 1);
    const placed = body<{ order_id: number }>(await single(m, a!, false, { free_bet_id: ticket.id })).data;
    await finish(t, [a!]);
    expect(await postedOf(m)).toEqual([]);
    // Voided: the order is refunded 10.00 as a correction, which is no cash: it is taken back.
    const voided = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${a!.id}/correction`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(voided)).toMatchObject({ code: 200 });
    expect(await postedOf(m)).toEqual([
      ['settle_correction', 1_000n],
      ['free_bet', -1_000n],
    ]);
    expect(await balanceOf(m)).toBe('0.00');
    const [row] = await t.database.db.select().from(freeBets).where(eq(freeBets.orderId, placed.order_id));
    expect(row).toMatchObject({ taken: 1_000n, winnings: 0n });
  });

  it('an order refunded at settlement (match cancelled) pays no cash for the ticket', async () => {
    const m = await newMember(t.app);
    const ticket = await ticketOf(m);
    const [gone] = await openMatches(t, 'football', 1, 'cancelled');
    const res = await single(m, gone!, true, { free_bet_id: ticket.id });
    expect(res.statusCode, res.body).toBe(200);
    await finish(t, [gone!]);
    expect(await postedOf(m)).toEqual([
      ['bet_refund', 1_000n],
      ['bet_refund', -1_000n],
    ]);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('refuses a ticket that does not fit the slip and another member’s ticket, with nothing written', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const ticket = await ticketOf(m);
    const other = await newMember(t.app);
    const [a] = await openMatches(t, 'football', 1);
    const before = await postedOf(m);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ free_bet_id: ticket.id, multiple: 4 }, 422, '投注金额须等于券面金额10.00元'],
      [{ free_bet_id: 999_999 }, 404, '免费投注券不存在'],
      [{ free_bet_id: 'x' }, 400, '免费投注券ID须为数字'],
    ];
    for (const [extra, status, message] of cases) {
      const res = await single(m, a!, true, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(body(res).message).toContain(message);
    }
    const stolen = await single(other, a!, true, { free_bet_id: ticket.id });
    expect(stolen.statusCode).toBe(404);
    expect(await postedOf(m)).toEqual(before);
    const list = body<{ list: Array<{ status: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/free-bets' }),
    ).data.list;
    expect(list.map((l) => l.status)).toEqual(['available']);

    // A ticket with a higher minimum odds than the pick.
    const strict = await grant({ username: m.username, min_odds: '50' });
    expect(strict.statusCode).toBe(200);
    const tickets = body<{ list: Array<{ id: number; min_odds: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/free-bets' }),
    ).data.list;
    const high = tickets.find((x) => x.min_odds === '50.00')!;
    const low = await single(m, a!, true, { free_bet_id: high.id });
    expect(body(low).message).toBe('每场赔率须不低于50.00');
  });

  it('is never granted to a member in a time-out; above the threshold it waits for a second operator', async () => {
    const tag = `fb${randomBytes(4).toString('hex')}`;
    const [m1, m2, m3] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    for (const m of [m1, m2, m3]) {
      const tagged = await as(t.app, admin, {
        method: 'PUT',
        url: `/admin/v1/members/${m.id}/tags`,
        payload: { tags: [tag], reason: '测试分组' },
      });
      expect(tagged.statusCode, tagged.body).toBe(200);
    }
    const out = await as(t.app, m3, {
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      payload: { choice: 'timeout_24h', password: m3.password },
    });
    expect(out.statusCode, out.body).toBe(200);
    const res = await grant({ target: 'tag', tag, value: '600' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{ status: string; members: number; excluded: number; total: string }>(res);
    expect(answer.data).toMatchObject({ status: 'pending', members: 2, excluded: 1, total: '1200.00' });
    expect(answer.message).toContain('复核');
    const none = body<{ total: number }>(await as(t.app, m1, { method: 'GET', url: '/v1/free-bets' })).data;
    expect(none.total).toBe(0);
    await approvedBy(t.app, admin, res);
    for (const [m, n] of [
      [m1, 1],
      [m2, 1],
      [m3, 0],
    ] as const) {
      const list = body<{ total: number }>(await as(t.app, m, { method: 'GET', url: '/v1/free-bets' })).data;
      expect(list.total, m.username).toBe(n);
    }
  });

  it('is revoked by an operator with a reason, and refused to roles without the permission', async () => {
    const m = await newMember(t.app);
    const ticket = await ticketOf(m);
    expect((await grant({ username: m.username }, risk)).statusCode).toBe(403);
    const revoked = await as(t.app, content, {
      method: 'POST',
      url: `/admin/v1/free-bets/${ticket.id}/revoke`,
      payload: { reason: '发放错误' },
    });
    expect(body<{ status: string }>(revoked).data.status).toBe('revoked');
    const again = await as(t.app, content, {
      method: 'POST',
      url: `/admin/v1/free-bets/${ticket.id}/revoke`,
      payload: { reason: '发放错误' },
    });
    expect(again.statusCode).toBe(409);
    const listed = body<{ list: Array<{ id: number; status: string; username: string }> }>(
      await as(t.app, content, { method: 'GET', url: `/admin/v1/free-bets?username=${m.username}` }),
    ).data.list;
    expect(listed).toEqual([
      expect.objectContaining({ id: ticket.id, status: 'revoked', username: m.username }),
    ]);
  });
});
