import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { usePaymentInfoMutation } from '../queries.ts';
import '../finance.css';

/**
 * pages/payment/webview: the gateway's hosted payment page inside the app. The gateway sends the
 * browser back to `?scheme=payment-success`, which opens pages/payment/success.
 */
export default function PaymentWebviewPage() {
  const orderId = Number(useUrlParam('order_id'));
  const info = usePaymentInfoMutation();
  const { mutate } = info;
  useEffect(() => {
    if (orderId > 0) mutate(orderId);
  }, [orderId, mutate]);

  const url = info.data?.pay_url;
  return (
    <Page title="支付" bodyClassName="fin-webview-body">
      {!(orderId > 0) ? (
        <ErrorBlock status="empty" title="缺少订单" description="请从充值页面发起支付" />
      ) : info.error ? (
        <ErrorBlock status="disconnected" title={info.error.message} description="请返回充值记录查看订单" />
      ) : url ? (
        <iframe className="fin-webview" src={url} title="支付页面" data-testid="payment-frame" />
      ) : (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      )}
    </Page>
  );
}
