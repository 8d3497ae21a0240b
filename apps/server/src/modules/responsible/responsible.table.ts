import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/**
 * A member's own limit (理性投注) of one kind over one calendar period (Asia/Shanghai day, week
 * from Monday, month). `amount` is in force now (null: none). A raise or a removal waits 24 h:
 * it is kept in `pending_amount` / `pending_remove` until `pending_at`, then applied.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['deposit', 'loss', 'stake'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind, t.period] }),
    check('play_limits_amount', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check('play_limits_pending_amount', sql`${t.pendingAmount} IS NULL OR ${t.pendingAmount} > 0`),
    check(
      'play_limits_pending',
      sql`(${t.pendingAt} IS NULL) = (${t.pendingAmount} IS NULL AND NOT ${t.pendingRemove})`,
    ),
  ],
);

/**
 * A time-out (24 h, 7 d, 30 d) or self-exclusion (6 months, 1 year, 5 years). Rows are never
 * deleted and their times never change (a trigger says so), so no screen, job or operator can
 * shorten one. A time-out ends at `ends_at`; a self-exclusion ends 24 h after the member asked
 * to return (`return_requested_at`, which may only be set once `ends_at` has passed).
 */
export const playExclusions = pgTable(
  'play_exclusions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: ['timeout', 'self_exclusion'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('play_exclusions_member_idx').on(t.memberId, t.endsAt),
    check('play_exclusions_window', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'play_exclusions_return',
      sql`${t.returnRequestedAt} IS NULL OR (${t.kind} = 'self_exclusion' AND ${t.returnRequestedAt} >= ${t.endsAt})`,
    ),
  ],
);
