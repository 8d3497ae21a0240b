/** The content module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export {
  banners,
  expertArticles,
  expertCategories,
  experts,
  lotteryArticleCategories,
  lotteryArticles,
  notices,
} from './content.table.ts';
