import {
  formatFen,
  formatRate,
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  usdtNetworkOf,
  type PaymentOrderView,
} from '@app/shared';
import type { PaymentOrderRow } from './payments.table.ts';

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
