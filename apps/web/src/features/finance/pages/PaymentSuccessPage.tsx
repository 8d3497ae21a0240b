import { Button, DotLoading, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { MINE_PATH } from '@/lib/navigation.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { useDepositQuery } from '../queries.ts';
import { useFinancePushes } from '../pushes.ts';
import '../finance.css';

/** pages/payment/success: where the gateway returns the payer; shows the order until it is credited. */
export default function PaymentSuccessPage() {
  useFinancePushes();
  const navigate = useNavigate();
  const orderId = Number(useUrlParam('order_id'));
  const orderNo = useUrlParam('order_no');
  const order = useDepositQuery(orderId, true);
  const data = order.data;
  const paid = data?.status === 'paid';

  return (
    <Page title="支付结果">
      <div className="fin-success" data-testid="payment-success">
        {orderId > 0 && order.isPending ? (
          <DotLoading color="primary" />
        ) : (
          <Result
            status={
              paid
                ? 'success'
                : data && ['failed', 'cancelled', 'rejected'].includes(data.status)
                  ? 'error'
                  : 'waiting'
            }
            title={paid ? '充值成功' : data ? data.status_text : '支付已提交'}
            description={
              paid
                ? '资金已到账，可以开始游戏了'
                : data
                  ? '到账后将通知您，也可在充值记录中查看'
                  : '正在确认支付结果，请稍后在充值记录中查看'
            }
          />
        )}
        {data ? (
          <>
            <div className="fin-success-amount">
              ¥<Money value={data.amount} />
            </div>
            <div className="hint">
              订单号 <span className="mono">{data.order_no}</span>
            </div>
          </>
        ) : orderNo ? (
          <div className="hint">
            订单号 <span className="mono">{orderNo}</span>
          </div>
        ) : null}
        <div className="button-row" style={{ width: '100%' }}>
          <Button onClick={() => void navigate('/financePages/recharge?tab=records', { replace: true })}>
            充值记录
          </Button>
          <Button color="primary" onClick={() => void navigate(MINE_PATH, { replace: true })}>
            返回我的
          </Button>
        </div>
      </div>
    </Page>
  );
}
