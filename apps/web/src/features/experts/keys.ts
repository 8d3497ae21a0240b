import { MEMBER_SCOPE } from '../session/store.ts';

/**
 * What every experts query shares: its keys, where public reads come from, how long they stay
 * fresh. A module of its own so that the home page's picks (`picks.ts`) come without the
 * feature's other queries and its mutations (likes, favourites).
 */
export const STALE_MS = 60_000;
export const quiet = { toast: false, light: true } as const;

/** Public reads come from /v1, or from /v1/promo on the promotion pages. */
export const base = (promo: boolean) => (promo ? '/v1/promo' : '/v1');

export const expertKeys = {
  all: ['experts'] as const,
  categories: () => [...expertKeys.all, 'categories'] as const,
  list: (promo: boolean, categoryId: number) => [...expertKeys.all, 'list', promo, categoryId] as const,
  expert: (promo: boolean, id: number) => [...expertKeys.all, 'expert', promo, id] as const,
  articles: (promo: boolean, expertId: number, categoryId: number) =>
    [...expertKeys.all, 'articles', promo, expertId, categoryId] as const,
  picked: (promo: boolean, kind: 'hot' | 'recommended', limit: number) =>
    [...expertKeys.all, kind, promo, limit] as const,
  slips: (id: number) => [...expertKeys.all, 'slips', id] as const,
  article: (promo: boolean, id: number) => [...expertKeys.all, 'article', promo, id] as const,
  lotteryCategories: () => [...expertKeys.all, 'lottery-categories'] as const,
  lotteryArticles: (promo: boolean, categoryId: number, keyword: string) =>
    [...expertKeys.all, 'lottery-articles', promo, categoryId, keyword] as const,
  lotteryPicked: (promo: boolean, kind: 'hot' | 'recommended', limit: number) =>
    [...expertKeys.all, 'lottery', kind, promo, limit] as const,
  lotteryArticle: (promo: boolean, id: number) => [...expertKeys.all, 'lottery-article', promo, id] as const,
  /** Member-scoped: dropped at logout. */
  like: (id: number) => [MEMBER_SCOPE, 'expert-article', id, 'like'] as const,
  favorite: (id: number) => [MEMBER_SCOPE, 'expert-article', id, 'favorite'] as const,
};
