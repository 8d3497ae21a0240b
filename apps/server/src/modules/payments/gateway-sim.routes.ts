import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatFen, type GatewayNotification } from '@app/shared';
import { SimulatedGateway } from './gateway-simulator.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f4f7;color:#1f2329}
header{background:#1677ff;color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
main{padding:16px;max-width:420px;margin:0 auto}
.card{background:#fff;border-radius:10px;padding:18px 16px;margin-bottom:14px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.amount{font-size:34px;font-weight:700;text-align:center;margin:6px 0 2px}
.muted{color:#86909c;font-size:13px;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0;font-size:14px}
dt{color:#86909c}dd{margin:0;text-align:right;word-break:break-all}
button{width:100%;border:0;border-radius:8px;padding:13px;font-size:16px;margin-top:10px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.fail{background:#fff;color:#f53f3f;border:1px solid #f53f3f}
.done{text-align:center;font-size:16px;padding:20px 0}
a{color:#1677ff}
</style></head><body><header>模拟支付网关</header><main>${body}</main></body></html>`;
}

/**
 * The simulator's hosted payment page and its buttons. Paying or failing sends the merchant a
 * signed notification (through our own HTTP handler when the notify URL is local, else an HTTP
 * POST), then takes the payer's browser back to the merchant's return URL, whatever the outcome.
 * The buttons post to the top window: the member app shows this page in a frame, and the return
 * URL is the app itself, which must open as the page, not inside its own frame.
 */
export const gatewaySimRoutes: FastifyPluginAsyncZod = async (app) => {
  const sim = app.services.paymentGateway;
  // Only the built-in simulator has pages here; a real provider hosts its own.
  if (!(sim instanceof SimulatedGateway)) return;
  const params = z.object({ tradeNo: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });

  async function deliver(notifyUrl: string, notification: GatewayNotification): Promise<number> {
    if (notifyUrl.startsWith('/')) {
      const res = await app.inject({ method: 'POST', url: notifyUrl, payload: notification });
      return res.statusCode;
    }
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification),
      signal: AbortSignal.timeout(10_000),
    });
    return res.status;
  }

  app.get('/gateway-sim/pay/:tradeNo', { schema: { hide: true, params } }, async (request, reply) => {
    const payment = await sim.find(request.params.tradeNo);
    void reply.type('text/html; charset=utf-8');
    if (!payment)
      return reply.code(404).send(page('支付单不存在', '<div class="card done">支付单不存在或已过期</div>'));
    const action = (what: string) => `/gateway-sim/pay/${encodeURIComponent(payment.tradeNo)}/${what}`;
    const decided =
      payment.status === 'created'
        ? `<form method="post" action="${action('pay')}" target="_top"><button class="pay" type="submit">支付 ¥${formatFen(payment.amount)}</button></form>
<form method="post" action="${action('fail')}" target="_top"><button class="fail" type="submit">模拟失败</button></form>`
        : `<div class="done">${payment.status === 'paid' ? '该订单已支付' : '该订单支付失败'}</div>
<form method="post" action="${action(payment.status === 'paid' ? 'pay' : 'fail')}" target="_top"><button class="pay" type="submit">重新通知商户并返回</button></form>`;
    return reply.send(
      page(
        '收银台',
        `<div class="card"><div class="muted">${escapeHtml(payment.subject)}</div>
<div class="amount">¥${formatFen(payment.amount)}</div><div class="muted">支付完成后将自动返回商户</div></div>
<div class="card"><dl><dt>商户订单号</dt><dd>${escapeHtml(payment.merchantOrderNo)}</dd><dt>交易号</dt><dd>${escapeHtml(payment.tradeNo)}</dd></dl></div>
${decided}`,
      ),
    );
  });

  app.post(
    '/gateway-sim/pay/:tradeNo/:action',
    { schema: { hide: true, params: params.extend({ action: z.enum(['pay', 'fail']) }) } },
    async (request, reply) => {
      const settled = await sim.settle(
        request.params.tradeNo,
        request.params.action === 'pay' ? 'paid' : 'failed',
      );
      if (!settled)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('支付单不存在', '<div class="card done">支付单不存在</div>'));
      const status = await deliver(settled.payment.notifyUrl, settled.notification).catch((err: unknown) => {
        request.log.error({ err }, 'gateway simulator could not notify the merchant');
        return 0;
      });
      if (status !== 200)
        request.log.warn({ status, tradeNo: settled.payment.tradeNo }, 'merchant refused the notification');
      // Paid or failed, the payer goes back to the merchant (as 易支付-style gateways send them to
      // return_url): the member app's result page, which reads the order's status from its server.
      return reply.redirect(settled.payment.returnUrl, 303);
    },
  );
};
