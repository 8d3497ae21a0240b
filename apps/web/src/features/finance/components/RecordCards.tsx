import type { PaymentOrderView, WithdrawView } from '@app/shared';
import { Button, Tag } from 'antd-mobile';
import { Money, yuan } from '@/ui/Money.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { serverNow } from '../../sports/clock.ts';

const TAG_COLOR: Record<string, string> = {
  pending: 'warning',
  confirming: 'primary',
  // A USDT withdrawal's payment waiting for the chain (待链上确认).
  chain_confirming: 'primary',
  paid: 'success',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'default',
};

export function StatusTag({ status, text }: { status: string; text: string }) {
  return (
    <Tag color={TAG_COLOR[status] ?? 'default'} fill="outline" data-status={status}>
      {text}
    </Tag>
  );
}

/** One deposit in the records: amount, method, status, and what the member can still do. */
export function DepositCard({
  order,
  onPay,
  onCancel,
}: {
  order: PaymentOrderView;
  onPay: (order: PaymentOrderView) => void;
  onCancel: (order: PaymentOrderView) => void;
}) {
  return (
    <div className="card fin-record" data-testid="deposit-record">
      <div className="fin-record-head">
        <span>{order.method_name}</span>
        <StatusTag status={order.status} text={order.status_text} />
      </div>
      <div className="fin-record-amount">
        <Money value={order.amount} /> 元
        {order.usdt_amount ? (
          <span className="muted fin-record-usdt">
            {yuan(order.usdt_amount)} USDT × {order.rate}
          </span>
        ) : null}
      </div>
      {order.declared_usdt_amount && order.declared_usdt_amount !== order.usdt_amount ? (
        <div className="hint" data-testid="deposit-declared">
          申报转账 {yuan(order.declared_usdt_amount)} USDT，以链上实际到账为准
        </div>
      ) : null}
      {order.credited_amount && order.credited_amount !== order.amount ? (
        <div className="hint" data-testid="deposit-credited">
          实际到账 <Money value={order.credited_amount} /> 元
        </div>
      ) : null}
      <div className="hint">
        订单号 <span className="mono">{order.order_no}</span>
      </div>
      <div className="hint">{formatDateTime(order.created_at, true)}</div>
      {order.status === 'pending' && order.expires_at && Date.parse(order.expires_at) <= serverNow() ? (
        <div className="hint" data-testid="deposit-lapsed">
          已超过转账时限：已转账请提交交易哈希，未转账可取消订单
        </div>
      ) : null}
      {order.reason && order.status !== 'paid' ? (
        <div className="fin-reason">原因：{order.reason}</div>
      ) : null}
      {order.status === 'pending' ? (
        <div className="fin-record-actions">
          <Button size="mini" onClick={() => onCancel(order)}>
            取消订单
          </Button>
          {order.network === null ? (
            <Button size="mini" color="primary" onClick={() => onPay(order)}>
              继续支付
            </Button>
          ) : (
            <Button size="mini" color="primary" onClick={() => onPay(order)}>
              提交转账
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** One withdrawal in the records, with the operator's reason when it was rejected. */
export function WithdrawCard({
  item,
  onCancel,
}: {
  item: WithdrawView;
  onCancel: (item: WithdrawView) => void;
}) {
  return (
    <div className="card fin-record" data-testid="withdraw-record">
      <div className="fin-record-head">
        <span>
          {item.wallet_name} <span className="muted">{item.account_masked}</span>
        </span>
        <StatusTag status={item.status} text={item.status_text} />
      </div>
      <div className="fin-record-amount">
        <Money value={item.amount} /> 元
        <span className="muted fin-record-usdt">
          手续费 {yuan(item.fee)} · 到账{' '}
          {item.usdt_amount ? `${yuan(item.usdt_amount)} USDT` : `${yuan(item.actual_amount)} 元`}
        </span>
      </div>
      <div className="hint">
        订单号 <span className="mono">{item.order_no}</span>
      </div>
      <div className="hint">{formatDateTime(item.created_at, true)}</div>
      {item.reason ? <div className="fin-reason">原因：{item.reason}</div> : null}
      {item.status === 'pending' ? (
        <div className="fin-record-actions">
          <Button size="mini" onClick={() => onCancel(item)}>
            取消提现
          </Button>
        </div>
      ) : null}
    </div>
  );
}
