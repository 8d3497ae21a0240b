import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bonusLogs } from '../bonus/schema.ts';
import { members } from '../accounts/schema.ts';

/**
 * Every invite reward paid to an inviter, with what earned it. The reference is the one the
 * bonus grant used ("invite:deposit:<invitee>:<milestone>", "invite:commission:<invitee>:<day>"),
 * so a milestone or a day is paid once per invitee however often the calculator runs.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => members.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => members.id),
    rule: text('rule', { enum: ['deposit_milestone', 'bet_commission'] }).notNull(),
    /** Milestone key ("d100") or Beijing date ("2026-11-20"). */
    period: text('period').notNull(),
    /** Cumulative deposits at the milestone, or the day's valid bets (分). */
    baseAmount: bigint('base_amount', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    bonusLogId: integer('bonus_log_id')
      .notNull()
      .references(() => bonusLogs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invite_rewards_reference_uq').on(t.reference),
    index('invite_rewards_inviter_idx').on(t.inviterId, t.id),
    index('invite_rewards_invitee_idx').on(t.inviteeId),
    check('invite_rewards_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Invite codes a member replaced; limits how often a code can change. */
export const inviteCodeChanges = pgTable(
  'invite_code_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    oldCode: text('old_code').notNull(),
    newCode: text('new_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invite_code_changes_member_idx').on(t.memberId, t.createdAt)],
);

export type InviteRewardRow = typeof inviteRewards.$inferSelect;
