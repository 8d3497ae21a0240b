import { describe, expect, it } from 'vitest';
import { bpToPercent, VIP_LEVELS, vipLevelFor, vipLevelsToReach, vipProgress } from './vip.ts';

describe('vip ladder', () => {
  it('needs both deposits and turnover to reach a level', () => {
    expect(vipLevelFor(0n, 0n).level).toBe(0);
    expect(vipLevelFor(100_000n, 0n).level).toBe(0);
    expect(vipLevelFor(100_000n, 300_000n).level).toBe(1);
    expect(vipLevelFor(99_999n, 300_000n).level).toBe(0);
    expect(vipLevelFor(10n ** 12n, 10n ** 12n).level).toBe(VIP_LEVELS.at(-1)!.level);
  });

  it('reports progress as the lesser of the two parts', () => {
    const level0 = VIP_LEVELS[0]!;
    expect(vipProgress(level0, 50_000n, 300_000n)).toBe(50);
    expect(vipProgress(level0, 100_000n, 30_000n)).toBe(10);
    expect(vipProgress(VIP_LEVELS.at(-1)!, 0n, 0n)).toBe(100);
  });

  it('thresholds rise with the level', () => {
    for (let i = 1; i < VIP_LEVELS.length; i++) {
      expect(VIP_LEVELS[i]!.minPaysum > VIP_LEVELS[i - 1]!.minPaysum).toBe(true);
      expect(VIP_LEVELS[i]!.minTotalgame > VIP_LEVELS[i - 1]!.minTotalgame).toBe(true);
    }
  });

  it('prints basis points as percent', () => {
    expect(bpToPercent(50)).toBe('0.50');
    expect(bpToPercent(120)).toBe('1.20');
    expect(bpToPercent(5)).toBe('0.05');
  });
});

describe('vipLevelsToReach', () => {
  it('lists every level passed on the way up, lowest first, and never goes down', () => {
    expect(vipLevelsToReach(0, 2_000_000n, 8_000_000n).map((l) => l.level)).toEqual([1, 2, 3]);
    expect(vipLevelsToReach(2, 2_000_000n, 8_000_000n).map((l) => l.level)).toEqual([3]);
    expect(vipLevelsToReach(5, 0n, 0n)).toEqual([]);
  });
});
