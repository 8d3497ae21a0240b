import { memberApi } from '@app/shared/api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['彩票'];

/** Public lottery reads (SPEC.md §7 "Lottery": lottery/*, play/*, bet/trend) and draw verification. */
export const lotteryRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.lottery;
  const bets = app.services.lotteryBets;
  return {
    'GET /v1/liujiu/lottery/list': {
      tags,
      summary: '彩种列表（含当前期与最新开奖）',
      handler: async (request) => ok(await svc.list(request.query.type), '获取成功'),
    },
    'GET /v1/liujiu/lottery/detail': {
      tags,
      summary: '彩种详情',
      handler: async (request) => ok(await svc.detail(request.query.code), '获取成功'),
    },
    'GET /v1/liujiu/lottery/current-expect': {
      tags,
      summary: '当前期号（上一期、下一期）',
      handler: async (request) => ok(await svc.currentExpect(request.query.code), '获取成功'),
    },
    'GET /v1/liujiu/lottery/open-code': {
      tags,
      summary: '某期开奖号码（开奖后公布种子）',
      handler: async (request) =>
        ok(await svc.openCode(request.query.code, request.query.expect), '获取成功'),
    },
    'GET /v1/liujiu/lottery/history-open-codes': {
      tags,
      summary: '历史开奖号码',
      handler: async (request) => ok(await svc.history(request.query.code, request.query), '获取成功'),
    },
    'GET /v1/liujiu/lottery/latest-open-code': {
      tags,
      summary: '最新开奖号码（尚无开奖时为 null）',
      handler: async (request) => ok(await svc.latestOpenCode(request.query.code), '获取成功'),
    },
    'GET /v1/liujiu/lottery/settlement-stats': {
      tags,
      summary: '某期结算进度（不给期号时为最近一期）',
      handler: async (request) =>
        ok(await svc.settlementStats(request.query.code, request.query.expect), '获取成功'),
    },
    'GET /v1/liujiu/lottery/verify': {
      tags,
      summary: '开奖验证：种子与承诺值、由种子重新推导的开奖号码',
      description:
        'commitment = SHA-256(seed) is published before the period opens; the seed after the draw. Anyone can recompute the open code (the member app does it in the browser).',
      handler: async (request) => ok(await svc.verify(request.query.code, request.query.expect), '获取成功'),
    },
    'GET /v1/liujiu/play/list': {
      tags,
      summary: '玩法分组',
      handler: async (request) => ok(await svc.plays(request.query.code), '获取成功'),
    },
    'GET /v1/liujiu/play/detail': {
      tags,
      summary: '玩法详情',
      handler: async (request) => ok(svc.playDetail(request.query.code, request.query.play_code), '获取成功'),
    },
    'POST /v1/liujiu/play/calculate-item-count': {
      tags,
      summary: '计算注数与金额（号码不合规时 422 并指出号码）',
      handler: async (request) => ok(bets.itemCount(request.body), '计算成功'),
    },
    'POST /v1/liujiu/play/validate-bet-codes': {
      tags,
      summary: '校验投注号码',
      handler: async (request) => {
        const result = bets.validate(request.body);
        return ok(result, result.valid ? '号码有效' : (result.message ?? '号码无效'));
      },
    },
    'GET /v1/liujiu/bet/trend': {
      tags,
      summary: '走势：历史开奖、遗漏与冷热号',
      handler: async (request) => ok(await svc.trend(request.query.code, request.query.limit), '获取成功'),
    },
  };
});
