import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { base, expertKeys, quiet, STALE_MS } from './keys.ts';

/** Hot or recommended expert articles (the home page's 专家推荐). */
export function usePickedExpertArticlesQuery(
  kind: 'hot' | 'recommended',
  limit = 5,
  promo = false,
  enabled = true,
) {
  return useQuery({
    queryKey: expertKeys.picked(promo, kind, limit),
    queryFn: ({ signal }) =>
      api.get(`${base(promo)}/expert-articles/${kind}`, { limit }, { ...quiet, signal }),
    staleTime: STALE_MS,
    enabled,
  });
}
