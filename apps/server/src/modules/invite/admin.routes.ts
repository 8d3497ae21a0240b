import { PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-代理与邀请'];
const access = { permission: 'agents' } as const;

export const inviteAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const agents = app.services.inviteAdmin;
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/agents', {
      access,
      tags,
      summary: '代理列表：下级人数、本月与累计投注、平台盈亏、已发邀请奖励',
      list: (q) => agents.agents(q),
      fileName: '代理',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '账号', value: (r) => r.username },
        { title: '代理码', value: (r) => r.agent_code },
        { title: '域名', value: (r) => r.domains.join(' ') },
        { title: '下级人数', value: (r) => r.member_count },
        { title: '活跃下级', value: (r) => r.active_members },
        { title: '下级余额', value: (r) => r.balance_total },
        { title: '本月充值', value: (r) => r.month_deposit },
        { title: '本月投注', value: (r) => r.month_bet },
        { title: '本月平台盈亏', value: (r) => r.month_profit },
        { title: '累计投注', value: (r) => r.total_bet },
        { title: '累计平台盈亏', value: (r) => r.total_profit },
        { title: '已发邀请奖励', value: (r) => r.commission_total },
      ],
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/agents/:id/members', {
      access,
      tags,
      summary: '代理的下级会员',
      list: (q, p) => agents.members(p.id, q),
      fileName: '代理下级',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '账号', value: (r) => r.username },
        { title: '余额', value: (r) => r.balance },
        { title: '累计充值', value: (r) => r.deposit_total },
        { title: '累计提现', value: (r) => r.withdraw_total },
        { title: '累计投注', value: (r) => r.bet_total },
        { title: '注册时间', value: (r) => r.registered_at },
      ],
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/invite/rewards', {
      access,
      tags,
      summary: '邀请奖励发放记录（充值达标、投注返佣）',
      list: (q) => agents.inviteRewards(q),
      fileName: '邀请奖励',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '邀请人', value: (r) => r.inviter },
        { title: '下级', value: (r) => r.invitee },
        { title: '规则', value: (r) => r.rule_name },
        { title: '档位/日期', value: (r) => r.period },
        { title: '计算基数', value: (r) => r.base_amount },
        { title: '奖励', value: (r) => r.amount },
        { title: '发放时间', value: (r) => r.created_at },
      ],
    }),
    'GET /admin/v1/settings/invite': {
      tags,
      summary: '邀请规则（当前生效）',
      access,
      handler: async () => ok(await agents.inviteSettings(), '获取成功'),
    },
    'PUT /admin/v1/settings/invite': {
      tags,
      summary:
        '修改邀请规则（达标门槛与奖励、返佣比例、打码倍数、每日换码次数），立即生效；提高奖励待另一位管理员复核',
      access: { permission: 'invite.settings' },
      handler: async (request) => {
        const saved = await agents.saveInviteSettings(request.body, callOf(request));
        return ok(saved, saved.pending_change ? PENDING_SECOND_OPERATOR : '已保存');
      },
    },
  };
});
