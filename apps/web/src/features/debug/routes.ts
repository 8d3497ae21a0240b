import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/debug/toast-test', title: '提示测试', load: () => import('./pages/ToastTestPage.tsx') },
]);
