import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusLog,
  bonusLogList,
  bonusLogsQuery,
  bonusStats,
  bonusStatsQuery,
  bonusTypes,
  envelope,
  rebateApplyResult,
  rebateClaimableStats,
  rebateClaimMultipleBody,
  rebateClaimResult,
  rebateDetail,
  rebateEstimate,
  rebateRecordList,
  rebateRecordsQuery,
  rebateStats,
  rebateStatsQuery,
  recordIdParam,
} from '@app/shared';
import { dayWindow, LIST_WINDOW, REPORT_WINDOW } from '../../lib/day-window.ts';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const security = [{ bearer: [] }];

/** Bonus logs and rebates (SPEC.md §7 "Bonus" and the rebate calls under "Reports"). */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bonusLogs = app.services.bonusLogs;
  const rebates = app.services.rebates;
  app.addHook('onRequest', app.authenticate);

  // ---- Bonus logs ----
  const bonusTags = ['彩金记录'];
  app.get(
    '/v1/bonus-logs',
    {
      schema: {
        tags: bonusTags,
        summary: '彩金记录（按类型、日期筛选，分页）',
        security,
        querystring: bonusLogsQuery,
        response: { 200: envelope(bonusLogList) },
      },
    },
    async (request) =>
      ok(
        await bonusLogs.list(
          memberOf(request).member.id,
          request.query,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/bonus-logs/statistics',
    {
      schema: {
        tags: bonusTags,
        summary: '彩金统计',
        security,
        querystring: bonusStatsQuery,
        response: { 200: envelope(bonusStats) },
      },
    },
    async (request) =>
      ok(
        await bonusLogs.stats(
          memberOf(request).member.id,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/bonus-logs/types',
    { schema: { tags: bonusTags, summary: '彩金类型', security, response: { 200: envelope(bonusTypes) } } },
    async () => ok(bonusLogs.types(), '获取成功'),
  );
  app.get(
    '/v1/bonus-logs/:id',
    {
      schema: {
        tags: bonusTags,
        summary: '彩金详情',
        security,
        params: recordIdParam,
        response: { 200: envelope(bonusLog) },
      },
    },
    async (request) => ok(await bonusLogs.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );

  // ---- Rebates ----
  const tags = ['返水'];
  app.get(
    '/v1/rebate/stats',
    {
      schema: {
        tags,
        summary: '返水统计（按投注日期）',
        security,
        querystring: rebateStatsQuery,
        response: { 200: envelope(rebateStats) },
      },
    },
    async (request) =>
      ok(
        await rebates.stats(
          memberOf(request).member.id,
          dayWindow(request.query, REPORT_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/rebate/records',
    {
      schema: {
        tags,
        summary: '返水记录（按分类、状态、投注日期筛选，分页）',
        security,
        querystring: rebateRecordsQuery,
        response: { 200: envelope(rebateRecordList) },
      },
    },
    async (request) =>
      ok(
        await rebates.list(
          memberOf(request).member.id,
          request.query,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/rebate/detail/:id',
    {
      schema: {
        tags,
        summary: '返水详情（含所覆盖的注单）',
        security,
        params: recordIdParam,
        response: { 200: envelope(rebateDetail) },
      },
    },
    async (request) => ok(await rebates.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );
  app.get(
    '/v1/rebate/claimable-stats',
    {
      schema: {
        tags,
        summary: '可领取返水与待申请返水',
        security,
        response: { 200: envelope(rebateClaimableStats) },
      },
    },
    async (request) => ok(await rebates.claimableStats(memberOf(request).member.id), '获取成功'),
  );
  app.post(
    '/v1/rebate/calculate',
    {
      schema: {
        tags,
        summary: '试算返水：已结算且未返水的有效投注按当前VIP比例（不写入）',
        security,
        response: { 200: envelope(rebateEstimate) },
      },
    },
    async (request) => ok(await rebates.estimate(memberOf(request).member.id), '计算完成'),
  );

  const call = (request: Parameters<typeof memberOf>[0]) => ({
    memberId: memberOf(request).member.id,
    idempotencyKey: idempotencyKeyOf(request),
    route: routeOf(request),
  });
  app.post(
    '/v1/rebate/apply',
    {
      schema: {
        tags,
        summary: '申请返水：生成可领取的返水记录（每类每天一条；支持 Idempotency-Key）',
        security,
        response: { 200: envelope(rebateApplyResult) },
      },
    },
    async (request) => {
      const result = await rebates.apply(call(request));
      return ok(result, result.created > 0 ? '返水申请成功' : '暂无可申请的返水');
    },
  );
  app.post(
    '/v1/rebate/claim-all',
    {
      schema: {
        tags,
        summary: '领取全部可领取的返水（支持 Idempotency-Key）',
        security,
        response: { 200: envelope(rebateClaimResult) },
      },
    },
    async (request) => ok(await rebates.claim(call(request), { kind: 'all' }), '领取成功'),
  );
  app.post(
    '/v1/rebate/claim/:id',
    {
      schema: {
        tags,
        summary: '领取一条返水（支持 Idempotency-Key）',
        security,
        params: recordIdParam,
        response: { 200: envelope(rebateClaimResult) },
      },
    },
    async (request) =>
      ok(await rebates.claim(call(request), { kind: 'one', id: request.params.id }), '领取成功'),
  );
  app.post(
    '/v1/rebate/claim-multiple',
    {
      schema: {
        tags,
        summary: '领取多条返水（已领取的跳过；支持 Idempotency-Key）',
        security,
        body: rebateClaimMultipleBody,
        response: { 200: envelope(rebateClaimResult) },
      },
    },
    async (request) =>
      ok(await rebates.claim(call(request), { kind: 'many', ids: request.body.record_ids }), '领取成功'),
  );
};
