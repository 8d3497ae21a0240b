import { memberApi } from '@app/shared/api';
import { dayWindow, LIST_WINDOW, REPORT_WINDOW } from '../../lib/day-window.ts';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const member = { member: true } as const;

/** Reports (SPEC.md §7 "Reports") and bills (资金明细; SPEC names no path, so /v1/bills). */
export const reportsRoutes = contractRoutes(memberApi, (app) => {
  const reports = app.services.reports;
  const betTags = ['投注记录'];
  const billTags = ['资金明细'];
  return {
    'GET /v1/reports/comprehensive': {
      tags: ['报表'],
      summary:
        '综合报表：充值、提现、投注、派奖、返水、彩金与盈亏，投注与派奖按体育、彩票、电子游戏分类（按上海时区日期，来自账变与游戏记录）',
      access: member,
      handler: async (request) =>
        ok(
          await reports.comprehensive(
            memberOf(request).member.id,
            dayWindow(request.query, REPORT_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },

    'GET /v1/betting-records': {
      tags: betTags,
      summary: '投注记录：体育注单与彩票注单（按分类、状态、日期筛选）',
      access: member,
      handler: async (request) =>
        ok(
          await reports.bettingRecords(
            memberOf(request).member.id,
            request.query,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/betting-records/stats': {
      tags: betTags,
      summary: '投注统计',
      access: member,
      handler: async (request) =>
        ok(
          await reports.bettingStats(
            memberOf(request).member.id,
            request.query.category,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/betting-records/:id': {
      tags: betTags,
      summary: '投注记录详情（id 如 sports-12、lottery-7）',
      access: member,
      handler: async (request) =>
        ok(await reports.bettingRecord(memberOf(request).member.id, request.params.id), '获取成功'),
    },

    'GET /v1/bills': {
      tags: billTags,
      summary: '资金明细（账变，按类型、日期筛选）',
      access: member,
      handler: async (request) =>
        ok(
          await reports.bills(
            memberOf(request).member.id,
            request.query,
            dayWindow(request.query, LIST_WINDOW, app.services.clock.now()),
          ),
          '获取成功',
        ),
    },
    'GET /v1/bills/types': {
      tags: billTags,
      summary: '账变类型',
      access: member,
      handler: async () => ok(reports.billTypes(), '获取成功'),
    },
  };
});
