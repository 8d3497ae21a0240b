import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount.ts';

const money = { kind: 'money' as const, min: 1_000n, max: 5_000_000n, label: '转入金额' };
const count = { kind: 'count' as const, min: 1n, max: 99n };

describe('checkAmount', () => {
  it('takes what was typed, exactly: a minus sign is refused, never dropped', () => {
    expect(checkAmount('-5', money)).toEqual({ state: 'invalid', message: '转入金额不能为负数' });
    expect(checkAmount('-5', count)).toEqual({ state: 'invalid', message: '倍数不能为负数' });
  });

  it('accepts digits and one decimal point, at most two decimals for money and none for counts', () => {
    expect(checkAmount('12.5', money)).toEqual({ state: 'ok', value: 1_250n });
    expect(checkAmount('12.50', money)).toEqual({ state: 'ok', value: 1_250n });
    expect(checkAmount(' 100 ', money)).toEqual({ state: 'ok', value: 10_000n });
    expect(checkAmount('12.345', money)).toEqual({ state: 'invalid', message: '转入金额最多保留两位小数' });
    expect(checkAmount('1.2.3', money)).toMatchObject({ state: 'invalid', message: '金额格式不正确' });
    expect(checkAmount('1e3', money)).toEqual({ state: 'invalid', message: '转入金额只能输入数字和小数点' });
    expect(checkAmount('12.5', count)).toEqual({ state: 'invalid', message: '倍数须为整数' });
    expect(checkAmount('', money)).toEqual({ state: 'empty' });
  });

  it('refuses what is out of range with the range in the message', () => {
    expect(checkAmount('5', money)).toEqual({
      state: 'invalid',
      message: '转入金额须在 10.00 – 50,000.00 元 之间',
    });
    expect(checkAmount('50000.01', money)).toMatchObject({ state: 'invalid' });
    expect(checkAmount('0', count)).toEqual({ state: 'invalid', message: '倍数须在 1 – 99 倍 之间' });
    expect(checkAmount('100', count)).toEqual({ state: 'invalid', message: '倍数须在 1 – 99 倍 之间' });
    expect(checkAmount('99', count)).toEqual({ state: 'ok', value: 99n });
    expect(checkAmount('0', { kind: 'money' })).toEqual({ state: 'invalid', message: '金额须大于0' });
    expect(checkAmount('9999999999999', { kind: 'money' })).toMatchObject({ state: 'invalid' });
  });
});
