import type { PaymentOrderView } from '@app/shared';
import { Button, DotLoading, Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MINE_PATH } from '@/lib/navigation.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { useCreateDepositMutation, useDepositQuery } from '../queries.ts';
import { useFinancePushes } from '../pushes.ts';
import '../finance.css';

const RECHARGE_PATH = '/financePages/recharge';
const RECORDS_PATH = '/financePages/recharge?tab=records';

interface Outcome {
  status: 'success' | 'error' | 'waiting';
  title: string;
  description: ReactNode;
}

/** What the member reads for the order as the server has it (undefined: not read yet, or none). */
function outcomeOf(order: PaymentOrderView | undefined): Outcome {
  switch (order?.status) {
    case 'paid':
      return { status: 'success', title: '充值成功', description: '资金已到账，可以开始游戏了' };
    case 'failed':
      return {
        status: 'error',
        title: '支付失败',
        description: (
          <>
            <span data-testid="payment-reason">{order.reason ?? '支付未完成'}</span>
            ，订单已关闭，可重新支付或返回充值选择其他方式
          </>
        ),
      };
    case 'cancelled':
    case 'rejected':
      return {
        status: 'error',
        title: order.status_text,
        description: <span data-testid="payment-reason">{order.reason ?? '订单已关闭'}</span>,
      };
    case 'pending':
      return {
        status: 'waiting',
        title: '等待支付结果',
        description: '支付完成后自动到账；如未支付，可继续支付',
      };
    case 'confirming':
      return { status: 'waiting', title: order.status_text, description: '财务确认后到账，将通知您' };
    case undefined:
      return {
        status: 'waiting',
        title: '支付已提交',
        description: '正在确认支付结果，请稍后在充值记录中查看',
      };
  }
}

/**
 * pages/payment/success: the result of a deposit, read from the server (the gateway returns the
 * payer here, paid or not, and the address only says which order). Paid: 充值成功. Failed: the
 * reason, 重新支付 (a new order of the same method and amount) and 返回充值 (issue 44, point 9).
 * A pending order is re-read until the gateway's answer arrives.
 */
export default function PaymentSuccessPage() {
  useFinancePushes();
  const navigate = useNavigate();
  const orderId = Number(useUrlParam('order_id'));
  const orderNo = useUrlParam('order_no');
  const order = useDepositQuery(orderId, true);
  const retry = useCreateDepositMutation();
  const data = order.data;
  const outcome = outcomeOf(data);
  const gatewayOrder = data !== undefined && data.network === null;
  const leave = (path: string) => void navigate(path, { replace: true });

  const payAgain = (failed: PaymentOrderView) =>
    retry.mutate(
      { method: failed.method, amount: failed.amount },
      {
        onSuccess: (created) =>
          void navigate(`/pages/payment/webview?order_id=${created.order.id}`, { replace: true }),
      },
    );

  let actions: ReactNode;
  if (data?.status === 'failed' && gatewayOrder)
    actions = (
      <>
        <Button onClick={() => leave(RECHARGE_PATH)}>返回充值</Button>
        <Button color="primary" loading={retry.isPending} onClick={() => payAgain(data)}>
          重新支付
        </Button>
      </>
    );
  else if (data?.status === 'pending' && gatewayOrder)
    actions = (
      <>
        <Button onClick={() => leave(RECORDS_PATH)}>充值记录</Button>
        <Button color="primary" onClick={() => leave(`/pages/payment/webview?order_id=${data.id}`)}>
          继续支付
        </Button>
      </>
    );
  else if (data && ['failed', 'cancelled', 'rejected'].includes(data.status))
    actions = (
      <>
        <Button onClick={() => leave(RECORDS_PATH)}>充值记录</Button>
        <Button color="primary" onClick={() => leave(RECHARGE_PATH)}>
          返回充值
        </Button>
      </>
    );
  else
    actions = (
      <>
        <Button onClick={() => leave(RECORDS_PATH)}>充值记录</Button>
        <Button color="primary" onClick={() => leave(MINE_PATH)}>
          返回我的
        </Button>
      </>
    );

  return (
    <Page title="支付结果">
      <div className="fin-success" data-testid="payment-success" data-status={data?.status ?? ''}>
        {orderId > 0 && order.isPending ? (
          <DotLoading color="primary" />
        ) : (
          <Result status={outcome.status} title={outcome.title} description={outcome.description} />
        )}
        {data ? (
          <>
            <div className="fin-success-amount">
              ¥<Money value={data.amount} />
            </div>
            <div className="hint">
              {data.method_name} · 订单号 <span className="mono">{data.order_no}</span>
            </div>
          </>
        ) : orderNo ? (
          <div className="hint">
            订单号 <span className="mono">{orderNo}</span>
          </div>
        ) : null}
        <div className="button-row" style={{ width: '100%' }}>
          {actions}
        </div>
      </div>
    </Page>
  );
}
