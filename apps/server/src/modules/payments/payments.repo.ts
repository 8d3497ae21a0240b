import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sum, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { PaymentOrderStatus } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  paymentCallbacks,
  paymentOrders,
  usdtDepositAddresses,
  usdtRateChanges,
  type PaymentOrderRow,
  type UsdtDepositAddressRow,
} from './payments.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { members } from '../accounts/schema.ts';

export type NewPaymentOrder = typeof paymentOrders.$inferInsert;

/** Inserts the order; undefined (nothing written) when its number is taken: the caller draws another. */
export async function insertOrder(tx: Db | Tx, row: NewPaymentOrder): Promise<PaymentOrderRow | undefined> {
  const [created] = await tx
    .insert(paymentOrders)
    .values(row)
    .onConflictDoNothing({ target: paymentOrders.orderNo })
    .returning();
  return created;
}

/** A member's own order (undefined for someone else's). */
export async function findOwnOrder(
  db: Db | Tx,
  memberId: number,
  id: number,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.memberId, memberId)));
  return row;
}

/**
 * The member's newest USDT order waiting for its transfer (pending) made after `since`: the open
 * one, when `since` is now less the order's hold.
 */
export async function findOpenUsdtOrder(
  db: Db | Tx,
  memberId: number,
  since: Date,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.memberId, memberId),
        eq(paymentOrders.status, 'pending'),
        inArray(paymentOrders.method, ['usdt_trc20', 'usdt_erc20']),
        gt(paymentOrders.createdAt, since),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  return row;
}

/** Locks an order row until the transaction ends: deciding an order is serialised. */
export async function lockOrderByNo(tx: Tx, orderNo: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).for('update');
  return row;
}

export async function lockOrderById(tx: Tx, id: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(
  tx: Db | Tx,
  id: number,
  patch: Partial<NewPaymentOrder>,
  now: Date,
): Promise<PaymentOrderRow> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ ...patch, updatedAt: now })
    .where(eq(paymentOrders.id, id))
    .returning();
  return row!;
}

/** Sets the gateway's trade number on an order that has none; undefined when one was already bound. */
/** Binds the payment the gateway opened (its page, and its trade number when it gave one); the first binding wins. */
export async function bindPayment(
  db: Db,
  id: number,
  opened: { tradeNo: string | null; payUrl: string },
  now: Date,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .update(paymentOrders)
    .set({ payUrl: opened.payUrl, ...(opened.tradeNo ? { tradeNo: opened.tradeNo } : {}), updatedAt: now })
    .where(and(eq(paymentOrders.id, id), isNull(paymentOrders.payUrl)))
    .returning();
  return row;
}

/**
 * Pending orders of a gateway opened between `openedSince` and `openedBefore`, not asked about
 * after `checkedBefore`, oldest first; marked as asked now, so the next run asks others first.
 */
export async function claimOpenGatewayOrders(
  db: Db,
  q: {
    gateway: string;
    openedSince: Date;
    openedBefore: Date;
    checkedBefore: Date;
    now: Date;
    limit: number;
  },
): Promise<PaymentOrderRow[]> {
  const due = db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'pending'),
        eq(paymentOrders.gateway, q.gateway),
        gte(paymentOrders.createdAt, q.openedSince),
        lt(paymentOrders.createdAt, q.openedBefore),
        or(isNull(paymentOrders.gatewayCheckedAt), lte(paymentOrders.gatewayCheckedAt, q.checkedBefore)),
      ),
    )
    .orderBy(asc(paymentOrders.createdAt))
    .limit(q.limit);
  return db
    .update(paymentOrders)
    .set({ gatewayCheckedAt: q.now })
    .where(inArray(paymentOrders.id, due))
    .returning();
}

