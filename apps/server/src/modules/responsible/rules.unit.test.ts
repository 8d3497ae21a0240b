import { describe, expect, it } from 'vitest';
import type { PlayExclusionRow, PlayLimitRow } from './responsible.repo.ts';
import {
  beijingMonthDayTime,
  changeLimit,
  effectiveLimit,
  exclusionOf,
  exclusionRefusal,
  governingExclusion,
  limitRefusal,
  usedOf,
} from './rules.ts';

const NOW = new Date('2026-11-26T04:00:00Z');
const HOUR = 3_600_000;
const key = { memberId: 1, kind: 'stake', period: 'day' } as const;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

function limit(amount: bigint | null, pending?: { amount: bigint | null; at: Date }): PlayLimitRow {
  return {
    ...key,
    amount,
    pendingAmount: pending?.amount ?? null,
    pendingRemove: pending ? pending.amount === null : false,
    pendingAt: pending?.at ?? null,
    updatedAt: NOW,
  };
}

function exclusion(
  row: Partial<PlayExclusionRow> & Pick<PlayExclusionRow, 'kind' | 'endsAt'>,
): PlayExclusionRow {
  return { id: 1, memberId: 1, startsAt: NOW, returnRequestedAt: null, createdAt: NOW, ...row };
}

describe('changing a limit', () => {
  it('applies a first, lower or equal limit at once and cancels what was pending', () => {
    expect(changeLimit(undefined, key, 1_000n, NOW)).toMatchObject({ amount: 1_000n, pendingAt: null });
    const pendingRaise = limit(1_000n, { amount: 5_000n, at: at(24) });
    expect(changeLimit(pendingRaise, key, 800n, NOW)).toMatchObject({ amount: 800n, pendingAt: null });
    expect(changeLimit(pendingRaise, key, 1_000n, NOW)).toMatchObject({
      amount: 1_000n,
      pendingAmount: null,
    });
  });

  it('keeps a raise or removal pending 24 h; the same request again keeps its time', () => {
    const raised = changeLimit(limit(1_000n), key, 2_000n, NOW);
    expect(raised).toMatchObject({
      amount: 1_000n,
      pendingAmount: 2_000n,
      pendingRemove: false,
      pendingAt: at(24),
    });
    expect(changeLimit(raised, key, 2_000n, at(5)).pendingAt).toEqual(at(24));
    expect(changeLimit(raised, key, 3_000n, at(5)).pendingAt).toEqual(at(29));
    const removal = changeLimit(raised, key, null, at(5));
    expect(removal).toMatchObject({
      amount: 1_000n,
      pendingAmount: null,
      pendingRemove: true,
      pendingAt: at(29),
    });
    expect(changeLimit(undefined, key, null, NOW)).toMatchObject({ amount: null, pendingAt: null });
  });

  it('applies a pending change once its time has come', () => {
    const pending = limit(1_000n, { amount: null, at: at(24) });
    expect(effectiveLimit(pending, at(23)).changed).toBe(false);
    expect(effectiveLimit(pending, at(24))).toMatchObject({
      changed: true,
      row: { amount: null, pendingAt: null },
    });
  });
});

describe('usage and refusals', () => {
  it('counts a loss as stakes − payouts, never below 0', () => {
    expect(usedOf('loss', { deposits: 0n, stakes: 500n, payouts: 200n })).toBe(300n);
    expect(usedOf('loss', { deposits: 0n, stakes: 500n, payouts: 900n })).toBe(0n);
    expect(usedOf('stake', { deposits: 0n, stakes: -50n, payouts: 0n })).toBe(0n);
    expect(usedOf('deposit', { deposits: 700n, stakes: 0n, payouts: 0n })).toBe(700n);
  });

  it('says which limit, how much is left and when it resets, in Beijing time', () => {
    const resets = new Date('2026-11-26T16:00:00Z');
    expect(beijingMonthDayTime(resets)).toBe('11月27日 00:00');
    expect(limitRefusal('stake', 'day', 12_000n, resets)).toBe(
      '超出每日投注限额：本期剩余 120.00 元，将于 11月27日 00:00 重置',
    );
    expect(limitRefusal('loss', 'week', -500n, resets)).toBe(
      '已达到每周亏损限额：本期剩余 0.00 元，将于 11月27日 00:00 重置',
    );
  });
});

describe('time-outs and self-exclusions', () => {
  it('ends a time-out at its end and a self-exclusion 24 h after the return request', () => {
    const timeout = exclusion({ kind: 'timeout', endsAt: at(24) });
    expect(governingExclusion([timeout], at(23))).toBe(timeout);
    expect(governingExclusion([timeout], at(24))).toBeNull();
    const self = exclusion({ kind: 'self_exclusion', endsAt: at(48) });
    expect(governingExclusion([self], at(1000))).toBe(self);
    const asked = { ...self, returnRequestedAt: at(50) };
    expect(governingExclusion([asked], at(73))).toBe(asked);
    expect(governingExclusion([asked], at(74))).toBeNull();
  });

  it('lets the longest one govern: a self-exclusion awaiting its return outlasts any time-out', () => {
    const timeout = exclusion({ kind: 'timeout', endsAt: at(720) });
    const self = exclusion({ kind: 'self_exclusion', endsAt: at(10) });
    expect(governingExclusion([timeout, self], at(20))).toBe(self);
    expect(exclusionRefusal(self, 'stake', at(20))).toBe(
      '您的自我排除期已于 2026-11-26 22:00 结束，请先申请恢复，申请24小时后方可投注、充值或转入',
    );
  });

  it('computes the end of each choice', () => {
    expect(exclusionOf('timeout_7d', NOW)).toEqual({ kind: 'timeout', endsAt: at(7 * 24) });
    expect(exclusionOf('exclusion_1y', NOW)).toEqual({
      kind: 'self_exclusion',
      endsAt: new Date('2027-11-26T04:00:00Z'),
    });
    expect(
      exclusionRefusal(
        exclusion({ kind: 'timeout', endsAt: new Date('2026-12-03T10:00:00Z') }),
        'deposit',
        NOW,
      ),
    ).toBe('您已设置冷静期至 2026-12-03 18:00，期间不能投注、充值或转入');
  });
});
