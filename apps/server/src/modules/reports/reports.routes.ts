import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billList,
  billsQuery,
  billTypes,
  bettingRecord,
  bettingRecordIdParam,
  bettingRecordList,
  bettingRecordsQuery,
  bettingStats,
  bettingStatsQuery,
  comprehensiveQuery,
  comprehensiveReport,
  envelope,
} from '@app/shared';
import { dayWindow, LIST_WINDOW, REPORT_WINDOW } from '../../lib/day-window.ts';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

const security = [{ bearer: [] }];

/** Reports (SPEC.md §7 "Reports") and bills (资金明细; SPEC names no path, so /v1/bills). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/reports/comprehensive',
    {
      schema: {
        tags: ['报表'],
        summary:
          '综合报表：充值、提现、投注、派奖、返水、彩金与盈亏，投注与派奖按体育、彩票、电子游戏分类（按上海时区日期，来自账变与游戏记录）',
        security,
        querystring: comprehensiveQuery,
        response: { 200: envelope(comprehensiveReport) },
      },
    },
    async (request) =>
      ok(
        await reports.comprehensive(
          memberOf(request).member.id,
          dayWindow(request.query, REPORT_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );

  const betTags = ['投注记录'];
  app.get(
    '/v1/betting-records',
    {
      schema: {
        tags: betTags,
        summary: '投注记录：体育注单与彩票注单（按分类、状态、日期筛选）',
        security,
        querystring: bettingRecordsQuery,
        response: { 200: envelope(bettingRecordList) },
      },
    },
    async (request) =>
      ok(
        await reports.bettingRecords(
          memberOf(request).member.id,
          request.query,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/betting-records/stats',
    {
      schema: {
        tags: betTags,
        summary: '投注统计',
        security,
        querystring: bettingStatsQuery,
        response: { 200: envelope(bettingStats) },
      },
    },
    async (request) =>
      ok(
        await reports.bettingStats(
          memberOf(request).member.id,
          request.query.category,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/betting-records/:id',
    {
      schema: {
        tags: betTags,
        summary: '投注记录详情（id 如 sports-12、lottery-7）',
        security,
        params: bettingRecordIdParam,
        response: { 200: envelope(bettingRecord) },
      },
    },
    async (request) =>
      ok(await reports.bettingRecord(memberOf(request).member.id, request.params.id), '获取成功'),
  );

  const billTags = ['资金明细'];
  app.get(
    '/v1/bills',
    {
      schema: {
        tags: billTags,
        summary: '资金明细（账变，按类型、日期筛选）',
        security,
        querystring: billsQuery,
        response: { 200: envelope(billList) },
      },
    },
    async (request) =>
      ok(
        await reports.bills(
          memberOf(request).member.id,
          request.query,
          dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/bills/types',
    { schema: { tags: billTags, summary: '账变类型', security, response: { 200: envelope(billTypes) } } },
    async () => ok(reports.billTypes(), '获取成功'),
  );
};
