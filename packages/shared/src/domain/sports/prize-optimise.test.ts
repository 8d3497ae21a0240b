import { describe, expect, it } from 'vitest';
import { parseSportsOdds } from './odds.ts';
import { optimisePrize, type OptimisedBetInput } from './prize-optimise.ts';
import { betPrize } from './prize.ts';

const odds = (...texts: string[]) => texts.map((t) => parseSportsOdds(t) ?? 0n);
const bet = (...texts: string[]): OptimisedBetInput => ({ odds: odds(...texts) });
const yuan = (n: number) => BigInt(n * 100);

/**
 * A 2串1 复式 of two matches with two options each: four bets.
 *   A 1.50 / 3.00, B 2.00 / 4.00 → 3.00, 6.00, 6.00, 12.00: one unit (2元) returns 6, 12, 12, 24元.
 */
const slip = [bet('1.50', '2.00'), bet('1.50', '4.00'), bet('3.00', '2.00'), bet('3.00', '4.00')];

describe('奖金优化 worked examples (2串1 复式, 40元 = 20 units)', () => {
  it('平均优化 raises the lowest return as far as 20 units go: 9 + 5 + 4 + 2', () => {
    const plan = optimisePrize(slip, yuan(40), 'average');
    expect(plan).toMatchObject({ ok: true, fellBack: false, multiples: [9, 5, 4, 2] });
    if (!plan.ok) return;
    expect(plan.returns).toEqual([yuan(54), yuan(60), yuan(48), yuan(48)]);
    // No plan of 20 units returns more than 48元 on every bet: 54元 needs 9 + 5 + 5 + 3 = 22.
    expect(plan.returns.reduce((m, r) => (r < m ? r : m))).toBe(yuan(48));
  });

  it('博热 keeps every bet at 40元 or more (7, 4, 4, 2 units) and gives the 3 left to the likeliest (3.00)', () => {
    const plan = optimisePrize(slip, yuan(40), 'hot');
    expect(plan).toMatchObject({ ok: true, fellBack: false, multiples: [10, 4, 4, 2] });
    if (!plan.ok) return;
    expect(plan.returns).toEqual([yuan(60), yuan(48), yuan(48), yuan(48)]);
  });

  it('博冷 keeps every bet at 40元 or more and gives the 3 left to the longest (12.00)', () => {
    const plan = optimisePrize(slip, yuan(40), 'cold');
    expect(plan).toMatchObject({ ok: true, fellBack: false, multiples: [7, 4, 4, 5] });
    if (!plan.ok) return;
    expect(plan.returns).toEqual([yuan(42), yuan(48), yuan(48), yuan(120)]);
  });
});

describe('奖金优化 rules', () => {
  it('falls back to 平均优化 when 保本 does not fit: four bets at 1.56 need 3 units each to return 8元', () => {
    const low = [bet('1.20', '1.30'), bet('1.20', '1.30'), bet('1.20', '1.30'), bet('1.20', '1.30')];
    for (const method of ['hot', 'cold'] as const) {
      const plan = optimisePrize(low, yuan(8), method);
      expect(plan).toMatchObject({ ok: true, method, fellBack: true, multiples: [1, 1, 1, 1] });
    }
  });

  it('spends exactly the stake, at least one unit and at most 99 per bet, for every method and stake', () => {
    for (let units = slip.length; units <= slip.length * 99; units += 7) {
      for (const method of ['average', 'hot', 'cold'] as const) {
        const plan = optimisePrize(slip, BigInt(units) * 200n, method);
        if (!plan.ok) throw new Error(`${method} ${units}: ${plan.reason}`);
        expect(plan.multiples.reduce((a, b) => a + b, 0)).toBe(units);
        expect(Math.min(...plan.multiples)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...plan.multiples)).toBeLessThanOrEqual(99);
        expect(plan.returns).toEqual(slip.map((b, i) => betPrize(b.odds, plan.multiples[i] ?? 0)));
        if (method !== 'average' && !plan.fellBack)
          for (const r of plan.returns) expect(r).toBeGreaterThanOrEqual(BigInt(units) * 200n);
      }
    }
  });

  it('平均优化 is optimal: no single unit moved between two bets raises the lowest return', () => {
    const mixed = [
      bet('1.85', '2.10'),
      bet('1.85', '3.40'),
      bet('3.20', '2.10'),
      bet('3.20', '3.40'),
      bet('1.85', '2.10', '1.45'),
    ];
    const plan = optimisePrize(mixed, yuan(200), 'average');
    if (!plan.ok) throw new Error(plan.reason);
    const lowest = (rs: bigint[]) => rs.reduce((m, r) => (r < m ? r : m));
    const best = lowest(plan.returns);
    for (let from = 0; from < mixed.length; from++)
      for (let to = 0; to < mixed.length; to++) {
        if (from === to || (plan.multiples[from] ?? 0) <= 1) continue;
        const moved = [...plan.multiples];
        moved[from] = (moved[from] ?? 0) - 1;
        moved[to] = (moved[to] ?? 0) + 1;
        expect(lowest(mixed.map((b, i) => betPrize(b.odds, moved[i] ?? 0)))).toBeLessThanOrEqual(best);
      }
  });

  it('is the same plan however often it is asked (the app previews, the server decides)', () => {
    const a = optimisePrize(slip, yuan(66), 'average');
    const b = optimisePrize([...slip], yuan(66), 'average');
    expect(a).toEqual(b);
  });

  it('refuses a stake that is not whole 2元 units, below one unit per bet, or above 99 per bet or 20,000元', () => {
    expect(optimisePrize(slip, 4_100n, 'average')).toEqual({ ok: false, reason: 'stake_not_whole_units' });
    expect(optimisePrize(slip, yuan(6), 'average')).toEqual({ ok: false, reason: 'stake_too_small' });
    expect(optimisePrize(slip, BigInt(4 * 99 + 1) * 200n, 'average')).toEqual({
      ok: false,
      reason: 'stake_too_large',
    });
    expect(
      optimisePrize(
        Array.from({ length: 200 }, () => slip[0] as OptimisedBetInput),
        yuan(20_002),
        'average',
      ),
    ).toEqual({
      ok: false,
      reason: 'stake_too_large',
    });
    expect(optimisePrize([], yuan(2), 'average')).toEqual({ ok: false, reason: 'no_bets' });
  });

  it('a capped bet counts its capped return: 3串1 at 100.00 each stops at 200,000元', () => {
    const long = [bet('100.00', '100.00', '100.00'), bet('1.50', '1.50', '1.50')];
    const plan = optimisePrize(long, yuan(200), 'cold');
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.returns[0]).toBe(20_000_000n);
    expect(plan.multiples.reduce((a, b) => a + b, 0)).toBe(100);
  });
});
