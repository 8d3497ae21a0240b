import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/launch/choose',
    aliases: ['/'],
    title: '欢迎',
    load: () => import('./pages/LaunchPage.tsx'),
  },
]);
