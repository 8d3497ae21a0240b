import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { rateCounters } from '../limits/schema.ts';
import { operatorSessions } from '../operators/schema.ts';
import { adapterCalls } from '../../db/schema.ts';
import { idempotencyRecords } from '../idempotency/schema.ts';
import { loginAttempts, sessions } from '../accounts/schema.ts';

/** Rows a statement changed: node-postgres says rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Deletes the rows matching `where`, `batch` at a time, so no statement holds its locks (or
 * runs into statement_timeout) for long however much has piled up. Returns how many went.
 */
async function deleteInBatches(db: Db, table: PgTable, where: SQL, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(
      sql`DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${batch}))`,
    );
    const deleted = affectedRows(result);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Member sessions that expired or were revoked before `before`. */
export function deleteEndedSessions(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(
    db,
    sessions,
    sql`${sessions.expiresAt} < ${before} OR ${sessions.revokedAt} < ${before}`,
    batch,
  );
}

/** Operator sessions that expired or were revoked before `before`. */
export function deleteEndedOperatorSessions(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(
    db,
    operatorSessions,
    sql`${operatorSessions.expiresAt} < ${before} OR ${operatorSessions.revokedAt} < ${before}`,
    batch,
  );
}

/** Stored answers of money-moving requests made before `before` (their keys can no longer be replayed). */
export function deleteIdempotencyRecords(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, idempotencyRecords, sql`${idempotencyRecords.createdAt} < ${before}`, batch);
}

export function deleteLoginAttempts(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, loginAttempts, sql`${loginAttempts.createdAt} < ${before}`, batch);
}

/**
 * Payment callbacks received before `before`, `batch` at a time. By id, not ctid: the table is
 * partitioned (decision 042), and a ctid names a row only within one partition. The outer bound on
 * created_at keeps each DELETE to the months it can touch.
 */
export async function deletePaymentCallbacks(db: Db, before: Date, batch: number): Promise<number> {
  const cutoff = before.toISOString();
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      DELETE FROM payment_callbacks
      WHERE created_at < ${cutoff}::timestamptz AND id = ANY (ARRAY(
        SELECT id FROM payment_callbacks WHERE created_at < ${cutoff}::timestamptz LIMIT ${batch}))`);
    const deleted = affectedRows(result);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/**
 * The monthly partitions of payment_callbacks (payment_callbacks_pYYYYMM) whose whole Beijing month
 * ended at or before `before`, oldest first: every row in them is past its retention.
 */
export async function callbackMonthsEndedBy(db: Db, before: Date): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'payment_callbacks'::regclass AND c.relname ~ '^payment_callbacks_p[0-9]{6}$'
        AND ((to_date(right(c.relname, 6), 'YYYYMM') + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai')
            <= ${before.toISOString()}::timestamptz
      ORDER BY c.relname`),
  );
  return rows.map((r) => r.name);
}

/**
 * Detaches one month of payment callbacks and drops it, in one transaction; answers the rows it
 * held. Waits at most 5 s for callbacks being written to let go of the parent (else it throws, and
 * the next run tries again).
 */
export async function dropCallbackMonth(db: Db, partition: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
    await tx.execute(sql`ALTER TABLE payment_callbacks DETACH PARTITION ${sql.identifier(partition)}`);
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(partition)}`),
    );
    await tx.execute(sql`DROP TABLE ${sql.identifier(partition)}`);
    return Number(row?.n ?? 0);
  });
}

/** Adapters' call records (外部调用) made before `before`. */
export function deleteAdapterCalls(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, adapterCalls, sql`${adapterCalls.createdAt} < ${before}`, batch);
}

/** Abuse-limit counters whose window ended before `before`. */
export function deleteEndedCounters(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, rateCounters, sql`${rateCounters.resetAt} < ${before}`, batch);
}
