import { z } from 'zod';
import { moneyString } from '../common.ts';

const byProduct = z.object({
  sports: moneyString,
  lottery: moneyString,
  games: moneyString,
  total: moneyString,
});

/** One Shanghai day of the business, house view: GGR = stakes − payouts. */
export const dayFigures = z.object({
  day: z.string(),
  deposits: moneyString,
  withdrawals: moneyString,
  stakes: byProduct,
  payouts: byProduct,
  ggr: byProduct,
  bonuses: moneyString,
  rebates: moneyString,
  adjustments: moneyString,
  new_members: z.number().int(),
  active_members: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFigures>;

export const pendingCounts = z.object({
  /** USDT deposits waiting for the hash to be checked. */
  deposits: z.number().int(),
  /** Withdrawals to review, and approved ones to pay. */
  withdrawals_review: z.number().int(),
  withdrawals_pay: z.number().int(),
  activity_applications: z.number().int(),
  agent_applications: z.number().int(),
  /** Manual adjustments waiting for a second operator. */
  adjustments: z.number().int(),
  /** Control changes waiting for a second operator (复核中心). */
  approvals: z.number().int(),
});
export type PendingCounts = z.infer<typeof pendingCounts>;
/** Event on OPERATOR_CHANNEL carrying PendingCounts whenever a queue changes. */
export const PENDING_CHANGED_EVENT = 'pending.changed';

export const dashboardQuery = z.object({
  days: z.coerce.number().int().min(1, '天数至少为1').max(90, '最多查看90天').default(14),
});
/**
 * The software self-check of the process that answered: the shipped files hashed against the
 * build's manifest at start and every 24 hours (GLI-33 software authentication).
 */
export const softwareIntegrity = z.object({
  status: z.enum(['ok', 'mismatch', 'unverified', 'pending']),
  /** The manifest's digest, as the build printed it for the operator to record. */
  digest: z.string().nullable(),
  version: z.string().nullable(),
  built_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  next_at: z.string().nullable(),
  files: z.number().int(),
  problems: z.array(
    z.object({ path: z.string(), problem: z.enum(['changed', 'missing', 'added', 'manifest']) }),
  ),
  problem_count: z.number().int(),
});
export type SoftwareIntegrity = z.infer<typeof softwareIntegrity>;
export const dashboardResult = z.object({
  today: dayFigures,
  /** Oldest first, today last. */
  days: z.array(dayFigures),
  online_now: z.number().int(),
  pending: pendingCounts,
  integrity: softwareIntegrity,
});

export const reportQuery = z.object({
  from: z.iso.date('开始日期格式应为 YYYY-MM-DD').optional(),
  to: z.iso.date('结束日期格式应为 YYYY-MM-DD').optional(),
  /** One agent's members (id or account). */
  agent: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(400).default(31),
});
/** A day's row of the report, flattened for tables and CSV. */
export const reportRow = z.object({
  day: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  sports_stakes: z.string(),
  sports_payouts: z.string(),
  lottery_stakes: z.string(),
  lottery_payouts: z.string(),
  games_stakes: z.string(),
  games_payouts: z.string(),
  stakes: z.string(),
  payouts: z.string(),
  ggr: z.string(),
  bonuses: z.string(),
  rebates: z.string(),
  new_members: z.number().int(),
  active_members: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRow>;
