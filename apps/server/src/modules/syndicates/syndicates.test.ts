/**
 * 合买: a plan that fills is placed as its initiator's order staked from every holder's frozen
 * shares, and its payout is split by shares after the commission, to the 分; a short plan is
 * filled from its 保底, or fails (流产) with every share returned; an operator can force a 流产
 * (audited); 50 members racing for the last shares never oversell. The ledger holds what every
 * member paid and received.
 */
import { betPrize, formatFen, parseSportsOdds, splitPayout } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { rowsOf } from '../../db/rows.ts';
import { memberValidBets } from '../../db/valid-bets.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, body, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fundedMember,
  oddsOf,
  openMatches,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const clock = () => t.app.services.clock as ManualClock;

const member = (fen?: bigint) => fundedMember(t, fen);

interface Plan {
  id: number;
  plan_no: string;
  status: string;
  sold_shares: number;
  shares: number;
  share_price: string;
  guarantee_shares: number;
  progress: number;
  participants: number;
  my_shares: number;
  my_payout: string;
  payout: string;
  commission: string;
  order_no: string | null;
  fail_reason: string | null;
  selections_visible: boolean;
  legs: Array<{ option: string }>;
  deadline_at: string;
  initiator: string;
  holders: Array<{ member: string; initiator: boolean; shares: number; amount: string; payout: string }>;
}

/** A ×`multiple` 胜平负 single on the match's winning (or a losing) option. */
async function slip(match: MatchRow, win: boolean, multiple: number) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const option = wdlOption(t, match, win);
  return {
    odds: odds[option]!,
    slip: {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
    },
  };
}

let keys = 0;
const create = (m: TestMember, payload: Record<string, unknown>) =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/syndicates',
    payload,
    headers: { 'idempotency-key': `plan-${m.id}-${++keys}` },
  });
