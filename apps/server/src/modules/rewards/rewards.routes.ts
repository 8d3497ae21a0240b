import type { FastifyRequest } from 'fastify';
import { memberApi } from '@app/shared/api';
import { dayWindow, LIST_WINDOW, REPORT_WINDOW } from '../../lib/day-window.ts';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const bonusTags = ['彩金记录'];
const tags = ['返水'];
const member = { member: true } as const;

/** Who claims, under which Idempotency-Key, on which route: what every rebate money call takes. */
function call(request: FastifyRequest) {
  return {
    memberId: memberOf(request).member.id,
    idempotencyKey: idempotencyKeyOf(request),
    route: routeOf(request),
  };
}

/** Bonus logs and rebates (SPEC.md §7 "Bonus" and the rebate calls under "Reports"). */
export const rewardsRoutes = contractRoutes(memberApi, (app) => {
  const bonusLogs = app.services.bonusLogs;
  const rebates = app.services.rebates;
  return {
    // ---- Bonus logs ----
    'GET /v1/bonus-logs': {
      tags: bonusTags,
      summary: '彩金记录（按类型、日期筛选，分页）',
      access: member,
      handler: async (request) =>
        ok(
          await bonusLogs.list(
            memberOf(request).member.id,
            request.query,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/bonus-logs/statistics': {
      tags: bonusTags,
      summary: '彩金统计',
      access: member,
      handler: async (request) =>
        ok(
          await bonusLogs.stats(
            memberOf(request).member.id,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/bonus-logs/types': {
      tags: bonusTags,
      summary: '彩金类型',
      access: member,
      handler: async () => ok(bonusLogs.types(), '获取成功'),
    },
    'GET /v1/bonus-logs/:id': {
      tags: bonusTags,
      summary: '彩金详情',
      access: member,
      handler: async (request) =>
        ok(await bonusLogs.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },

    // ---- Rebates ----
    'GET /v1/rebate/stats': {
      tags,
      summary: '返水统计（按投注日期）',
      access: member,
      handler: async (request) =>
        ok(
          await rebates.stats(
            memberOf(request).member.id,
            dayWindow(request.query, REPORT_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/rebate/records': {
      tags,
      summary: '返水记录（按分类、状态、投注日期筛选，分页）',
      access: member,
      handler: async (request) =>
        ok(
          await rebates.list(
            memberOf(request).member.id,
            request.query,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/rebate/detail/:id': {
      tags,
      summary: '返水详情（含所覆盖的注单）',
      access: member,
      handler: async (request) =>
        ok(await rebates.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'GET /v1/rebate/claimable-stats': {
      tags,
      summary: '可领取返水与待申请返水',
      access: member,
      handler: async (request) => ok(await rebates.claimableStats(memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/rebate/calculate': {
      tags,
      summary: '试算返水：已结算且未返水的有效投注按当前VIP比例（不写入）',
      access: member,
      handler: async (request) => ok(await rebates.estimate(memberOf(request).member.id), '计算完成'),
    },
    'POST /v1/rebate/apply': {
      tags,
      summary: '申请返水：生成可领取的返水记录（每类每天一条；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => {
        const result = await rebates.apply(call(request));
        return ok(result, result.created > 0 ? '返水申请成功' : '暂无可申请的返水');
      },
    },
    'POST /v1/rebate/claim-all': {
      tags,
      summary: '领取全部可领取的返水（支持 Idempotency-Key）',
      access: member,
      handler: async (request) => ok(await rebates.claim(call(request), { kind: 'all' }), '领取成功'),
    },
    'POST /v1/rebate/claim/:id': {
      tags,
      summary: '领取一条返水（支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(await rebates.claim(call(request), { kind: 'one', id: request.params.id }), '领取成功'),
    },
    'POST /v1/rebate/claim-multiple': {
      tags,
      summary: '领取多条返水（已领取的跳过；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(await rebates.claim(call(request), { kind: 'many', ids: request.body.record_ids }), '领取成功'),
    },
  };
});
