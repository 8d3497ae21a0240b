import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/noticePages/list', title: '平台公告', load: () => import('./pages/NoticeListPage.tsx') },
  { path: '/noticePages/detail', title: '公告详情', load: () => import('./pages/NoticeDetailPage.tsx') },
]);
