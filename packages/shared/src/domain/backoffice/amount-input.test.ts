import { describe, expect, it } from 'vitest';
import { amountInputProblem } from './amount-input.ts';

describe('amountInputProblem', () => {
  it('says every problem of a typed amount at once', () => {
    expect(amountInputProblem('-50.555')).toBe('金额不能为负数，最多两位小数');
    expect(amountInputProblem('-50')).toBe('金额不能为负数');
    expect(amountInputProblem('50.555')).toBe('金额最多两位小数');
    expect(amountInputProblem('1000000000.01')).toBe('金额不能超过 1,000,000,000.00 元');
    expect(amountInputProblem('99999999999999')).toBe('金额不能超过 1,000,000,000.00 元');
    expect(amountInputProblem('0')).toBe('金额须大于 0');
    expect(amountInputProblem('0', { allowZero: true })).toBeNull();
    expect(amountInputProblem('007')).toBe('金额整数部分不能以 0 开头');
    expect(amountInputProblem('12a')).toBe('金额须为数字，如 100.00');
    expect(amountInputProblem('1e5')).toBe('金额须为数字，如 100.00');
    expect(amountInputProblem('')).toBe('请输入金额');
    expect(amountInputProblem(undefined)).toBe('请输入金额');
    expect(amountInputProblem('  ', { optional: true })).toBeNull();
    expect(amountInputProblem('200', { maxFen: 10_000n })).toBe('金额不能超过 100.00 元');
  });

  it('accepts what the money contracts accept', () => {
    for (const ok of ['1', '0.01', ' 5000.00 ', '12.5', '1000000000', '1000000000.00'])
      expect(amountInputProblem(ok)).toBeNull();
  });
});
