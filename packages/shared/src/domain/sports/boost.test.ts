import { describe, expect, it } from 'vitest';
import { bestBoost, boostAmount, boostCovers, boostRateText, type BoostRule } from './boost.ts';

const day = (d: number) => new Date(Date.UTC(2026, 11, d));
const rule = (over: Partial<BoostRule> = {}): BoostRule => ({
  id: 1,
  sport: 'football',
  passTypes: ['2x1'],
  startsAt: day(1),
  endsAt: day(8),
  vipMin: null,
  tag: null,
  rateBp: 500,
  capPerOrderFen: 100_000n,
  active: true,
  ...over,
});
const order = { sport: 'football' as const, passType: '2x1', at: day(3) };
const member = { vipLevel: 2, tags: ['高价值'] };

describe('加奖 rules', () => {
  it('covers an order of its sport and pass type, placed in its dates, by a member of its group', () => {
    expect(boostCovers(rule(), order, member)).toBe(true);
    expect(boostCovers(rule({ sport: null, passTypes: [] }), { ...order, sport: 'basketball' }, member)).toBe(
      true,
    );
    expect(boostCovers(rule(), { ...order, passType: '3x1' }, member)).toBe(false);
    expect(boostCovers(rule(), { ...order, sport: 'basketball' }, member)).toBe(false);
    // Dates: from the start, up to but not including the end.
    expect(boostCovers(rule(), { ...order, at: day(1) }, member)).toBe(true);
    expect(boostCovers(rule(), { ...order, at: day(8) }, member)).toBe(false);
    expect(boostCovers(rule({ vipMin: 3 }), order, member)).toBe(false);
    expect(boostCovers(rule({ vipMin: 2 }), order, member)).toBe(true);
    expect(boostCovers(rule({ tag: '新会员' }), order, member)).toBe(false);
    expect(boostCovers(rule({ tag: '高价值' }), order, member)).toBe(true);
    expect(boostCovers(rule({ active: false }), order, member)).toBe(false);
  });

  it('gives an order the best campaign, never two', () => {
    const a = rule({ id: 1, rateBp: 500 });
    const b = rule({ id: 2, rateBp: 800 });
    const c = rule({ id: 3, rateBp: 800, capPerOrderFen: 200_000n });
    const d = rule({ id: 4, rateBp: 1_000, passTypes: ['3x1'] });
    expect(bestBoost([a, b, c, d], order, member)?.id).toBe(3);
    expect(bestBoost([a, b], order, member)?.id).toBe(2);
    expect(bestBoost([d], order, member)).toBeNull();
  });

  it('comes to floor(prize × rate), at most the cap', () => {
    expect(boostAmount(12_345n, 500, 100_000n)).toBe(617n); // 123.45元 × 5 % = 6.1725元 → 6.17元
    expect(boostAmount(10_000_000n, 500, 100_000n)).toBe(100_000n);
    expect(boostAmount(0n, 500, 100_000n)).toBe(0n);
    expect(boostRateText(500)).toBe('5%');
    expect(boostRateText(250)).toBe('2.5%');
    expect(boostRateText(1_234)).toBe('12.34%');
  });
});