export async function pageOrders(
  db: Db,
  filter: { memberId?: number; status?: PaymentOrderStatus | undefined },
  page: number,
  perPage: number,
) {
  const where: SQL[] = [];
  if (filter.memberId !== undefined) where.push(eq(paymentOrders.memberId, filter.memberId));
  if (filter.status) where.push(eq(paymentOrders.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: paymentOrders, username: members.username })
      .from(paymentOrders)
      .innerJoin(members, eq(members.id, paymentOrders.memberId))
      .where(cond)
      .orderBy(desc(paymentOrders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(paymentOrders).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function orderStatistics(db: Db, memberId: number, since: Date) {
  const paid = and(eq(paymentOrders.memberId, memberId), eq(paymentOrders.status, 'paid'));
  const [[all], [today], [pending]] = await Promise.all([
    db
      .select({ total: sum(paymentOrders.amount), n: count() })
      .from(paymentOrders)
      .where(paid),
    db
      .select({ total: sum(paymentOrders.amount) })
      .from(paymentOrders)
      .where(and(paid, gte(paymentOrders.paidAt, since))),
    db
      .select({ n: count() })
      .from(paymentOrders)
      .where(
        and(eq(paymentOrders.memberId, memberId), sql`${paymentOrders.status} IN ('pending', 'confirming')`),
      ),
  ]);
  return {
    total: BigInt(all?.total ?? 0),
    count: all?.n ?? 0,
    today: BigInt(today?.total ?? 0),
    pending: pending?.n ?? 0,
  };
}

export async function logCallback(db: Db, row: typeof paymentCallbacks.$inferInsert): Promise<void> {
  await db.insert(paymentCallbacks).values(row);
}

/**
 * A repeated notification for an order already credited with exactly this gateway, amount and
 * trade number, logged as a duplicate in one statement (the order read and the log row written
 * together). False, and nothing written, for anything else.
 */
export async function logIfSettled(
  db: Db,
  call: {
    gateway: string;
    orderNo: string;
    payload: unknown;
    ip: string | null;
    amount: bigint;
    tradeNo: string;
    at: Date;
  },
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO payment_callbacks (gateway, order_no, payload, signature_valid, outcome, ip, created_at)
    SELECT ${call.gateway}, ${call.orderNo}, ${JSON.stringify(call.payload)}::jsonb, true, 'duplicate', ${call.ip},
      ${call.at.toISOString()}::timestamptz
    FROM payment_orders o
    WHERE o.order_no = ${call.orderNo} AND o.status = 'paid' AND o.gateway = ${call.gateway}
      AND o.amount = ${call.amount}::bigint AND o.trade_no = ${call.tradeNo}
    LIMIT 1
    RETURNING id`);
  return rowsOf(result).length > 0;
}

/** Deposit orders of the member still waiting for their money (pending, or USDT confirming) opened since `since`. */
export async function openDepositsOf(db: Db, memberId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${paymentOrders.amount}), 0)::text` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.memberId, memberId),
        inArray(paymentOrders.status, ['pending', 'confirming']),
        gte(paymentOrders.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

// ---- USDT deposit addresses (USDT_DEPOSITS=trongrid) -------------------------------------------

export async function findDepositAddress(
  db: Db | Tx,
  memberId: number,
): Promise<UsdtDepositAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(usdtDepositAddresses)
    .where(eq(usdtDepositAddresses.memberId, memberId));
  return row;
}

/** The next derivation index: drawn once, so a lost race burns it rather than sharing it. */
export async function nextDepositAddressIndex(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql`SELECT nextval('usdt_address_index_seq')::text AS n`),
  );
  return Number(row!.n);
}

/** The member's address, unless they got one meanwhile (then theirs stays). */
export async function insertDepositAddress(
  db: Db,
  row: { memberId: number; derivationIndex: number; address: string; watchUntil: Date; createdAt: Date },
): Promise<void> {
  await db
    .insert(usdtDepositAddresses)
    .values(row)
    .onConflictDoNothing({ target: usdtDepositAddresses.memberId });
}

export async function watchDepositAddress(db: Db, memberId: number, until: Date): Promise<void> {
  await db
    .update(usdtDepositAddresses)
    .set({ watchUntil: until })
    .where(and(eq(usdtDepositAddresses.memberId, memberId), lt(usdtDepositAddresses.watchUntil, until)));
}

/** Addresses watched at `now`, those read longest ago first. */
export function watchedDepositAddresses(db: Db, now: Date, limit: number): Promise<UsdtDepositAddressRow[]> {
  return db
    .select()
    .from(usdtDepositAddresses)
    .where(gt(usdtDepositAddresses.watchUntil, now))
    .orderBy(asc(usdtDepositAddresses.cursorMs))
    .limit(limit);
}

export async function advanceDepositCursor(db: Db, memberId: number, cursorMs: number): Promise<void> {
  await db
    .update(usdtDepositAddresses)
    .set({ cursorMs })
    .where(and(eq(usdtDepositAddresses.memberId, memberId), lt(usdtDepositAddresses.cursorMs, cursorMs)));
}

export async function findOrderByTxHash(db: Db | Tx, txHash: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.txHash, txHash));
  return row;
}

/** Whether this gateway's log already has a row for this order number (or transaction id). */
export async function findCallbackOf(db: Db, gateway: string, orderNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentCallbacks.id })
    .from(paymentCallbacks)
    .where(and(eq(paymentCallbacks.gateway, gateway), eq(paymentCallbacks.orderNo, orderNo)))
    .limit(1);
  return row !== undefined;
}

/** A change of the USDT deposit rate, recorded with the setting (in its transaction). */
export async function recordUsdtRateChange(
  tx: Tx,
  change: { beforeUnits: bigint; afterUnits: bigint; effectiveAt: Date },
): Promise<void> {
  await tx.insert(usdtRateChanges).values(change);
}

/**
 * The USDT deposit rate in force at `at` by the recorded changes: the last one made by then, else
 * what the first one after it replaced; null when none was ever recorded (the setting's own value
 * has stood all along).
 */
export async function usdtRateAt(db: Db | Tx, at: Date): Promise<bigint | null> {
  const [row] = rowsOf<{ units: string | null }>(
    await db.execute(sql`
      SELECT coalesce(
        (SELECT after_units FROM usdt_rate_changes WHERE effective_at <= ${at}
          ORDER BY effective_at DESC, id DESC LIMIT 1),
        (SELECT before_units FROM usdt_rate_changes WHERE effective_at > ${at}
          ORDER BY effective_at ASC, id ASC LIMIT 1)
      )::text AS units`),
  );
  return row?.units ? BigInt(row.units) : null;
}
