import { asc, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Tx } from '../../db/client.ts';
import { bookBackfillQueue } from './book-backfill.table.ts';
import { bookOrderExposure } from './book.table.ts';
import { orderLegs, orders } from './sports.table.ts';

/** Up to `limit` queued order ids, taken off the queue in this transaction (others skip them). */
export async function takeQueued(tx: Tx, limit: number): Promise<number[]> {
  const queued = await tx
    .select({ orderId: bookBackfillQueue.orderId })
    .from(bookBackfillQueue)
    .orderBy(asc(bookBackfillQueue.orderId))
    .limit(limit)
    .for('update', { skipLocked: true });
  const ids = queued.map((q) => q.orderId);
  if (ids.length) await tx.delete(bookBackfillQueue).where(inArray(bookBackfillQueue.orderId, ids));
  return ids;
}

/** Of these orders, those still open with no shares booked, locked, with their legs. */
export async function lockOpenUnbooked(tx: Tx, ids: readonly number[]) {
  const open = await tx
    .select()
    .from(orders)
    .where(
      sql`${orders.id} IN ${ids} AND ${orders.status} IN ('pending', 'confirming')
        AND NOT EXISTS (SELECT 1 FROM ${bookOrderExposure} WHERE ${bookOrderExposure.orderId} = ${orders.id})`,
    )
    .orderBy(asc(orders.id))
    .for('update');
  if (!open.length) return [];
  const legs = await tx
    .select()
    .from(orderLegs)
    .where(
      inArray(
        orderLegs.orderId,
        open.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLegs.orderId), asc(orderLegs.id));
  return open.map((order) => ({ order, legs: legs.filter((l) => l.orderId === order.id) }));
}
