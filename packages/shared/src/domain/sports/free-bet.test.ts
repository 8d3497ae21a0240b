import { describe, expect, it } from 'vitest';
import {
  freeBetMultiple,
  freeBetPlayOf,
  freeBetPlaysText,
  freeBetProblem,
  freeBetWinnings,
} from './free-bet.ts';

const ticket = {
  valueFen: 1_000n,
  minOddsX100: 150,
  plays: ['single', 'parlay'] as const,
  expiresAt: new Date('2030-06-20T00:00:00Z'),
};
const slip = {
  passType: '2x1',
  totalStakeFen: 1_000n,
  odds: ['1.85', '2.10'],
  inPlay: false,
  at: new Date('2030-06-12T04:00:00Z'),
};

describe('free bets', () => {
  it('names the play of a pass type: 单关, N串1, M串N', () => {
    expect(freeBetPlayOf('single')).toBe('single');
    expect(freeBetPlayOf('3x1')).toBe('parlay');
    expect(freeBetPlayOf('3x4')).toBe('system');
    expect(freeBetPlayOf('nope')).toBeNull();
    expect(freeBetPlaysText(['parlay', 'single'])).toBe('单关、串关（N串1）');
  });

  it('takes a slip whose stake is the ticket, every pick at the minimum odds, on an allowed play', () => {
    expect(freeBetProblem(ticket, slip)).toBeNull();
  });

  it('says why a slip cannot use it', () => {
    expect(freeBetProblem(ticket, { ...slip, passType: '3x4' })).toBe('该券仅限单关、串关（N串1）使用');
    expect(freeBetProblem(ticket, { ...slip, totalStakeFen: 1_200n })).toBe('投注金额须等于券面金额10.00元');
    expect(freeBetProblem(ticket, { ...slip, odds: ['1.49', '2.10'] })).toBe('每场赔率须不低于1.50');
    expect(freeBetProblem(ticket, { ...slip, inPlay: true })).toBe('免费投注券不可用于滚球投注');
    expect(freeBetProblem(ticket, { ...slip, at: ticket.expiresAt })).toBe('免费投注券已过期');
  });

  it('pays a win net of the stake: 10元 at 3.89 returns 38.90, the member gets 28.90', () => {
    expect(freeBetWinnings(3_890n, 1_000n)).toBe(2_890n);
    expect(freeBetWinnings(0n, 1_000n)).toBe(0n);
  });

  it('finds the multiple that makes a slip stake the ticket', () => {
    expect(freeBetMultiple(1_000n, 1)).toBe(5);
    expect(freeBetMultiple(1_200n, 3)).toBe(2);
    expect(freeBetMultiple(1_000n, 4)).toBeNull();
    expect(freeBetMultiple(100_000n, 1)).toBeNull();
  });
});
