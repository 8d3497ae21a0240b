import { z } from 'zod';
import { isoDate, moneyString } from './common.ts';

/**
 * 提前结算 (issue 41, point 5): the offer for an open 竞彩 order — whole or a share of it — and
 * taking it; with a leg in play, taking it waits through the bet delay.
 */

const shares = z.coerce
  .number({ error: '请选择提前结算的份数' })
  .int('提前结算份数须为整数')
  .min(1, '提前结算份数至少为 1')
  .max(100_000, '提前结算份数超出注单份数');

export const cashOutQuery = z.object({
  shares: shares.optional().describe('Shares to price (1 … shares_total); the whole order when absent'),
});

export const cashOutWaiting = z
  .object({
    shares: z.number().int(),
    accepted: moneyString.describe('The offer the member accepted'),
    decide_at: isoDate.describe('When the bet delay ends and the request is decided'),
  })
  .describe('A request in its bet delay (in play); null when none');

export const cashOutOffer = z
  .object({
    order_no: z.string(),
    available: z.boolean(),
    offer: moneyString.nullable().describe('What the book pays now for `shares`; null when none'),
    reason: z.string().nullable().describe('Why there is no offer, in words'),
    stake: moneyString.describe('The stake still in play'),
    max_prize: moneyString,
    shares: z.number().int().describe('The shares this offer is for'),
    shares_total: z
      .number()
      .int()
      .describe("The order's shares (the GCD of its multiples): fewer than all is a partial cash-out"),
    cashed_out: moneyString.describe('Paid so far by partial cash-outs of this order'),
    in_play: z.boolean().describe('A leg is in play: taking the offer waits through the bet delay'),
    delay_seconds: z.number().int().describe('That bet delay; 0 before kick-off'),
    waiting: cashOutWaiting.nullable(),
    margin_bp: z.number().int().describe('The cash-out margin taken, in basis points'),
    quoted_at: isoDate,
  })
  .meta({ id: 'CashOutOffer' });

export const cashOutBody = z.object({
  offer: z
    .string({ error: '请确认提前结算金额' })
    .regex(/^\d{1,9}\.\d{2}$/, '提前结算金额格式不正确')
    .describe('The offer the member accepted; decided under their odds-change setting'),
  shares: z
    .number({ error: '提前结算份数须为整数' })
    .int('提前结算份数须为整数')
    .min(1, '提前结算份数至少为 1')
    .max(100_000, '提前结算份数超出注单份数')
    .optional()
    .describe('Shares to cash out; the whole order when absent'),
});

export const cashOutResult = z.object({
  order_no: z.string(),
  status: z
    .enum(['cashed_out', 'pending', 'waiting'])
    .describe(
      'cashed_out: the whole order closed; pending: a share closed, the rest still open; waiting: in play, decided when the bet delay ends (cash_out.decided)',
    ),
  amount: moneyString.nullable().describe('Paid to the main wallet; null while waiting'),
  balance: moneyString.nullable(),
  stake: moneyString.describe('The stake still in play (0.00 once closed)'),
  cashed_out_at: isoDate.nullable(),
  decide_at: isoDate.nullable(),
});
