import { describe, expect, it } from 'vitest';
import { histogramsSvg } from './charts.ts';
import { parseDieharder } from './dieharder.ts';
import { formatP } from './report.ts';

describe('dieharder output', () => {
  it('reads PASSED, WEAK and FAILED rows and skips the banner', () => {
    const output = [
      '#=============================================================================#',
      '#            dieharder version 3.31.1 Copyright 2003 Robert G. Brown          #',
      '#=============================================================================#',
      '   rng_name    |rands/second|   Seed   |',
      'stdin_input_raw|  1.23e+06  |1234567890|',
      '#=============================================================================#',
      '        test_name   |ntup| tsamples |psamples|  p-value |Assessment',
      '#=============================================================================#',
      '   diehard_birthdays|   0|       100|     100|0.59202333|  PASSED  ',
      '         sts_serial|  16|    100000|     100|0.99712345|   WEAK   ',
      '      rgb_bitdist|   8|    100000|     100|0.00000001|  FAILED  ',
    ].join('\n');
    expect(parseDieharder(output)).toEqual([
      {
        test: 'diehard_birthdays',
        ntup: 0,
        tsamples: 100,
        psamples: 100,
        pValue: 0.59202333,
        assessment: 'PASSED',
      },
      {
        test: 'sts_serial',
        ntup: 16,
        tsamples: 100000,
        psamples: 100,
        pValue: 0.99712345,
        assessment: 'WEAK',
      },
      {
        test: 'rgb_bitdist',
        ntup: 8,
        tsamples: 100000,
        psamples: 100,
        pValue: 0.00000001,
        assessment: 'FAILED',
      },
    ]);
  });
});

describe('report figures', () => {
  it('writes p-values with four decimals, in scientific notation when small', () => {
    expect(formatP(0.51234)).toBe('0.5123');
    expect(formatP(0.00012)).toBe('1.2E-4');
    expect(formatP(0)).toBe('< 1E-15');
  });

  it('draws one panel per histogram with bars and expected ticks', () => {
    const svg = histogramsSvg([
      { title: 'position 1', labels: ['1', '2'], observed: [10, 12], expected: [11, 11] },
      { title: 'sum <3>', labels: ['2', '3'], observed: [5, 6], expected: [5.5, 5.5] },
    ]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect x=/g)?.length).toBe(5); // four bars and the legend's swatch
    expect(svg).toContain('sum &lt;3&gt;');
  });
});
