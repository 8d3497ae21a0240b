import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/customer/customer', title: '在线客服', load: () => import('./pages/CustomerPage.tsx') },
  { path: '/pages/webview/webview', title: '网页', load: () => import('./pages/WebviewPage.tsx') },
]);
