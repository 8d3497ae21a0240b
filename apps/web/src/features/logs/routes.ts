import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/logs/logs', title: '日志管理', load: () => import('./pages/LogsPage.tsx') },
]);
