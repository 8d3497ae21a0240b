import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@app/shared';
import {
  adminLotteryGame,
  adminPeriodItem,
  adminPeriodQuery,
  lotteryGameBody,
  lotteryGameParam,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-彩票'];
const games = z.object({ list: z.array(adminLotteryGame) });

export const lotteryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const lottery = app.services.lotteryAdmin;
  app.get(
    '/admin/v1/lottery/games',
    {
      ...guarded(app, 'lottery'),
      schema: {
        tags,
        summary: '彩种：销售开关、排序、封盘秒数、未结投注',
        security,
        response: { 200: envelope(games) },
      },
    },
    async () => ok(await lottery.games(), '获取成功'),
  );
  app.put(
    '/admin/v1/lottery/games/:code',
    {
      ...guarded(app, 'lottery'),
      schema: {
        tags,
        summary: '修改彩种（停售/开售、排序、封盘秒数；未开盘的期号立即按新封盘时间）',
        security,
        params: lotteryGameParam,
        body: lotteryGameBody,
        response: { 200: envelope(games) },
      },
    },
    async (request) =>
      ok(await lottery.updateGame(request.params.code, request.body, callOf(request)), '已保存'),
  );
  listRoutes(app, {
    path: '/admin/v1/lottery/periods',
    permission: 'lottery',
    tags,
    summary: '期号：承诺哈希、开奖后公开的种子与开奖号码、结算状态',
    querystring: adminPeriodQuery,
    item: adminPeriodItem,
    list: (q) => lottery.periods(q),
    fileName: '彩票期号',
    csv: [
      { title: '彩种', value: (r) => r.name },
      { title: '期号', value: (r) => r.number },
      { title: '状态', value: (r) => r.status_text },
      { title: '封盘', value: (r) => r.close_at },
      { title: '开奖时间', value: (r) => r.draw_at },
      { title: '承诺哈希', value: (r) => r.commitment },
      { title: '种子', value: (r) => r.seed },
      { title: '开奖号码', value: (r) => r.open_code },
      { title: '注数', value: (r) => r.bets },
      { title: '投注额', value: (r) => r.stake },
      { title: '派奖', value: (r) => r.payout },
      { title: '结算时间', value: (r) => r.settled_at },
      { title: '取消原因', value: (r) => r.cancel_reason },
    ],
  });
};
