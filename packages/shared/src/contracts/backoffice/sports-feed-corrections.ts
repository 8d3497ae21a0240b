import { z } from 'zod';
import { isoDate, moneyString, pageQuery } from '../common.ts';
import { pendingChangeRef } from './approvals.ts';

/**
 * 赛果更正提醒 (issue 38): a feed's result for a match already settled that differs from ours.
 * Recorded by the feed sync, never applied by it: an operator resettles through the usual
 * correction (dual control included) or dismisses it with a reason.
 */
export const FEED_CORRECTION_STATUSES = {
  pending: '待处理',
  applied: '已重新结算',
  dismissed: '已忽略',
} as const;
export type FeedCorrectionStatus = keyof typeof FEED_CORRECTION_STATUSES;

export const feedCorrectionQuery = pageQuery.extend({
  status: z.enum(['pending', 'applied', 'dismissed'], { error: '状态无效' }).optional(),
});

export const feedCorrectionItem = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  match_no: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff_at: isoDate,
  feed: z.string(),
  /** Our settled result and the feed's new one, in words (全场 2:1 半场 1:0 / 取消). */
  before: z.string(),
  after: z.string(),
  /** Orders with a leg on the match (rejected in-play bets aside). */
  orders: z.number().int(),
  /** What applying would move, while pending: net to members (negative: taken back). */
  net: moneyString.nullable(),
  status: z.enum(['pending', 'applied', 'dismissed']),
  first_seen_at: isoDate,
  decided_by: z.string().nullable(),
  decided_at: isoDate.nullable(),
  reason: z.string().nullable(),
  /** The resettle waiting for a second operator, when applying needed one. */
  pending_change: z.number().int().nullable(),
});

export const feedCorrectionDecisionBody = z.object({
  reason: z.string({ error: '请填写原因' }).trim().min(4, '请填写原因（至少4个字）').max(200),
});

export const feedCorrectionDecision = z.object({
  item: feedCorrectionItem,
  pending_change: pendingChangeRef.optional(),
});
