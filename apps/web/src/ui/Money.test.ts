import { describe, expect, it } from 'vitest';
import { formatMoneyText } from './Money.tsx';

describe('formatMoneyText', () => {
  it('groups thousands without touching the decimals', () => {
    expect(formatMoneyText('10000.00')).toBe('10,000.00');
    expect(formatMoneyText('-1234567.5')).toBe('-1,234,567.5');
    expect(formatMoneyText('0.10')).toBe('0.10');
  });
  it('shows -- for nothing and leaves odd input alone', () => {
    expect(formatMoneyText(null)).toBe('--');
    expect(formatMoneyText('abc')).toBe('abc');
  });
});
