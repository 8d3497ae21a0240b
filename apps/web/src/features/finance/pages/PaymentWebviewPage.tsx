import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useDepositQuery, usePaymentInfoMutation } from '../queries.ts';
import '../finance.css';

/** A page the frame can show: the gateway's web cashier, not an app's scheme. */
const framable = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

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
      ) : url && pending && !framable(url) ? (
        // An app's scheme (alipays://, weixin://) from a gateway's API order: only the top window
        // can hand it to the app.
        <div className="fin-webview-open">
          <p>请在支付应用中完成付款，完成后返回本页查看结果</p>
          <a className="fin-webview-button" href={url} data-testid="payment-open-app">
            打开支付应用
          </a>
        </div>
      ) : url && pending ? (
        <>
          <iframe className="fin-webview" src={url} title="支付页面" data-testid="payment-frame" />
          {/* Many cashiers refuse to be shown in a frame (or need the whole window to open a
              payment app): the same page in its own window, watched here all the same. */}
          <a
            className="fin-webview-escape"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="payment-open-window"
          >
            页面无法显示？在新窗口打开支付页
          </a>
        </>
      ) : (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      )}
    </Page>
  );
}
