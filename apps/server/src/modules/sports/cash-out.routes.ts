import { parseYuan } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['竞彩投注'];

/** 提前结算: the offer for an open order, and taking it. */
export const cashOutRoutes = contractRoutes(memberApi, (app) => ({
  'GET /v1/cash-out/:orderNo': {
    tags,
    summary:
      '提前结算报价（整单或按份数部分提前结算；按未结束赛事的当前赔率（含滚球）与平台抽水；暂停、停售或关闭时无报价并说明原因）',
    access: { member: true },
    handler: async (request) =>
      ok(
        await app.services.cashOut.quote(
          memberOf(request).member.id,
          request.params.orderNo,
          request.query.shares,
        ),
        '获取成功',
      ),
  },
  'POST /v1/cash-out/:orderNo': {
    tags,
    summary:
      '提前结算（整单或部分；滚球中经投注延迟后确认，结果以 cash_out.decided 推送；按会员赔率变化设置接受新报价；与结算并发时只有一方生效；支持 Idempotency-Key）',
    access: { member: true },
    handler: async (request) => {
      const parsed = parseYuan(request.body.offer);
      // The contract's pattern makes this a two-decimal amount: the parse cannot fail here.
      const accepted = parsed.ok ? parsed.fen : 0n;
      const result = await app.services.cashOut.cashOut(
        memberOf(request).member.id,
        request.params.orderNo,
        { accepted, shares: request.body.shares },
        {
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        },
      );
      return ok(
        result,
        result.amount === null
          ? '滚球提前结算已提交，投注延迟结束后确认'
          : result.status === 'pending'
            ? `已部分提前结算，${result.amount}元已到账`
            : `已提前结算，${result.amount}元已到账`,
      );
    },
  },
}));
