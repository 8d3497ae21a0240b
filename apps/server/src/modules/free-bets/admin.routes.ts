import { FREE_BET_STATUSES } from '@app/shared';
import { type freeBetGrantBody, PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import type { z } from 'zod';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';
import type { FreeBetGrantInput } from './free-bets.service.ts';

const tags = ['管理后台-免费投注券'];
const access = { permission: 'activities' } as const;

/** 免费投注券 in the console: grants (dual control above the threshold), every ticket, revocation. */
export const freeBetsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.freeBets;
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/free-bets', {
      access,
      tags,
      summary: '免费投注券（会员、面额、最低赔率、适用玩法、有效期、使用与中奖）',
      list: (q) => svc.adminList(q),
      fileName: '免费投注券',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '会员', value: (r) => r.username },
        { title: '券名称', value: (r) => r.title },
        { title: '面额', value: (r) => r.value },
        { title: '最低赔率', value: (r) => r.min_odds },
        { title: '适用玩法', value: (r) => r.plays_text },
        { title: '有效期至', value: (r) => r.expires_at },
        { title: '状态', value: (r) => FREE_BET_STATUSES[r.status] },
        { title: '注单号', value: (r) => r.order_no ?? '' },
        { title: '中奖实得', value: (r) => r.winnings ?? '' },
        { title: '发放时间', value: (r) => r.created_at },
      ],
    }),
    'POST /admin/v1/free-bets/grants': {
      tags,
      summary:
        '发放免费投注券（指定会员、会员标签或VIP等级；冷静期会员除外；总额超出单人审批额度时待复核；记录审计）',
      access,
      handler: async (request) => {
        const result = await svc.grant(grantInput(request.body), callOf(request));
        return ok(
          result,
          result.pending_change
            ? PENDING_SECOND_OPERATOR
            : `已发放 ${result.members} 张${result.excluded ? `，${result.excluded} 位冷静期或自我排除会员未发放` : ''}`,
        );
      },
    },
    'POST /admin/v1/free-bets/:id/revoke': {
      tags,
      summary: '作废未使用的免费投注券（记录审计）',
      access,
      handler: async (request) =>
        ok(await svc.revoke(request.params.id, request.body.reason, callOf(request)), '已作废'),
    },
  };
});

function grantInput(body: z.output<typeof freeBetGrantBody>): FreeBetGrantInput {
  return {
    target: body.target,
    targetValue:
      body.target === 'member'
        ? (body.username ?? '')
        : body.target === 'tag'
          ? (body.tag ?? '')
          : String(body.vip_min),
    title: body.title,
    value: body.value,
    minOddsX100: Math.round(Number(body.min_odds) * 100),
    plays: [...new Set(body.plays)],
    expiresAt: new Date(body.expires_at),
  };
}
