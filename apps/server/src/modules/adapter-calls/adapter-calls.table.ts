import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every HTTP call an adapter made to its provider (epay, sporttery, trongrid, aliyun-sms), one row
 * per try: diagnostics for the console's 系统 › 外部调用, kept ADAPTER_CALL_RETENTION_DAYS. Secrets,
 * signatures and verification codes are masked before a row is made, and request and answer are
 * cut to a few KB. Not a money record: what a gateway said about money stays in payment_callbacks.
 */
export const adapterCalls = pgTable(
  'adapter_calls',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** epay · sporttery · trongrid · aliyun-sms */
    adapter: text('adapter').notNull(),
    /** What the call was for, e.g. order, query, football-calculator, trc20-transfers, send. */
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    /** Without secrets: the values of key-like query parameters are masked. */
    url: text('url').notNull(),
    /** The body sent, masked and cut; null for a GET. */
    request: text('request'),
    /** HTTP status, null when no answer came (network error, time-out). */
    status: integer('status'),
    /** The answer's start, or why there was none. */
    answer: text('answer'),
    durationMs: integer('duration_ms').notNull(),
    /** ok · refused · invalid · http_error · timeout · network */
    outcome: text('outcome').notNull(),
    /** 1 for a first try; n for the n-th identical request in a row after failures. */
    attempt: integer('attempt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('adapter_calls_adapter_time_idx').on(t.adapter, t.createdAt),
    index('adapter_calls_time_idx').on(t.createdAt),
  ],
);

export type AdapterCallRow = typeof adapterCalls.$inferSelect;
export type NewAdapterCall = typeof adapterCalls.$inferInsert;
