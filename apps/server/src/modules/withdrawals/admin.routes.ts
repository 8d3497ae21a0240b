import { PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi, type BackofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf } from '../../plugins/operator-guard.ts';
import type { PayAction } from './withdrawals.service.ts';

const tags = ['管理后台-财务'];
const adminTags = ['管理后台-提现'];
const orders = { permission: 'finance.orders' } as const;
/** Review and pay take the same contract: an operator's reason in, the withdrawal (or its 复核) out. */
type Decision = RouteSpec<BackofficeApi['POST /admin/v1/withdraws/:id/review']>;

/**
 * The console's withdrawal queue (filters, export), the review and pay steps, the one-step
 * approve and reject (role finance), refused account bindings.
 */
export const withdrawalsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const { withdrawalQueue, withdrawals } = app.services;
  const decide = (
    summary: string,
    message: string,
    fn: (id: number, action: PayAction) => Promise<unknown>,
  ): Decision => ({
    tags,
    summary,
    access: orders,
    handler: async (request) => {
      const call = callOf(request);
      const view = await fn(request.params.id, {
        operatorId: call.operatorId,
        ip: call.ip,
        reason: request.body?.reason ?? '',
        // Only 出款's contract has it (withdrawPayBody: 64 hex, lower case).
        txId: (request.body as { tx_id?: string } | null | undefined)?.tx_id,
      });
      const waits = typeof view === 'object' && view !== null && 'pending_change' in view;
      return ok(view as never, waits ? PENDING_SECOND_OPERATOR : message);
    },
  });
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/finance/withdrawals', {
      access: orders,
      tags,
      summary: '提现申请（审核 → 出款 → 已到账，或驳回）',
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
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/risk/wallet-conflicts', {
      access: { permission: 'members.read' },
      tags,
      summary: '提现账户绑定冲突（会员尝试绑定他人已绑定的银行卡或地址，已拒绝）',
      list: (q) => withdrawalQueue.walletConflicts(q),
      fileName: '绑定冲突',
      csv: [
        { title: '时间', value: (r) => r.created_at },
        { title: '尝试绑定的会员', value: (r) => r.username },
        { title: '已绑定的会员', value: (r) => r.owner_username },
        { title: '类型', value: (r) => r.type_name },
        { title: '账号', value: (r) => r.account },
      ],
    }),
    'POST /admin/v1/withdraws/:id/review': decide(
      '审核通过（待出款，会员不能再取消）',
      '已审核，待出款',
      (id, a) => withdrawals.review(id, a),
    ),
    'POST /admin/v1/withdraws/:id/pay': decide('出款（冻结金额扣出，标记已到账）', '已出款', (id, a) =>
      withdrawals.approve(id, a),
    ),

    'GET /admin/v1/withdraws': {
      tags: adminTags,
      summary: '提现申请（默认：审核中）',
      access: orders,
      handler: async (request) => ok(await withdrawals.adminList(request.query), '获取成功'),
    },
    'POST /admin/v1/withdraws/:id/approve': {
      tags: adminTags,
      summary: '批准并出款（超出单人审批额度且无他人审核时，待另一位管理员复核）',
      access: orders,
      handler: async (request) => {
        const paid = await withdrawals.approve(request.params.id, {
          operatorId: operatorOf(request).operator.id,
          ip: request.ip,
          reason: request.body?.reason ?? '',
          txId: request.body?.tx_id,
        });
        return ok(paid, 'pending_change' in paid ? PENDING_SECOND_OPERATOR : '已出款');
      },
    },
    'POST /admin/v1/withdraws/:id/reject': {
      tags: adminTags,
      summary: '驳回提现（解冻退回，原因展示给会员）',
      access: orders,
      handler: async (request) =>
        ok(
          await withdrawals.reject(request.params.id, {
            operatorId: operatorOf(request).operator.id,
            ip: request.ip,
            reason: request.body.reason,
          }),
          '已驳回',
        ),
    },
  };
});
