import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/live-match/detail',
    title: '比赛直播',
    load: () => import('./pages/LiveMatchDetailPage.tsx'),
  },
]);
