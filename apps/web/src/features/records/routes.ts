import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  {
    path: '/financePages/billdetails',
    title: '账变记录',
    auth: true,
    load: () => import('./pages/BillDetailsPage.tsx'),
  },
  {
    path: '/financePages/rebaterecord',
    title: '返水记录',
    auth: true,
    load: () => import('./pages/RebateRecordPage.tsx'),
  },
  {
    path: '/financePages/rebatedetail',
    title: '返水详情',
    auth: true,
    load: () => import('./pages/RebateDetailPage.tsx'),
  },
  {
    path: '/financePages/bonusrecord',
    title: '彩金记录',
    auth: true,
    load: () => import('./pages/BonusRecordPage.tsx'),
  },
  {
    path: '/financePages/comprehensive',
    title: '综合报表',
    auth: true,
    load: () => import('./pages/ComprehensivePage.tsx'),
  },
]);
