import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam, operatorDecisionBody, withdrawView } from '@app/shared';
import {
  pendingChangeRef,
  PENDING_SECOND_OPERATOR,
  walletConflictItem,
  walletConflictQuery,
  withdrawQueueItem,
  withdrawQueueQuery,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-财务'];

/** The console's withdrawal queue (filters, export), the review and pay steps, refused account bindings. */
export const withdrawalsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withdrawalQueue, withdrawals } = app.services;

  listRoutes(app, {
    path: '/admin/v1/finance/withdrawals',
    permission: 'finance.orders',
    tags,
    summary: '提现申请（审核 → 出款 → 已到账，或驳回）',
    querystring: withdrawQueueQuery,
    item: withdrawQueueItem,
    list: (q) => withdrawalQueue.withdrawals(q),
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
    list: (q) => withdrawalQueue.walletConflicts(q),
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
};
