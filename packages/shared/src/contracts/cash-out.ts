import { z } from 'zod';
import { isoDate, moneyString } from './common.ts';

/** 提前结算 (issue 41, point 5): the offer for an open 竞彩 order, and taking it. */

export const cashOutOffer = z
  .object({
    order_no: z.string(),
    available: z.boolean(),
    offer: moneyString.nullable().describe('What the book pays now to close the order; null when none'),
    reason: z.string().nullable().describe('Why there is no offer, in words'),
    stake: moneyString,
    max_prize: moneyString,
    margin_bp: z.number().int().describe('The cash-out margin taken, in basis points'),
    quoted_at: isoDate,
  })
  .meta({ id: 'CashOutOffer' });

export const cashOutBody = z.object({
  offer: z
    .string({ error: '请确认提前结算金额' })
    .regex(/^\d{1,9}\.\d{2}$/, '提前结算金额格式不正确')
    .describe('The offer the member accepted; decided under their odds-change setting'),
});

export const cashOutResult = z.object({
  order_no: z.string(),
  amount: moneyString.describe('Paid to the main wallet'),
  balance: moneyString,
  status: z.literal('cashed_out'),
  cashed_out_at: isoDate,
});
