import { z } from 'zod';
import { REPORT_CATEGORIES, type ReportCategory } from '../domain/reports.ts';
import { LEDGER_TYPE_KEYS } from '../ledger.ts';
import { isoDate, moneyString, paginated } from './common.ts';

/** Page and size of a list, with Chinese messages. */
export const listPage = {
  page: z.coerce
    .number({ error: '页码须为数字' })
    .int('页码须为整数')
    .min(1, '页码须从1开始')
    .max(100_000)
    .default(1),
  per_page: z.coerce
    .number({ error: '每页数量须为数字' })
    .int('每页数量须为整数')
    .min(1, '每页数量至少为1')
    .max(100, '每页最多100条')
    .default(20),
};

const day = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}须为 YYYY-MM-DD`)
    .describe(`${label}, an Asia/Shanghai calendar day (YYYY-MM-DD)`);

/** Optional Asia/Shanghai day range of a list or report (both ends inclusive). */
export const dayRange = {
  start_date: day('开始日期').optional(),
  end_date: day('结束日期').optional(),
};

/** Numeric path id: positive whole number. */
export const recordIdParam = z.object({
  id: z.coerce
    .number({ error: 'ID须为数字' })
    .int('ID须为整数')
    .positive('ID须为正数')
    .max(2_147_483_647, 'ID无效'),
});

// ---- Comprehensive report -------------------------------------------------------------------

export const comprehensiveQuery = z.object(dayRange);

const figures = z.object({
  deposits: moneyString,
  withdrawals: moneyString,
  bets: moneyString.describe('Stakes debited minus stakes refunded, plus the stakes of settled game rounds'),
  payouts: moneyString.describe('Sports and lottery payouts plus game round payouts'),
  rebates: moneyString,
  bonuses: moneyString.describe('Activity, VIP upgrade and invite bonuses'),
  adjustments: moneyString,
  profit: moneyString.describe("The member's win/loss: payouts + rebates + bonuses − bets"),
});

const categoryFigures = z.object({
  category: z.enum(Object.keys(REPORT_CATEGORIES) as [ReportCategory, ...ReportCategory[]]),
  category_name: z.string(),
  bets: moneyString,
  payouts: moneyString,
  profit: moneyString.describe('payouts − bets'),
});

export const comprehensiveReport = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    summary: figures,
    categories: z
      .array(categoryFigures)
      .describe(
        'Bets and payouts of the range per category (sports, lottery, games; other only when not zero)',
      ),
    days: z.array(figures.extend({ date: z.string() })).describe('Days with any movement, newest first'),
  })
  .meta({ id: 'ComprehensiveReport' });
export type ComprehensiveReport = z.infer<typeof comprehensiveReport>;

// ---- Betting records (sports orders and lottery bets in one list) ---------------------------

export const BETTING_CATEGORIES = { sports: '体育', lottery: '彩票' } as const;
export type BettingCategory = keyof typeof BETTING_CATEGORIES;
export const BETTING_STATUSES = {
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  cancelled: '已撤单',
  confirming: '投注确认中',
  rejected: '投注被拒',
} as const;
export type BettingStatus = keyof typeof BETTING_STATUSES;

export const bettingRecordsQuery = z.object({
  category: z.enum(['sports', 'lottery'], { error: '分类须为 sports 或 lottery' }).optional(),
  status: z
    .enum(Object.keys(BETTING_STATUSES) as [BettingStatus, ...BettingStatus[]], { error: '状态不正确' })
    .optional(),
  ...dayRange,
  ...listPage,
});
export const bettingStatsQuery = z.object({
  category: bettingRecordsQuery.shape.category,
  ...dayRange,
});

/** "sports-12" or "lottery-7": the category and that table's id. */
export const bettingRecordIdParam = z.object({
  id: z
    .string()
    .regex(/^(sports|lottery)-[1-9]\d{0,9}$/, '记录ID格式不正确（如 sports-12）')
    .describe('"sports-<order id>" or "lottery-<bet id>"'),
});

export const bettingRecord = z
  .object({
    id: z.string(),
    category: z.enum(['sports', 'lottery']),
    category_name: z.string(),
    record_no: z.string().describe('Order number or lottery bet number'),
    title: z.string(),
    content: z.string().describe('Pass type or play and codes'),
    amount: moneyString,
    payout: moneyString,
    profit: moneyString.describe('payout − amount once settled, else 0.00'),
    status: z.string(),
    status_text: z.string(),
    created_at: isoDate,
    settled_at: isoDate.nullable(),
    link: z.string().describe('Member-app route of the detail page'),
  })
  .meta({ id: 'BettingRecord' });
export type BettingRecord = z.infer<typeof bettingRecord>;
export const bettingRecordList = paginated(bettingRecord);

const totals = z.object({
  count: z.number().int(),
  amount: moneyString,
  valid_amount: moneyString.describe('Stakes of settled, not refunded bets'),
  payout: moneyString,
  profit: moneyString,
  pending_count: z.number().int(),
});
export const bettingStats = z
  .object({ start_date: z.string(), end_date: z.string(), ...totals.shape, sports: totals, lottery: totals })
  .meta({ id: 'BettingStats' });

// ---- Bills (ledger entries) -----------------------------------------------------------------

/** One name per wallet, as every page of the app says it (主钱包, not 中心钱包). */
export const WALLET_NAMES: Record<string, string> = {
  main: '主钱包',
  frozen: '冻结资金',
  lottery: '彩票钱包',
};

export const billsQuery = z.object({
  type: z.enum(LEDGER_TYPE_KEYS, { error: '账变类型不正确' }).optional(),
  ...dayRange,
  ...listPage,
});

export const billEntry = z
  .object({
    id: z.string().describe('Ledger entry id'),
    type: z.string(),
    type_text: z.string(),
    kind: z
      .enum(['income', 'expense', 'transfer'])
      .describe(
        'income/expense: money entering or leaving the account; transfer: between the member’s own wallets',
      ),
    wallet: z.string(),
    wallet_name: z.string(),
    amount: moneyString.describe('Signed: negative is money out'),
    before: moneyString,
    after: moneyString,
    remark: z.string(),
    created_at: isoDate,
  })
  .meta({ id: 'BillEntry' });
export const billList = paginated(billEntry).extend({
  income: moneyString.describe(
    'Money that entered the account over the filter (transfers between own wallets excluded)',
  ),
  expense: moneyString.describe('Money that left the account over the filter, positive (transfers excluded)'),
  transfer_net: moneyString.describe(
    'Net of transfers between own wallets: non-zero only for money sitting in a game platform wallet. income − expense + transfer_net = the change of main + frozen + lottery',
  ),
});
export const billTypes = z.array(z.object({ value: z.string(), label: z.string() }));

export type BettingStatsView = z.infer<typeof bettingStats>;
export type BillEntryView = z.infer<typeof billEntry>;
export type BillListView = z.infer<typeof billList>;
export type OptionItem = z.infer<typeof billTypes>[number];
