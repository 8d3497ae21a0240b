import { z } from 'zod';
import { isoDate, moneyString, pageQuery } from '../common.ts';

/** 跟单 in the console (issue 39, point 3): every 晒单 with its copies and the commission paid. */
export const adminFollowQuery = pageQuery.extend({
  username: z.string().trim().max(40).optional().describe("The publisher's username"),
  state: z.enum(['open', 'closed'], { error: '状态不正确' }).optional(),
});

export const adminFollowItem = z.object({
  id: z.number().int(),
  username: z.string(),
  member_id: z.number().int(),
  order_no: z.string(),
  pass_type: z.string(),
  total_amount: moneyString,
  order_status: z.string(),
  comment: z.string(),
  commission_bp: z.number().int(),
  copies: z.number().int(),
  copied_amount: moneyString,
  commission_paid: moneyString,
  open: z.boolean(),
  closes_at: isoDate,
  created_at: isoDate,
});

export const adminFollowSubscriptionItem = z.object({
  id: z.number().int(),
  member: z.string(),
  member_id: z.number().int(),
  publisher: z.string(),
  publisher_id: z.number().int(),
  mode_text: z.string(),
  daily_cap: moneyString,
  stop_loss: moneyString.nullable(),
  status_text: z.string(),
  end_reason: z.string().nullable(),
  copies: z.number().int(),
  staked: moneyString,
  net: moneyString,
  created_at: isoDate,
});
