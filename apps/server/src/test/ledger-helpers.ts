import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** Asserts the books balance: every wallet equals the sum of its entries, every chain is unbroken. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  expect(await t.app.services.ledger.findInvariantViolations()).toEqual([]);
}
