import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/minePages/messages',
    title: '站内信',
    auth: true,
    load: () => import('./pages/MessagesPage.tsx'),
  },
  {
    path: '/minePages/message-detail',
    title: '消息详情',
    auth: true,
    load: () => import('./pages/MessageDetailPage.tsx'),
  },
]);
