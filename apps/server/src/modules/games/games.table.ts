import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/**
 * Money moving between the main wallet and a game provider's wallet. A transfer in debits main
 * when the row is born `pending`; a transfer out credits main only when the provider confirms.
 * `pending` rows are finished by the request itself or by the reconciliation job.
 */
export const gameTransfers = pgTable(
  'game_transfers',
  {
    /** Our id, sent to the provider: its idempotency key on their side. */
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    /** 分; for an "everything" transfer out, 0 until the provider says what moved. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    everything: integer('everything').notNull().default(0),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** The member's Idempotency-Key, when one was sent. */
    clientKey: text('client_key'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_transfers_client_key_uq').on(t.memberId, t.clientKey),
    index('game_transfers_member_idx').on(t.memberId, t.createdAt),
    index('game_transfers_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('game_transfers_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/** Game data handed to the member (SPEC.md §3): valid for 5 minutes from issue. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    gameCode: text('game_code').notNull(),
    gameUrl: text('game_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_sessions_member_idx').on(t.memberId, t.createdAt)],
);

/** The provider's settled rounds, copied in by the record sync (our own copy for reports). */
export const gameRecords = pgTable(
  'game_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    platform: text('platform').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    gameType: text('game_type').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    profit: bigint('profit', { mode: 'bigint' }).notNull(),
    detail: text('detail').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_records_round_uq').on(t.provider, t.roundId),
    index('game_records_member_idx').on(t.memberId, t.playedAt),
    check('game_records_profit', sql`${t.profit} = ${t.payout} - ${t.bet}`),
  ],
);

/** How far the record sync has read each provider's rounds. */
export const gameRecordCursors = pgTable('game_record_cursors', {
  provider: text('provider').primaryKey(),
  seq: bigint('seq', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
