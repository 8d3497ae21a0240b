import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/app-update/app-update',
    title: '版本更新',
    load: () => import('./pages/AppUpdatePage.tsx'),
  },
  { path: '/pages/debug/check-update', title: '检查更新', load: () => import('./pages/CheckUpdatePage.tsx') },
  { path: '/pages/debug/debug-update', title: '调试更新', load: () => import('./pages/DebugUpdatePage.tsx') },
  {
    path: '/pages/debug/simple-update-test',
    title: '简易更新测试',
    load: () => import('./pages/SimpleUpdateTestPage.tsx'),
  },
]);
