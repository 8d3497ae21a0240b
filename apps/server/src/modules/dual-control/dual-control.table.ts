import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/**
 * Money one operator moved for one member without a second operator, per Asia/Shanghai day: what
 * the approval threshold counts against, so ten credits of the threshold are not ten solo credits
 * (issue 37). Written in the transaction of the money it records; read under the member's
 * dual-control lock (db/locks.ts `soloMoney`).
 */
export const soloMoneyMoves = pgTable(
  'solo_money_moves',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Asia/Shanghai calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** 分 moved, either way (a debit counts as much as a credit). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What moved it: adjustment, deposit_confirm, withdrawal_pay, activity_bonus, sports_correction. */
    kind: text('kind').notNull(),
    /** The business row, e.g. `manual_adjustment:12`. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('solo_money_moves_day_idx').on(t.operatorId, t.memberId, t.day),
    uniqueIndex('solo_money_moves_reference_uq').on(t.reference, t.memberId),
    check('solo_money_moves_positive', sql`${t.amount} > 0`),
  ],
);

export type ControlChangeStatus = 'pending' | 'approved' | 'rejected' | 'failed';

/**
 * A change that weakens a money control (a higher approval threshold, higher limits or caps, an
 * operator account granted powers, a resettlement beyond one operator's allowance), proposed by
 * one operator and in force only once another approves it (maker–checker). `payload` is what the
 * change's handler applies; `before` / `after` are what the console and the audit log show.
 */
export const controlChanges = pgTable(
  'control_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The handler that applies it (dual-control/changes.ts `ControlChangeKind`). */
    kind: text('kind').notNull(),
    /** The back-office permission a checker must hold (PERMISSIONS in @app/shared). */
    permission: text('permission').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** One line in Chinese: what the change does. */
    summary: text('summary').notNull(),
    payload: jsonb('payload').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'failed'] })
      .notNull()
      .default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => operators.id),
    makerReason: text('maker_reason').notNull(),
    checkerId: integer('checker_id').references(() => operators.id),
    checkerReason: text('checker_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('control_changes_status_idx').on(t.status, t.id),
    index('control_changes_target_idx').on(t.targetType, t.targetId),
    check('control_changes_checker', sql`${t.checkerId} IS NULL OR ${t.checkerId} <> ${t.makerId}`),
  ],
);
export type ControlChangeRow = typeof controlChanges.$inferSelect;
