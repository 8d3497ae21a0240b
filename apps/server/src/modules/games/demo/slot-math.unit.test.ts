import { describe, expect, it } from 'vitest';
import { dragonTigerRtp, FISH_KINDS, FISH_RTP_BP, settleDragonTiger, shootFish } from './engines.ts';
import { evaluateSpin, exactRtp, linePays, REEL_STRIPS, rtpPercent, spin } from './slot-math.ts';

describe('demo slot', () => {
  it('has the published RTP of 96.56%, computed over every stop combination', () => {
    const rtp = exactRtp();
    expect(rtp.denominator).toBe(5n * 24n ** 3n);
    expect(rtp.numerator).toBe(66_740n);
    expect(rtpPercent(rtp)).toBe('96.56');
  });

  it('pays lines by the paytable', () => {
    expect(linePays(['seven', 'seven', 'seven'])).toBe(300);
    expect(linePays(['cherry', 'cherry', 'cherry'])).toBe(16);
    expect(linePays(['cherry', 'cherry', 'bell'])).toBe(5);
    expect(linePays(['cherry', 'bell', 'cherry'])).toBe(1);
    expect(linePays(['bell', 'cherry', 'cherry'])).toBe(0);
    expect(linePays(['bar', 'bar', 'bell'])).toBe(0);
  });

  it('reads the window and the five lines from the stops', () => {
    const seven = REEL_STRIPS[0]!.indexOf('seven');
    const s = evaluateSpin([seven, seven, seven], 500n);
    expect(s.grid[1]).toEqual(['seven', 'seven', 'seven']);
    expect(s.wins).toContainEqual({ line: 0, multiple: 300 });
    expect(s.payout).toBeGreaterThanOrEqual(100n * 300n);
  });

  it('draws every stop of a reel', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(spin(100n).stops[0]);
    expect(seen.size).toBe(REEL_STRIPS[0]!.length);
  });
});

describe('demo table and fishing games', () => {
  it('dragon tiger: 96.15% on a side, 92.31% on a tie, half back on a tie', () => {
    expect(rtpPercent(dragonTigerRtp('dragon'))).toBe('96.15');
    expect(rtpPercent(dragonTigerRtp('tiger'))).toBe('96.15');
    expect(rtpPercent(dragonTigerRtp('tie'))).toBe('92.31');
    expect(settleDragonTiger('dragon', 5, 5, 100n).payout).toBe(50n);
    expect(settleDragonTiger('tiger', 2, 13, 100n).payout).toBe(200n);
    expect(settleDragonTiger('tie', 7, 7, 100n).payout).toBe(1_200n);
  });

  it('fishing: each fish returns the same 95% on average', () => {
    for (const kind of FISH_KINDS) {
      const range = 10_000 * kind.multiple;
      let caught = 0;
      for (let draw = 0; draw < range; draw++) if (shootFish(kind.code, 100n, draw).caught) caught++;
      // Expected return = multiple × P(caught) = 95% exactly.
      expect(caught * kind.multiple * 10_000).toBe(FISH_RTP_BP * range);
    }
  });
});
