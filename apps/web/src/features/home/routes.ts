import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/home/home', title: '首页', load: () => import('./pages/HomePage.tsx') },
]);
