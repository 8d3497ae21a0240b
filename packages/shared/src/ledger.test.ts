import { describe, expect, it } from 'vitest';
import { billKind, LEDGER_TYPE_KEYS, TRANSFER_LEDGER_TYPES } from './ledger.ts';

describe('billKind', () => {
  it('counts moves between the member’s own wallets as transfers, whatever their sign', () => {
    for (const type of TRANSFER_LEDGER_TYPES) {
      expect(billKind(type, 20_000n)).toBe('transfer');
      expect(billKind(type, -20_000n)).toBe('transfer');
    }
  });

  it('counts money entering as income and money leaving as spending', () => {
    expect(billKind('deposit', 10_000n)).toBe('income');
    expect(billKind('payout', 3_600n)).toBe('income');
    expect(billKind('demo_credit', 1_000_000n)).toBe('income');
    expect(billKind('bet', -200n)).toBe('expense');
    expect(billKind('withdraw_paid', -20_000n)).toBe('expense');
    // Corrections and adjustments go either way.
    expect(billKind('settle_correction', -500n)).toBe('expense');
    expect(billKind('adjust', 500n)).toBe('income');
  });

  it('knows every transfer type as a ledger type', () => {
    for (const type of TRANSFER_LEDGER_TYPES) expect(LEDGER_TYPE_KEYS).toContain(type);
  });
});
