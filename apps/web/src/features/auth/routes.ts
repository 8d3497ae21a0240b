import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/login/login', title: '登录', load: () => import('./pages/LoginPage.tsx') },
  { path: '/pages/login/register', title: '注册', load: () => import('./pages/RegisterPage.tsx') },
  { path: '/pages/login/forgot', title: '找回密码', load: () => import('./pages/ForgotPasswordPage.tsx') },
  { path: '/ireg', title: '邀请注册', load: () => import('./pages/InviteRegisterPage.tsx') },
  { path: '/areg', title: '代理注册', load: () => import('./pages/AgentRegisterPage.tsx') },
]);
