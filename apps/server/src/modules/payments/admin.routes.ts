import { addDays, shanghaiDayStart } from '@app/shared';
import { PAYMENT_CALLBACK_SOURCES, PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-财务'];
const orders = { permission: 'finance.orders' } as const;
const settingsAccess = { permission: 'finance.settings' } as const;

/**
 * The console's deposit queue (filters, export), the operator's USDT decisions (role finance), the
 * gateway's notification log (网关通知) and the runtime finance settings.
 */
export const paymentsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const { depositQueue, financeSettings: settings, payments } = app.services;
  const adminTags = ['管理后台-充值'];
  return {
    'GET /admin/v1/payment-orders': {
      tags: adminTags,
      summary: '充值订单（默认：待确认的 USDT 充值）',
      access: orders,
      handler: async (request) => ok(await payments.adminList(request.query), '获取成功'),
    },
    'POST /admin/v1/payment-orders/:id/confirm': {
      tags: adminTags,
      summary: '确认 USDT 到账并入账（超出单人审批额度或到账金额与订单不符时，待另一位管理员复核）',
      access: orders,
      handler: async (request) => {
        const confirmed = await payments.confirm(request.params.id, {
          operatorId: operatorOf(request).operator.id,
          ip: request.ip,
          reason: request.body?.reason ?? '',
          usdtCents: request.body?.usdt_amount,
        });
        return ok(confirmed, 'pending_change' in confirmed ? PENDING_SECOND_OPERATOR : '已确认入账');
      },
    },
    'POST /admin/v1/payment-orders/:id/reject': {
      tags: adminTags,
      summary: '驳回 USDT 充值（原因展示给会员）',
      access: orders,
      handler: async (request) =>
        ok(
          await payments.reject(request.params.id, {
            operatorId: operatorOf(request).operator.id,
            ip: request.ip,
            reason: request.body.reason,
          }),
          '已驳回',
        ),
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/finance/deposits', {
      access: orders,
      tags,
      summary: '充值订单（筛选：状态、方式、单号/哈希/会员、日期）',
      list: (q) => depositQueue.deposits(q),
      fileName: '充值订单',
      csv: [
        { title: '单号', value: (r) => r.order_no },
        { title: '会员', value: (r) => r.username },
        { title: '方式', value: (r) => r.method_name },
        { title: '金额', value: (r) => r.amount },
        { title: 'USDT', value: (r) => r.usdt_amount },
        { title: '汇率', value: (r) => r.rate },
        { title: '交易哈希', value: (r) => r.tx_hash },
        { title: '状态', value: (r) => r.status_text },
        { title: '处理人', value: (r) => r.operator_name },
        { title: '创建时间', value: (r) => r.created_at },
        { title: '到账时间', value: (r) => r.paid_at },
      ],
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/payment-callbacks', {
      access: orders,
      tags,
      summary: '网关通知（每条支付网关通知及对账查询结果，已受理或已拒绝；签名字段已遮蔽）',
      list: async (q) => {
        const { rows, total } = await depositQueue.callbacks({
          outcome: q.outcome,
          source: q.source,
          orderNo: q.order_no,
          gateway: q.gateway,
          from: q.from ? shanghaiDayStart(q.from) : undefined,
          to: q.to ? shanghaiDayStart(addDays(q.to, 1)) : undefined,
          page: q.page,
          pageSize: q.per_page,
        });
        return { total, list: rows };
      },
      fileName: '网关通知',
      csv: [
        { title: '时间', value: (r) => r.created_at },
        { title: '通道', value: (r) => r.gateway },
        { title: '订单号', value: (r) => r.order_no },
        { title: '来源', value: (r) => PAYMENT_CALLBACK_SOURCES[r.source] },
        { title: '结果', value: (r) => r.outcome_text },
        { title: '签名', value: (r) => (r.signature_valid ? '有效' : '无效') },
        { title: 'IP', value: (r) => r.ip },
        { title: '内容', value: (r) => JSON.stringify(r.payload) },
      ],
    }),
    'GET /admin/v1/settings/finance': {
      tags,
      summary: '财务设置（当前生效值）',
      access: settingsAccess,
      handler: async () => ok(await settings.view(), '获取成功'),
    },
    'PUT /admin/v1/settings/finance': {
      tags,
      summary: '修改财务设置（即时生效，记录审计；放宽资金控制的修改待另一位管理员复核后生效）',
      access: settingsAccess,
      handler: async (request) => {
        const saved = await settings.update(request.body, callOf(request));
        return ok(saved, saved.pending_change ? PENDING_SECOND_OPERATOR : '已保存，立即生效');
      },
    },
  };
});
