import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/gamelistPages/soltlist',
    title: '电子游戏',
    blockedWhileExcluded: true,
    load: () => import('./pages/SlotListPage.tsx'),
  },
  {
    path: '/pages/game/game',
    title: '游戏',
    blockedWhileExcluded: true,
    auth: true,
    load: () => import('./pages/GamePage.tsx'),
  },
  {
    path: '/financePages/gamerecords',
    title: '游戏记录',
    auth: true,
    load: () => import('./pages/GameRecordsPage.tsx'),
  },
]);
