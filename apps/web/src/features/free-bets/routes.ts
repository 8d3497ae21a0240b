import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/minePages/free-bets',
    title: '免费投注券',
    auth: true,
    load: () => import('./pages/FreeBetsPage.tsx'),
  },
]);
