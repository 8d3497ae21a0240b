import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/lottery/lottery-list',
    title: '彩票大厅',
    load: () => import('./pages/LotteryListPage.tsx'),
  },
  {
    path: '/pages/lottery/lottery-categories',
    title: '彩种分类',
    load: () => import('./pages/LotteryCategoriesPage.tsx'),
  },
  {
    path: '/pages/lottery/lottery-game',
    title: '彩票投注',
    blockedWhileExcluded: true,
    auth: true,
    load: () => import('./pages/LotteryGamePage.tsx'),
  },
  {
    path: '/pages/lottery/lottery-detail',
    title: '开奖详情',
    load: () => import('./pages/LotteryDetailPage.tsx'),
  },
  {
    path: '/pages/lottery/lottery-records',
    title: '彩票投注记录',
    auth: true,
    load: () => import('./pages/LotteryRecordsPage.tsx'),
  },
  {
    path: '/pages/lottery/chase-records',
    title: '追号记录',
    auth: true,
    load: () => import('./chase/ChaseListPage.tsx'),
  },
  {
    path: '/pages/lottery/chase-detail',
    title: '追号详情',
    auth: true,
    load: () => import('./chase/ChaseDetailPage.tsx'),
  },
  {
    path: '/pages/lottery/lottery-verify',
    title: '开奖验证',
    load: () => import('./pages/LotteryVerifyPage.tsx'),
  },
]);
