import { z } from 'zod';
import { FREE_BET_PLAY_KEYS } from '../domain/sports/free-bet.ts';
import { isoDate, moneyString, paginated, pageQuery } from './common.ts';

/** 免费投注券 (issue 41, point 4): the member's tickets, used as the stake of one 竞彩 order. */
export const FREE_BET_STATUSES = {
  available: '可使用',
  used: '已使用',
  expired: '已过期',
  revoked: '已作废',
} as const;
export type FreeBetStatus = keyof typeof FREE_BET_STATUSES;
export const FREE_BET_STATUS_KEYS = Object.keys(FREE_BET_STATUSES) as [FreeBetStatus, ...FreeBetStatus[]];

export const freeBetView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    value: moneyString,
    min_odds: z.string().describe('Every pick at least these odds ("1.50")'),
    plays: z.array(z.enum(FREE_BET_PLAY_KEYS)),
    plays_text: z.string(),
    expires_at: isoDate,
    status: z.enum(FREE_BET_STATUS_KEYS),
    order_no: z.string().nullable().describe('The order it staked'),
    used_at: isoDate.nullable(),
    winnings: moneyString
      .nullable()
      .describe('What its order paid the member, net of the stake, once settled'),
  })
  .meta({ id: 'FreeBet' });

export const freeBetsQuery = pageQuery.extend({
  status: z
    .enum(['available', 'history'], { error: '状态须为 available 或 history' })
    .default('available')
    .describe("'available': tickets to use now; 'history': used, expired and revoked ones"),
});

export const freeBetPage = paginated(freeBetView);

/** On an order placed with a ticket. */
export const orderFreeBetView = z.object({
  id: z.number().int(),
  value: moneyString,
  winnings: moneyString.nullable().describe('Paid to the member net of the stake, once settled won'),
});
