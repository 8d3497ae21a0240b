import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/redPacketPages/index',
    title: '红包',
    auth: true,
    load: () => import('./pages/RedPacketsPage.tsx'),
  },
  {
    path: '/redPacketPages/verify',
    title: '红包验证',
    auth: true,
    load: () => import('./pages/RedPacketVerifyPage.tsx'),
  },
]);
