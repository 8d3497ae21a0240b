import { useQuery } from '@tanstack/react-query';
import type { BackofficeResponse } from '@app/shared/backoffice-api';
import { get } from '@/lib/api.ts';

export type TagCount = BackofficeResponse<'GET', '/admin/v1/member-tags'>[number];

/**
 * The tags in use with their member counts (filters, message segments, the tag editor). `enabled`
 * false asks nothing (an operator without the members' permission would be refused).
 */
export function useMemberTags(enabled = true) {
  return useQuery({
    queryKey: ['member-tags'],
    queryFn: () => get('/admin/v1/member-tags'),
    staleTime: 30_000,
    enabled,
  });
}

export const tagOptions = (tags: TagCount[] | undefined) =>
  (tags ?? []).map((t) => ({ label: `${t.tag}（${t.members}人）`, value: t.tag }));
