import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { queueFilters, where, type QueueFilter } from '../../db/filters.ts';
import { rowsOf } from '../../db/rows.ts';
import { paymentCallbacks } from './payments.table.ts';

/** The deposit queue of the console: orders with their member, operator and any change waiting in 复核. */
export async function pageDeposits(db: Db, q: QueueFilter & { id?: number | undefined }) {
  const w = where([
    ...queueFilters(q, 'o', ['o.order_no', 'o.tx_hash', 'm.username']),
    ...(q.id ? [sql`o.id = ${q.id}`] : []),
  ]);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT o.id, o.order_no, o.member_id, m.username, o.method, o.amount, o.usdt_cents, o.rate_units, o.tx_hash,
        o.declared_usdt_cents, o.credited_amount,
        (SELECT c.id FROM control_changes c WHERE c.target_type = 'payment_order' AND c.target_id = o.id::text
           AND c.status = 'pending' ORDER BY c.id DESC LIMIT 1) AS pending_change_id,
        o.status, o.reason, op.name AS operator_name, o.created_at, o.paid_at
      FROM payment_orders o JOIN members m ON m.id = o.member_id LEFT JOIN operators op ON op.id = o.operator_id
      ${w} ORDER BY o.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM payment_orders o JOIN members m ON m.id = o.member_id ${w}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

export type PaymentCallbackRow = typeof paymentCallbacks.$inferSelect;

export interface CallbackLogFilter {
  outcome?: string | undefined;
  /** `query`: reconciliation's answers (payload.source = 'query'); `notify`: everything else. */
  source?: 'notify' | 'query' | undefined;
  orderNo?: string | undefined;
  gateway?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** The gateway's notification log (网关通知) for the console, newest first. */
export async function pageCallbacks(
  db: Db,
  f: CallbackLogFilter,
): Promise<{ rows: PaymentCallbackRow[]; total: number }> {
  const parts: SQL[] = [];
  if (f.from) parts.push(gte(paymentCallbacks.createdAt, f.from));
  if (f.to) parts.push(lt(paymentCallbacks.createdAt, f.to));
  if (f.outcome) parts.push(eq(paymentCallbacks.outcome, f.outcome));
  if (f.orderNo) parts.push(eq(paymentCallbacks.orderNo, f.orderNo));
  if (f.gateway) parts.push(eq(paymentCallbacks.gateway, f.gateway));
  const fromQuery = sql`${paymentCallbacks.payload}->>'source' = 'query'`;
  if (f.source === 'query') parts.push(fromQuery);
  if (f.source === 'notify') parts.push(sql`(${fromQuery}) IS NOT TRUE`);
  const filter = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentCallbacks)
      .where(filter)
      .orderBy(desc(paymentCallbacks.createdAt), desc(paymentCallbacks.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(paymentCallbacks).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}
