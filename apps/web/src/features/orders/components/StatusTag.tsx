import { LEG_STATUS_TEXT, ORDER_STATUS_TEXT, type LegStatus, type OrderStatus } from '../model.ts';

/** 待开奖 / 已中奖 / 未中奖 / 已退款 in the order's colours. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <span className={`status-tag ${status}`} data-testid="order-status">
      {ORDER_STATUS_TEXT[status]}
    </span>
  );
}

export function LegStatusTag({ status, text }: { status: LegStatus; text?: string }) {
  return (
    <span className={`status-tag small ${status}`} data-testid="leg-status">
      {text ?? LEG_STATUS_TEXT[status]}
    </span>
  );
}
