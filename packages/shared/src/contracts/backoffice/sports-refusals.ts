import { z } from 'zod';
import { isoDate, pageQuery } from '../common.ts';

/**
 * Why a bet was refused because its match had moved on, or at the end of its bet delay (issue 43,
 * point 2): the code the server records in `bet_refusals.reason` and the console's label for it.
 */
export const BET_REFUSAL_REASONS = {
  kickoff: '赛事已开始',
  event: '比赛状态已变化',
  suspended: '盘口暂停',
  closed: '已停止投注',
  operator: '人工暂停',
  line: '盘口已变化',
  odds: '赔率已变化',
  cap: '超出投注上限',
  payout: '超出账户单场限额',
  member: '理性投注限制',
} as const;
export type BetRefusalReason = keyof typeof BET_REFUSAL_REASONS;
const reasonCodes = Object.keys(BET_REFUSAL_REASONS) as [BetRefusalReason, ...BetRefusalReason[]];

export const betRefusalQuery = pageQuery.extend({
  match_id: z.coerce.number().int().positive().optional(),
  reason: z.enum(reasonCodes, { error: '拒绝原因无效' }).optional(),
  stage: z.enum(['submit', 'decision'], { error: '拒绝环节无效' }).optional(),
  /** Request days (Beijing), inclusive. */
  from: z.iso.date({ error: '开始日期格式应为 YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: '结束日期格式应为 YYYY-MM-DD' }).optional(),
});

/** One refused bet (one leg at fault). */
export const betRefusalItem = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  order_no: z.string().nullable(),
  match_id: z.number().int(),
  match_no: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff_at: isoDate,
  play_type: z.string(),
  option: z.string(),
  stage: z.enum(['submit', 'decision']),
  reason: z.string(),
  reason_name: z.string(),
  message: z.string(),
  /** The feed's own time of the kick-off or event that refused it. */
  feed_event_at: isoDate.nullable(),
  requested_at: isoDate,
  decided_at: isoDate,
});
