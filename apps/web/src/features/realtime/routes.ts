import { defineRoutes } from '../../app/route-types.ts';

// Listed in settings' debug entries (features/mine/menu.tsx) once registered here.
export const routes = defineRoutes([
  {
    path: '/pages/debug/websocket-test',
    title: 'WebSocket 测试',
    load: () => import('./pages/WebSocketTestPage.tsx'),
    auth: true,
  },
  {
    path: '/pages/debug/push-test',
    title: '推送测试',
    // Open to visitors too: public channels need no login (the test push does).
    load: () => import('./pages/PushTestPage.tsx'),
  },
]);
