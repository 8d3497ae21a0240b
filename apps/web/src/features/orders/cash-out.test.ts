import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors.ts';
import { changedOffer, orderAmountLabel } from './cash-out.ts';

const refusal = (reason: string, extra: Record<string, unknown> = {}) =>
  new ApiError('提前结算金额已变为12.66元，请确认后重试', 'http', 409, 409, { reason, ...extra });

describe('changedOffer', () => {
  it('reads the new offer of an offer-changed refusal', () => {
    expect(changedOffer(refusal('sports.cash_out_offer_changed', { offer: '12.66' }))).toBe('12.66');
  });

  it('is null for other refusals, failures without a reason and a missing offer', () => {
    expect(changedOffer(refusal('sports.cash_out_unavailable', { offer: '12.66' }))).toBeNull();
    expect(changedOffer(refusal('sports.cash_out_offer_changed'))).toBeNull();
    expect(changedOffer(new ApiError('网络异常', 'NETWORK_ERROR', 0))).toBeNull();
    expect(changedOffer(new Error('x'))).toBeNull();
  });
});

describe('orderAmountLabel', () => {
  it('names the amount beside the stake by the status', () => {
    expect(orderAmountLabel('pending')).toBe('最高奖金');
    expect(orderAmountLabel('confirming')).toBe('最高奖金');
    expect(orderAmountLabel('rejected')).toBe('已退回');
    expect(orderAmountLabel('cashed_out')).toBe('提前结算金额');
    expect(orderAmountLabel('won')).toBe('派奖金额');
    expect(orderAmountLabel('lost')).toBe('派奖金额');
    expect(orderAmountLabel('refunded')).toBe('派奖金额');
  });
});