const buy = (m: TestMember, id: number, shares: number) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/syndicates/${id}/buy`,
    payload: { shares },
    headers: { 'idempotency-key': `buy-${m.id}-${++keys}` },
  });
const planOf = async (m: TestMember, id: number) =>
  body<Plan>(await as(t.app, m, { method: 'GET', url: `/v1/syndicates/${id}` })).data;

async function wallets(m: TestMember) {
  const rows = rowsOf<{ kind: string; balance: string }>(
    await t.database.db.execute(sql`SELECT kind, balance::text FROM wallets WHERE member_id = ${m.id}`),
  );
  return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.balance)]));
}

describe('合买', () => {
  it('fills, is placed from the holders’ frozen shares, wins and splits the payout by shares after the commission', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const { slip: s, odds } = await slip(match!, true, 50); // 100.00 元
    const created = await create(a, {
      slip: s,
      shares: 10,
      buy_shares: 1,
      commission_bp: 500,
      visibility: 'holders',
      title: '稳胆一场',
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = body<{ plan: Plan; balance: string }>(created).data;
    expect(plan.balance).toBe('990.00');
    expect(plan.plan).toMatchObject({
      status: 'open',
      shares: 10,
      share_price: '10.00',
      sold_shares: 1,
      progress: 10,
      selections_visible: true,
    });
    // Not a holder: the selections stay hidden; a holder sees them.
    expect(await planOf(d, plan.plan.id)).toMatchObject({ selections_visible: false, legs: [] });
    expect(body(await buy(b, plan.plan.id, 5))).toMatchObject({ code: 200 });
    expect((await planOf(b, plan.plan.id)).legs).toHaveLength(1);
    // More than is left is refused, with what is left.
    expect(body(await buy(c, plan.plan.id, 5))).toMatchObject({
      code: 409,
      message: '剩余份数不足，仅剩4份',
    });
    expect(body(await buy(c, plan.plan.id, 4))).toMatchObject({ code: 200 });
    expect(await wallets(c)).toMatchObject({ main: 96_000n, frozen: 4_000n });

    expect(await t.app.services.syndicates.run()).toEqual({ placed: 1, failed: 0 });
    const placed = await planOf(a, plan.plan.id);
    expect(placed).toMatchObject({ status: 'placed', sold_shares: 10, participants: 3 });
    expect(placed.order_no).toMatch(/^S/);
    // Each holder's shares left their frozen wallet as a bet of the order; the initiator paid only theirs.
    for (const [m, fen] of [
      [a, 1_000n],
      [b, 5_000n],
      [c, 4_000n],
    ] as const) {
      expect(await wallets(m)).toMatchObject({ frozen: 0n });
      expect((await entriesOf(t, m.id)).filter((e) => e.type === 'bet').map((e) => e.amount)).toEqual([-fen]);
    }
    const detail = body<{ syndicate_id: number | null; total_amount: string }>(
      await as(t.app, a, { method: 'GET', url: `/v1/order/by-no/${placed.order_no}/detail` }),
    ).data;
    expect(detail).toMatchObject({ syndicate_id: plan.plan.id, total_amount: '100.00' });
    // The plan's order is not the initiator's to cash out or to 晒单.
    const offer = body<{ data: { available: boolean; reason: string } }>(
      await as(t.app, a, { method: 'GET', url: `/v1/cash-out/${placed.order_no}` }),
    );
    expect(offer).toMatchObject({ data: { available: false } });
    expect(body(await buy(d, plan.plan.id, 1))).toMatchObject({
      code: 409,
      message: '该方案已出票，不能认购',
    });

    await finish(t, [match!]);
    const payout = betPrize([parseSportsOdds(odds)!], 50);
    const split = splitPayout({
      payoutFen: payout,
      totalFen: 10_000n,
      shares: 10,
      rateBp: 500,
      initiatorId: a.id,
      holdings: [
        { memberId: a.id, shares: 1 },
        { memberId: b.id, shares: 5 },
        { memberId: c.id, shares: 4 },
      ],
    });
    const won = await planOf(b, plan.plan.id);
    expect(won).toMatchObject({
      status: 'won',
      payout: formatFen(payout),
      commission: formatFen(split.commissionFen),
      my_payout: formatFen(split.parts.get(b.id)!),
    });
    const received = async (m: TestMember) =>
      (await entriesOf(t, m.id))
        .filter((e) => e.type === 'payout' || e.type === 'syndicate_payout')
        .reduce((sum, e) => sum + e.amount, 0n);
    expect(await received(a)).toBe(split.parts.get(a.id));
    expect(await received(b)).toBe(split.parts.get(b.id));
    expect(await received(c)).toBe(split.parts.get(c.id));
    expect((await received(a)) + (await received(b)) + (await received(c))).toBe(payout);
    expect(await wallets(b)).toMatchObject({ main: 95_000n + split.parts.get(b.id)!, frozen: 0n });
    // 有效投注: each holder their shares' amount, not the whole plan for its initiator.
    const from = new Date(0);
    const to = new Date(clock().now().getTime() + 400 * 86_400_000);
    expect(await memberValidBets(t.database.db, a.id, from, to)).toBe(1_000n);
    expect(await memberValidBets(t.database.db, b.id, from, to)).toBe(5_000n);
    expect(await memberValidBets(t.database.db, c.id, from, to)).toBe(4_000n);
  });

  it('fills a short plan from its 保底 at the deadline, and returns what the guarantee did not need', async () => {
    const [, match] = await openMatches(t, 'football', 2);
    const [a, b] = [await member(), await member()];
    const { slip: s } = await slip(match!, false, 10); // 20.00 元, 20 shares of 1 元
    const plan = body<{ plan: Plan }>(
      await create(a, { slip: s, shares: 20, buy_shares: 1, guarantee_shares: 10 }),
    ).data.plan;
    expect(plan.guarantee_shares).toBe(10);
    expect(await wallets(a)).toMatchObject({ main: 98_900n, frozen: 1_100n });
    expect(body(await buy(b, plan.id, 15))).toMatchObject({ code: 200 });
    // Not full, not yet at the deadline: nothing happens.
    expect(await t.app.services.syndicates.run()).toEqual({ placed: 0, failed: 0 });
    const before = clock().now();
    clock().set(new Date(plan.deadline_at));
    try {
      expect(body(await buy(b, plan.id, 1))).toMatchObject({ code: 409, message: '该方案已截止认购' });
      expect(await t.app.services.syndicates.run()).toEqual({ placed: 1, failed: 0 });
    } finally {
      clock().set(before);
    }
    const placed = await planOf(a, plan.id);
    expect(placed).toMatchObject({ status: 'placed', sold_shares: 20, guarantee_shares: 0, my_shares: 5 });
    // 4 of the 10 guaranteed shares were bought; the other 6 returned.
    expect(await wallets(a)).toMatchObject({ main: 99_500n, frozen: 0n });
    await finish(t, [match!]);
    expect(await planOf(a, plan.id)).toMatchObject({ status: 'lost', payout: '0.00', commission: '0.00' });
    expect((await entriesOf(t, b.id)).filter((e) => e.type === 'syndicate_payout')).toEqual([]);
  });

  it('fails (流产) a plan still short at the deadline: every share and the guarantee returned, the holders told', async () => {
    const [, , match] = await openMatches(t, 'football', 3);
    const [a, b] = [await member(), await member()];
    const { slip: s } = await slip(match!, true, 10);
    const plan = body<{ plan: Plan }>(
      await create(a, { slip: s, shares: 10, buy_shares: 1, guarantee_shares: 2 }),
    ).data.plan;
    expect(body(await buy(b, plan.id, 3))).toMatchObject({ code: 200 });
    const before = clock().now();
    clock().set(new Date(plan.deadline_at));
    try {
      expect(await t.app.services.syndicates.run()).toEqual({ placed: 0, failed: 1 });
    } finally {
      clock().set(before);
    }
    expect(await planOf(b, plan.id)).toMatchObject({
      status: 'failed',
      fail_reason: '截止时认购未满且保底不足',
    });
    expect(await wallets(a)).toMatchObject({ main: 100_000n, frozen: 0n });
    expect(await wallets(b)).toMatchObject({ main: 100_000n, frozen: 0n });
    const inbox = rowsOf<{ title: string }>(
      await t.database.db.execute(sql`SELECT title FROM messages WHERE member_id = ${b.id}`),
    );
    expect(inbox.map((m) => m.title)).toContain('合买方案流产');
  });

  it('refuses a bad split, too small a part, an excluded buyer; nothing is written', async () => {
    const [, , , match] = await openMatches(t, 'football', 4);
    const a = await member();
    const { slip: s } = await slip(match!, true, 5); // 10.00 元
    expect(body(await create(a, { slip: s, shares: 3, buy_shares: 1 }))).toMatchObject({
      code: 422,
      message: '方案金额须能被份数整除（每份金额精确到分）',
    });
    expect(body(await create(a, { slip: s, shares: 20, buy_shares: 1 }))).toMatchObject({
      code: 422,
      message: '每份金额不能低于1元',
    });
    expect(body(await create(a, { slip: s, shares: 10, buy_shares: 1, guarantee_shares: 10 }))).toMatchObject(
      {
        code: 422,
        message: '保底份数不能超过剩余的9份',
      },
    );
    expect(body(await create(a, { slip: s, shares: 10, buy_shares: 0 }))).toMatchObject({
      code: 400,
      message: '发起人至少认购1份',
    });
    expect(body(await create(a, { slip: s, shares: 10, buy_shares: 1, commission_bp: 1001 }))).toMatchObject({
      code: 400,
      message: '佣金比例须为0-10%',
    });
    expect(await wallets(a)).toMatchObject({ main: 100_000n });
    const plan = body<{ plan: Plan }>(await create(a, { slip: s, shares: 10, buy_shares: 1 })).data.plan;
    const resting = await member();
    const out = await as(t.app, resting, {
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      payload: { choice: 'timeout_24h', password: resting.password },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await buy(resting, plan.id, 1)).statusCode).toBe(403);
    expect(await wallets(resting)).toMatchObject({ main: 100_000n, frozen: 0n });
    const poor = await member(50n);
    expect(body(await buy(poor, plan.id, 1))).toMatchObject({ code: 422 });
    expect((await planOf(a, plan.id)).sold_shares).toBe(1);
  });

  it('an operator forces a 流产 with a reason (audited); the commission report sums won plans', async () => {
    const [, , , , match] = await openMatches(t, 'football', 5);
    const [a, b] = [await member(), await member()];
    const { slip: s } = await slip(match!, true, 5);
    const plan = body<{ plan: Plan }>(await create(a, { slip: s, shares: 10, buy_shares: 2 })).data.plan;
    expect(body(await buy(b, plan.id, 3))).toMatchObject({ code: 200 });
    const finance = await newOperator(t.app, 'finance');
    const denied = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/syndicates/${plan.id}/fail`,
      payload: { reason: '方案异常' },
    });
    expect(denied.statusCode).toBe(403);
    const risk = await newOperator(t.app, 'risk');
    const failed = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/syndicates/${plan.id}/fail`,
      payload: { reason: '方案异常' },
    });
    expect(body(failed), failed.body).toMatchObject({
      code: 200,
      data: { status: 'failed', fail_reason: '平台撤销：方案异常' },
    });
    expect(await wallets(b)).toMatchObject({ main: 100_000n, frozen: 0n });
    const audit = rowsOf<{ action: string; reason: string }>(
      await t.database.db.execute(
        sql`SELECT action, reason FROM audit_logs WHERE target_type = 'syndicate' AND target_id = ${String(plan.id)}`,
      ),
    );
    expect(audit).toEqual([{ action: 'syndicate.fail', reason: '方案异常' }]);
    expect(
      body(
        await as(t.app, risk, {
          method: 'POST',
          url: `/admin/v1/syndicates/${plan.id}/fail`,
          payload: { reason: '再次' },
        }),
      ),
    ).toMatchObject({ code: 409 });
    const list = body<{ list: Array<{ plan_no: string; status: string }> }>(
      await as(t.app, risk, { method: 'GET', url: '/admin/v1/syndicates?status=failed' }),
    ).data;
    expect(list.list.map((p) => p.plan_no)).toContain(plan.plan_no);
    const report = await as(t.app, risk, {
      method: 'GET',
      url: '/admin/v1/syndicates/commissions?from=2020-01-01&to=2099-12-31',
    });
    expect(body(report), report.body).toMatchObject({ code: 200 });
  });

  it('50 members racing for the last shares never oversell', async () => {
    const [, , , , , match] = await openMatches(t, 'football', 6);
    const a = await member();
    const { slip: s } = await slip(match!, true, 50); // 100 shares of 1 元
    const plan = body<{ plan: Plan }>(await create(a, { slip: s, shares: 100, buy_shares: 5 })).data.plan;
    const racers = await Promise.all(Array.from({ length: 50 }, () => member(10_000n)));
    const answers = await Promise.all(racers.map((m) => buy(m, plan.id, 3)));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    // 95 left, 3 each: 31 purchases fit (93 shares), then only 2 are left for anyone.
    expect(ok).toBe(31);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(body(r)).toMatchObject({ code: 409, message: '剩余份数不足，仅剩2份' });
    const after = await planOf(a, plan.id);
    expect(after).toMatchObject({ sold_shares: 98, participants: 32 });
    const frozen = rowsOf<{ total: string }>(
      await t.database.db.execute(sql`
        SELECT COALESCE(SUM(w.balance), 0)::text AS total FROM wallets w
        WHERE w.kind = 'frozen' AND w.member_id = ANY(${`{${racers.map((m) => m.id).join(',')}}`}::int[])`),
    );
    expect(BigInt(frozen[0]!.total)).toBe(9_300n);
  });
});
