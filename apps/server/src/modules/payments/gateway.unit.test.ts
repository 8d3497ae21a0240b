import { describe, expect, it } from 'vitest';
import { signingString, signNotification, verifyNotificationSignature } from './gateway.ts';

const fields = {
  merchant_order_no: 'D20261121000000000001',
  trade_no: 'SIM1',
  amount: '100.00',
  status: 'paid' as const,
  timestamp: '1763700000',
};

describe('gateway notification signatures', () => {
  it('signs the fields sorted by name as k=v&…', () => {
    expect(signingString(fields)).toBe(
      'amount=100.00&merchant_order_no=D20261121000000000001&status=paid&timestamp=1763700000&trade_no=SIM1',
    );
    expect(signNotification('secret', fields)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts only the exact signature of the exact fields with the merchant secret', () => {
    const sign = signNotification('merchant-secret', fields);
    expect(verifyNotificationSignature('merchant-secret', { ...fields, sign })).toBe(true);
    expect(verifyNotificationSignature('merchant-secret', { ...fields, sign: sign.toUpperCase() })).toBe(
      true,
    );
    expect(verifyNotificationSignature('other-secret', { ...fields, sign })).toBe(false);
    expect(verifyNotificationSignature('merchant-secret', { ...fields, amount: '1000.00', sign })).toBe(
      false,
    );
    expect(verifyNotificationSignature('merchant-secret', { ...fields, status: 'failed', sign })).toBe(false);
    // Wrong length or not hex: refused without comparing (timingSafeEqual needs equal lengths).
    expect(verifyNotificationSignature('merchant-secret', { ...fields, sign: sign.slice(0, 62) })).toBe(
      false,
    );
    expect(verifyNotificationSignature('merchant-secret', { ...fields, sign: 'z'.repeat(64) })).toBe(false);
    expect(verifyNotificationSignature('merchant-secret', { ...fields, sign: '' })).toBe(false);
  });
});
