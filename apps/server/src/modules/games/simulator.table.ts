import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The demo provider's own books. They stand for an outside system: nothing but the simulator
 * (provider/simulator.ts) reads or writes them, and our side learns about them only through the
 * GameProvider adapter.
 */
export const gameSimPlayers = pgTable(
  'game_sim_players',
  {
    memberId: integer('member_id').primaryKey(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('game_sim_players_balance_nonneg', sql`${t.balance} >= 0`)],
);

/** Every transfer the provider decided, keyed by the caller's id: the same id gets the same answer. */
export const gameSimTransfers = pgTable('game_sim_transfers', {
  transferId: text('transfer_id').primaryKey(),
  memberId: integer('member_id').notNull(),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['success', 'failed'] }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gameSimSessions = pgTable('game_sim_sessions', {
  sessionId: text('session_id').primaryKey(),
  memberId: integer('member_id').notNull(),
  gameCode: text('game_code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settled rounds; `seq` is the cursor records are fetched by. */
export const gameSimRounds = pgTable(
  'game_sim_rounds',
  {
    seq: bigint('seq', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: text('round_id').notNull().unique(),
    memberId: integer('member_id').notNull(),
    gameCode: text('game_code').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    result: jsonb('result').notNull(),
    detail: text('detail').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_sim_rounds_member_idx').on(t.memberId, t.seq)],
);
