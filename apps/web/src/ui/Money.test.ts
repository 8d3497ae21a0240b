import { describe, expect, it } from 'vitest';
import { yuan } from './Money.tsx';

describe('yuan: the one money formatter', () => {
  it('groups thousands with two decimals, from the server string or from 分', () => {
    expect(yuan('10000.00')).toBe('10,000.00');
    expect(yuan('-1234567.5')).toBe('-1,234,567.50');
    expect(yuan('+2000.00')).toBe('+2,000.00');
    expect(yuan(145_460n)).toBe('1,454.60');
    expect(yuan('0.10')).toBe('0.10');
  });
  it('shows -- for nothing and leaves odd input alone', () => {
    expect(yuan(null)).toBe('--');
    expect(yuan(undefined)).toBe('--');
    expect(yuan('')).toBe('--');
    expect(yuan('abc')).toBe('abc');
  });
});
