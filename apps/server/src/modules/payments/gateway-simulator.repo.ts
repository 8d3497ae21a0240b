/** The simulated gateway's own book of payments (its side of the outside world). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatewaySimPayments } from './payments.table.ts';

export type SimPayment = typeof gatewaySimPayments.$inferSelect;
export type NewSimPayment = typeof gatewaySimPayments.$inferInsert;

export async function findSimPaymentByOrder(
  db: Db,
  merchantOrderNo: string,
): Promise<SimPayment | undefined> {
  const [row] = await db
    .select()
    .from(gatewaySimPayments)
    .where(eq(gatewaySimPayments.merchantOrderNo, merchantOrderNo));
  return row;
}

export async function findSimPayment(db: Db, tradeNo: string): Promise<SimPayment | undefined> {
  const [row] = await db.select().from(gatewaySimPayments).where(eq(gatewaySimPayments.tradeNo, tradeNo));
  return row;
}

/** Records a payment; a second one for the same merchant order is ignored. */
export async function insertSimPayment(db: Db, row: NewSimPayment): Promise<void> {
  await db
    .insert(gatewaySimPayments)
    .values(row)
    .onConflictDoNothing({ target: gatewaySimPayments.merchantOrderNo });
}

export async function setSimPaymentStatus(db: Db, tradeNo: string, status: 'paid' | 'failed'): Promise<void> {
  await db.update(gatewaySimPayments).set({ status }).where(eq(gatewaySimPayments.tradeNo, tradeNo));
}
