import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  betCodesBody,
  betCodesValidation,
  envelope,
  itemCountResult,
  lotteryCodeQuery,
  lotteryCurrentExpect,
  lotteryDetail,
  lotteryFamilyQuery,
  lotteryHistoryQuery,
  lotteryList,
  lotteryPeriodOptionalQuery,
  lotteryPeriodQuery,
  lotteryPeriodView,
  lotteryPlayGroups,
  lotteryPlayView,
  lotterySettlementStats,
  lotteryTrend,
  lotteryTrendQuery,
  lotteryVerification,
  paginated,
  playDetailQuery,
} from '@app/shared';
import { ok } from '../../plugins/envelope.ts';

const tags = ['彩票'];

/** Public lottery reads (SPEC.md §7 "Lottery": lottery/*, play/*, bet/trend) and draw verification. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.lottery;
  const bets = app.services.lotteryBets;

  app.get(
    '/v1/liujiu/lottery/list',
    {
      schema: {
        tags,
        summary: '彩种列表（含当前期与最新开奖）',
        querystring: lotteryFamilyQuery,
        response: { 200: envelope(lotteryList) },
      },
    },
    async (request) => ok(await svc.list(request.query.type), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/detail',
    {
      schema: {
        tags,
        summary: '彩种详情',
        querystring: lotteryCodeQuery,
        response: { 200: envelope(lotteryDetail) },
      },
    },
    async (request) => ok(await svc.detail(request.query.code), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/current-expect',
    {
      schema: {
        tags,
        summary: '当前期号（上一期、下一期）',
        querystring: lotteryCodeQuery,
        response: { 200: envelope(lotteryCurrentExpect) },
      },
    },
    async (request) => ok(await svc.currentExpect(request.query.code), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/open-code',
    {
      schema: {
        tags,
        summary: '某期开奖号码（开奖后公布种子）',
        querystring: lotteryPeriodQuery,
        response: { 200: envelope(lotteryPeriodView) },
      },
    },
    async (request) => ok(await svc.openCode(request.query.code, request.query.expect), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/history-open-codes',
    {
      schema: {
        tags,
        summary: '历史开奖号码',
        querystring: lotteryHistoryQuery,
        response: { 200: envelope(paginated(lotteryPeriodView)) },
      },
    },
    async (request) => ok(await svc.history(request.query.code, request.query), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/latest-open-code',
    {
      schema: {
        tags,
        summary: '最新开奖号码（尚无开奖时为 null）',
        querystring: lotteryCodeQuery,
        response: { 200: envelope(lotteryPeriodView.nullable()) },
      },
    },
    async (request) => ok(await svc.latestOpenCode(request.query.code), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/settlement-stats',
    {
      schema: {
        tags,
        summary: '某期结算进度（不给期号时为最近一期）',
        querystring: lotteryPeriodOptionalQuery,
        response: { 200: envelope(lotterySettlementStats) },
      },
    },
    async (request) => ok(await svc.settlementStats(request.query.code, request.query.expect), '获取成功'),
  );
  app.get(
    '/v1/liujiu/lottery/verify',
    {
      schema: {
        tags,
        summary: '开奖验证：种子与承诺值、由种子重新推导的开奖号码',
        description:
          'commitment = SHA-256(seed) is published before the period opens; the seed after the draw. Anyone can recompute the open code (the member app does it in the browser).',
        querystring: lotteryPeriodQuery,
        response: { 200: envelope(lotteryVerification) },
      },
    },
    async (request) => ok(await svc.verify(request.query.code, request.query.expect), '获取成功'),
  );

  app.get(
    '/v1/liujiu/play/list',
    {
      schema: {
        tags,
        summary: '玩法分组',
        querystring: lotteryCodeQuery,
        response: { 200: envelope(lotteryPlayGroups) },
      },
    },
    async (request) => ok(await svc.plays(request.query.code), '获取成功'),
  );
  app.get(
    '/v1/liujiu/play/detail',
    {
      schema: {
        tags,
        summary: '玩法详情',
        querystring: playDetailQuery,
        response: { 200: envelope(lotteryPlayView) },
      },
    },
    async (request) => ok(svc.playDetail(request.query.code, request.query.play_code), '获取成功'),
  );
  app.post(
    '/v1/liujiu/play/calculate-item-count',
    {
      schema: {
        tags,
        summary: '计算注数与金额（号码不合规时 422 并指出号码）',
        body: betCodesBody,
        response: { 200: envelope(itemCountResult) },
      },
    },
    async (request) => ok(bets.itemCount(request.body), '计算成功'),
  );
  app.post(
    '/v1/liujiu/play/validate-bet-codes',
    {
      schema: {
        tags,
        summary: '校验投注号码',
        body: betCodesBody,
        response: { 200: envelope(betCodesValidation) },
      },
    },
    async (request) => {
      const result = bets.validate(request.body);
      return ok(result, result.valid ? '号码有效' : (result.message ?? '号码无效'));
    },
  );
  app.get(
    '/v1/liujiu/bet/trend',
    {
      schema: {
        tags,
        summary: '走势：历史开奖、遗漏与冷热号',
        querystring: lotteryTrendQuery,
        response: { 200: envelope(lotteryTrend) },
      },
    },
    async (request) => ok(await svc.trend(request.query.code, request.query.limit), '获取成功'),
  );
};
