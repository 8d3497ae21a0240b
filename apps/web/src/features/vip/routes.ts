import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/minePages/vip',
    title: 'VIP特权',
    auth: true,
    load: () => import('./pages/VipPage.tsx'),
  },
]);
