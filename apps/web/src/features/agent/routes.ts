import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/agentPages/agent',
    title: '代理中心',
    auth: true,
    load: () => import('./pages/AgentCentrePage.tsx'),
  },
  {
    path: '/agentPages/members',
    title: '我的会员',
    auth: true,
    load: () => import('./pages/AgentMembersPage.tsx'),
  },
  {
    path: '/agentPages/records',
    title: '资金记录',
    auth: true,
    load: () => import('./pages/AgentRecordsPage.tsx'),
  },
  {
    path: '/agentPages/memberDetail',
    title: '会员详情',
    auth: true,
    load: () => import('./pages/MemberDetailPage.tsx'),
  },
  {
    path: '/agentPages/memberRecords',
    title: '会员记录',
    auth: true,
    load: () => import('./pages/MemberRecordsPage.tsx'),
  },
]);
