import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rateCounters } from '../limits/schema.ts';
import { operatorSessions } from '../operators/schema.ts';
import { paymentCallbacks } from '../payments/schema.ts';
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

export function deletePaymentCallbacks(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, paymentCallbacks, sql`${paymentCallbacks.createdAt} < ${before}`, batch);
}

/** Adapters' call records (外部调用) made before `before`. */
export function deleteAdapterCalls(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, adapterCalls, sql`${adapterCalls.createdAt} < ${before}`, batch);
}

/** Abuse-limit counters whose window ended before `before`. */
export function deleteEndedCounters(db: Db, before: Date, batch: number): Promise<number> {
  return deleteInBatches(db, rateCounters, sql`${rateCounters.resetAt} < ${before}`, batch);
}
