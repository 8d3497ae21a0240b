import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/syndicates/hall',
    title: '合买大厅',
    auth: true,
    load: () => import('./pages/SyndicateHallPage.tsx'),
  },
  {
    path: '/pages/syndicates/plan',
    title: '合买方案',
    auth: true,
    blockedWhileExcluded: true,
    load: () => import('./pages/SyndicatePlanPage.tsx'),
  },
]);
