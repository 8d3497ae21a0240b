import { BONUS_TYPES, bpToPercent, formatFen, REBATE_CATEGORIES, REBATE_STATUSES } from '@app/shared';
import type { BonusLogRow } from '../bonus/index.ts';
import type { RebateItemRow, RebateRecordRow } from './rewards.table.ts';

export function toRebateRecord(row: RebateRecordRow) {
  return {
    id: row.id,
    category: row.category,
    category_name: REBATE_CATEGORIES[row.category],
    bet_date: row.betDate,
    vip_level: row.vipLevel,
    rate: bpToPercent(row.rateBp),
    valid_bet: formatFen(row.validBet),
    bet_count: row.betCount,
    amount: formatFen(row.amount),
    status: row.status,
    status_text: REBATE_STATUSES[row.status],
    created_at: row.createdAt.toISOString(),
    claimed_at: row.claimedAt ? row.claimedAt.toISOString() : null,
  };
}

export function toRebateItem(row: RebateItemRow) {
  return {
    bet_id: row.betId,
    bet_no: row.betNo,
    amount: formatFen(row.amount),
    settled_at: row.settledAt.toISOString(),
  };
}

export function toBonusLog(row: BonusLogRow) {
  return {
    id: row.id,
    type: row.type,
    type_text: BONUS_TYPES[row.type],
    title: row.title,
    amount: formatFen(row.amount),
    turnover: formatFen(row.turnover),
    remark: row.remark,
    created_at: row.createdAt.toISOString(),
  };
}
