import { describe, expect, it, vi } from 'vitest';
import { tapCounter } from './tap-counter.ts';

describe('tapCounter', () => {
  it('fires on the seventh tap within three seconds, and not on slower taps', () => {
    let now = 0;
    const fired = vi.fn();
    const tap = tapCounter(fired, () => now);
    for (let i = 0; i < 6; i++) {
      tap();
      now += 400;
    }
    expect(fired).not.toHaveBeenCalled();
    tap();
    expect(fired).toHaveBeenCalledTimes(1);
    // Slow taps (one a second) never gather seven within three seconds.
    for (let i = 0; i < 10; i++) {
      now += 1_000;
      tap();
    }
    expect(fired).toHaveBeenCalledTimes(1);
  });
});
