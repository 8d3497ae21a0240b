import { describe, expect, it } from 'vitest';
import { slipBoost, type RunningBoost } from './boost.ts';

const boost = (over: Partial<RunningBoost>): RunningBoost => ({
  id: 1,
  name: '2串1 加奖',
  sport: 'football',
  pass_types: ['2x1'],
  starts_at: '2026-12-01T00:00:00.000Z',
  ends_at: '2026-12-08T00:00:00.000Z',
  vip_min: null,
  tag: null,
  rate_bp: 500,
  rate_text: '5%',
  cap_per_order: '1000.00',
  ...over,
});
const at = new Date('2026-12-03T00:00:00Z');

describe('the slip’s 加奖', () => {
  it('is the highest-rate campaign of the slip’s sport and pass type, running now', () => {
    const list = [
      boost({}),
      boost({ id: 2, rate_bp: 800, rate_text: '8%', pass_types: [] }),
      boost({ id: 3, rate_bp: 900, sport: 'basketball' }),
    ];
    expect(slipBoost(list, { sport: 'football', passType: '2x1' }, at)?.id).toBe(2);
    expect(slipBoost([boost({})], { sport: 'football', passType: '3x1' }, at)).toBeNull();
    expect(
      slipBoost([boost({})], { sport: 'football', passType: '2x1' }, new Date('2026-12-09T00:00:00Z')),
    ).toBeNull();
    expect(slipBoost(undefined, { sport: 'football', passType: '2x1' }, at)).toBeNull();
    expect(slipBoost([boost({})], { sport: 'football', passType: null }, at)).toBeNull();
  });
});
