import type { Page } from '@app/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ListEnd } from './ListEnd.tsx';

/** TanStack options every paged list shares: page 1 first, the next while the server says so. */
export const pagedQueryOptions = {
  initialPageParam: 1,
  getNextPageParam: (last: Pick<Page<unknown>, 'has_more' | 'page'>) =>
    last.has_more ? last.page + 1 : undefined,
};

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  emptyTitle: string;
  emptyDescription?: string;
  /** Content above the list that refreshes with it (stats cards). */
  header?: ReactNode;
  /** Runs on pull-to-refresh besides refetching the list (header queries). */
  onRefresh?: () => Promise<unknown>;
  testId?: string;
}

/** A list with pull-to-refresh, infinite scroll, and loading / error / empty states. */
export function PagedList<T>({
  query,
  renderItem,
  keyOf,
  emptyTitle,
  emptyDescription,
  header,
  onRefresh,
  testId,
}: PagedListProps<T>) {
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([query.refetch(), onRefresh?.()]);
      }}
    >
      {header}
      <div className="paged-list" data-testid={testId}>
        {query.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : query.error && items.length === 0 ? (
          <ErrorBlock status="disconnected" title={query.error.message} description="下拉可重新加载" />
        ) : items.length === 0 ? (
          <ErrorBlock status="empty" title={emptyTitle} description={emptyDescription} />
        ) : (
          items.map((item) => <div key={keyOf(item)}>{renderItem(item)}</div>)
        )}
        {items.length > 0 || query.hasNextPage ? (
          <InfiniteScroll
            loadMore={async () => void (await query.fetchNextPage())}
            hasMore={query.hasNextPage}
          >
            <ListEnd
              more={query.hasNextPage}
              loading={query.isFetchingNextPage}
              className="paged-list-end"
              end="没有更多了"
            />
          </InfiniteScroll>
        ) : null}
      </div>
    </PullToRefresh>
  );
}
