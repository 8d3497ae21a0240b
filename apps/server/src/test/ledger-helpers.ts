import { expect } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { sql } from '../db/sql.ts';
import type { TestApp } from './harness.ts';

/** Asserts the books balance: every wallet equals the sum of its entries, every chain is unbroken. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  expect(await t.app.services.ledger.findInvariantViolations()).toEqual([]);
}

/** A member's ledger entries in the order they were posted: type and signed amount (分). */
export async function entriesOf(
  t: TestApp,
  memberId: number,
): Promise<Array<{ type: string; amount: bigint }>> {
  const result = await t.database.db.execute(
    sql`SELECT type, amount::text AS amount FROM ledger_entries WHERE member_id = ${memberId} ORDER BY id`,
  );
  return rowsOf<{ type: string; amount: string }>(result).map((r) => ({
    type: r.type,
    amount: BigInt(r.amount),
  }));
}
