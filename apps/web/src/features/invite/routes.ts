import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/minePages/invite', title: '邀请好友', auth: true, load: () => import('./pages/InvitePage.tsx') },
  {
    path: '/minePages/referrals',
    title: '我的下级',
    auth: true,
    load: () => import('./pages/ReferralsPage.tsx'),
  },
  {
    path: '/minePages/rewards',
    title: '邀请奖励',
    auth: true,
    load: () => import('./pages/RewardsPage.tsx'),
  },
  { path: '/minePages/rules', title: '邀请规则', load: () => import('./pages/RulesPage.tsx') },
  {
    path: '/minePages/ranking',
    title: '我的排名',
    auth: true,
    load: () => import('./pages/RankingPage.tsx'),
  },
  {
    path: '/minePages/globalrankings',
    title: '全站排行',
    load: () => import('./pages/GlobalRankingsPage.tsx'),
  },
  {
    path: '/minePages/agent-apply',
    title: '申请代理',
    auth: true,
    load: () => import('./pages/AgentApplyPage.tsx'),
  },
]);
