import { fenFromDecimal, formatFen, isTxHash, parseRate, type PaymentOrderView } from '@app/shared';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import type { AmountRule } from '@/ui/amount.ts';
import { QrCode } from '@/ui/QrCode.tsx';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { checkUsdt, usdtRange } from '../amounts.ts';
import { financeKeys, usePaymentMethodsQuery, useSubmitTransferMutation } from '../queries.ts';
import { AmountField } from './AmountField.tsx';
import { yuan } from '@/ui/Money.tsx';

const SENT_RULE: AmountRule = { kind: 'money', label: '转账数量' };

/** The house address (text + QR) for a USDT order, then the member's transaction hash. */
export function UsdtTransferPanel({ order, onDone }: { order: PaymentOrderView; onDone: () => void }) {
  const network = order.network ?? 'TRC20';
  const address = useQuery({
    queryKey: [...financeKeys.all, 'system-address', network],
    queryFn: ({ signal }) =>
      api.get('/v1/payment-orders/system-wallet-address', { network }, { light: true, signal }),
    staleTime: Infinity,
  });
  const submit = useSubmitTransferMutation();
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

  return (
    <>
      <div className="card fin-usdt" data-testid="usdt-panel">
        <div className="fin-title">
          请向以下 {network} 地址转账 {yuan(order.usdt_amount)} USDT
        </div>
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
    </>
  );
}
