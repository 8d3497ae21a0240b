import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/activity/activity', title: '优惠活动', load: () => import('./pages/ActivityPage.tsx') },
  { path: '/activityPages/detail', title: '活动详情', load: () => import('./pages/ActivityDetailPage.tsx') },
  {
    path: '/activityPages/records',
    title: '活动记录',
    auth: true,
    load: () => import('./pages/ActivityRecordsPage.tsx'),
  },
]);
