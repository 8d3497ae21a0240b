import { z } from 'zod';
import { BONUS_TYPE_KEYS } from '../domain/messages.ts';
import { REBATE_CATEGORY_KEYS, REBATE_STATUS_KEYS } from '../domain/rebate.ts';
import { isoDate, moneyString, paginated } from './common.ts';
import { dayRange, listPage } from './reports.ts';

// ---- Bonus logs -----------------------------------------------------------------------------

export const bonusLogsQuery = z.object({
  type: z.enum(BONUS_TYPE_KEYS, { error: '彩金类型不正确' }).optional(),
  ...dayRange,
  ...listPage,
});
export const bonusStatsQuery = z.object(dayRange);

export const bonusLog = z
  .object({
    id: z.number().int(),
    type: z.string(),
    type_text: z.string(),
    title: z.string(),
    amount: moneyString,
    turnover: moneyString.describe('打码量 this bonus added'),
    remark: z.string().nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'BonusLog' });
export const bonusLogList = paginated(bonusLog);
export const bonusStats = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    count: z.number().int(),
    total: moneyString,
    total_all_time: moneyString,
    by_type: z.array(
      z.object({ type: z.string(), type_text: z.string(), count: z.number().int(), total: moneyString }),
    ),
  })
  .meta({ id: 'BonusStats' });
export const bonusTypes = z.array(z.object({ value: z.string(), label: z.string() }));

// ---- Rebates (反水) -------------------------------------------------------------------------

export const rebateRecordsQuery = z.object({
  category: z.enum(REBATE_CATEGORY_KEYS, { error: '返水分类不正确' }).optional(),
  status: z.enum(REBATE_STATUS_KEYS, { error: '返水状态须为 claimable 或 claimed' }).optional(),
  ...dayRange,
  ...listPage,
});
export const rebateStatsQuery = z.object(dayRange);

export const rebateRecord = z
  .object({
    id: z.number().int(),
    category: z.string(),
    category_name: z.string(),
    bet_date: z.string().describe('Asia/Shanghai day of settlement the record covers'),
    vip_level: z.number().int(),
    rate: z.string().describe('Percent, e.g. "0.30"'),
    valid_bet: moneyString,
    bet_count: z.number().int(),
    amount: moneyString,
    status: z.enum(REBATE_STATUS_KEYS),
    status_text: z.string(),
    created_at: isoDate,
    claimed_at: isoDate.nullable(),
  })
  .meta({ id: 'RebateRecord' });
export const rebateRecordList = paginated(rebateRecord);
export const rebateDetail = rebateRecord
  .extend({
    bets: z.array(
      z.object({
        bet_id: z.number().int(),
        bet_no: z.string(),
        amount: moneyString,
        settled_at: isoDate,
      }),
    ),
  })
  .meta({ id: 'RebateDetail' });

const categoryFigures = z.object({
  category: z.string(),
  category_name: z.string(),
  rate: z.string(),
  valid_bet: moneyString,
  bet_count: z.number().int(),
  amount: moneyString,
});

/** What applying now would produce: settled valid bets not yet covered by a record. */
export const rebateEstimate = z
  .object({
    vip_level: z.number().int(),
    total: moneyString,
    categories: z.array(categoryFigures),
  })
  .meta({ id: 'RebateEstimate' });

export const rebateClaimableStats = z
  .object({
    claimable_count: z.number().int(),
    claimable_amount: moneyString,
    pending: rebateEstimate.describe('Not yet applied for'),
  })
  .meta({ id: 'RebateClaimableStats' });

export const rebateStats = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    total_claimed: moneyString,
    total_claimable: moneyString,
    total_valid_bet: moneyString,
    record_count: z.number().int(),
    all_time_claimed: moneyString,
    by_category: z.array(categoryFigures.omit({ rate: true })),
  })
  .meta({ id: 'RebateStats' });

export const rebateApplyResult = z.object({
  created: z.number().int(),
  total: moneyString,
  records: z.array(rebateRecord),
});

export const rebateClaimResult = z.object({
  claimed: z.number().int(),
  amount: moneyString,
  balance: moneyString,
  record_ids: z.array(z.number().int()),
});

export const rebateClaimMultipleBody = z.object({
  record_ids: z
    .array(
      z
        .number({ error: '返水记录ID须为数字' })
        .int('返水记录ID须为整数')
        .positive('返水记录ID须为正数')
        .max(2_147_483_647, '返水记录ID无效'),
      { error: '请选择要领取的返水记录' },
    )
    .min(1, '请选择要领取的返水记录')
    .max(100, '一次最多领取100条'),
});

export type BonusLogView = z.infer<typeof bonusLog>;
export type BonusStatsView = z.infer<typeof bonusStats>;
export type RebateRecordView = z.infer<typeof rebateRecord>;
export type RebateDetailView = z.infer<typeof rebateDetail>;
export type RebateEstimateView = z.infer<typeof rebateEstimate>;
export type RebateClaimableStatsView = z.infer<typeof rebateClaimableStats>;
export type RebateStatsView = z.infer<typeof rebateStats>;
export type RebateApplyResult = z.infer<typeof rebateApplyResult>;
export type RebateClaimResult = z.infer<typeof rebateClaimResult>;
