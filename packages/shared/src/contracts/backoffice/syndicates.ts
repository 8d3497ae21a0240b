import { z } from 'zod';
import { SYNDICATE_STATUS_KEYS } from '../../domain/syndicate.ts';
import { isoDate, moneyString, pageQuery } from '../common.ts';

/** 合买 in the console (issue 39, point 2): every plan, a forced 流产, the commission report. */

export const adminSyndicateQuery = pageQuery.extend({
  username: z.string().trim().max(40).optional().describe("The initiator's username"),
  status: z.enum(SYNDICATE_STATUS_KEYS, { error: '状态不正确' }).optional(),
});

export const adminSyndicateItem = z.object({
  id: z.number().int(),
  plan_no: z.string(),
  username: z.string(),
  member_id: z.number().int(),
  pass_type: z.string(),
  total_amount: moneyString,
  shares: z.number().int(),
  sold_shares: z.number().int(),
  guarantee_shares: z.number().int(),
  participants: z.number().int(),
  commission_bp: z.number().int(),
  visibility: z.string(),
  status: z.enum(SYNDICATE_STATUS_KEYS),
  order_no: z.string().nullable(),
  payout: moneyString,
  commission: moneyString,
  fail_reason: z.string().nullable(),
  deadline_at: isoDate,
  created_at: isoDate,
});

export const adminSyndicateFailBody = z.object({
  reason: z.string({ error: '请填写流产原因' }).trim().min(2, '请填写流产原因').max(200, '原因最多200个字'),
});

export const adminSyndicateCommissionQuery = z.object({
  from: z.iso.date({ error: '开始日期格式不正确' }),
  to: z.iso.date({ error: '结束日期格式不正确' }),
});

export const adminSyndicateCommissions = z.object({
  from: z.string(),
  to: z.string(),
  total: moneyString,
  list: z.array(
    z.object({
      member_id: z.number().int(),
      username: z.string(),
      plans_won: z.number().int(),
      payout: moneyString,
      commission: moneyString,
    }),
  ),
});
