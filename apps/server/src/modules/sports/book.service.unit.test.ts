import { describe, expect, it } from 'vitest';
import { PRIZE_CAPS_FEN, type BetSelection } from '@app/shared';
import { allot, BOOK_DEFAULT_CAP_FEN, BOOK_SHARDS, outcomeShares, shardOf } from './book.service.ts';

describe('the default cap', () => {
  it("is at least SPEC §9's highest prize cap, so one slip paying it fits a fresh outcome", () => {
    expect(BOOK_DEFAULT_CAP_FEN).toBe(PRIZE_CAPS_FEN.sixOrMore);
    for (const cap of Object.values(PRIZE_CAPS_FEN)) expect(BOOK_DEFAULT_CAP_FEN).toBeGreaterThanOrEqual(cap);
    // 8串1 ×99 at the top prize: every outcome carries 1,000,000元 − 198元.
    const legs: BetSelection[] = Array.from({ length: 8 }, (_, i) => ({
      matchId: String(i + 1),
      sport: 'football',
      betType: 'winDrawLose',
      option: 'a',
      odds: '4.00',
    }));
    const shares = outcomeShares({
      mode: 'mixed',
      multiple: 99,
      selections: legs,
      totalStake: 19_800n,
      maxPrize: PRIZE_CAPS_FEN.sixOrMore,
    });
    expect(shares).toHaveLength(8);
    for (const s of shares) expect(s.liability).toBeLessThanOrEqual(BOOK_DEFAULT_CAP_FEN);
  });
});

describe('allot', () => {
  it('gives each shard its liability and an equal part of the room, the remainder to the first', () => {
    expect(allot([0n, 0n, 0n], 100n)).toEqual([34n, 33n, 33n]);
    expect(allot([10n, 0n, 5n], 100n)).toEqual([39n, 28n, 33n]);
  });

  it('sums to the cap exactly whatever the liabilities', () => {
    for (const liabilities of [[1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n], [0n], [999n, 0n, 0n, 0n, 0n, 0n, 0n, 1n]]) {
      const allotments = allot(liabilities, 1_000n);
      expect(allotments.reduce((a, b) => a + b, 0n)).toBe(1_000n);
      allotments.forEach((a, i) => expect(a).toBeGreaterThanOrEqual(liabilities[i]!));
    }
  });

  it('leaves no room when the liability already passes the cap', () => {
    expect(allot([70n, 50n], 100n)).toEqual([70n, 50n]);
    expect(allot([50n, 50n], 100n)).toEqual([50n, 50n]);
  });

  it('spreads consecutive orders over every shard', () => {
    const shards = new Set(Array.from({ length: BOOK_SHARDS }, (_, i) => shardOf(1_000 + i)));
    expect(shards.size).toBe(BOOK_SHARDS);
  });
});
