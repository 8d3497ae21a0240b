import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/pages/gameplay/gameplay',
    title: '竞猜',
    load: () => import('./pages/GameplayPage.tsx'),
  },
  {
    path: '/betPages/football/index',
    title: '竞彩足球',
    blockedWhileExcluded: true,
    load: () => import('./pages/FootballBetPage.tsx'),
  },
  {
    path: '/betPages/basketball/index',
    title: '竞彩篮球',
    blockedWhileExcluded: true,
    load: () => import('./pages/BasketballBetPage.tsx'),
  },
  {
    path: '/pages/debug/odds-api-test',
    title: '赔率接口测试',
    load: () => import('./pages/OddsApiTestPage.tsx'),
  },
]);
