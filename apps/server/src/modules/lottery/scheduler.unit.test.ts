import { describe, expect, it } from 'vitest';
import { currentPeriod, findLottery } from '@app/shared';
import { periodsToCreate } from './scheduler.ts';

const config = (code: string) => findLottery(code)!;

describe('periodsToCreate', () => {
  it('covers the current period and those opening within the horizon', () => {
    const now = Date.UTC(2026, 4, 20, 6, 30, 15);
    const periods = periodsToCreate(config('k3_1m'), now, 5 * 60_000);
    expect(periods[0]).toEqual(currentPeriod(config('k3_1m'), now));
    expect(periods.every((p, i) => i === 0 || p.openAt === periods[i - 1]!.drawAt)).toBe(true);
    expect(periods.at(-1)!.openAt).toBeLessThanOrEqual(now + 5 * 60_000);
    expect(periods).toHaveLength(6);
  });

  it('always has the next period, even for a weekly lottery far from its draw', () => {
    const now = Date.UTC(2026, 4, 20, 6, 0, 0);
    const periods = periodsToCreate(config('lhc'), now, 5 * 60_000);
    expect(periods).toHaveLength(2);
    expect(periods[1]!.openAt).toBe(periods[0]!.drawAt);
  });
});
