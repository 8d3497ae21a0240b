import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  lotteryBatchCancelResult,
  lotteryBetBatchCancelBody,
  lotteryBetCancelBody,
  lotteryBetCancelResult,
  lotteryBetCreateBody,
  lotteryBetCreateResult,
  lotteryBetDetail,
  lotteryBetDetailQuery,
  lotteryBetListQuery,
  lotteryBetPage,
  lotteryBetStats,
  lotteryBetStatsQuery,
  lotteryNoticePage,
  lotteryNoticeQuery,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['彩票投注'];
const security = [{ bearer: [] }];

/** The member's lottery bets (SPEC.md §7 "Lottery" bet/*); another member's bet answers 404. */
export const lotteryBetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.lotteryBets;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/liujiu/bet/create',
    {
      schema: {
        tags,
        summary: '投注（逐注按规则复核，期号须在封盘前；支持 Idempotency-Key）',
        security,
        body: lotteryBetCreateBody,
        response: { 200: envelope(lotteryBetCreateResult) },
      },
    },
    async (request) =>
      ok(
        await svc.create(request.body, {
          member: memberOf(request).member,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        }),
        '投注成功',
      ),
  );
  app.post(
    '/v1/liujiu/bet/cancel',
    {
      schema: {
        tags,
        summary: '撤单（封盘前，退回彩票钱包）',
        security,
        body: lotteryBetCancelBody,
        response: { 200: envelope(lotteryBetCancelResult) },
      },
    },
    async (request) => {
      const { bet, balance } = await svc.cancel(memberOf(request).member.id, request.body.bet_id);
      return ok({ bet, balance }, '撤单成功');
    },
  );
  app.post(
    '/v1/liujiu/bet/batch-cancel',
    {
      schema: {
        tags,
        summary: '批量撤单（逐注报告结果）',
        security,
        body: lotteryBetBatchCancelBody,
        response: { 200: envelope(lotteryBatchCancelResult) },
      },
    },
    async (request) => {
      const result = await svc.batchCancel(memberOf(request).member.id, request.body.bet_ids);
      return ok(result, `已撤销${result.cancelled}注`);
    },
  );
  app.get(
    '/v1/liujiu/bet/list',
    {
      schema: {
        tags,
        summary: '投注记录',
        security,
        querystring: lotteryBetListQuery,
        response: { 200: envelope(lotteryBetPage) },
      },
    },
    async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/liujiu/bet/detail',
    {
      schema: {
        tags,
        summary: '注单详情（含中奖明细）',
        security,
        querystring: lotteryBetDetailQuery,
        response: { 200: envelope(lotteryBetDetail) },
      },
    },
    async (request) => ok(await svc.detail(memberOf(request).member.id, request.query.bet_id), '获取成功'),
  );
  app.get(
    '/v1/liujiu/bet/stats',
    {
      schema: {
        tags,
        summary: '投注统计',
        security,
        querystring: lotteryBetStatsQuery,
        response: { 200: envelope(lotteryBetStats) },
      },
    },
    async (request) => ok(await svc.stats(memberOf(request).member.id, request.query.code), '获取成功'),
  );
  app.get(
    '/v1/liujiu/notices',
    {
      schema: {
        tags,
        summary: '彩票通知（开奖取消与退款）',
        security,
        querystring: lotteryNoticeQuery,
        response: { 200: envelope(lotteryNoticePage) },
      },
    },
    async (request) =>
      ok(await app.services.lottery.notices(memberOf(request).member.id, request.query), '获取成功'),
  );
};
