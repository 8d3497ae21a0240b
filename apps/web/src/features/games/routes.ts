import { defineRoutes } from '../../app/route-types.ts';
import { watchLeftOpenGames } from './left-open-watch.ts';

// A game left open in a tab since closed has its money brought back when the app starts.
watchLeftOpenGames();

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
