import { defineRoutes } from '../../app/route-types.ts';

/**
 * Experts and articles (SPEC.md §2 "Experts"): ExpertList is the hub, ExpertDetail an expert,
 * NewExpertDetail an expert's article, LotteryArticleDetail a lottery article and
 * NewLotteryArticleDetail the same from the promotion pages (/v1/promo).
 */
export const routes = defineRoutes([
  { path: '/expertPages/ExpertList', title: '专家推荐', load: () => import('./pages/ExpertListPage.tsx') },
  {
    path: '/expertPages/ExpertDetail',
    title: '专家详情',
    load: () => import('./pages/ExpertDetailPage.tsx'),
  },
  {
    path: '/expertPages/NewExpertDetail',
    title: '推荐详情',
    load: () => import('./pages/ExpertArticlePage.tsx'),
  },
  {
    path: '/expertPages/LotteryArticleDetail',
    title: '彩票资讯',
    load: () => import('./pages/LotteryArticlePage.tsx'),
  },
  {
    path: '/expertPages/NewLotteryArticleDetail',
    title: '彩票资讯',
    load: () => import('./pages/LotteryArticlePage.tsx'),
  },
  {
    path: '/pages/expert/promotion-expert',
    title: '推广专家',
    load: () => import('./pages/PromotionExpertPage.tsx'),
  },
]);
