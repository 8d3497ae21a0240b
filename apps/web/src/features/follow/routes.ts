import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/follow/hall',
    title: '跟单大厅',
    auth: true,
    load: () => import('./pages/FollowHallPage.tsx'),
  },
  {
    path: '/pages/follow/leaderboard',
    title: '战绩榜',
    auth: true,
    load: () => import('./pages/FollowLeaderboardPage.tsx'),
  },
  {
    path: '/pages/follow/subscriptions',
    title: '我的定制',
    auth: true,
    load: () => import('./pages/FollowSubscriptionsPage.tsx'),
  },
  {
    path: '/pages/follow/post',
    title: '晒单详情',
    auth: true,
    blockedWhileExcluded: true,
    load: () => import('./pages/FollowPostPage.tsx'),
  },
]);
