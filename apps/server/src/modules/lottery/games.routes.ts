import { memberApi, type MemberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['彩票钱包'];
const member = { member: true } as const;

/** The lottery wallet (SPEC.md §7 "Games": /v1/game/lottery/*) and the lottery token (§4). */
export const lotteryGamesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.lotteryWallet;
  const transfer = (
    direction: 'in' | 'out',
    summary: string,
    message: string,
  ): RouteSpec<MemberApi['POST /v1/game/lottery/transfer-in']> => ({
    tags,
    summary,
    access: member,
    handler: async (request) =>
      ok(
        await svc.transfer(direction, request.body.amount, {
          memberId: memberOf(request).member.id,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        }),
        message,
      ),
  });

  return {
    'POST /v1/update-lottery-token': {
      tags,
      summary: '更新彩票令牌（200 返回令牌；客户端亦接受 202 = 异步创建）',
      access: member,
      handler: async (request) => ok(await svc.updateToken(memberOf(request).member.id), '更新成功'),
    },
    'GET /v1/game/lottery/list': {
      tags,
      summary: '彩票游戏列表',
      access: member,
      handler: async () => ok(svc.games(), '获取成功'),
    },
    'GET /v1/game/lottery/balance': {
      tags,
      summary: '彩票钱包余额',
      access: member,
      handler: async (request) => ok(await svc.balance(memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/game/lottery/address': {
      tags,
      summary: '彩票游戏地址',
      access: member,
      handler: async (request) =>
        ok(await svc.address(memberOf(request).member.id, request.body?.code), '获取成功'),
    },
    'PUT /v1/game/lottery/auto-transfer': {
      tags,
      summary: '自动转入开关：开启后彩票投注直接从主钱包扣款（在投注的同一事务中转入）',
      access: member,
      handler: async (request) => {
        const result = await svc.setAutoTransfer(memberOf(request).member.id, request.body.enabled);
        return ok(result, result.auto_transfer ? '已开启自动转入' : '已关闭自动转入');
      },
    },
    'POST /v1/game/lottery/transfer-in': transfer(
      'in',
      '转入彩票钱包（从主钱包；支持 Idempotency-Key）',
      '转入成功',
    ),
    'POST /v1/game/lottery/transfer-out': transfer(
      'out',
      '转出到主钱包（amount 为 0 时全部转出；支持 Idempotency-Key）',
      '转出成功',
    ),
  };
});
