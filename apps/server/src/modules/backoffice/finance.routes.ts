import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam, operatorDecisionBody, withdrawView } from '@app/shared';
import {
  depositQueueItem,
  depositQueueQuery,
  financeSettings,
  financeSettingsBody,
  pendingChangeRef,
  PENDING_SECOND_OPERATOR,
  walletConflictItem,
  walletConflictQuery,
  withdrawQueueItem,
  withdrawQueueQuery,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from './lists.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-财务'];

/** Deposit and withdrawal queues (with filters and export), the pay step, runtime finance settings. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { financeQueues, financeSettings: settings, pending } = app.services.backoffice;
  const withdrawals = app.services.withdrawals;

  listRoutes(app, {
    path: '/admin/v1/finance/deposits',
    permission: 'finance.orders',
    tags,
    summary: '充值订单（筛选：状态、方式、单号/哈希/会员、日期）',
    querystring: depositQueueQuery,
    item: depositQueueItem,
    list: (q) => financeQueues.deposits(q),
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
  listRoutes(app, {
    path: '/admin/v1/finance/withdrawals',
    permission: 'finance.orders',
    tags,
    summary: '提现申请（审核 → 出款 → 已到账，或驳回）',
    querystring: withdrawQueueQuery,
    item: withdrawQueueItem,
    list: (q) => financeQueues.withdrawals(q),
    fileName: '提现申请',
    csv: [
      { title: '单号', value: (r) => r.order_no },
      { title: '会员', value: (r) => r.username },
      { title: '金额', value: (r) => r.amount },
      { title: '手续费', value: (r) => r.fee },
      { title: '实付', value: (r) => r.actual_amount },
      { title: '收款账户', value: (r) => r.wallet_name },
      { title: '户名', value: (r) => r.holder_name },
      { title: '账号', value: (r) => r.account },
      { title: '状态', value: (r) => r.status_text },
      { title: '处理人', value: (r) => r.operator_name },
      { title: '申请时间', value: (r) => r.created_at },
    ],
  });
  listRoutes(app, {
    path: '/admin/v1/risk/wallet-conflicts',
    permission: 'members.read',
    tags,
    summary: '提现账户绑定冲突（会员尝试绑定他人已绑定的银行卡或地址，已拒绝）',
    querystring: walletConflictQuery,
    item: walletConflictItem,
    list: (q) => financeQueues.walletConflicts(q),
    fileName: '绑定冲突',
    csv: [
      { title: '时间', value: (r) => r.created_at },
      { title: '尝试绑定的会员', value: (r) => r.username },
      { title: '已绑定的会员', value: (r) => r.owner_username },
      { title: '类型', value: (r) => r.type_name },
      { title: '账号', value: (r) => r.account },
    ],
  });
  const decide = (
    path: string,
    summary: string,
    message: string,
    fn: (id: number, action: { operatorId: number; ip: string; reason: string }) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        ...guarded(app, 'finance.orders'),
        schema: {
          tags,
          summary,
          security,
          params: idParam,
          body: operatorDecisionBody.nullish(),
          response: { 200: envelope(withdrawView.extend({ pending_change: pendingChangeRef.optional() })) },
        },
      },
      async (request) => {
        const call = callOf(request);
        const view = await fn(request.params.id, {
          operatorId: call.operatorId,
          ip: call.ip,
          reason: request.body?.reason ?? '',
        });
        pending.changed();
        const waits = typeof view === 'object' && view !== null && 'pending_change' in view;
        return ok(view as never, waits ? PENDING_SECOND_OPERATOR : message);
      },
    );
  decide('/admin/v1/withdraws/:id/review', '审核通过（待出款，会员不能再取消）', '已审核，待出款', (id, a) =>
    withdrawals.review(id, a),
  );
  decide('/admin/v1/withdraws/:id/pay', '出款（冻结金额扣出，标记已到账）', '已出款', (id, a) =>
    withdrawals.approve(id, a),
  );

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
