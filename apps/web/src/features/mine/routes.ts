import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/mine/mine', title: '我的', load: () => import('./pages/MinePage.tsx') },
  {
    path: '/minePages/set',
    title: '账户中心',
    auth: true,
    load: () => import('./pages/AccountCenterPage.tsx'),
  },
  { path: '/minePages/setApp', title: '设置', load: () => import('./pages/SettingsPage.tsx') },
  { path: '/minePages/phone', title: '手机号', auth: true, load: () => import('./pages/PhonePage.tsx') },
  {
    path: '/minePages/payment-reset',
    title: '重置支付密码',
    auth: true,
    load: () => import('./pages/PaymentPasswordResetPage.tsx'),
  },
  {
    path: '/minePages/devices',
    title: '登录设备',
    auth: true,
    load: () => import('./pages/DevicesPage.tsx'),
  },
]);
