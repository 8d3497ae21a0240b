import {
  formatFen,
  formatRate,
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  usdtNetworkOf,
  type PaymentOrderView,
} from '@app/shared';
import type { PaymentOrderRow } from './payments.table.ts';

/**
 * How long a USDT order holds its address, amount and rate for the member's transfer. While it
 * does, and no transfer is declared, it is the member's open order: the 充值 page shows it again
 * and no second USDT order is made. A transfer declared later is still taken (the money may have
 * left already); only the hold ends.
 */
export const USDT_ORDER_WINDOW_MS = 30 * 60_000;

/** When a USDT order's hold ends (null for gateway orders). */
export function usdtOrderExpiresAt(row: Pick<PaymentOrderRow, 'method' | 'createdAt'>): Date | null {
  return networkOfMethod(row.method) ? new Date(row.createdAt.getTime() + USDT_ORDER_WINDOW_MS) : null;
}

export function networkOfMethod(method: PaymentOrderRow['method']): 'TRC20' | 'ERC20' | null {
  return method === 'usdt_trc20' || method === 'usdt_erc20' ? usdtNetworkOf(method) : null;
}

export function toPaymentOrderView(row: PaymentOrderRow): PaymentOrderView {
  return {
    id: row.id,
    order_no: row.orderNo,
    method: row.method,
    method_name: PAYMENT_METHODS[row.method].name,
    amount: formatFen(row.amount),
    usdt_amount: row.usdtCents === null ? null : formatFen(row.usdtCents),
    rate: row.rateUnits === null ? null : formatRate(row.rateUnits),
    network: networkOfMethod(row.method),
    tx_hash: row.txHash,
    declared_usdt_amount: row.declaredUsdtCents === null ? null : formatFen(row.declaredUsdtCents),
    credited_amount: row.creditedAmount === null ? null : formatFen(row.creditedAmount),
    status: row.status,
    status_text: PAYMENT_ORDER_STATUSES[row.status],
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    expires_at: usdtOrderExpiresAt(row)?.toISOString() ?? null,
  };
}

export function toPaymentOrderSimple(row: PaymentOrderRow) {
  return {
    id: row.id,
    order_no: row.orderNo,
    method_name: PAYMENT_METHODS[row.method].name,
    amount: formatFen(row.amount),
    status: row.status,
    status_text: PAYMENT_ORDER_STATUSES[row.status],
    created_at: row.createdAt.toISOString(),
  };
}
