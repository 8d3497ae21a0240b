import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/financePages/recharge',
    title: '充值',
    blockedWhileExcluded: true,
    auth: true,
    load: () => import('./pages/RechargePage.tsx'),
  },
  {
    path: '/financePages/withdrawal',
    title: '提现',
    auth: true,
    load: () => import('./pages/WithdrawalPage.tsx'),
  },
  {
    path: '/financePages/wallets',
    title: '提现账户',
    auth: true,
    load: () => import('./pages/WalletsPage.tsx'),
  },
  {
    path: '/financePages/wallet-edit',
    title: '添加提现账户',
    auth: true,
    load: () => import('./pages/WalletEditPage.tsx'),
  },
  {
    path: '/pages/payment/webview',
    title: '支付',
    blockedWhileExcluded: true,
    auth: true,
    load: () => import('./pages/PaymentWebviewPage.tsx'),
  },
  {
    path: '/pages/payment/success',
    title: '支付结果',
    auth: true,
    load: () => import('./pages/PaymentSuccessPage.tsx'),
  },
]);
