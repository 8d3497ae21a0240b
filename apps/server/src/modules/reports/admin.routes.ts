import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { listRoutes } from '../../plugins/list-routes.ts';

export const reportsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const reports = app.services.reportsAdmin;
  return listRoutes(backofficeApi, 'GET /admin/v1/reports/daily', {
    access: { permission: 'reports' },
    tags: ['管理后台-报表'],
    summary: '日报表：充值、提现、各产品投注/派奖、GGR、彩金、返水、会员（可按代理）',
    list: (q) => reports.daily(q),
    fileName: '日报表',
    csv: [
      { title: '日期', value: (r) => r.day },
      { title: '充值', value: (r) => r.deposits },
      { title: '提现', value: (r) => r.withdrawals },
      { title: '体育投注', value: (r) => r.sports_stakes },
      { title: '体育派奖', value: (r) => r.sports_payouts },
      { title: '彩票投注', value: (r) => r.lottery_stakes },
      { title: '彩票派奖', value: (r) => r.lottery_payouts },
      { title: '电子投注', value: (r) => r.games_stakes },
      { title: '电子派奖', value: (r) => r.games_payouts },
      { title: '总投注', value: (r) => r.stakes },
      { title: '总派奖', value: (r) => r.payouts },
      { title: 'GGR', value: (r) => r.ggr },
      { title: '彩金', value: (r) => r.bonuses },
      { title: '返水', value: (r) => r.rebates },
      { title: '新增会员', value: (r) => r.new_members },
      { title: '活跃会员', value: (r) => r.active_members },
    ],
  });
});
