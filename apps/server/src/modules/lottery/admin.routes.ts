import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-彩票'];
const access = { permission: 'lottery' } as const;

export const lotteryAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const lottery = app.services.lotteryAdmin;
  const chases = app.services.lotteryChase;
  return {
    'GET /admin/v1/lottery/games': {
      tags,
      summary: '彩种：销售开关、排序、封盘秒数、未结投注',
      access,
      handler: async () => ok(await lottery.games(), '获取成功'),
    },
    'PUT /admin/v1/lottery/games/:code': {
      tags,
      summary: '修改彩种（停售/开售、排序、封盘秒数；未开盘的期号立即按新封盘时间）',
      access,
      handler: async (request) =>
        ok(await lottery.updateGame(request.params.code, request.body, callOf(request)), '已保存'),
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/lottery/periods', {
      access,
      tags,
      summary: '期号：承诺哈希、开奖后公开的种子与开奖号码、结算状态',
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
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/lottery/chases', {
      access,
      tags,
      summary: '追号：会员、彩种、计划期数与已投注期数、冻结/已投/退回/中奖金额、状态与停止原因',
      list: (q) => chases.adminList(q),
      fileName: '追号记录',
      csv: [
        { title: '追号单号', value: (r) => r.chase_no },
        { title: '会员', value: (r) => r.username },
        { title: '彩种', value: (r) => r.lottery_name },
        { title: '起始期号', value: (r) => r.start_expect },
        { title: '期数', value: (r) => r.periods },
        { title: '已投注期数', value: (r) => r.placed },
        { title: '总金额', value: (r) => r.total_amount },
        { title: '已投注', value: (r) => r.spent },
        { title: '已退回', value: (r) => r.refunded },
        { title: '冻结中', value: (r) => r.frozen },
        { title: '中奖', value: (r) => r.payout },
        { title: '状态', value: (r) => r.status_text },
        { title: '停止原因', value: (r) => r.stop_reason },
        { title: '创建时间', value: (r) => r.created_at },
      ],
    }),
    'GET /admin/v1/lottery/chases/:id': {
      tags,
      summary: '追号详情：逐期期号、倍数、金额、状态、注单号、未投注原因',
      access,
      handler: async (request) => ok(await chases.adminDetail(request.params.id), '获取成功'),
    },
  };
});
