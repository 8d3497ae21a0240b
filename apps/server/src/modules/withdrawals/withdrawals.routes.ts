import { BANKS } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['提现'];
const walletTags = ['提现账户'];
const member = { member: true } as const;

/** Withdrawals (SPEC.md §7 "Withdraws") and saved wallets ("Wallets"); operators decide in admin.routes.ts. */
export const withdrawalsRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.withdrawals;
  const wallets = app.services.userWallets;
  return {
    'GET /v1/withdraws/config': {
      tags,
      summary: '提现限额、手续费与每日次数（按VIP等级）',
      access: member,
      handler: async (request) => ok(await svc.settings(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/withdraws/banks': {
      tags,
      summary: '支持的银行',
      access: member,
      handler: async () => ok({ list: BANKS.map((b) => ({ code: b.code, name: b.name })) }, '获取成功'),
    },
    'GET /v1/withdraws/balance': {
      tags,
      summary: '可提现余额、冻结金额与剩余打码量',
      access: member,
      handler: async (request) => ok(await svc.balance(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/withdraws/usdt-rate': {
      tags,
      summary: 'USDT 提现汇率（元/USDT）',
      access: member,
      handler: async () => ok(await svc.usdtRate(), '获取成功'),
    },
    'GET /v1/withdraws/statistics': {
      tags,
      summary: '提现统计',
      access: member,
      handler: async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/withdraws': {
      tags,
      summary: '提现记录',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/withdraws/:id': {
      tags,
      summary: '提现详情（含驳回原因）',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'POST /v1/withdraws': {
      tags,
      summary: '申请提现（冻结金额，等待审核；需支付密码；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.create(request.body, {
            memberId: memberOf(request).member.id,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
            ip: request.ip,
          }),
          '提现申请已提交',
        ),
    },
    'POST /v1/withdraws/:id/cancel': {
      tags,
      summary: '取消审核中的提现（解冻退回；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => {
        const memberId = memberOf(request).member.id;
        return ok(
          await svc.cancel(memberId, request.params.id, {
            memberId,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
          }),
          '提现已取消',
        );
      },
    },

    // ---- saved wallets ----
    'GET /v1/user-wallets/types': {
      tags: walletTags,
      summary: '提现账户类型',
      access: member,
      handler: async () => ok(wallets.types(), '获取成功'),
    },
    'GET /v1/user-wallets': {
      tags: walletTags,
      summary: '我的提现账户（卡号脱敏）',
      access: member,
      handler: async (request) => ok(await wallets.list(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/user-wallets/:id': {
      tags: walletTags,
      summary: '提现账户详情',
      access: member,
      handler: async (request) =>
        ok(await wallets.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'POST /v1/user-wallets': {
      tags: walletTags,
      summary: '添加提现账户（银行卡 Luhn 校验；USDT 地址按网络校验）',
      access: member,
      handler: async (request) =>
        ok(await wallets.create(memberOf(request).member.id, request.body), '添加成功'),
    },
    'PUT /v1/user-wallets/:id': {
      tags: walletTags,
      summary: '修改提现账户',
      access: member,
      handler: async (request) =>
        ok(await wallets.update(memberOf(request).member.id, request.params.id, request.body), '修改成功'),
    },
    'DELETE /v1/user-wallets/:id': {
      tags: walletTags,
      summary: '删除提现账户',
      access: member,
      handler: async (request) =>
        ok(await wallets.remove(memberOf(request).member.id, request.params.id), '已删除'),
    },
    'POST /v1/user-wallets/:id/toggle-status': {
      tags: walletTags,
      summary: '启用/停用提现账户',
      access: member,
      handler: async (request) =>
        ok(await wallets.toggle(memberOf(request).member.id, request.params.id), '状态已更新'),
    },
  };
});
