import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useDepositQuery, usePaymentInfoMutation } from '../queries.ts';
import '../finance.css';

/** How often the order is re-read while its gateway page is open. */
const WATCH_MS = 1_500;

/**
 * pages/payment/webview: the gateway's hosted payment page in a frame of the app. The gateway sends
 * the payer's window back to its return URL (`?scheme=payment-success&order_id=…`, which opens
 * pages/payment/success) whether they paid or not. Meanwhile the order is watched: once the
 * gateway's notification has settled it (paid, or failed), or when the order was settled before
 * (back from the result page), the app's own result page takes this one's place, so a gateway
 * that returns inside the frame, or never, still leaves the member in the app.
 */
export default function PaymentWebviewPage() {
  const navigate = useNavigate();
  const orderId = Number(useUrlParam('order_id'));
  const order = useDepositQuery(orderId, true, WATCH_MS);
  const info = usePaymentInfoMutation();
  const { mutate } = info;
  const status = order.data?.status;
  const pending = status === 'pending';
  // Settled, or a USDT order waiting for its review: nothing to pay here.
  const decided = status !== undefined && !pending;

  // The hosted page is asked for only while the order can still be paid.
  useEffect(() => {
    if (pending) mutate(orderId);
  }, [pending, orderId, mutate]);
  useEffect(() => {
    if (decided) void navigate(`/pages/payment/success?order_id=${orderId}`, { replace: true });
  }, [decided, orderId, navigate]);

  const url = info.data?.pay_url;
  const error = order.error ?? info.error;
  return (
    <Page title="支付" bodyClassName="fin-webview-body">
      {!(orderId > 0) ? (
        <ErrorBlock status="empty" title="缺少订单" description="请从充值页面发起支付" />
      ) : error ? (
        <ErrorBlock status="disconnected" title={error.message} description="请返回充值记录查看订单" />
      ) : url && pending ? (
        <iframe className="fin-webview" src={url} title="支付页面" data-testid="payment-frame" />
      ) : (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      )}
    </Page>
  );
}
