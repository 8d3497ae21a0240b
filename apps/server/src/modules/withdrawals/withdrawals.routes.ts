import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankList,
  BANKS,
  createWithdrawBody,
  envelope,
  idParam,
  okData,
  usdtRateView,
  userWalletBody,
  userWalletList,
  userWalletTypes,
  userWalletView,
  withdrawBalance,
  withdrawConfig,
  withdrawPage,
  withdrawQuery,
  withdrawStatistics,
  withdrawView,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['提现'];
const walletTags = ['提现账户'];
const security = [{ bearer: [] }];

/** Withdrawals (SPEC.md §7 "Withdraws"), saved wallets ("Wallets") and the operator's decisions. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.withdrawals;
  const wallets = app.services.userWallets;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/v1/withdraws/config',
    {
      ...auth,
      schema: {
        tags,
        summary: '提现限额、手续费与每日次数（按VIP等级）',
        security,
        response: { 200: envelope(withdrawConfig) },
      },
    },
    async (request) => ok(await svc.settings(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/withdraws/banks',
    { ...auth, schema: { tags, summary: '支持的银行', security, response: { 200: envelope(bankList) } } },
    async () => ok({ list: BANKS.map((b) => ({ code: b.code, name: b.name })) }, '获取成功'),
  );
  app.get(
    '/v1/withdraws/balance',
    {
      ...auth,
      schema: {
        tags,
        summary: '可提现余额、冻结金额与剩余打码量',
        security,
        response: { 200: envelope(withdrawBalance) },
      },
    },
    async (request) => ok(await svc.balance(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/withdraws/usdt-rate',
    {
      ...auth,
      schema: {
        tags,
        summary: 'USDT 提现汇率（元/USDT）',
        security,
        response: { 200: envelope(usdtRateView) },
      },
    },
    async () => ok(await svc.usdtRate(), '获取成功'),
  );
  app.get(
    '/v1/withdraws/statistics',
    {
      ...auth,
      schema: { tags, summary: '提现统计', security, response: { 200: envelope(withdrawStatistics) } },
    },
    async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/withdraws',
    {
      ...auth,
      schema: {
        tags,
        summary: '提现记录',
        security,
        querystring: withdrawQuery,
        response: { 200: envelope(withdrawPage) },
      },
    },
    async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/withdraws/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: '提现详情（含驳回原因）',
        security,
        params: idParam,
        response: { 200: envelope(withdrawView) },
      },
    },
    async (request) => ok(await svc.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );
  app.post(
    '/v1/withdraws',
    {
      ...auth,
      schema: {
        tags,
        summary: '申请提现（冻结金额，等待审核；需支付密码；支持 Idempotency-Key）',
        security,
        body: createWithdrawBody,
        response: { 200: envelope(withdrawView) },
      },
    },
    async (request) =>
      ok(
        await svc.create(request.body, {
          memberId: memberOf(request).member.id,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
          ip: request.ip,
        }),
        '提现申请已提交',
      ),
  );
  app.post(
    '/v1/withdraws/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: '取消审核中的提现（解冻退回；支持 Idempotency-Key）',
        security,
        params: idParam,
        response: { 200: envelope(withdrawView) },
      },
    },
    async (request) => {
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
  );

  // ---- saved wallets ----
  app.get(
    '/v1/user-wallets/types',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '提现账户类型',
        security,
        response: { 200: envelope(userWalletTypes) },
      },
    },
    async () => ok(wallets.types(), '获取成功'),
  );
  app.get(
    '/v1/user-wallets',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '我的提现账户（卡号脱敏）',
        security,
        response: { 200: envelope(userWalletList) },
      },
    },
    async (request) => ok(await wallets.list(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/user-wallets/:id',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '提现账户详情',
        security,
        params: idParam,
        response: { 200: envelope(userWalletView) },
      },
    },
    async (request) => ok(await wallets.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );
  app.post(
    '/v1/user-wallets',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '添加提现账户（银行卡 Luhn 校验；USDT 地址按网络校验）',
        security,
        body: userWalletBody,
        response: { 200: envelope(userWalletView) },
      },
    },
    async (request) => ok(await wallets.create(memberOf(request).member.id, request.body), '添加成功'),
  );
  app.put(
    '/v1/user-wallets/:id',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '修改提现账户',
        security,
        params: idParam,
        body: userWalletBody,
        response: { 200: envelope(userWalletView) },
      },
    },
    async (request) =>
      ok(await wallets.update(memberOf(request).member.id, request.params.id, request.body), '修改成功'),
  );
  app.delete(
    '/v1/user-wallets/:id',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '删除提现账户',
        security,
        params: idParam,
        response: { 200: envelope(okData) },
      },
    },
    async (request) => ok(await wallets.remove(memberOf(request).member.id, request.params.id), '已删除'),
  );
  app.post(
    '/v1/user-wallets/:id/toggle-status',
    {
      ...auth,
      schema: {
        tags: walletTags,
        summary: '启用/停用提现账户',
        security,
        params: idParam,
        response: { 200: envelope(userWalletView) },
      },
    },
    async (request) => ok(await wallets.toggle(memberOf(request).member.id, request.params.id), '状态已更新'),
  );
};
