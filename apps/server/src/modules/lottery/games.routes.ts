import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  lotteryAddress,
  lotteryAddressBody,
  lotteryGameList,
  lotteryTokenResult,
  lotteryTransferBody,
  lotteryTransferResult,
  lotteryWalletBalance,
  lotteryAutoTransferBody,
  lotteryAutoTransferResult,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['彩票钱包'];
const security = [{ bearer: [] }];

/** The lottery wallet (SPEC.md §7 "Games": /v1/game/lottery/*) and the lottery token (§4). */
export const lotteryGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.lotteryWallet;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/update-lottery-token',
    {
      schema: {
        tags,
        summary: '更新彩票令牌（200 返回令牌；客户端亦接受 202 = 异步创建）',
        security,
        response: { 200: envelope(lotteryTokenResult) },
      },
    },
    async (request) => ok(await svc.updateToken(memberOf(request).member.id), '更新成功'),
  );
  app.get(
    '/v1/game/lottery/list',
    { schema: { tags, summary: '彩票游戏列表', security, response: { 200: envelope(lotteryGameList) } } },
    async () => ok(svc.games(), '获取成功'),
  );
  app.get(
    '/v1/game/lottery/balance',
    {
      schema: { tags, summary: '彩票钱包余额', security, response: { 200: envelope(lotteryWalletBalance) } },
    },
    async (request) => ok(await svc.balance(memberOf(request).member.id), '获取成功'),
  );
  app.post(
    '/v1/game/lottery/address',
    {
      schema: {
        tags,
        summary: '彩票游戏地址',
        security,
        body: lotteryAddressBody,
        response: { 200: envelope(lotteryAddress) },
      },
    },
    async (request) => ok(await svc.address(memberOf(request).member.id, request.body?.code), '获取成功'),
  );
  app.put(
    '/v1/game/lottery/auto-transfer',
    {
      schema: {
        tags,
        summary: '自动转入开关：开启后彩票投注直接从主钱包扣款（在投注的同一事务中转入）',
        security,
        body: lotteryAutoTransferBody,
        response: { 200: envelope(lotteryAutoTransferResult) },
      },
    },
    async (request) => {
      const result = await svc.setAutoTransfer(memberOf(request).member.id, request.body.enabled);
      return ok(result, result.auto_transfer ? '已开启自动转入' : '已关闭自动转入');
    },
  );
  for (const direction of ['in', 'out'] as const) {
    app.post(
      `/v1/game/lottery/transfer-${direction}`,
      {
        schema: {
          tags,
          summary:
            direction === 'in'
              ? '转入彩票钱包（从主钱包；支持 Idempotency-Key）'
              : '转出到主钱包（amount 为 0 时全部转出；支持 Idempotency-Key）',
          security,
          body: lotteryTransferBody,
          response: { 200: envelope(lotteryTransferResult) },
        },
      },
      async (request) =>
        ok(
          await svc.transfer(direction, request.body.amount, {
            memberId: memberOf(request).member.id,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
          }),
          direction === 'in' ? '转入成功' : '转出成功',
        ),
    );
  }
};
