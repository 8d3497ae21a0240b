import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@app/shared';
import {
  depositQueueItem,
  depositQueueQuery,
  financeSettings,
  financeSettingsBody,
  pendingChangeRef,
  PENDING_SECOND_OPERATOR,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-财务'];

/** The console's deposit queue (filters, export) and the runtime finance settings. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { depositQueue, financeSettings: settings } = app.services;

  listRoutes(app, {
    path: '/admin/v1/finance/deposits',
    permission: 'finance.orders',
    tags,
    summary: '充值订单（筛选：状态、方式、单号/哈希/会员、日期）',
    querystring: depositQueueQuery,
    item: depositQueueItem,
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
  });
  app.get(
    '/admin/v1/settings/finance',
    {
      ...guarded(app, 'finance.settings'),
      schema: {
        tags,
        summary: '财务设置（当前生效值）',
        security,
        response: { 200: envelope(financeSettings) },
      },
    },
    async () => ok(await settings.view(), '获取成功'),
  );
  app.put(
    '/admin/v1/settings/finance',
    {
      ...guarded(app, 'finance.settings'),
      schema: {
        tags,
        summary: '修改财务设置（即时生效，记录审计；放宽资金控制的修改待另一位管理员复核后生效）',
        security,
        body: financeSettingsBody,
        response: { 200: envelope(financeSettings.extend({ pending_change: pendingChangeRef.optional() })) },
      },
    },
    async (request) => {
      const saved = await settings.update(request.body, callOf(request));
      return ok(saved, saved.pending_change ? PENDING_SECOND_OPERATOR : '已保存，立即生效');
    },
  );
};
