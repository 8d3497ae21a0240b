import { fenFromDecimal, formatFen, isTxHash, parseRate, type PaymentOrderView } from '@app/shared';
import { Button, Dialog, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import type { AmountRule } from '@/ui/amount.ts';
import { QrCode } from '@/ui/QrCode.tsx';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { serverNow } from '../../sports/clock.ts';
import { checkUsdt, usdtRange } from '../amounts.ts';
import {
  financeKeys,
  useCancelDepositMutation,
  usePaymentMethodsQuery,
  useSubmitTransferMutation,
} from '../queries.ts';
import { AmountField } from './AmountField.tsx';
import { yuan } from '@/ui/Money.tsx';

const SENT_RULE: AmountRule = { kind: 'money', label: '转账数量' };

/** Milliseconds left until `expiresAt` by the server's clock, re-read every second (null without one). */
function useTimeLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(serverNow()), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Date.parse(expiresAt) - now) : null;
}

/** 29:05 */
const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1_000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The house address (text + QR) for a USDT order, the time its amount and rate are held, then the
 * member's transaction hash. `resumed`: the order was made earlier and is shown again (issue 44,
 * point 9); the member finishes it or cancels it to make another.
 */
export function UsdtTransferPanel({
  order,
  onDone,
  onCancelled,
  resumed = false,
}: {
  order: PaymentOrderView;
  onDone: () => void;
  onCancelled: () => void;
  resumed?: boolean;
}) {
  const network = order.network ?? 'TRC20';
  const address = useQuery({
    queryKey: [...financeKeys.all, 'system-address', network],
    queryFn: ({ signal }) =>
      api.get('/v1/payment-orders/system-wallet-address', { network }, { light: true, signal }),
    staleTime: Infinity,
  });
  const submit = useSubmitTransferMutation();
  const cancel = useCancelDepositMutation();
  const timeLeft = useTimeLeft(order.expires_at);
  const lapsed = timeLeft === 0;
  const [hash, setHash] = useState('');
  const [sent, setSent] = useState(order.usdt_amount ?? '');
  const hashOk = isTxHash(network, hash);
  // What was sent is credited at the order's rate and must stay inside the method's limits.
  const method = usePaymentMethodsQuery().data?.list.find((m) => m.code === order.method);
  const rateUnits = order.rate ? parseRate(order.rate) : null;
  const range =
    method && rateUnits
      ? usdtRange(fenFromDecimal(method.min_amount), fenFromDecimal(method.max_amount), rateUnits)
      : null;
  const sentCheck = checkUsdt(sent, SENT_RULE, range);

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success('已复制');
    else toast.error('复制失败，请长按手动复制');
  };
  const confirmCancel = async () => {
    const confirmed = await Dialog.confirm({
      title: '取消订单',
      content: `取消USDT充值订单 ${order.order_no}？已转账请勿取消，提交交易哈希即可。`,
      confirmText: '确认取消',
      cancelText: '再想想',
    });
    if (confirmed)
      cancel.mutate(order.id, {
        onSuccess: () => {
          toast.success('订单已取消，可重新下单');
          onCancelled();
        },
      });
  };

  return (
    <>
      <div className="card fin-usdt" data-testid="usdt-panel" data-order-id={order.id}>
        {resumed ? (
          <div className="fin-resumed" data-testid="usdt-resumed">
            您有一笔未完成的USDT充值，请按此订单转账并提交交易哈希；如需更改数量或网络，请先取消此订单。
          </div>
        ) : null}
        <div className="fin-title">
          请向以下 {network} 地址转账 {yuan(order.usdt_amount)} USDT
        </div>
        <div className="fin-row" style={{ width: '100%' }}>
          <span>订单号</span>
          <span className="mono">{order.order_no}</span>
        </div>
        {timeLeft !== null ? (
          <div className="fin-row" style={{ width: '100%' }}>
            <span>剩余时间</span>
            <span className={lapsed ? 'fin-reason' : 'gold-text'} data-testid="usdt-time-left">
              {lapsed ? '已超时' : minutesSeconds(timeLeft)}
            </span>
          </div>
        ) : null}
        {lapsed ? (
          <div className="fin-reason" data-testid="usdt-lapsed">
            该订单已超过转账时限：已转账请仍提交交易哈希，未转账请取消后重新下单。
          </div>
        ) : null}
        {address.data ? (
          <QrCode value={address.data.address} alt={`${network} 收款地址二维码`} testId="usdt-qrcode" />
        ) : null}
        <div className="fin-address">
          <span className="mono" data-testid="usdt-address">
            {address.data?.address ?? '加载中…'}
          </span>
          <Button size="mini" disabled={!address.data} onClick={() => void copy(address.data!.address)}>
            复制
          </Button>
        </div>
        <div className="fin-row" style={{ width: '100%' }}>
          <span>锁定汇率</span>
          <span>1 USDT = {order.rate} 元</span>
        </div>
        <div className="fin-row" style={{ width: '100%' }}>
          <span>预计到账</span>
          <span className="gold-text">{yuan(order.amount)} 元</span>
        </div>
        <div className="hint">只支持 USDT-{network}，转错网络或币种将无法找回。</div>
      </div>
      <div className="card">
        <div className="fin-title">转账完成后提交</div>
        <Input
          value={hash}
          onChange={(v) => setHash(v.trim())}
          placeholder={network === 'TRC20' ? '交易哈希（64位）' : '交易哈希（0x开头）'}
          clearable
          aria-label="交易哈希"
        />
        {hash && !hashOk ? <div className="fin-reason">交易哈希格式不正确</div> : null}
        <div className="fin-row">
          <span>实际转账数量（USDT）</span>
        </div>
        <AmountField
          value={sent}
          onChange={setSent}
          rule={SENT_RULE}
          problem={sentCheck.state === 'invalid' ? sentCheck.message : null}
          unit="₮"
          label="转账数量"
          testId="usdt-sent"
        />
        {sentCheck.state === 'ok' && order.usdt_amount && formatFen(sentCheck.value) !== order.usdt_amount ? (
          <div className="fin-reason" data-testid="usdt-sent-differs">
            与订单的 {yuan(order.usdt_amount)} USDT 不符：订单金额不会改变，财务按链上实际到账核对后处理
          </div>
        ) : null}
      </div>
      <Button
        block
        color="primary"
        size="large"
        disabled={!hashOk || sentCheck.state !== 'ok'}
        loading={submit.isPending}
        onClick={() => {
          if (sentCheck.state !== 'ok') return;
          submit.mutate(
            { order_id: order.id, tx_hash: hash, amount: formatFen(sentCheck.value) },
            {
              onSuccess: () => {
                toast.success('已提交，财务确认后到账');
                onDone();
              },
            },
          );
        }}
      >
        提交转账信息
      </Button>
      <Button block fill="outline" loading={cancel.isPending} onClick={() => void confirmCancel()}>
        取消订单，重新下单
      </Button>
    </>
  );
}
