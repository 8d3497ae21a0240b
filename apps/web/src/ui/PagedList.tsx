import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

interface PageOf<T> {
  list: T[];
}

/**
 * A record list with pull-to-refresh and infinite scroll over a paged infinite query: loading,
 * error (pull again to retry) and empty states included.
 */
export function PagedList<T>({
  query,
  render,
  empty,
  emptyHint,
  onRefresh,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PageOf<T>>>;
  render: (item: T) => ReactNode;
  empty: string;
  emptyHint?: string;
  onRefresh?: () => Promise<unknown>;
  testId?: string;
}) {
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PullToRefresh onRefresh={async () => void (await (onRefresh ? onRefresh() : query.refetch()))}>
      <div className="paged-list" data-testid={testId}>
        {query.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : query.error && list.length === 0 ? (
          <ErrorBlock status="disconnected" title={query.error.message} description="下拉可重新加载" />
        ) : list.length === 0 ? (
          <ErrorBlock status="empty" title={empty} description={emptyHint} />
        ) : (
          list.map(render)
        )}
        {list.length > 0 ? (
          <InfiniteScroll
            loadMore={async () => void (await query.fetchNextPage())}
            hasMore={query.hasNextPage}
          >
            {query.hasNextPage ? <DotLoading /> : <span className="paged-list-end">没有更多了</span>}
          </InfiniteScroll>
        ) : null}
      </div>
    </PullToRefresh>
  );
}
