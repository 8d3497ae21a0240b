import { ApiError } from '@/lib/api/errors.ts';
import type { OrderStatus } from './model.ts';

/** 提前结算 (issue 41, point 5): what the order pages say about an offer and an order it closed. */

/** The offer is re-asked this often while a pending order's page is open (odds move). */
export const CASH_OUT_REFETCH_MS = 5_000;

/**
 * The 已到账 toast waits this long: the balance push of the same credit (+X 余额变动 · 提前结算)
 * arrives on the socket at about the same moment, and one toast shows at a time (as games/recall).
 */
export const AFTER_BALANCE_PUSH_MS = 800;

/**
 * The new offer of a refusal because the offer moved against the member's odds-change setting
 * (409 `sports.cash_out_offer_changed`, `data.offer`); otherwise null.
 */
export function changedOffer(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.is('sports.cash_out_offer_changed')) return null;
  const offer = (error.data as { offer?: unknown } | null)?.offer;
  return typeof offer === 'string' && offer !== '' ? offer : null;
}

/** The label of an order's amount beside its stake, by its status. */
const AMOUNT_LABELS: Record<OrderStatus, string> = {
  confirming: '最高奖金',
  pending: '最高奖金',
  won: '派奖金额',
  lost: '派奖金额',
  refunded: '派奖金额',
  rejected: '已退回',
  cashed_out: '提前结算金额',
};

export function orderAmountLabel(status: OrderStatus): string {
  return AMOUNT_LABELS[status];
}
