import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/betPages/order/detail',
    title: '注单详情',
    auth: true,
    load: () => import('./pages/OrderDetailPage.tsx'),
  },
  {
    path: '/betPages/order/list',
    title: '我的注单',
    auth: true,
    load: () => import('./pages/OrderListPage.tsx'),
  },
]);
