import { useNavigate } from 'react-router';
import { Money } from '@/ui/Money.tsx';
import { beijingDateTime } from '../../sports/time.ts';
import { orderAmountLabel } from '../cash-out.ts';
import type { OrderSummary } from '../model.ts';
import { OrderStatusTag } from './StatusTag.tsx';
import '../orders.css';

export function orderDetailPath(orderNo: string): string {
  return `/betPages/order/detail?order_no=${encodeURIComponent(orderNo)}`;
}

/** One order in a list: what, when, how much, and how it ended. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const navigate = useNavigate();
  const won = order.status === 'won' || order.status === 'refunded' || order.status === 'cashed_out';
  // Not settled yet: what it may pay. A refused in-play order paid nothing and refunded the stake.
  const open = order.status === 'pending' || order.status === 'confirming';
  return (
    <button
      type="button"
      className="order-card"
      data-testid="order-card"
      onClick={() => void navigate(orderDetailPath(order.order_no))}
    >
      <span className="order-card-head">
        <span className="order-sport">{order.sport_type === 2 ? '竞彩篮球' : '竞彩足球'}</span>
        <span className="order-pass">
          {order.pass_type_name} · {order.match_count}场
        </span>
        <OrderStatusTag status={order.status} />
      </span>
      <span className="order-card-body">
        <span>
          <small>投注金额</small>
          <Money value={order.total_amount} />
        </span>
        <span>
          <small>{orderAmountLabel(order.status)}</small>
          <Money
            className={won ? 'order-win' : undefined}
            value={open ? order.max_prize : order.status === 'rejected' ? order.total_amount : order.payout}
          />
        </span>
        <span>
          <small>注数/倍数</small>
          <b>
            {order.bet_count}注 {order.optimised ? '奖金优化' : `${order.multiple}倍`}
          </b>
        </span>
      </span>
      <span className="order-card-foot">
        <span className="mono">{order.order_no}</span>
        <span>{beijingDateTime(order.created_at)}</span>
      </span>
    </button>
  );
}
